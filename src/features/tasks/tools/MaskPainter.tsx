import {
  forwardRef,
  useEffect,
  useId,
  useImperativeHandle,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import { useIntl } from 'react-intl';
import { visuallyHiddenClass } from '../../../ui';
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

/** How far one arrow key moves the keyboard brush: a fortieth of the picture's shorter side. */
const keyStep = (w: number, h: number) => Math.max(2, Math.round(Math.min(w, h) / 40));

const ARROWS: Readonly<Record<string, readonly [number, number]>> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/**
 * The magic eraser's mask: the picture with a layer to paint over what should go. Strokes are
 * kept in the picture's own pixels, so the mask sent matches the picture whatever its shown size.
 *
 * The keyboard paints too: the layer takes the focus and shows a brush ring; the arrow keys move
 * it, Space or Enter paints where it is, and Shift with an arrow paints along the way.
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
  const keysId = useId();
  /** The keyboard brush, in the picture's pixels (its centre until a key moves it). */
  const cursor = useRef<{ x: number; y: number } | null>(null);
  const [focused, setFocused] = useState(false);

  const redraw = () => {
    const c = canvas.current;
    const ctx = c?.getContext('2d');
    if (!c || !ctx) return;
    ctx.clearRect(0, 0, c.width, c.height);
    // The painted area in the theme's danger colour, half see-through over the picture.
    ctx.globalAlpha = 0.55;
    drawStrokes(ctx, strokes.current, getComputedStyle(c).getPropertyValue('--danger').trim() || 'red');
    ctx.globalAlpha = 1;
    const at = cursor.current;
    if (focused && at) {
      // The keyboard brush: a ring of the brush's size, dark and light so it shows on any picture.
      for (const [colour, width] of [
        ['#000000', 4],
        ['#ffffff', 2],
      ] as const) {
        ctx.strokeStyle = colour;
        ctx.lineWidth = width * (c.width / Math.max(1, c.getBoundingClientRect().width));
        ctx.beginPath();
        ctx.arc(at.x, at.y, radiusOf(), 0, Math.PI * 2);
        ctx.stroke();
      }
    }
  };
  useEffect(() => {
    strokes.current = [];
    onPainted(false);
    // A new picture: no strokes carry over.
  }, [imageUrl]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(redraw, [size, focused]); // eslint-disable-line react-hooks/exhaustive-deps

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
  const radiusOf = () => {
    const c = canvas.current;
    const r = c?.getBoundingClientRect();
    // The brush is in screen pixels; the stroke in the picture's.
    return c && r && r.width > 0 ? (brush / 2) * (c.width / r.width) : brush / 2;
  };

  const onKey = (e: KeyboardEvent<HTMLCanvasElement>) => {
    if (!size) return;
    const at = cursor.current ?? { x: size.w / 2, y: size.h / 2 };
    const arrow = ARROWS[e.key];
    if (arrow) {
      e.preventDefault();
      const step = keyStep(size.w, size.h);
      const next = {
        x: Math.min(size.w, Math.max(0, at.x + arrow[0] * step)),
        y: Math.min(size.h, Math.max(0, at.y + arrow[1] * step)),
      };
      if (e.shiftKey) {
        strokes.current.push({ r: radiusOf(), points: [at, next] });
        onPainted(true);
      }
      cursor.current = next;
      redraw();
    } else if (e.key === ' ' || e.key === 'Enter') {
      e.preventDefault();
      cursor.current = at;
      strokes.current.push({ r: radiusOf(), points: [at] });
      redraw();
      onPainted(true);
    }
  };

  return (
    <div className={styles.maskFrame} style={size ? { aspectRatio: `${size.w} / ${size.h}` } : undefined}>
      {/* The original, not a variant: the mask is painted at its own pixel size (naturalWidth). */}
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
          tabIndex={0}
          aria-label={intl.formatMessage({ id: 'tools.eraser.canvas' })}
          aria-describedby={keysId}
          onKeyDown={onKey}
          onFocus={() => {
            cursor.current ??= { x: size.w / 2, y: size.h / 2 };
            setFocused(true);
          }}
          onBlur={() => setFocused(false)}
          data-testid="mask-canvas"
          onPointerDown={(e) => {
            e.currentTarget.setPointerCapture(e.pointerId);
            painting.current = true;
            strokes.current.push({ r: radiusOf(), points: [point(e)] });
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
      <span id={keysId} className={visuallyHiddenClass}>
        {intl.formatMessage({ id: 'tools.eraser.keys' })}
      </span>
    </div>
  );
});
