import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { cancelUpload, uploadPickedFile } from '../../../infrastructure/uploads/commands';
import { useAppDispatch } from '../../../infrastructure/store/hooks';
import { Badge, Button, ProgressBar } from '../../ui';
import styles from './Uploader.module.css';
import { useFieldUpload } from './useUpload';

/**
 * One upload slot (spec §4 Upload): pick a file, watch its chunks go up, cancel; a file picked
 * again after a reload resumes from the first chunk the server has not confirmed.
 */
export const Uploader = ({
  field,
  accept,
  labelId,
}: {
  readonly field: string;
  readonly accept: string;
  readonly labelId: string;
}) => {
  const intl = useIntl();
  const id = useId();
  const dispatch = useAppDispatch();
  const { latest, progress, running } = useFieldUpload(field);
  const phase = latest?.phase;
  const failed = phase !== undefined && (phase.status === 'fail' || phase.status === 'error');
  return (
    <div className={styles.uploader} data-testid={`uploader-${field}`}>
      <p className={styles.label} id={`${id}-label`}>
        <FormattedMessage id={labelId} />
      </p>
      <div className={styles.row}>
        {/* The native picker's own texts are in the browser's language: a translated button stands in for it. */}
        <input
          id={id}
          className={styles.input}
          type="file"
          accept={accept}
          disabled={running}
          aria-labelledby={`${id}-label ${id}-pick`}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) dispatch(uploadPickedFile(field, file));
            e.target.value = '';
          }}
        />
        <label
          htmlFor={id}
          id={`${id}-pick`}
          className={styles.pick}
          data-disabled={running || undefined}
          data-testid={`pick-${field}`}
        >
          <FormattedMessage id="upload.choose" />
        </label>
        {!latest && (
          <span className={styles.muted}>
            <FormattedMessage id="upload.none" />
          </span>
        )}
        {running && (
          <Button variant="ghost" size="sm" onClick={() => dispatch(cancelUpload({ field }))}>
            <FormattedMessage id="upload.cancel" />
          </Button>
        )}
      </div>
      {latest && phase && (
        <div className={styles.status} aria-live="polite">
          {phase.status === 'complete' && latest.file.kind === 'image' && (
            <img
              className={styles.thumb}
              src={phase.url}
              alt={intl.formatMessage({ id: 'upload.preview' }, { name: latest.file.name })}
              data-testid={`thumb-${field}`}
            />
          )}
          <span className={styles.name}>{latest.file.name}</span>
          {running && (
            <ProgressBar
              value={progress * 100}
              size="sm"
              label={intl.formatMessage({ id: 'upload.progress' }, { name: latest.file.name })}
            />
          )}
          {phase.status === 'complete' && (
            <Badge tone="success" data-testid="upload-done">
              <FormattedMessage id="upload.done" />
            </Badge>
          )}
          {failed && (
            <span className={styles.error} role="alert">
              <FormattedMessage
                id={intl.messages[phase.messageKey] !== undefined ? phase.messageKey : 'uploadError'}
              />
            </span>
          )}
        </div>
      )}
    </div>
  );
};
