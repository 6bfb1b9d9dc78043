import { useEffect, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { FormattedMessage, FormattedNumber, useIntl, type IntlShape } from 'react-intl';
import { useSearchParams } from 'react-router';
import { editor, images } from '../../../../domain/index.js';
import {
  changeAspectRatio,
  changeAudios,
  changeStoryboards,
  closeEditor,
  loadGifSheet,
  newItemId,
  openEditor,
  renameProject,
} from '../../../../infrastructure/editor/commands';
import { removeUpload, uploadToNewSlot } from '../../../../infrastructure/uploads/commands';
import { useAppDispatch } from '../../../../infrastructure/store/hooks';
import {
  Badge,
  Button,
  Card,
  EmptyState,
  IconButton,
  Picture,
  ProgressBar,
  Select,
  Skeleton,
  Spinner,
  Switch,
} from '../../../ui';
import { EditorProjects } from '../EditorProjects';
import styles from '../Studio.module.css';
import {
  useEditorState,
  useGifSheet,
  useIsSaving,
  useProjectTitle,
  useSaveFailed,
  useSlotUploads,
  useWorks,
  type SlotUpload,
} from '../useStudio';

type OpenProject = Extract<editor.EditorState, { status: 'open' }>;

/** An item's name in the library's labels: its title, or the translated 'untitled' placeholder. */
const itemName = (intl: IntlShape, title: string | null | undefined): string => {
  const name = editor.libraryItemName(title);
  return name.kind === 'text' ? name.text : intl.formatMessage({ id: name.key });
};

const canvasRatio = (ratio: string): readonly [number, number] => {
  const [w = 16, h = 9] = ratio.split(':').map(Number);
  return [w, h];
};

const ratioStyle = (ratio: string) => {
  const [w, h] = canvasRatio(ratio);
  return { aspectRatio: `${w} / ${h}`, maxInlineSize: `calc(56vh * ${w} / ${h})` };
};

/**
 * How wide pictures are shown (Studio.module.css): the preview stage, the editor's wide column
 * (`.editorGrid`, about 70% of the window, the whole column below 900 px; a still shown in it
 * keeps the canvas's shape); a storyboard clip (`.clip`, 168 px less its padding, 16:9); a work
 * of the library (`.works`: 96 px columns beside the stage, square).
 */
const STAGE_MAX_PX = 880;
const STAGE_SIZES = images.columnSizes(900, '70vw');
const CLIP_PX = 152;
const LIBRARY_PX = 112;
const stageBox = (ratio: string) => {
  const [w, h] = canvasRatio(ratio);
  return { width: STAGE_MAX_PX, height: (STAGE_MAX_PX * h) / w };
};

const isVideoUrl = (url: string) => !/\.(gif|png|jpe?g|webp|avif)(\?|$)/i.test(url);

/** The length of a media file, read by the browser (an upload's is not known before). */
const mediaDuration = (url: string, kind: 'audio' | 'video'): Promise<number | null> =>
  new Promise((resolve) => {
    const el = document.createElement(kind);
    el.preload = 'metadata';
    el.onloadedmetadata = () => resolve(Number.isFinite(el.duration) ? el.duration : null);
    el.onerror = () => resolve(null);
    el.src = url;
  });

/**
 * A GIF clip at `t` seconds into it: the frame its trim shows then (`editor.gifClipFrame`), drawn
 * from the GIF's frame sheet. Until the sheet is ready, or when the GIF cannot be decoded, the
 * browser plays the GIF as it is.
 */
const GifClip = ({ item, t }: { readonly item: editor.StoryboardItem; readonly t: number }) => {
  const dispatch = useAppDispatch();
  const gif = useGifSheet(item.url);
  useEffect(() => {
    dispatch(loadGifSheet({ url: item.url }));
  }, [dispatch, item.url]);
  if (gif?.status !== 'ready') return <img src={item.url} alt="" data-testid="preview-gif-fallback" />;
  const { sheet } = gif;
  const frame = editor.gifClipFrame(sheet.timing, item, t);
  const place = editor.gifSheetPlacement(sheet, frame);
  return (
    <svg
      className={styles.gifFrame}
      viewBox={`0 0 ${sheet.width} ${sheet.height}`}
      preserveAspectRatio="xMidYMid meet"
      aria-hidden="true"
      data-testid="preview-gif"
      data-frame={frame}
      data-decoder={sheet.decoder}
    >
      {/* The inner viewport is the frame's box: it clips the rest of the sheet. */}
      <svg x={0} y={0} width={sheet.width} height={sheet.height} overflow="hidden">
        <image
          href={sheet.image}
          x={place.x}
          y={place.y}
          width={place.width}
          height={place.height}
          preserveAspectRatio="none"
        />
      </svg>
    </svg>
  );
};

/** The preview: the clip at the playhead (video seeked to its trimmed moment), the audio tracks in time. */
const Preview = ({ project }: { readonly project: OpenProject }) => {
  const intl = useIntl();
  const [t, setT] = useState(0);
  const [playing, setPlaying] = useState(false);
  const duration = editor.timelineDuration(project.storyboards, project.audios);
  const at = editor.clipAt(project.storyboards, t);
  const videoRef = useRef<HTMLVideoElement>(null);
  const audioRefs = useRef(new Map<string, HTMLAudioElement>());

  useEffect(() => {
    if (!playing) return;
    let frame = 0;
    // The first frame only takes its time: a frame's timestamp is when the frame began, which
    // can be before this effect ran (a negative step put the playhead before 0 and hid the clip).
    let last: number | null = null;
    const tick = (now: number) => {
      const dt = last === null ? 0 : Math.max(0, now - last) / 1000;
      last = now;
      setT((prev) => {
        const next = prev + dt;
        if (next >= duration) {
          setPlaying(false);
          return duration;
        }
        return next;
      });
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [playing, duration]);

  // Keep the video and the audio tracks where the timeline says.
  useEffect(() => {
    const v = videoRef.current;
    if (v && at) {
      if (Math.abs(v.currentTime - at.materialTime) > 0.3) v.currentTime = at.materialTime;
      if (playing && v.paused) void v.play().catch(() => undefined);
      if (!playing && !v.paused) v.pause();
    }
    const audible = new Map(editor.audiosAt(project.audios, t).map((a) => [a.item.id, a.trackTime]));
    for (const [id, el] of audioRefs.current) {
      const time = audible.get(id);
      if (time === undefined || !playing) {
        if (!el.paused) el.pause();
        continue;
      }
      if (Math.abs(el.currentTime - time) > 0.3) el.currentTime = time;
      if (el.paused) void el.play().catch(() => undefined);
    }
  });

  return (
    <div className={styles.form}>
      <div
        className={styles.stage}
        style={ratioStyle(project.project.canvas.aspect_ratio)}
        data-testid="preview"
      >
        {at === null ? (
          <span className={styles.muted}>
            <FormattedMessage id="editor.preview.empty" />
          </span>
        ) : at.item.type === editor.STORYBOARD_TYPE.video && isVideoUrl(at.item.url) ? (
          <video ref={videoRef} key={at.item.id} src={at.item.url} muted playsInline />
        ) : editor.isGifUrl(at.item.url) ? (
          <GifClip key={at.item.id} item={at.item} t={t - at.startsAt} />
        ) : (
          <Picture
            key={at.item.id}
            {...images.pictureOf(at.item.url, STAGE_MAX_PX, undefined, STAGE_SIZES)}
            {...stageBox(project.project.canvas.aspect_ratio)}
            alt=""
            priority
          />
        )}
      </div>
      {project.audios.map((a) => (
        // Not shown: the preview's sound. Each track's title is listed with the audio tracks.
        // eslint-disable-next-line jsx-a11y/media-has-caption
        <audio
          key={a.id}
          src={a.url}
          preload="auto"
          ref={(el) => {
            if (el) audioRefs.current.set(a.id, el);
            else audioRefs.current.delete(a.id);
          }}
        />
      ))}
      <div className={styles.row}>
        <Button
          variant="primary"
          disabled={duration === 0}
          onClick={() => {
            if (!playing && t >= duration) setT(0);
            setPlaying(!playing);
          }}
          data-testid="preview-play"
        >
          <FormattedMessage id={playing ? 'editor.preview.pause' : 'editor.preview.play'} />
        </Button>
        <input
          type="range"
          min={0}
          max={Math.max(duration, 0.1)}
          step={0.1}
          value={Math.min(t, duration)}
          onChange={(e) => setT(Number(e.target.value))}
          aria-label={intl.formatMessage({ id: 'editor.preview.position' })}
          data-testid="preview-seek"
          style={{ flex: 1, minInlineSize: 120 }}
        />
        <span className={styles.muted} data-testid="preview-time">
          <FormattedNumber
            value={Math.min(t, duration)}
            maximumFractionDigits={1}
            minimumFractionDigits={1}
          />{' '}
          / <FormattedNumber value={duration} maximumFractionDigits={1} minimumFractionDigits={1} /> s
        </span>
      </div>
    </div>
  );
};

/** The storyboard: clips in play order, reordered by drag or Alt+Arrow keys, trimmed, removed. */
const Storyboard = ({ project }: { readonly project: OpenProject }) => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const clips = editor.orderedClips(project.storyboards);
  const [dragging, setDragging] = useState<number | null>(null);
  const [announce, setAnnounce] = useState('');
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const set = (storyboards: readonly editor.StoryboardItem[]) => dispatch(changeStoryboards({ storyboards }));
  const move = (from: number, to: number) => {
    if (to < 0 || to >= clips.length || from === to) return;
    set(editor.moveClip(project.storyboards, from, to));
    setAnnounce(intl.formatMessage({ id: 'editor.clip.moved' }, { position: to + 1, count: clips.length }));
    requestAnimationFrame(() => refs.current[to]?.focus());
  };
  const onKey = (i: number) => (e: KeyboardEvent<HTMLButtonElement>) => {
    const back = document.dir === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
    const forward = document.dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    if (e.altKey && e.key === back) {
      e.preventDefault();
      move(i, i - 1);
    } else if (e.altKey && e.key === forward) {
      e.preventDefault();
      move(i, i + 1);
    } else if (e.key === back) refs.current[i - 1]?.focus();
    else if (e.key === forward) refs.current[i + 1]?.focus();
  };
  if (clips.length === 0)
    return (
      <EmptyState
        level={3}
        title={<FormattedMessage id="editor.storyboard.empty" />}
        body={<FormattedMessage id="editor.storyboard.emptyBody" />}
      />
    );
  return (
    <>
      <p className={styles.muted} id="storyboard-help">
        <FormattedMessage id="editor.storyboard.help" />
      </p>
      <ol className={styles.timeline} data-testid="storyboard">
        {clips.map((c, i) => (
          <li
            key={c.id}
            className={styles.clip}
            draggable
            data-dragging={dragging === i || undefined}
            data-testid="clip"
            data-clip-id={c.id}
            onDragStart={(e: DragEvent) => {
              setDragging(i);
              e.dataTransfer.effectAllowed = 'move';
              e.dataTransfer.setData('text/plain', String(i));
            }}
            onDragEnd={() => setDragging(null)}
            onDragOver={(e) => e.preventDefault()}
            onDrop={(e) => {
              e.preventDefault();
              const from = Number(e.dataTransfer.getData('text/plain'));
              setDragging(null);
              if (Number.isInteger(from)) move(from, i);
            }}
          >
            <button
              type="button"
              ref={(el) => {
                refs.current[i] = el;
              }}
              className={styles.clipHandle}
              aria-keyshortcuts="Alt+ArrowLeft Alt+ArrowRight"
              aria-describedby="storyboard-help"
              data-testid="clip-handle"
              onKeyDown={onKey(i)}
            >
              <FormattedMessage
                id="editor.clip.label"
                values={{ position: i + 1, count: clips.length, seconds: editor.clipLength(c).toFixed(1) }}
              />
            </button>
            {c.type === editor.STORYBOARD_TYPE.video && isVideoUrl(c.url) ? (
              <video src={c.url} muted preload="metadata" />
            ) : (
              <Picture
                {...images.pictureOf(c.url, CLIP_PX)}
                width={CLIP_PX}
                height={(CLIP_PX * 9) / 16}
                alt=""
                draggable={false}
              />
            )}
            <div className={styles.row}>
              <Badge tone="neutral">
                <FormattedMessage
                  id={c.type === editor.STORYBOARD_TYPE.video ? 'editor.clip.video' : 'editor.clip.image'}
                />
              </Badge>
              <IconButton
                size="sm"
                variant="ghost"
                label={intl.formatMessage({ id: 'editor.clip.remove' })}
                onClick={() => set(editor.removeClip(project.storyboards, c.id))}
              >
                ×
              </IconButton>
            </div>
            <div className={styles.trim}>
              <label className={styles.muted}>
                <FormattedMessage id="editor.clip.start" />
                <input
                  type="number"
                  min={0}
                  step={0.1}
                  value={c.start}
                  data-testid="trim-start"
                  onChange={(e) =>
                    set(
                      editor.replaceById(
                        project.storyboards,
                        editor.trimClip(c, Number(e.target.value), c.end),
                      ),
                    )
                  }
                />
              </label>
              <label className={styles.muted}>
                <FormattedMessage id="editor.clip.end" />
                <input
                  type="number"
                  min={0}
                  step={0.1}
                  value={c.end}
                  data-testid="trim-end"
                  onChange={(e) =>
                    set(
                      editor.replaceById(
                        project.storyboards,
                        editor.trimClip(c, c.start, Number(e.target.value)),
                      ),
                    )
                  }
                />
              </label>
            </div>
          </li>
        ))}
      </ol>
      <p className={styles.muted} aria-live="polite" role="status">
        {announce}
      </p>
    </>
  );
};

/** Audio tracks: offset on the timeline, mute, remove. */
const AudioTracks = ({ project }: { readonly project: OpenProject }) => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const set = (audios: readonly editor.AudioItem[]) => dispatch(changeAudios({ audios }));
  if (project.audios.length === 0)
    return (
      <p className={styles.muted}>
        <FormattedMessage id="editor.audio.empty" />
      </p>
    );
  return (
    <ul className={styles.tracks} data-testid="audio-tracks">
      {project.audios.map((a) => (
        <li key={a.id} className={styles.track} data-testid="audio-track">
          <span className={styles.trackName} title={a.title}>
            {a.title || intl.formatMessage({ id: 'editor.audio.untitled' })}
          </span>
          <label className={`${styles.muted} ${styles.trackField}`}>
            <FormattedMessage id="editor.audio.offset" />
            <input
              className={styles.numberInput}
              type="number"
              min={0}
              step={0.1}
              value={a.offset}
              data-testid="audio-offset"
              onChange={(e) =>
                set(editor.replaceById(project.audios, editor.setAudioOffset(a, Number(e.target.value))))
              }
            />
          </label>
          <Switch
            label={<FormattedMessage id="editor.audio.mute" />}
            checked={a.isMute}
            onCheckedChange={() => set(editor.replaceById(project.audios, editor.toggleMute(a)))}
          />
          <IconButton
            size="sm"
            variant="ghost"
            label={intl.formatMessage({ id: 'editor.audio.remove' })}
            onClick={() => set(project.audios.filter((x) => x.id !== a.id))}
          >
            ×
          </IconButton>
        </li>
      ))}
    </ul>
  );
};

const UploadPicker = ({
  prefix,
  accept,
  labelId,
  testId,
}: {
  readonly prefix: string;
  readonly accept: string;
  readonly labelId: string;
  readonly testId: string;
}) => {
  const dispatch = useAppDispatch();
  return (
    <label className={styles.pick}>
      <FormattedMessage id={labelId} />
      <input
        className={styles.fileInput}
        type="file"
        accept={accept}
        multiple
        data-testid={testId}
        onChange={(e) => {
          for (const file of Array.from(e.target.files ?? [])) dispatch(uploadToNewSlot(prefix, file));
          e.target.value = '';
        }}
      />
    </label>
  );
};

/** Add material: the person's finished works and their uploads (images, videos, audio). */
const Library = ({ project }: { readonly project: OpenProject }) => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const works = useWorks();
  const clipUploads = useSlotUploads('editor-clip-');
  const audioUploads = useSlotUploads('editor-audio-');
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
  const visual = works.filter((w) => w.kind !== 'audio');
  const sounds = works.filter((w) => w.kind === 'audio');
  return (
    <div className={styles.form}>
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
                    addClip({
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
                    addAudio({ url: w.url, durationS: w.durationS ?? 10, materialId: w.id, title: w.title })
                  }
                >
                  <FormattedMessage id="editor.library.addAudio" />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
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
          <div key={u.field} className={styles.row} data-testid="editor-upload">
            <span className={styles.trackName}>{u.name}</span>
            {u.status === 'complete' ? (
              <Button
                size="sm"
                onClick={() => void addUpload(u, as)}
                data-testid={as === 'audio' ? 'add-upload-audio' : 'add-upload-clip'}
              >
                <FormattedMessage
                  id={as === 'audio' ? 'editor.library.addAudio' : 'editor.library.addClip'}
                />
              </Button>
            ) : u.messageKey !== null ? (
              <>
                <span className={styles.error} role="alert" data-testid="editor-upload-message">
                  <FormattedMessage
                    id={intl.messages[u.messageKey] !== undefined ? u.messageKey : 'uploadError'}
                  />
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
        ))}
      </section>
    </div>
  );
};

