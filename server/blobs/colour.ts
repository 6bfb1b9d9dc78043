/**
 * The dominant colour of a picture (spec §9 colour extraction, `format.extractPalette`: at most
 * 300 pixels sampled, 5 clusters, up to 20 iterations), painted where the picture will be before
 * it loads (issue 22). Decoding and shrinking run in sharp (its own threads); the clustering of
 * 300 samples is a few thousand steps, so the event loop hardly notices it.
 */
import sharp from 'sharp';
import { format } from '../../domain/index.js';

/** The side the picture is shrunk to before sampling: 4096 pixels, of which 300 are sampled. */
const SAMPLE_SIDE = 64;

const hex = (v: number): string => Math.round(v).toString(16).padStart(2, '0');

/** `#rrggbb` of the picture's largest colour cluster, or null when it cannot be read or has no opaque pixel. */
export const dominantColour = async (bytes: Uint8Array): Promise<string | null> => {
  try {
    const { data, info } = await sharp(bytes)
      .resize({ width: SAMPLE_SIDE, height: SAMPLE_SIDE, fit: 'inside', withoutEnlargement: true })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const top = format.extractPalette(new Uint8ClampedArray(data), info.width, info.height)[0];
    return top ? `#${hex(top.r)}${hex(top.g)}${hex(top.b)}` : null;
  } catch {
    return null;
  }
};
