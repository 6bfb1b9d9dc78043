/**
 * The simulated video engine: a short looping animation (an animated GIF, see ./gif) made
 * from one still (rendered from the prompt, or the caller's input image) by camera moves:
 * a pan and zoom ("Ken Burns"), a sway anchored at the bottom (the "dance"), or a mouth
 * region that opens with the loudness of a speech track (lip sync).
 */
import { sampleBilinear, type Bitmap } from './bitmap';
import { encodeGif } from './gif';
import { prng } from './random';

export type Motion = 'kenBurns' | 'sway' | 'lipSync';

export interface AnimationRequest {
  readonly still: Bitmap;
  readonly motion: Motion;
  readonly seed: number;
  /** Output size; the still is sampled to it. */
  readonly width: number;
  readonly height: number;
  readonly frames: number;
  readonly delayCs: number;
  /** Lip sync: mouth openness 0..1 per frame. */
  readonly mouth?: readonly number[];
}

export interface RenderedAnimation {
  readonly gif: Buffer;
  readonly width: number;
  readonly height: number;
  readonly frames: number;
  readonly durationS: number;
}

/** Output size for an aspect ratio with the given long side (even numbers). */
export const videoSize = (w: number, h: number, longSide: number): { width: number; height: number } => {
  const k = longSide / Math.max(w, h);
  return {
    width: Math.max(2, Math.round((w * k) / 2) * 2),
    height: Math.max(2, Math.round((h * k) / 2) * 2),
  };
};

export const animate = (req: AnimationRequest): RenderedAnimation => {
  const { still, width, height, frames } = req;
  const rand = prng(req.seed);
  const zoomFrom = 1 + rand() * 0.05;
  const zoomTo = 1.18 + rand() * 0.12;
  const panX = (rand() - 0.5) * 0.16;
  const panY = (rand() - 0.5) * 0.1;
  const px = new Float32Array(4);
  const out: Bitmap[] = [];
  for (let f = 0; f < frames; f++) {
    const t = frames === 1 ? 0 : f / (frames - 1);
    const data = new Uint8ClampedArray(width * height * 4);
    const ease = t * t * (3 - 2 * t);
    const zoom = zoomFrom + (zoomTo - zoomFrom) * ease;
    const phase = (f / frames) * Math.PI * 2;
    const openness = req.mouth?.[f] ?? 0;
    for (let y = 0; y < height; y++) {
      const v = y / height;
      for (let x = 0; x < width; x++) {
        let u = x / width;
        let vv = v;
        if (req.motion === 'kenBurns') {
          u = 0.5 + (u - 0.5) / zoom + panX * ease;
          vv = 0.5 + (v - 0.5) / zoom + panY * ease;
        } else if (req.motion === 'sway') {
          // Bottom anchored: the higher the row, the further it leans; plus a small bounce.
          u += Math.sin(phase) * 0.06 * (1 - v);
          vv += Math.abs(Math.sin(phase)) * 0.025 * (1 - v) - 0.0125;
        } else {
          // Lip sync: rows inside the mouth box are pulled apart vertically as it opens.
          const mx = (u - 0.5) / 0.11;
          const my = (v - 0.66) / 0.05;
          const inside = mx * mx + my * my;
          if (inside < 1) vv = 0.66 + (v - 0.66) * (1 - 0.55 * openness * (1 - inside));
        }
        sampleBilinear(still, u * still.width, vv * still.height, px);
        const o = (y * width + x) * 4;
        data[o] = px[0]!;
        data[o + 1] = px[1]!;
        data[o + 2] = px[2]!;
        data[o + 3] = 255;
        if (req.motion === 'lipSync' && openness > 0.05) {
          const mx = (u - 0.5) / 0.07;
          const my = (v - 0.665) / (0.006 + 0.028 * openness);
          if (mx * mx + my * my < 1) {
            data[o] = data[o]! * 0.25 + 20;
            data[o + 1] = data[o + 1]! * 0.2;
            data[o + 2] = data[o + 2]! * 0.2;
          }
        }
      }
    }
    out.push({ width, height, data });
  }
  const gif = encodeGif(out, { delayCs: req.delayCs });
  return { gif, width, height, frames, durationS: (frames * req.delayCs) / 100 };
};
