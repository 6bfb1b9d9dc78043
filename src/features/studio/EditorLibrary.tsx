import { FormattedMessage, useIntl } from 'react-intl';
import { editor, images } from '../../../domain/index.js';
import {
  changeAudios,
  changeStoryboards,
  loadGifSheet,
  newItemId,
} from '../../../infrastructure/editor/commands';
import { removeUpload } from '../../../infrastructure/uploads/commands';
import { useAppDispatch } from '../../../infrastructure/store/hooks';
import { Badge, Button, IconButton, Picture, ProgressBar } from '../../ui';
import { itemName, mediaDuration, type OpenProject } from './editorView';
import { UploadPicker } from './UploadPicker';
import styles from './Studio.module.css';
import { useSlotUploads, useWorks, type SlotUpload } from './useStudio';

/** A work of the library's shown width (`.works`: 96 px columns beside the stage, square). */
const LIBRARY_PX = 112;

/** Adding material to the project: a clip (a GIF's sheet is loaded for its length), an audio track, an upload as either. */
const useLibraryAdd = (project: OpenProject) => {
  const dispatch = useAppDispatch();
  const addClip = (clip: Omit<editor.NewClip, 'id'>) => {
    dispatch(
      changeStoryboards({
        storyboards: [
          ...editor.orderedClips(project.storyboards),
          editor.newStoryboardItem({ ...clip, id: newItemId('clip') }, project.storyboards.length),
        ],
      }),
    );
    // A GIF's frames give it its own length (domain editor.withGifLength).
    if (editor.isGifUrl(clip.url)) dispatch(loadGifSheet({ url: clip.url }));
  };
  const addAudio = (a: Omit<editor.NewAudio, 'id'>) =>
    dispatch(
      changeAudios({
        audios: [...project.audios, editor.newAudioItem({ ...a, id: newItemId('aud') })],
      }),
    );
  const addUpload = async (u: SlotUpload, as: 'clip' | 'audio') => {
    if (u.url === null) return;
    if (as === 'audio') {
      const d = await mediaDuration(u.url, 'audio');
      addAudio({ url: u.url, durationS: d ?? 10, materialId: u.field, title: u.name });
      return;
    }
    const video = u.kind !== 'image';
    const d = video ? await mediaDuration(u.url, 'video') : null;
    addClip({
      url: u.url,
      kind: video ? 'video' : 'image',
      durationS: d,
      materialId: u.field,
      title: u.name,
    });
  };
  return { clip: addClip, audio: addAudio, upload: addUpload };
};

type LibraryAdd = ReturnType<typeof useLibraryAdd>;

/** The person's finished works: pictures and videos as clips, sounds as audio tracks. */
const LibraryWorks = ({ add }: { readonly add: LibraryAdd }) => {
  const intl = useIntl();
  const works = useWorks();
  const visual = works.filter((w) => w.kind !== 'audio');
  const sounds = works.filter((w) => w.kind === 'audio');
  return (
    <section>
      <h2 className={styles.sectionTitle}>
        <FormattedMessage id="editor.library.works" />
      </h2>
      {visual.length === 0 ? (
        <p className={styles.muted}>
          <FormattedMessage id="editor.library.noWorks" />
        </p>
      ) : (
        <ul className={styles.works}>
          {visual.map((w) => (
            <li key={w.id}>
              <button
                type="button"
                className={styles.workButton}
                data-testid="add-work"
                aria-label={intl.formatMessage(
                  { id: 'editor.library.add' },
                  { title: itemName(intl, w.title) },
                )}
                onClick={() =>
                  add.clip({
                    url: w.url,
                    kind: w.kind === 'video' ? 'video' : 'image',
                    durationS: w.durationS,
                    materialId: w.id,
                    title: w.title,
                  })
                }
              >
                <Picture
                  {...images.pictureOf(w.url, LIBRARY_PX)}
                  width={LIBRARY_PX}
                  height={LIBRARY_PX}
                  alt=""
                />
              </button>
            </li>
          ))}
        </ul>
      )}
      {sounds.length > 0 && (
        <ul className={styles.list}>
          {sounds.map((w) => (
            <li key={w.id} className={styles.row}>
              <span className={styles.trackName}>{w.title}</span>
              <Button
                size="sm"
                onClick={() =>
                  add.audio({ url: w.url, durationS: w.durationS ?? 10, materialId: w.id, title: w.title })
                }
              >
                <FormattedMessage id="editor.library.addAudio" />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
};

/** One upload of the library: add it once complete, else its message or its progress. */
const LibraryUpload = ({
  u,
  as,
  add,
}: {
  readonly u: SlotUpload;
  readonly as: 'clip' | 'audio';
  readonly add: LibraryAdd;
}) => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  return (
    <div className={styles.row} data-testid="editor-upload">
      <span className={styles.trackName}>{u.name}</span>
      {u.status === 'complete' ? (
        <Button
          size="sm"
          onClick={() => void add.upload(u, as)}
          data-testid={as === 'audio' ? 'add-upload-audio' : 'add-upload-clip'}
        >
          <FormattedMessage id={as === 'audio' ? 'editor.library.addAudio' : 'editor.library.addClip'} />
        </Button>
      ) : u.messageKey !== null ? (
        <>
          <span className={styles.error} role="alert" data-testid="editor-upload-message">
            <FormattedMessage id={intl.messages[u.messageKey] !== undefined ? u.messageKey : 'uploadError'} />
          </span>
          {u.afterReload === 'pickAgain' && (
            <IconButton
              size="sm"
              variant="ghost"
              label={intl.formatMessage({ id: 'upload.remove' }, { name: u.name })}
              data-testid="editor-upload-remove"
              onClick={() => dispatch(removeUpload({ id: u.id }))}
            >
              ×
            </IconButton>
          )}
        </>
      ) : (
        <>
          {u.afterReload === 'resumed' && (
            <Badge tone="info" data-testid="upload-resumed">
              <FormattedMessage id="upload.resumedAfterReload" />
            </Badge>
          )}
          <ProgressBar
            className={styles.uploadProgress}
            size="sm"
            value={u.status === 'init' ? null : u.progress * 100}
            label={intl.formatMessage({ id: 'upload.progress' }, { name: u.name })}
            text={u.status === 'init' ? undefined : intl.formatNumber(u.progress, { style: 'percent' })}
          />
        </>
      )}
    </div>
  );
};

/** Add material: the person's finished works and their uploads (images, videos, audio). */
export const EditorLibrary = ({ project }: { readonly project: OpenProject }) => {
  const add = useLibraryAdd(project);
  const clipUploads = useSlotUploads('editor-clip-');
  const audioUploads = useSlotUploads('editor-audio-');
  return (
    <div className={styles.form}>
      <LibraryWorks add={add} />
      <section className={styles.form}>
        <h2 className={styles.sectionTitle}>
          <FormattedMessage id="editor.library.uploads" />
        </h2>
        <div className={styles.row}>
          <UploadPicker
            prefix="editor-clip-"
            accept="image/*,video/*"
            labelId="editor.library.uploadClip"
            testId="upload-clip"
          />
          <UploadPicker
            prefix="editor-audio-"
            accept="audio/*"
            labelId="editor.library.uploadAudio"
            testId="upload-audio"
          />
        </div>
        {[
          ...clipUploads.map((u) => ({ u, as: 'clip' as const })),
          ...audioUploads.map((u) => ({ u, as: 'audio' as const })),
        ].map(({ u, as }) => (
          <LibraryUpload key={u.field} u={u} as={as} add={add} />
        ))}
      </section>
    </div>
  );
};
