import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ClipboardEvent,
  type DragEvent,
} from 'react';
import { FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import { images, uploads } from '../../../domain/index.js';
import { removeUpload, uploadPickedFile } from '../../../infrastructure/uploads/commands';
import { useAppDispatch } from '../../../infrastructure/store/hooks';
import { Badge, IconButton, Picture, ProgressBar } from '../../ui';
import { CloseIcon } from '../../ui/icons';
import styles from './Uploader.module.css';
import { useUploadGroup, type UploadFileView } from './useUpload';

const MB = 1_000_000;

/** The side of a file's thumbnail (Uploader.module.css `.thumb`). */
const THUMB_PX = 56;

/** The files of a paste or a drop that the uploader takes (by their type, as `accept` says). */
const acceptedFiles = (files: readonly File[], accept: string): File[] => {
  const rules = accept
    .split(',')
    .map((r) => r.trim().toLowerCase())
    .filter(Boolean);
  if (rules.length === 0) return [...files];
  return files.filter((f) => {
    const type = f.type.toLowerCase();
    return rules.some((r) => (r.endsWith('/*') ? type.startsWith(r.slice(0, -1)) : type === r));
  });
};

/**
 * One file of an uploader, as a list item: its name and size, its progress while it goes up
 * ("Resumed after reload" when it went on by itself), done, or what went wrong ("Pick the file
 * again to continue" for an interrupted upload whose file the device did not keep), and its
 * remove button (a running one is cancelled). Also used by lists that pick files their own way
 * (the voice page's audio files).
 */
export const UploadRow = ({ file, field }: { readonly file: UploadFileView; readonly field: string }) => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const running = file.status === 'init' || file.status === 'pending';
  const failed = file.status === 'fail' || file.status === 'error';
  return (
    <li className={styles.file} data-testid="upload-file" data-status={file.status}>
      {file.url !== null && file.kind === 'image' ? (
        <Picture
          className={styles.thumb}
          {...images.pictureOf(file.url, THUMB_PX, file.width ?? undefined)}
          width={THUMB_PX}
          height={THUMB_PX}
          alt={intl.formatMessage({ id: 'upload.preview' }, { name: file.name })}
          data-testid={`thumb-${field}`}
        />
      ) : (
        <span className={styles.thumbEmpty} aria-hidden="true" />
      )}
      <div className={styles.fileBody}>
        <span className={styles.name}>{file.name}</span>
        <span className={styles.muted}>
          {file.size >= MB ? (
            <FormattedNumber value={file.size / MB} style="unit" unit="megabyte" maximumFractionDigits={1} />
          ) : (
            <FormattedNumber
              value={file.size / 1000}
              style="unit"
              unit="kilobyte"
              maximumFractionDigits={0}
            />
          )}
        </span>
        {running && file.afterReload === 'resumed' && (
          <Badge tone="info" data-testid="upload-resumed">
            <FormattedMessage id="upload.resumedAfterReload" />
          </Badge>
        )}
        {running && (
          <ProgressBar
            className={styles.progress}
            value={file.status === 'init' ? null : file.progress * 100}
            size="sm"
            label={intl.formatMessage({ id: 'upload.progress' }, { name: file.name })}
          />
        )}
        {file.status === 'complete' && (
          <Badge tone="success" data-testid="upload-done">
            <FormattedMessage id="upload.done" />
          </Badge>
        )}
        {failed && (
          <span className={styles.error} role="alert">
            <FormattedMessage
              id={
                file.messageKey !== null && intl.messages[file.messageKey] !== undefined
                  ? file.messageKey
                  : 'uploadError'
              }
            />
          </span>
        )}
      </div>
      <IconButton
        size="sm"
        variant="ghost"
        label={intl.formatMessage(
          { id: running ? 'upload.cancelFile' : 'upload.remove' },
          { name: file.name },
        )}
        data-testid="upload-remove"
        onClick={() => dispatch(removeUpload({ id: file.id }))}
      >
        <CloseIcon />
      </IconButton>
    </li>
  );
};

