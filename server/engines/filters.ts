/**
 * Pixel engines over RGBA bitmaps (the simulation itself): colour filters (grayscale, sepia,
 * posterize, invert, vintage), 3x3 sharpen and emboss, Sobel edges, and the small composites other
 * kinds are built from
 * (diffusion inpainting for the magic eraser, a feathered elliptical face swap, outpainting,
 * colourising with a gradient map, scribble-guided rendering, comic inking). The generic steps
 * (Gaussian blur, resizing) are sharp's (./bitmap.ts), so those functions are async.
 */
import type { FilterName } from '../../infrastructure/contract/tasks';
import { blur, cloneBitmap, createBitmap, luminance, resize, sampleBilinear, type Bitmap } from './bitmap';

const mapPixels = (b: Bitmap, f: (r: number, g: number, bl: number, out: Float32Array) => void): Bitmap => {
  const out = cloneBitmap(b);
  const px = new Float32Array(3);
  for (let i = 0; i < out.data.length; i += 4) {
    f(b.data[i]!, b.data[i + 1]!, b.data[i + 2]!, px);
    out.data[i] = px[0]!;
    out.data[i + 1] = px[1]!;
    out.data[i + 2] = px[2]!;
  }
  return out;
};

export const grayscale = (b: Bitmap): Bitmap =>
  mapPixels(b, (r, g, bl, o) => {
    const l = luminance(r, g, bl);
    o[0] = l;
    o[1] = l;
    o[2] = l;
  });

export const sepia = (b: Bitmap): Bitmap =>
  mapPixels(b, (r, g, bl, o) => {
    o[0] = 0.393 * r + 0.769 * g + 0.189 * bl;
    o[1] = 0.349 * r + 0.686 * g + 0.168 * bl;
    o[2] = 0.272 * r + 0.534 * g + 0.131 * bl;
  });

export const posterize = (b: Bitmap, levels = 4): Bitmap => {
  const step = 255 / (levels - 1);
  const q = (v: number) => Math.round(v / step) * step;
  return mapPixels(b, (r, g, bl, o) => {
    o[0] = q(r);
    o[1] = q(g);
    o[2] = q(bl);
  });
};

export const invert = (b: Bitmap): Bitmap =>
  mapPixels(b, (r, g, bl, o) => {
    o[0] = 255 - r;
    o[1] = 255 - g;
    o[2] = 255 - bl;
  });

/** A 3x3 convolution of the colour channels (alpha kept), with a bias. */
export const convolve3 = (b: Bitmap, kernel: readonly number[], bias = 0): Bitmap => {
  const { width, height } = b;
  const out = cloneBitmap(b);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      for (let c = 0; c < 3; c++) {
        let s = bias;
        for (let ky = -1; ky <= 1; ky++)
          for (let kx = -1; kx <= 1; kx++) {
            const xx = Math.min(width - 1, Math.max(0, x + kx));
            const yy = Math.min(height - 1, Math.max(0, y + ky));
            s += b.data[(yy * width + xx) * 4 + c]! * kernel[(ky + 1) * 3 + kx + 1]!;
          }
        out.data[o + c] = s;
      }
    }
  return out;
};

export const sharpen = (b: Bitmap): Bitmap => convolve3(b, [0, -1, 0, -1, 5, -1, 0, -1, 0]);
export const emboss = (b: Bitmap): Bitmap => convolve3(grayscale(b), [-2, -1, 0, -1, 1, 1, 0, 1, 2], 0);

/** Sobel gradient magnitude of the luminance, 0..255 per pixel. */
export const edges = (b: Bitmap): Float32Array => {
  const { width, height } = b;
  const lum = new Float32Array(width * height);
  for (let i = 0; i < lum.length; i++)
    lum[i] = luminance(b.data[i * 4]!, b.data[i * 4 + 1]!, b.data[i * 4 + 2]!);
  const at = (x: number, y: number) =>
    lum[Math.min(height - 1, Math.max(0, y)) * width + Math.min(width - 1, Math.max(0, x))]!;
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const gx =
        at(x + 1, y - 1) +
        2 * at(x + 1, y) +
        at(x + 1, y + 1) -
        at(x - 1, y - 1) -
        2 * at(x - 1, y) -
        at(x - 1, y + 1);
      const gy =
        at(x - 1, y + 1) +
        2 * at(x, y + 1) +
        at(x + 1, y + 1) -
        at(x - 1, y - 1) -
        2 * at(x, y - 1) -
        at(x + 1, y - 1);
      out[y * width + x] = Math.min(255, Math.hypot(gx, gy) / 4);
    }
  return out;
};

