import { useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { editor, images } from '../../../domain/index.js';
import { changeStoryboards } from '../../../infrastructure/editor/commands';
import { useAppDispatch } from '../../../infrastructure/store/hooks';
import { Badge, EmptyState, IconButton, Picture } from '../../ui';
import { isVideoUrl, type OpenProject } from './editorView';
import styles from './Studio.module.css';

/** A storyboard clip's shown width (`.clip`, 168 px less its padding, 16:9). */
const CLIP_PX = 152;

/** One end of a clip's trim, in seconds. */
const TrimInput = ({
  labelId,
  testId,
  value,
  onChange,
}: {
  readonly labelId: string;
  readonly testId: string;
  readonly value: number;
  readonly onChange: (seconds: number) => void;
}) => (
  <label className={styles.muted}>
    <FormattedMessage id={labelId} />
    <input
      type="number"
      min={0}
      step={0.1}
      value={value}
      data-testid={testId}
      onChange={(e) => onChange(Number(e.target.value))}
    />
  </label>
);

/** A clip's picture or video, its kind, its remove button and its trim. */
const ClipBody = ({
  clip,
  project,
  set,
}: {
  readonly clip: editor.StoryboardItem;
  readonly project: OpenProject;
  readonly set: (storyboards: readonly editor.StoryboardItem[]) => void;
}) => {
  const intl = useIntl();
  const trim = (start: number, end: number) =>
    set(editor.replaceById(project.storyboards, editor.trimClip(clip, start, end)));
  return (
    <>
      {clip.type === editor.STORYBOARD_TYPE.video && isVideoUrl(clip.url) ? (
        <video src={clip.url} muted preload="metadata" />
      ) : (
        <Picture
          {...images.pictureOf(clip.url, CLIP_PX)}
          width={CLIP_PX}
          height={(CLIP_PX * 9) / 16}
          alt=""
          draggable={false}
        />
      )}
      <div className={styles.row}>
        <Badge tone="neutral">
          <FormattedMessage
            id={clip.type === editor.STORYBOARD_TYPE.video ? 'editor.clip.video' : 'editor.clip.image'}
          />
        </Badge>
        <IconButton
          size="sm"
          variant="ghost"
          label={intl.formatMessage({ id: 'editor.clip.remove' })}
          onClick={() => set(editor.removeClip(project.storyboards, clip.id))}
        >
          ×
        </IconButton>
      </div>
      <div className={styles.trim}>
        <TrimInput
          labelId="editor.clip.start"
          testId="trim-start"
          value={clip.start}
          onChange={(start) => trim(start, clip.end)}
        />
        <TrimInput
          labelId="editor.clip.end"
          testId="trim-end"
          value={clip.end}
          onChange={(end) => trim(clip.start, end)}
        />
      </div>
    </>
  );
};

export /** The storyboard: clips in play order, reordered by drag or Alt+Arrow keys, trimmed, removed. */
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
            <ClipBody clip={c} project={project} set={set} />
          </li>
        ))}
      </ol>
      <p className={styles.muted} aria-live="polite" role="status">
        {announce}
      </p>
    </>
  );
};
