/**
 * The timeline plot (issue 24): one lane per context, x = time (from the first event to the last;
 * a quiet stretch of the session is an empty stretch of the plot), drawn on a <canvas> column by
 * column (a log of a million events is a few hundred rectangles, never a DOM node per event). The
 * selected event and the first violation are marked; a click selects the event under the pointer.
 * Right to left, the first event is on the right.
 */
import { useEffect, useMemo, useRef, useState, type PointerEvent } from 'react';
import { useIntl } from 'react-intl';
import { columnAtTime, indexAtTime, timeAxisOf } from '../../../domain/audit/index.js';
import type { AuditTimeline } from '../../../infrastructure/audit/commands';
import styles from './Audit.module.css';

const LANE_PX = 20;

export interface TimelineProps {
  readonly timeline: AuditTimeline;
  readonly keep: (index: number) => boolean;
  /** Changes whenever `keep` keeps other events (redraws the plot). */
  readonly filterKey: string;
  readonly selected: number;
  readonly violation: number | null;
  readonly onSelect: (index: number) => void;
  readonly label: string;
}

export const Timeline = ({
  timeline,
  keep,
  filterKey,
  selected,
  violation,
  onSelect,
  label,
}: TimelineProps) => {
  const intl = useIntl();
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const axis = useMemo(() => timeAxisOf(timeline.at), [timeline]);
  const [width, setWidth] = useState(0);
  const rtl = useRef(false);
  const height = timeline.lanes.length * LANE_PX;

  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setWidth(Math.floor(el.clientWidth)));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // The density of each lane per pixel column, for the events the filters keep.
  const density = useMemo(() => {
    if (width <= 0) return null;
    const d = new Uint32Array(timeline.lanes.length * width);
    for (let i = 0; i < timeline.count; i++) {
      if (!keep(i)) continue;
      const cell = (timeline.laneOf[i] as number) * width + columnAtTime(axis, i, width);
      d[cell] = (d[cell] as number) + 1;
    }
    return d;
    // `keep` changes with `filterKey`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [timeline, axis, width, filterKey]);

  useEffect(() => {
    const el = canvas.current;
    const ctx = el?.getContext('2d');
    if (!el || !ctx || !density || width <= 0) return;
    const css = getComputedStyle(el);
    rtl.current = css.direction === 'rtl';
    const ratio = window.devicePixelRatio || 1;
    el.width = width * ratio;
    el.height = height * ratio;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.clearRect(0, 0, width, height);
    const lanes = timeline.lanes.length;
    ctx.fillStyle = css.getPropertyValue('--bg-elev-2').trim() || '#222';
    for (let l = 0; l < lanes; l += 2) ctx.fillRect(0, l * LANE_PX, width, LANE_PX);
    const accent = css.getPropertyValue('--accent').trim() || '#7c5cff';
    ctx.fillStyle = accent;
    for (let l = 0; l < lanes; l++)
      for (let x = 0; x < width; x++) {
        const n = density[l * width + x] as number;
        if (n === 0) continue;
        ctx.globalAlpha = Math.min(1, 0.45 + Math.log10(n) / 3);
        const px = rtl.current ? width - 1 - x : x;
        ctx.fillRect(px, l * LANE_PX + 3, 1, LANE_PX - 6);
      }
    ctx.globalAlpha = 1;
    if (violation !== null) {
      const x = columnAtTime(axis, violation, width, rtl.current);
      ctx.fillStyle = css.getPropertyValue('--danger').trim() || '#ff5d73';
      ctx.fillRect(Math.max(0, x - 1), 0, 3, height);
    }
    if (selected >= 0) {
      const x = columnAtTime(axis, selected, width, rtl.current);
      ctx.fillStyle = css.getPropertyValue('--text').trim() || '#fff';
      ctx.fillRect(x, 0, 1, height);
    }
  }, [density, axis, width, height, selected, violation, timeline]);

  const when = (t: number) => intl.formatDate(t, { dateStyle: 'short', timeStyle: 'medium' });

  const onPointer = (e: PointerEvent<HTMLCanvasElement>) => {
    if (e.type === 'pointermove' && e.buttons !== 1) return;
    const box = e.currentTarget.getBoundingClientRect();
    onSelect(indexAtTime(axis, Math.floor(e.clientX - box.left), width, rtl.current));
  };

  return (
    <div className={styles.timeline} data-testid="audit-timeline">
      <ul className={styles.lanes} style={{ blockSize: height }}>
        {timeline.lanes.map((lane) => (
          <li key={lane} className={styles.lane} style={{ blockSize: LANE_PX }}>
            {lane}
          </li>
        ))}
      </ul>
      <canvas
        ref={canvas}
        className={styles.canvas}
        style={{ blockSize: height }}
        role="img"
        aria-label={label}
        onPointerDown={onPointer}
        onPointerMove={onPointer}
        data-testid="audit-canvas"
      />
      {timeline.count > 0 && (
        <p className={styles.axis} data-testid="audit-axis">
          <time dateTime={new Date(axis.from).toISOString()}>{when(axis.from)}</time>
          <time dateTime={new Date(axis.to).toISOString()}>{when(axis.to)}</time>
        </p>
      )}
    </div>
  );
};