/** Black lines on white from the Sobel edges ("line art"). */
export const lineArt = async (b: Bitmap): Promise<Bitmap> => {
  const e = edges(await blur(b, 1));
  const out = createBitmap(b.width, b.height, [255, 255, 255, 255]);
  for (let i = 0; i < e.length; i++) {
    const v = 255 - Math.min(255, e[i]! * 3);
    out.data[i * 4] = v;
    out.data[i * 4 + 1] = v;
    out.data[i * 4 + 2] = v;
  }
  return out;
};

/** Unsharp mask: original + amount * (original - blurred), the blur by sharp. */
export const unsharp = async (b: Bitmap, radius = 2, amount = 0.6): Promise<Bitmap> => {
  const soft = await blur(b, radius);
  const out = cloneBitmap(b);
  for (let i = 0; i < out.data.length; i += 4)
    for (let c = 0; c < 3; c++)
      out.data[i + c] = b.data[i + c]! + amount * (b.data[i + c]! - soft.data[i + c]!);
  return out;
};

/** Faded colours, a warm cast and a vignette. */
export const vintage = (b: Bitmap): Bitmap => {
  const s = sepia(b);
  const out = cloneBitmap(b);
  const cx = b.width / 2;
  const cy = b.height / 2;
  const maxD = Math.hypot(cx, cy);
  for (let y = 0; y < b.height; y++)
    for (let x = 0; x < b.width; x++) {
      const i = (y * b.width + x) * 4;
      const v = 1 - 0.55 * Math.pow(Math.hypot(x - cx, y - cy) / maxD, 2);
      for (let c = 0; c < 3; c++)
        out.data[i + c] = (0.6 * s.data[i + c]! + 0.4 * b.data[i + c]!) * v * 0.92 + 18;
    }
  return out;
};

/** Soft skin: a glow (screen blend of a blur) and a warm tint. */
export const makeup = async (b: Bitmap): Promise<Bitmap> => {
  const soft = await blur(b, 4);
  const out = cloneBitmap(b);
  for (let i = 0; i < out.data.length; i += 4) {
    const screen = (a: number, c: number) => 255 - ((255 - a) * (255 - c)) / 255;
    out.data[i] = 0.55 * b.data[i]! + 0.45 * screen(b.data[i]!, soft.data[i]!) + 6;
    out.data[i + 1] = 0.55 * b.data[i + 1]! + 0.45 * screen(b.data[i + 1]!, soft.data[i + 1]!);
    out.data[i + 2] = 0.55 * b.data[i + 2]! + 0.45 * screen(b.data[i + 2]!, soft.data[i + 2]!) - 4;
  }
  return out;
};

export const applyFilter = async (b: Bitmap, name: FilterName): Promise<Bitmap> => {
  switch (name) {
    case 'grayscale':
      return grayscale(b);
    case 'sepia':
      return sepia(b);
    case 'posterize':
      return posterize(b, 4);
    case 'blur':
      return blur(b, 4);
    case 'sharpen':
      return sharpen(b);
    case 'emboss':
      return emboss(b);
    case 'invert':
      return invert(b);
    case 'vintage':
      return vintage(b);
    case 'makeup':
      return makeup(b);
  }
};

export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/**
 * Magic eraser: fills a rectangle (fractions of the image) by diffusion from its border
 * (Jacobi relaxation of Laplace's equation), coarse-to-fine so large holes fill smoothly.
 */
export const eraseRect = (b: Bitmap, rect: Rect): Bitmap => {
  const out = cloneBitmap(b);
  const x0 = Math.max(1, Math.floor(rect.x * b.width));
  const y0 = Math.max(1, Math.floor(rect.y * b.height));
  const x1 = Math.min(b.width - 2, Math.ceil((rect.x + rect.width) * b.width));
  const y1 = Math.min(b.height - 2, Math.ceil((rect.y + rect.height) * b.height));
  if (x1 < x0 || y1 < y0) return out;
  const w = x1 - x0 + 1;
  const h = y1 - y0 + 1;
  // Start from a bilinear blend of the four border rows/columns, then relax.
  for (let y = y0; y <= y1; y++)
    for (let x = x0; x <= x1; x++) {
      const u = (x - x0 + 1) / (w + 1);
      const v = (y - y0 + 1) / (h + 1);
      const o = (y * b.width + x) * 4;
      for (let c = 0; c < 3; c++) {
        const left = b.data[(y * b.width + x0 - 1) * 4 + c]!;
        const right = b.data[(y * b.width + x1 + 1) * 4 + c]!;
        const top = b.data[((y0 - 1) * b.width + x) * 4 + c]!;
        const bottom = b.data[((y1 + 1) * b.width + x) * 4 + c]!;
        out.data[o + c] = ((1 - u) * left + u * right + (1 - v) * top + v * bottom) / 2;
      }
    }
  const iterations = Math.min(200, Math.max(w, h));
  const buf = new Float32Array(out.data);
  for (let it = 0; it < iterations; it++)
    for (let y = y0; y <= y1; y++)
      for (let x = x0; x <= x1; x++) {
        const o = (y * b.width + x) * 4;
        for (let c = 0; c < 3; c++)
          buf[o + c] =
            (buf[o - 4 + c]! + buf[o + 4 + c]! + buf[o - b.width * 4 + c]! + buf[o + b.width * 4 + c]!) / 4;
      }
  for (let y = y0; y <= y1; y++)
    for (let x = x0; x <= x1; x++) {
      const o = (y * b.width + x) * 4;
      for (let c = 0; c < 3; c++) out.data[o + c] = buf[o + c]!;
    }
  return out;
};

