/**
 * Caption tags from pixels, for training data sets: dominant hue, brightness, saturation,
 * orientation, detail (Sobel edge density) and whether a subject stands out from a plain
 * background (the share of pixels the border flood fill of ./matting claims).
 */
import { fitWithin, type Bitmap } from './bitmap';
import { edges } from './filters';
import { removeBackground } from './matting';

const HUE_NAMES: ReadonlyArray<readonly [number, string]> = [
  [15, 'red'],
  [45, 'orange'],
  [70, 'yellow'],
  [160, 'green'],
  [200, 'cyan'],
  [255, 'blue'],
  [290, 'purple'],
  [335, 'pink'],
  [360, 'red'],
];

export interface ImageStats {
  readonly meanRgb: readonly [number, number, number];
  readonly brightness: number;
  readonly saturation: number;
  readonly hue: number;
  readonly edgeDensity: number;
  readonly backgroundShare: number;
}

export const imageStats = async (input: Bitmap): Promise<ImageStats> => {
  const b = await fitWithin(input, 128);
  let r = 0;
  let g = 0;
  let bl = 0;
  let sat = 0;
  let hx = 0;
  let hy = 0;
  const n = b.width * b.height;
  for (let i = 0; i < n; i++) {
    const R = b.data[i * 4]! / 255;
    const G = b.data[i * 4 + 1]! / 255;
    const B = b.data[i * 4 + 2]! / 255;
    r += R;
    g += G;
    bl += B;
    const max = Math.max(R, G, B);
    const min = Math.min(R, G, B);
    const s = max === 0 ? 0 : (max - min) / max;
    sat += s;
    if (max - min > 1e-6) {
      let h: number;
      if (max === R) h = ((G - B) / (max - min)) % 6;
      else if (max === G) h = (B - R) / (max - min) + 2;
      else h = (R - G) / (max - min) + 4;
      const rad = (h * 60 * Math.PI) / 180;
      hx += Math.cos(rad) * s;
      hy += Math.sin(rad) * s;
    }
  }
  const e = edges(b);
  let strong = 0;
  for (const v of e) if (v > 20) strong++;
  const matte = removeBackground(b);
  let bgCount = 0;
  for (const v of matte.background) bgCount += v;
  const hue = ((Math.atan2(hy, hx) * 180) / Math.PI + 360) % 360;
  return {
    meanRgb: [(r / n) * 255, (g / n) * 255, (bl / n) * 255],
    brightness: (0.2126 * r + 0.7152 * g + 0.0722 * bl) / n,
    saturation: sat / n,
    hue,
    edgeDensity: strong / n,
    backgroundShare: bgCount / n,
  };
};

export const tagsOf = async (input: Bitmap): Promise<string[]> => {
  const s = await imageStats(input);
  const tags: string[] = [];
  tags.push(
    input.width > input.height * 1.1 ? 'landscape' : input.height > input.width * 1.1 ? 'portrait' : 'square',
  );
  if (s.saturation < 0.12) tags.push('monochrome');
  else tags.push(`${HUE_NAMES.find(([limit]) => s.hue <= limit)![1]} tones`);
  tags.push(s.brightness > 0.62 ? 'bright' : s.brightness < 0.3 ? 'dark' : 'balanced light');
  if (s.saturation > 0.45) tags.push('vivid colors');
  else if (s.saturation >= 0.12 && s.saturation < 0.22) tags.push('muted colors');
  tags.push(s.edgeDensity > 0.18 ? 'detailed' : s.edgeDensity < 0.05 ? 'minimal' : 'soft details');
  if (s.backgroundShare > 0.3 && s.backgroundShare < 0.92) tags.push('isolated subject');
  return tags;
};
