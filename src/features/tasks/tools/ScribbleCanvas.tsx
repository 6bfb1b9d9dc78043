import { forwardRef, useImperativeHandle, useRef, type PointerEvent } from 'react';
import { useIntl } from 'react-intl';
import styles from './Tools.module.css';

export interface ScribbleHandle {
  /** The sketch as a PNG (dark lines on white), the size of the canvas. */
  readonly toBlob: () => Promise<Blob>;
  readonly clear: () => void;
}

const SIDE = 512;

/**
 * A square to sketch on with a pointer (mouse, pen, finger): the scribble-to-image tool's input.
 * The sketch is sent as a PNG upload; a sketch can be uploaded instead (for keyboard use).
 */
export const ScribbleCanvas = forwardRef<
  ScribbleHandle,
  { readonly brush: number; readonly onDrawn: (drawn: boolean) => void }
>(function ScribbleCanvas({ brush, onDrawn }, ref) {
  const intl = useIntl();
  const canvas = useRef<HTMLCanvasElement>(null);
  const last = useRef<{ x: number; y: number } | null>(null);

  const context = () => {
    const c = canvas.current;
    const ctx = c?.getContext('2d');
    if (!c || !ctx) return null;
    return { c, ctx };
  };
  const clear = () => {
    const k = context();
    if (!k) return;
    k.ctx.fillStyle = '#ffffff';
    k.ctx.fillRect(0, 0, SIDE, SIDE);
    onDrawn(false);
  };
  useImperativeHandle(ref, () => ({
    clear,
    toBlob: () =>
      new Promise<Blob>((resolve, reject) => {
        const c = canvas.current;
        if (!c) return reject(new Error('no canvas'));
        c.toBlob((b) => (b ? resolve(b) : reject(new Error('no PNG'))), 'image/png');
      }),
  }));

  const point = (e: PointerEvent<HTMLCanvasElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    return { x: ((e.clientX - r.left) / r.width) * SIDE, y: ((e.clientY - r.top) / r.height) * SIDE };
  };
  const draw = (to: { x: number; y: number }) => {
    const k = context();
    if (!k) return;
    const from = last.current ?? to;
    k.ctx.strokeStyle = '#111111';
    k.ctx.lineWidth = brush;
    k.ctx.lineCap = 'round';
    k.ctx.lineJoin = 'round';
    k.ctx.beginPath();
    k.ctx.moveTo(from.x, from.y);
    k.ctx.lineTo(to.x, to.y);
    k.ctx.stroke();
    last.current = to;
    onDrawn(true);
  };
  return (
    <canvas
      ref={(el) => {
        canvas.current = el;
        if (el && !el.dataset['ready']) {
          el.dataset['ready'] = '1';
          const ctx = el.getContext('2d');
          if (ctx) {
            ctx.fillStyle = '#ffffff';
            ctx.fillRect(0, 0, SIDE, SIDE);
          }
        }
      }}
      className={styles.scribble}
      width={SIDE}
      height={SIDE}
      role="img"
      aria-label={intl.formatMessage({ id: 'tools.scribble.canvas' })}
      data-testid="scribble-canvas"
      onPointerDown={(e) => {
        e.currentTarget.setPointerCapture(e.pointerId);
        last.current = null;
        draw(point(e));
      }}
      onPointerMove={(e) => {
        if (e.buttons === 0 || last.current === null) return;
        draw(point(e));
      }}
      onPointerUp={() => {
        last.current = null;
      }}
    />
  );
});
