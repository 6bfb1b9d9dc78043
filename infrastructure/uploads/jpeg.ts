/**
 * Spec §5 "the EXIF segment is stripped", at the byte level, for JPEGs small enough to need no
 * re-encoding (re-encoding through a canvas drops EXIF by itself).
 *
 * A JPEG is SOI (FF D8), then marker segments `FF xx` with a big-endian length that counts
 * itself, up to SOS (FF DA), after which entropy-coded data runs to EOI. APP1 (FF E1) holds
 * EXIF (camera, time, GPS position) or XMP; both are dropped, every other segment and all
 * bytes from SOS on are copied unchanged. The EXIF orientation is read on the way: a photo
 * whose pixels are stored rotated needs a re-encode instead, or it would show on its side.
 */

export type JpegStrip =
  | { readonly kind: 'notJpeg' }
  /** The header segments do not parse (truncated, bad lengths): nothing can be dropped safely. */
  | { readonly kind: 'malformed' }
  | {
      readonly kind: 'stripped';
      readonly bytes: Uint8Array;
      /** APP1 segments dropped (0 when there was nothing to strip; `bytes` is then the input). */
      readonly removedSegments: number;
      /** EXIF orientation 1..8, or null when there was none. */
      readonly orientation: number | null;
    };

const APP1 = 0xe1;
const SOS = 0xda;
const EOI = 0xd9;

const isStandalone = (marker: number): boolean => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);

/** Reads the orientation tag (0x0112) of IFD0 from an APP1 payload, or null. */
export const exifOrientation = (payload: Uint8Array): number | null => {
  const header = [0x45, 0x78, 0x69, 0x66, 0x00, 0x00]; // "Exif\0\0"
  if (payload.length < 14 || header.some((b, i) => payload[i] !== b)) return null;
  const tiff = 6;
  const order = String.fromCharCode(payload[tiff] ?? 0, payload[tiff + 1] ?? 0);
  if (order !== 'II' && order !== 'MM') return null;
  const little = order === 'II';
  const u16 = (at: number): number | null => {
    if (at < 0 || at + 2 > payload.length) return null;
    const a = payload[at] ?? 0;
    const b = payload[at + 1] ?? 0;
    return little ? a | (b << 8) : (a << 8) | b;
  };
  const u32 = (at: number): number | null => {
    const hi = u16(little ? at + 2 : at);
    const lo = u16(little ? at : at + 2);
    return hi === null || lo === null ? null : hi * 0x10000 + lo;
  };
  if (u16(tiff + 2) !== 0x2a) return null;
  const ifd = u32(tiff + 4);
  if (ifd === null) return null;
  const count = u16(tiff + ifd);
  if (count === null) return null;
  for (let i = 0; i < count; i++) {
    const entry = tiff + ifd + 2 + i * 12;
    const tag = u16(entry);
    if (tag === null) return null;
    if (tag !== 0x0112) continue;
    const value = u16(entry + 8);
    return value !== null && value >= 1 && value <= 8 ? value : null;
  }
  return null;
};

export const stripJpegMetadata = (input: Uint8Array): JpegStrip => {
  if (input.length < 4 || input[0] !== 0xff || input[1] !== 0xd8) return { kind: 'notJpeg' };
  const kept: Uint8Array[] = [input.subarray(0, 2)];
  let removed = 0;
  let orientation: number | null = null;
  let i = 2;
  for (;;) {
    if (i >= input.length) return { kind: 'malformed' };
    if (input[i] !== 0xff) return { kind: 'malformed' };
    // Fill bytes: any number of FF may precede a marker.
    let m = i + 1;
    while (m < input.length && input[m] === 0xff) m++;
    if (m >= input.length) return { kind: 'malformed' };
    const marker = input[m] ?? 0;
    if (marker === 0x00) return { kind: 'malformed' };
    if (marker === EOI) {
      kept.push(input.subarray(i));
      break;
    }
    if (isStandalone(marker)) {
      kept.push(input.subarray(i, m + 1));
      i = m + 1;
      continue;
    }
    if (m + 2 >= input.length) return { kind: 'malformed' };
    const length = ((input[m + 1] ?? 0) << 8) | (input[m + 2] ?? 0);
    const end = m + 1 + length;
    if (length < 2 || end > input.length) return { kind: 'malformed' };
    if (marker === SOS) {
      kept.push(input.subarray(i));
      break;
    }
    if (marker === APP1) {
      orientation ??= exifOrientation(input.subarray(m + 3, end));
      removed += 1;
    } else {
      kept.push(input.subarray(i, end));
    }
    i = end;
  }
  if (removed === 0) return { kind: 'stripped', bytes: input, removedSegments: 0, orientation };
  const total = kept.reduce((n, part) => n + part.length, 0);
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const part of kept) {
    bytes.set(part, at);
    at += part.length;
  }
  return { kind: 'stripped', bytes, removedSegments: removed, orientation };
};

/** A JPEG by its declared MIME type (the bytes are checked again by `stripJpegMetadata`). */
export const isJpeg = (mime: string): boolean => /^image\/(jpeg|jpg|pjpeg)$/i.test(mime.trim());