const meanStd = (b: Bitmap, mask: Float32Array): { mean: number[]; std: number[] } => {
  const mean = [0, 0, 0];
  const sq = [0, 0, 0];
  let n = 0;
  for (let i = 0; i < mask.length; i++) {
    const m = mask[i]!;
    if (m <= 0.5) continue;
    n++;
    for (let c = 0; c < 3; c++) {
      const v = b.data[i * 4 + c]!;
      mean[c]! += v;
      sq[c]! += v * v;
    }
  }
  if (n === 0) return { mean: [128, 128, 128], std: [1, 1, 1] };
  const m = mean.map((s) => s / n);
  return { mean: m, std: sq.map((s, c) => Math.sqrt(Math.max(1, s / n - m[c]! * m[c]!))) };
};

/** A feathered ellipse mask centred at (cx, cy) with radii (rx, ry), in pixels. */
const ellipseMask = (
  width: number,
  height: number,
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  feather = 0.18,
): Float32Array => {
  const m = new Float32Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const d = Math.hypot((x - cx) / rx, (y - cy) / ry);
      m[y * width + x] = d <= 1 - feather ? 1 : d >= 1 ? 0 : (1 - d) / feather;
    }
  return m;
};

/** Whether a mask pixel says "erase here": painted (opaque) and light. */
const masked = (mask: Bitmap, o: number): boolean =>
  (mask.data[o + 3]! / 255) *
    (0.299 * mask.data[o]! + 0.587 * mask.data[o + 1]! + 0.114 * mask.data[o + 2]!) >
  127;

/**
 * The magic eraser over a painted mask (the mask at the image's size): every masked pixel is
 * filled from the unmasked pixels around it by a harmonic fill (each becomes the mean of its
 * four neighbours, repeated), started from the mean colour of the mask's border.
 */
export const eraseMask = (b: Bitmap, mask: Bitmap): Bitmap => {
  const out = cloneBitmap(b);
  const { width: w, height: h } = b;
  const holes: number[] = [];
  for (let i = 0; i < w * h; i++) if (masked(mask, i * 4)) holes.push(i);
  if (holes.length === 0 || holes.length === w * h) return out;
  const isHole = new Uint8Array(w * h);
  for (const i of holes) isHole[i] = 1;
  const sum: [number, number, number] = [0, 0, 0];
  let n = 0;
  for (const i of holes) {
    const x = i % w;
    const y = (i - x) / w;
    for (const [nx, ny] of [
      [x - 1, y],
      [x + 1, y],
      [x, y - 1],
      [x, y + 1],
    ] as const) {
      if (nx < 0 || ny < 0 || nx >= w || ny >= h || isHole[ny * w + nx]) continue;
      const o = (ny * w + nx) * 4;
      sum[0] += b.data[o]!;
      sum[1] += b.data[o + 1]!;
      sum[2] += b.data[o + 2]!;
      n += 1;
    }
  }
  const buf = new Float32Array(out.data);
  for (const i of holes) for (let c = 0; c < 3; c++) buf[i * 4 + c] = n > 0 ? sum[c]! / n : 0;
  const at = (x: number, y: number, c: number): number =>
    buf[(Math.min(h - 1, Math.max(0, y)) * w + Math.min(w - 1, Math.max(0, x))) * 4 + c]!;
  const iterations = Math.min(300, Math.max(40, Math.round(Math.sqrt(holes.length) * 2)));
  for (let it = 0; it < iterations; it++)
    for (const i of holes) {
      const x = i % w;
      const y = (i - x) / w;
      for (let c = 0; c < 3; c++)
        buf[i * 4 + c] = (at(x - 1, y, c) + at(x + 1, y, c) + at(x, y - 1, c) + at(x, y + 1, c)) / 4;
    }
  for (const i of holes) for (let c = 0; c < 3; c++) out.data[i * 4 + c] = buf[i * 4 + c]!;
  return out;
};

/**
 * Face swap, simulated: the central ellipse of `face` (where a portrait's face sits) is
 * colour-matched to the target's central ellipse (mean and spread per channel) and blended in
 * with a feathered mask.
 */
