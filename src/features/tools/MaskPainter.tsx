import { forwardRef, useEffect, useImperativeHandle, useRef, useState, type PointerEvent } from 'react';
import { useIntl } from 'react-intl';
import styles from './Tools.module.css';

interface Stroke {
  readonly r: number;
  readonly points: { x: number; y: number }[];
}

export interface MaskHandle {
  /** The mask at the picture's own size: white where it is painted, black elsewhere. */
  readonly toBlob: () => Promise<Blob>;
  readonly clear: () => void;
}

const drawStrokes = (ctx: CanvasRenderingContext2D, strokes: readonly Stroke[], color: string) => {
  ctx.strokeStyle = color;
  ctx.fillStyle = color;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  for (const s of strokes) {
    ctx.lineWidth = s.r * 2;
    ctx.beginPath();
    s.points.forEach((p, i) => (i === 0 ? ctx.moveTo(p.x, p.y) : ctx.lineTo(p.x, p.y)));
    if (s.points.length === 1) {
      const p = s.points[0]!;
      ctx.arc(p.x, p.y, s.r, 0, Math.PI * 2);
      ctx.fill();
    } else ctx.stroke();
  }
};

/**
 * The magic eraser's mask: the picture with a layer to paint over what should go. Strokes are
 * kept in the picture's own pixels, so the mask sent matches the picture whatever its shown size.
 */
export const MaskPainter = forwardRef<
  MaskHandle,
  { readonly imageUrl: string; readonly brush: number; readonly onPainted: (painted: boolean) => void }
>(function MaskPainter({ imageUrl, brush, onPainted }, ref) {
  const intl = useIntl();
  const [size, setSize] = useState<{ w: number; h: number } | null>(null);
  const strokes = useRef<Stroke[]>([]);
  const canvas = useRef<HTMLCanvasElement>(null);
  const painting = useRef(false);

  const redraw = () => {
    const c = canvas.current;
    const ctx = c?.getContext('2d');
    if (!c || !ctx) return;
    ctx.clearRect(0, 0, c.width, c.height);
    // The painted area in the theme's danger colour, half see-through over the picture.
    ctx.globalAlpha = 0.55;
    drawStrokes(ctx, strokes.current, getComputedStyle(c).getPropertyValue('--danger').trim() || 'red');
    ctx.globalAlpha = 1;
  };
  useEffect(() => {
    strokes.current = [];
    onPainted(false);
    // A new picture: no strokes carry over.
  }, [imageUrl]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(redraw, [size]);

  useImperativeHandle(ref, () => ({
    clear: () => {
      strokes.current = [];
      redraw();
      onPainted(false);
    },
    toBlob: () =>
      new Promise<Blob>((resolve, reject) => {
        if (!size) return reject(new Error('the picture has not loaded'));
        const out = document.createElement('canvas');
        out.width = size.w;
        out.height = size.h;
        const ctx = out.getContext('2d');
        if (!ctx) return reject(new Error('no 2d context'));
        ctx.fillStyle = '#000000';
        ctx.fillRect(0, 0, size.w, size.h);
        drawStrokes(ctx, strokes.current, '#ffffff');
        out.toBlob((b) => (b ? resolve(b) : reject(new Error('no PNG'))), 'image/png');
      }),
  }));

  const point = (e: PointerEvent<HTMLCanvasElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    const c = e.currentTarget;
    return { x: ((e.clientX - r.left) / r.width) * c.width, y: ((e.clientY - r.top) / r.height) * c.height };
  };
  const radius = () => {
    const c = canvas.current;
    const r = c?.getBoundingClientRect();
    // The brush is in screen pixels; the stroke in the picture's.
    return c && r && r.width > 0 ? (brush / 2) * (c.width / r.width) : brush / 2;
  };

  return (
    <div className={styles.maskFrame} style={size ? { aspectRatio: `${size.w} / ${size.h}` } : undefined}>
      <img
        className={styles.maskImage}
        src={imageUrl}
        alt={intl.formatMessage({ id: 'tools.eraser.picture' })}
        onLoad={(e) => setSize({ w: e.currentTarget.naturalWidth, h: e.currentTarget.naturalHeight })}
      />
      {size && (
        <canvas
          ref={canvas}
          className={styles.maskCanvas}
          width={size.w}
          height={size.h}
          role="img"
          aria-label={intl.formatMessage({ id: 'tools.eraser.canvas' })}
          data-testid="mask-canvas"
          onPointerDown={(e) => {
            e.currentTarget.setPointerCapture(e.pointerId);
            painting.current = true;
            strokes.current.push({ r: radius(), points: [point(e)] });
            redraw();
            onPainted(true);
          }}
          onPointerMove={(e) => {
            if (!painting.current) return;
            strokes.current[strokes.current.length - 1]?.points.push(point(e));
            redraw();
          }}
          onPointerUp={() => {
            painting.current = false;
          }}
        />
      )}
    </div>
  );
});
