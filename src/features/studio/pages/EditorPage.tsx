import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { editor, images } from '../../../../domain/index.js';
import {
  changeAspectRatio,
  changeAudios,
  closeEditor,
  loadGifSheet,
  openEditor,
  renameProject,
} from '../../../../infrastructure/editor/commands';
import { useAppDispatch } from '../../../../infrastructure/store/hooks';
import { Badge, Button, Card, IconButton, Picture, Select, Skeleton, Spinner, Switch } from '../../../ui';
import { EditorLibrary } from '../EditorLibrary';
import { EditorProjects } from '../EditorProjects';
import { Storyboard } from '../EditorStoryboard';
import { isVideoUrl, type OpenProject } from '../editorView';
import styles from '../Studio.module.css';
import { useEditorState, useGifSheet, useIsSaving, useProjectTitle, useSaveFailed } from '../useStudio';

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
 * keeps the canvas's shape).
 */
const STAGE_MAX_PX = 880;
const STAGE_SIZES = images.columnSizes(900, '70vw');
const stageBox = (ratio: string) => {
  const [w, h] = canvasRatio(ratio);
  return { width: STAGE_MAX_PX, height: (STAGE_MAX_PX * h) / w };
};

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
          <EditorLibrary project={state} />
        </Card>
      </div>
    </div>
  );
};

export default EditorPage;
