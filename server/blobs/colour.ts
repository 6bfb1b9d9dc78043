/**
 * The dominant colour of a picture (spec §9 colour extraction, `studio.extractPalette`: at most
 * 300 px sampled, 5 clusters, up to 20 iterations), painted where the picture will be before it
 * loads (issue 22). Decoding and the downsampling to the sampling grid run in sharp.
 */
import sharp from 'sharp';
import { studio } from '../../domain/index.js';

/** `#rrggbb` of the picture's largest colour cluster, or null when it cannot be read or has no opaque pixel. */
export const dominantColour = async (bytes: Uint8Array): Promise<string | null> => {
  try {
    const side = studio.PALETTE_SAMPLE_MAX_SIDE;
    const { data, info } = await sharp(bytes)
      .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return studio.extractPalette(data, info.width, info.height).colours[0]?.hex ?? null;
  } catch {
    return null;
  }
};