/**
 * An upload slot (spec §4 Upload, §5 limits): choose, drop or paste files; each shows its own
 * progress and can be removed (a running one is cancelled). Images over 2 MB are compressed
 * toward 2 MB before they go up (the upload epics). A file picked again after a reload resumes
 * from the first chunk the server has not confirmed; one whose file the device kept goes on by
 * itself after a reload ("Resumed after reload"), one whose file is gone asks for it again.
 * `pasteAnywhere`: a paste anywhere on the
 * page (outside a text field) lands here. `taskInput`: the images are a task's input, scaled down
 * to what tasks accept before they go up (issue 21: a phone photo over 2048 × 2048 pixels).
 */
export const Uploader = ({
  field,
  accept,
  labelId,
  max = 1,
  pasteAnywhere = false,
  hintId = 'upload.hint',
  taskInput = false,
}: {
  readonly field: string;
  readonly accept: string;
  readonly labelId: string;
  readonly max?: number;
  readonly pasteAnywhere?: boolean;
  readonly hintId?: string;
  readonly taskInput?: boolean;
}) => {
  const id = useId();
  const dispatch = useAppDispatch();
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const group = useUploadGroup(field, max);
  const full = max > 1 && group.nextSlot === null;

  const take = (picked: readonly File[]) => {
    const files = acceptedFiles(picked, accept);
    if (files.length === 0) return;
    if (max <= 1) {
      const file = files[0]!;
      // One file: the new one replaces what was there.
      // An interrupted upload waiting for its file is not removed: the file picked now takes its
      // place (and continues it when it is the same file).
      for (const f of group.files)
        if (f.status !== 'init' && f.status !== 'pending' && f.afterReload !== 'pickAgain')
          dispatch(removeUpload({ id: f.id }));
      dispatch(uploadPickedFile(field, file, { taskInput }));
      return;
    }
    // The numbered slots not in use, first free first (the same slot as before a reload).
    const slots = uploads.freeSlotsOf(
      group.files.map((f) => f.field),
      field,
      max,
    );
    files.forEach((file, i) => {
      const slot = slots[i];
      if (slot !== undefined) dispatch(uploadPickedFile(slot, file, { taskInput }));
    });
  };
  const takeRef = useRef(take);
  useLayoutEffect(() => {
    takeRef.current = take;
  });

  useEffect(() => {
    if (!pasteAnywhere) return undefined;
    const onPaste = (e: globalThis.ClipboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target?.closest('input, textarea, [contenteditable=true]')) return;
      const files = [...(e.clipboardData?.files ?? [])];
      if (files.length === 0) return;
      e.preventDefault();
      takeRef.current(files);
    };
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
  }, [pasteAnywhere]);

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    take([...e.dataTransfer.files]);
  };
  const onPaste = (e: ClipboardEvent) => {
    const files = [...e.clipboardData.files];
    if (files.length === 0) return;
    e.preventDefault();
    e.stopPropagation();
    take(files);
  };

  return (
    <div className={styles.uploader} data-testid={`uploader-${field}`}>
      <p className={styles.label} id={`${id}-label`}>
        <FormattedMessage id={labelId} />
      </p>
      <div
        className={styles.drop}
        data-dragging={dragging || undefined}
        data-disabled={full || undefined}
        data-testid={`drop-${field}`}
        onDragOver={(e) => {
          e.preventDefault();
          if (!dragging) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        onPaste={onPaste}
      >
        {/* The native picker's own texts are in the browser's language: a translated button stands in for it. */}
        <input
          ref={inputRef}
          id={id}
          className={styles.input}
          type="file"
          accept={accept}
          multiple={max > 1}
          disabled={full}
          aria-labelledby={`${id}-label ${id}-pick`}
          aria-describedby={`${id}-hint`}
          onChange={(e) => {
            take([...(e.target.files ?? [])]);
            e.target.value = '';
          }}
        />
        <label
          htmlFor={id}
          id={`${id}-pick`}
          className={styles.pick}
          data-disabled={full || undefined}
          data-testid={`pick-${field}`}
        >
          <FormattedMessage id={max > 1 ? 'upload.chooseMany' : 'upload.choose'} />
        </label>
        <span className={styles.hint} id={`${id}-hint`}>
          <FormattedMessage id={hintId} values={{ max }} />
        </span>
      </div>
      {group.files.length === 0 ? (
        <span className={styles.muted}>
          <FormattedMessage id="upload.none" />
        </span>
      ) : (
        <ul className={styles.files} aria-live="polite">
          {group.files.map((f) => (
            <UploadRow key={f.id} file={f} field={field} />
          ))}
        </ul>
      )}
    </div>
  );
};
