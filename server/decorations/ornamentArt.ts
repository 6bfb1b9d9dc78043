/**
 * Preview art of the seeded decorations: real, small PNGs with a transparent middle, drawn so
 * that they read as what they are: an avatar box is a jewelled ring that sits around a round
 * avatar; a production box is a frame with corner pieces that sits around a work's cover.
 * Deterministic per (kind, hue, seed), so a re-seed produces the same bytes.
 */
import { PNG } from 'pngjs';
import { prng } from '../engines/random';

export interface OrnamentArt {
  readonly png: Buffer;
  readonly width: number;
  readonly height: number;
}

const hsl = (h: number, s: number, l: number): [number, number, number] => {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [f(0) * 255, f(8) * 255, f(4) * 255];
};

const put = (png: PNG, x: number, y: number, rgb: readonly number[], alpha: number) => {
  const i = (y * png.width + x) * 4;
  png.data[i] = Math.max(0, Math.min(255, rgb[0] ?? 0));
  png.data[i + 1] = Math.max(0, Math.min(255, rgb[1] ?? 0));
  png.data[i + 2] = Math.max(0, Math.min(255, rgb[2] ?? 0));
  png.data[i + 3] = Math.max(0, Math.min(255, Math.round(alpha * 255)));
};

/** A ring around a circular avatar: a hue sweep along the band, a bright rim and gems. */
export const renderAvatarBox = (hue: number, seed: number, size = 192): OrnamentArt => {
  const rand = prng(seed);
  const png = new PNG({ width: size, height: size });
  const c = size / 2;
  const outer = size * 0.48;
  const inner = size * 0.36;
  const gemCount = 4 + Math.floor(rand() * 5);
  const gems = Array.from({ length: gemCount }, (_, i) => {
    const angle = (i / gemCount) * Math.PI * 2 + rand() * 0.2;
    const r = (outer + inner) / 2;
    return {
      x: c + Math.cos(angle) * r,
      y: c + Math.sin(angle) * r,
      radius: size * (0.035 + rand() * 0.025),
      hue: (hue + 180 + rand() * 60) % 360,
    };
  });
  const sweep = 40 + rand() * 80;
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const dx = x + 0.5 - c;
      const dy = y + 0.5 - c;
      const d = Math.hypot(dx, dy);
      let rgb: [number, number, number] = [0, 0, 0];
      let alpha = 0;
      if (d >= inner - 1 && d <= outer + 1) {
        const angle = (Math.atan2(dy, dx) + Math.PI) / (2 * Math.PI);
        const band = (d - inner) / (outer - inner);
        const light = 0.35 + 0.3 * Math.sin(band * Math.PI) + 0.1 * Math.sin(angle * Math.PI * 8);
        rgb = hsl((hue + Math.sin(angle * Math.PI) * sweep) % 360, 0.75, Math.min(0.85, light));
        alpha = Math.min(1, Math.min(d - (inner - 1), outer + 1 - d));
      }
      for (const g of gems) {
        const gd = Math.hypot(x + 0.5 - g.x, y + 0.5 - g.y);
        if (gd <= g.radius) {
          const shine = 1 - gd / g.radius;
          rgb = hsl(g.hue, 0.9, 0.45 + 0.45 * shine);
          alpha = 1;
        }
      }
      put(png, x, y, rgb, alpha);
    }
  return { png: PNG.sync.write(png), width: size, height: size };
};

/**
 * A frame around a work's cover: a banded border with a pattern and four corner pieces. Drawn at
 * 288 × 384 with soft edges on the corner pieces, which stay within 52 px of each edge: the client
 * draws it nine-sliced at that slice (src/ui/CoverFrame.module.css), so it frames a whole artwork on
 * its detail page and the square's small covers, of any shape, without stretching its corners.
 */
export const renderProductionBox = (hue: number, seed: number, width = 288, height = 384): OrnamentArt => {
  const rand = prng(seed);
  const png = new PNG({ width, height });
  const border = Math.round(Math.min(width, height) * 0.08);
  const corner = border * 2.2;
  const stripes = 4 + Math.floor(rand() * 8);
  const accent = (hue + 150 + rand() * 60) % 360;
  // The stripes keep their width relative to the frame whatever size it is drawn at.
  const scale = Math.min(width, height) / 192;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const edge = Math.min(x, y, width - 1 - x, height - 1 - y);
      // The middle is clear: nothing to draw there.
      const reach = border + corner / 2 + 1;
      const byCorner = Math.min(x, width - 1 - x) <= reach && Math.min(y, height - 1 - y) <= reach;
      if (edge >= border && !byCorner) {
        put(png, x, y, [0, 0, 0], 0);
        continue;
      }
      const nearCorner = Math.min(
        Math.hypot(x - border, y - border),
        Math.hypot(width - 1 - x - border, y - border),
        Math.hypot(x - border, height - 1 - y - border),
        Math.hypot(width - 1 - x - border, height - 1 - y - border),
      );
      let rgb: [number, number, number] = [0, 0, 0];
      let alpha = 0;
      if (edge < border) {
        const along = (x + y) / (stripes * scale);
        const band = edge / border;
        const light = 0.3 + 0.35 * Math.sin(band * Math.PI) + 0.08 * Math.sign(Math.sin(along));
        rgb = hsl(hue, 0.7, light);
        alpha = 1;
      }
      if (nearCorner < corner / 2 + 1) {
        // A corner piece over the band, its rim one pixel soft.
        const shine = Math.max(0, 1 - nearCorner / (corner / 2));
        const piece = Math.min(1, corner / 2 + 1 - nearCorner);
        const top = hsl(accent, 0.85, 0.35 + 0.45 * shine);
        const under = alpha;
        const out = piece + under * (1 - piece);
        rgb = [0, 1, 2].map((k) => (top[k]! * piece + rgb[k]! * under * (1 - piece)) / out) as [
          number,
          number,
          number,
        ];
        alpha = out;
      }
      put(png, x, y, rgb, alpha);
    }
  return { png: PNG.sync.write(png), width, height };
};
