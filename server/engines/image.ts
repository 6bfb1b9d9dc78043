/**
 * The simulated image engine: renders a real PNG from a prompt, deterministic per prompt and
 * seed, at the requested aspect ratio. It stands where a GPU engine would (see README): a sky
 * gradient, a horizon, soft light orbs and grain, with hues picked from words in the prompt.
 */
import { PNG } from 'pngjs';
import { hashString, prng } from './random';

export interface ImageRequest {
  readonly prompt: string;
  readonly seed: number;
  readonly aspectRatio: string;
  /** The long side in pixels (a multiple of 8). */
  readonly longSide?: number;
}

export interface RenderedImage {
  readonly png: Buffer;
  readonly width: number;
  readonly height: number;
}

const WORD_HUES: ReadonlyArray<readonly [RegExp, number]> = [
  [/sea|ocean|water|rain|ice|blue|night|sky/i, 215],
  [/sun|dusk|sunset|fire|gold|orange|autumn|desert/i, 28],
  [/forest|tree|leaf|green|garden|moss|jungle/i, 125],
  [/rose|pink|love|flower|blossom|sakura/i, 335],
  [/purple|dream|galaxy|space|neon|violet/i, 275],
  [/snow|white|cloud|mist|fog/i, 200],
  [/red|blood|lava|dragon/i, 5],
];

export const sizeFor = (aspectRatio: string, longSide = 768): { width: number; height: number } => {
  const [w, h] = aspectRatio.split(':').map(Number);
  if (!w || !h) return { width: longSide, height: longSide };
  const short = Math.max(8, Math.round((longSide * Math.min(w, h)) / Math.max(w, h) / 8) * 8);
  return w >= h ? { width: longSide, height: short } : { width: short, height: longSide };
};

const hslToRgb = (h: number, s: number, l: number): [number, number, number] => {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [f(0) * 255, f(8) * 255, f(4) * 255];
};

export const renderImage = (req: ImageRequest): RenderedImage => {
  const { width, height } = sizeFor(req.aspectRatio, req.longSide);
  const rand = prng(hashString(`${req.prompt}\u0000${req.seed}`));
  const matched = WORD_HUES.find(([re]) => re.test(req.prompt));
  const baseHue = matched ? matched[1] + (rand() - 0.5) * 30 : rand() * 360;
  const top = hslToRgb((baseHue + 200) % 360, 0.55, 0.16 + rand() * 0.1);
  const mid = hslToRgb(baseHue, 0.7, 0.45 + rand() * 0.15);
  const ground = hslToRgb((baseHue + 150 + rand() * 60) % 360, 0.35, 0.12 + rand() * 0.08);
  const horizon = 0.55 + rand() * 0.2;
  const orbs = Array.from({ length: 3 + Math.floor(rand() * 4) }, () => ({
    x: rand() * width,
    y: rand() * height * horizon,
    r: (0.05 + rand() * 0.18) * Math.max(width, height),
    color: hslToRgb((baseHue + (rand() - 0.5) * 80 + 360) % 360, 0.8, 0.6 + rand() * 0.25),
    strength: 0.35 + rand() * 0.5,
  }));
  const waves = 2 + Math.floor(rand() * 3);
  const png = new PNG({ width, height });
  const data = png.data;
  for (let y = 0; y < height; y++) {
    const v = y / height;
    for (let x = 0; x < width; x++) {
      const u = x / width;
      const ridge =
        horizon + 0.04 * Math.sin(u * Math.PI * waves + req.seed) + 0.02 * Math.sin(u * 17.3 + baseHue);
      let r: number, g: number, b: number;
      if (v < ridge) {
        const t = Math.pow(v / ridge, 1.4);
        r = top[0] + (mid[0] - top[0]) * t;
        g = top[1] + (mid[1] - top[1]) * t;
        b = top[2] + (mid[2] - top[2]) * t;
      } else {
        const t = Math.min(1, (v - ridge) / (1 - ridge + 1e-6));
        r = ground[0] * (1 - 0.4 * t) + mid[0] * 0.15 * (1 - t);
        g = ground[1] * (1 - 0.4 * t) + mid[1] * 0.15 * (1 - t);
        b = ground[2] * (1 - 0.4 * t) + mid[2] * 0.15 * (1 - t);
      }
      for (const o of orbs) {
        const dx = x - o.x;
        const dy = y - o.y;
        const fall = Math.exp(-(dx * dx + dy * dy) / (o.r * o.r)) * o.strength * (v < ridge ? 1 : 0.25);
        r += (o.color[0] - r) * fall;
        g += (o.color[1] - g) * fall;
        b += (o.color[2] - b) * fall;
      }
      const grain = (rand() - 0.5) * 10;
      const i = (y * width + x) * 4;
      data[i] = Math.max(0, Math.min(255, r + grain));
      data[i + 1] = Math.max(0, Math.min(255, g + grain));
      data[i + 2] = Math.max(0, Math.min(255, b + grain));
      data[i + 3] = 255;
    }
  }
  return { png: PNG.sync.write(png), width, height };
};