export const swapFace = async (target: Bitmap, face: Bitmap): Promise<Bitmap> => {
  const out = cloneBitmap(target);
  const rx = target.width * 0.2;
  const ry = target.height * 0.26;
  const cx = target.width / 2;
  const cy = target.height * 0.42;
  const scaled = await resize(face, target.width, target.height, 'linear');
  const mask = ellipseMask(target.width, target.height, cx, cy, rx, ry);
  const a = meanStd(target, mask);
  const f = meanStd(scaled, mask);
  for (let i = 0; i < mask.length; i++) {
    const m = mask[i]!;
    if (m <= 0) continue;
    for (let c = 0; c < 3; c++) {
      const matched = (scaled.data[i * 4 + c]! - f.mean[c]!) * (a.std[c]! / f.std[c]!) + a.mean[c]!;
      out.data[i * 4 + c] = matched * m + target.data[i * 4 + c]! * (1 - m);
    }
  }
  return out;
};

/** Outpainting: the image centred on a canvas of the target size, margins grown from its edges. */
export const expandCanvas = async (b: Bitmap, width: number, height: number): Promise<Bitmap> => {
  const ox = Math.floor((width - b.width) / 2);
  const oy = Math.floor((height - b.height) / 2);
  const grown = createBitmap(width, height);
  const px = new Float32Array(4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      // Mirror beyond the edges, then blur: a plausible continuation without seams.
      let sx = x - ox;
      let sy = y - oy;
      if (sx < 0) sx = -sx;
      if (sy < 0) sy = -sy;
      if (sx >= b.width) sx = 2 * b.width - sx - 2;
      if (sy >= b.height) sy = 2 * b.height - sy - 2;
      sampleBilinear(b, sx, sy, px);
      const o = (y * width + x) * 4;
      grown.data[o] = px[0]!;
      grown.data[o + 1] = px[1]!;
      grown.data[o + 2] = px[2]!;
      grown.data[o + 3] = 255;
    }
  const soft = await blur(grown, Math.max(2, Math.round(Math.max(width, height) / 60)));
  for (let y = 0; y < b.height; y++)
    for (let x = 0; x < b.width; x++) {
      const si = (y * b.width + x) * 4;
      const di = ((y + oy) * width + x + ox) * 4;
      for (let c = 0; c < 4; c++) soft.data[di + c] = b.data[si + c]!;
    }
  return soft;
};

/** Colourises by luminance through a gradient map from a dark to a light colour. */
export const colorize = (b: Bitmap, dark: readonly number[], light: readonly number[]): Bitmap =>
  mapPixels(b, (r, g, bl, o) => {
    const t = luminance(r, g, bl) / 255;
    const mid = [
      (dark[0]! + light[0]!) / 2 + 30,
      (dark[1]! + light[1]!) / 2 + 20,
      (dark[2]! + light[2]!) / 2,
    ];
    for (let c = 0; c < 3; c++)
      o[c] =
        t < 0.5
          ? dark[c]! + (mid[c]! - dark[c]!) * (t / 0.5)
          : mid[c]! + (light[c]! - mid[c]!) * ((t - 0.5) / 0.5);
  });

/** Draws the scribble's dark strokes into a rendered image (multiply), as edge guidance. */
export const applyScribble = async (rendered: Bitmap, scribble: Bitmap): Promise<Bitmap> => {
  const s = await resize(scribble, rendered.width, rendered.height, 'linear');
  const out = cloneBitmap(rendered);
  for (let i = 0; i < out.data.length; i += 4) {
    const ink = 1 - luminance(s.data[i]!, s.data[i + 1]!, s.data[i + 2]!) / 255;
    const k = 1 - (0.85 * Math.max(0, ink - 0.25)) / 0.75;
    for (let c = 0; c < 3; c++) out.data[i + c] = rendered.data[i + c]! * k;
  }
  return out;
};

/** Comic look: posterized colours with inked Sobel edges. */
export const comicInk = async (b: Bitmap): Promise<Bitmap> => {
  const flat = posterize(await blur(b, 1), 5);
  const e = edges(b);
  for (let i = 0; i < e.length; i++) {
    const k = e[i]! > 22 ? 0.1 : 1;
    for (let c = 0; c < 3; c++) flat.data[i * 4 + c] = flat.data[i * 4 + c]! * k;
  }
  return flat;
};

/** Blends `b` over `a` with weight `t` (same size). */
export const mix = (a: Bitmap, b: Bitmap, t: number): Bitmap => {
  const out = cloneBitmap(a);
  for (let i = 0; i < out.data.length; i += 4)
    for (let c = 0; c < 3; c++) out.data[i + c] = a.data[i + c]! * (1 - t) + b.data[i + c]! * t;
  return out;
};