/** Spec §4 "saving state": saving from a change until its save is confirmed; 10404 shows saveFailed. */
const SaveIndicator = () => {
  const saving = useIsSaving();
  const failed = useSaveFailed();
  const intl = useIntl();
  if (failed !== null)
    return (
      <Badge tone="danger" data-testid="save-state" data-state="failed">
        <FormattedMessage id={failed.messageKey ?? 'editor.saveFailedGeneric'} />
      </Badge>
    );
  return (
    <span
      className={styles.saving}
      data-testid="save-state"
      data-state={saving ? 'saving' : 'saved'}
      aria-live="polite"
    >
      {saving && <Spinner size="sm" label={intl.formatMessage({ id: 'editor.saving' })} />}
      <FormattedMessage id={saving ? 'editor.saving' : 'editor.saved'} />
    </span>
  );
};

/**
 * The video editor (spec §3, §4): a project from the project_id query, else a new one (the address
 * updated in place), its aspect ratio (16:9 by default) and title, a storyboard of clips, audio
 * tracks, a preview of the timeline, and the autosave 1 s after the last change.
 */
const EditorPage = () => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const state = useEditorState();
  const title = useProjectTitle();
  const projectId = params.get('project_id');
  useEffect(() => {
    dispatch(openEditor({ query: projectId === null ? {} : { project_id: projectId } }));
  }, [dispatch, projectId]);
  useEffect(() => () => void dispatch(closeEditor({})), [dispatch]);

  if (state.status !== 'open')
    return (
      <div className={styles.page} aria-busy="true" data-testid="studio-loading">
        <Skeleton height="2em" width="40%" />
        <Skeleton height="280px" />
        <Skeleton lines={3} />
      </div>
    );
  const placeholder = intl.formatMessage({ id: editor.DEFAULT_PROJECT_TITLE_KEY });
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title} style={{ flex: '1 1 240px' }}>
          <input
            className={styles.titleInput}
            value={title?.kind === 'text' ? title.text : ''}
            placeholder={placeholder}
            aria-label={intl.formatMessage({ id: 'editor.titleLabel' })}
            data-testid="project-title"
            maxLength={100}
            onChange={(e) => dispatch(renameProject({ title: e.target.value }))}
          />
        </h1>
        <div className={styles.row}>
          <SaveIndicator />
          <EditorProjects />
          <Select
            label={intl.formatMessage({ id: 'editor.aspectRatio' })}
            hideLabel
            value={state.project.canvas.aspect_ratio}
            onValueChange={(aspectRatio) => dispatch(changeAspectRatio({ aspectRatio }))}
            options={editor.ASPECT_RATIOS.map((r) => ({ value: r, label: r }))}
          />
        </div>
      </header>
      <div className={styles.editorGrid}>
        <div className={styles.form}>
          <Card padding="md">
            <Preview project={state} />
          </Card>
          <Card padding="md">
            <h2 className={styles.sectionTitle}>
              <FormattedMessage id="editor.storyboard" />
            </h2>
            <Storyboard project={state} />
          </Card>
          <Card padding="md">
            <h2 className={styles.sectionTitle}>
              <FormattedMessage id="editor.audio" />
            </h2>
            <AudioTracks project={state} />
          </Card>
        </div>
        <Card padding="md">
          <Library project={state} />
        </Card>
      </div>
    </div>
  );
};

export default EditorPage;
