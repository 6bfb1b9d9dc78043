/**
 * What an uploaded file is, read from its first bytes: image dimensions (PNG, JPEG, GIF, WebP)
 * and audio format (WAV with channels, rate and duration; MP3, AAC, FLAC, Ogg, M4A, WebM by
 * their signatures). An image or audio upload whose bytes are neither is refused at confirm.
 */

/** How much of a file's head the sniffers read (a JPEG's SOF may sit after a 64 KiB EXIF block). */
export const SNIFF_BYTES = 256 * 1024;

export interface ImageSize {
  readonly format: 'png' | 'jpeg' | 'gif' | 'webp';
  readonly width: number;
  readonly height: number;
}

const ascii = (b: Buffer, at: number, len: number): string =>
  b.length >= at + len ? b.toString('latin1', at, at + len) : '';

export const imageSize = (b: Buffer): ImageSize | null => {
  if (
    b.length >= 24 &&
    b.readUInt32BE(0) === 0x89504e47 &&
    b.readUInt32BE(4) === 0x0d0a1a0a &&
    ascii(b, 12, 4) === 'IHDR'
  )
    return positive({ format: 'png', width: b.readUInt32BE(16), height: b.readUInt32BE(20) });
  if (b.length >= 10 && (ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a'))
    return positive({ format: 'gif', width: b.readUInt16LE(6), height: b.readUInt16LE(8) });
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8) return jpegSize(b);
  if (ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 4) === 'WEBP') return webpSize(b);
  return null;
};

const positive = (s: ImageSize): ImageSize | null => (s.width > 0 && s.height > 0 ? s : null);

const jpegSize = (b: Buffer): ImageSize | null => {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1] ?? 0;
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      i += 2;
      continue;
    }
    const length = b.readUInt16BE(i + 2);
    const isSof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isSof)
      return positive({ format: 'jpeg', height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) });
    if (marker === 0xd9 || marker === 0xda) return null;
    i += 2 + length;
  }
  return null;
};

const webpSize = (b: Buffer): ImageSize | null => {
  const chunk = ascii(b, 12, 4);
  if (chunk === 'VP8 ' && b.length >= 30)
    return positive({
      format: 'webp',
      width: b.readUInt16LE(26) & 0x3fff,
      height: b.readUInt16LE(28) & 0x3fff,
    });
  if (chunk === 'VP8L' && b.length >= 25 && b[20] === 0x2f) {
    const b1 = b[22] ?? 0;
    const b2 = b[23] ?? 0;
    const b3 = b[24] ?? 0;
    const b0 = b[21] ?? 0;
    return positive({
      format: 'webp',
      width: 1 + (b0 | ((b1 & 0x3f) << 8)),
      height: 1 + ((b1 >> 6) | (b2 << 2) | ((b3 & 0x0f) << 10)),
    });
  }
  if (chunk === 'VP8X' && b.length >= 30)
    return positive({ format: 'webp', width: 1 + b.readUIntLE(24, 3), height: 1 + b.readUIntLE(27, 3) });
  return null;
};

export interface AudioSniff {
  readonly format: string;
  readonly duration: number | null;
  readonly sample_rate: number | null;
  readonly channels: number | null;
}

/** `totalSize` is the whole file's size (the head may be shorter), for a WAV whose data size is unset. */
export const audioInfo = (b: Buffer, totalSize: number): AudioSniff | null => {
  if (ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 4) === 'WAVE') return wavInfo(b, totalSize);
  const unknown = (format: string): AudioSniff => ({
    format,
    duration: null,
    sample_rate: null,
    channels: null,
  });
  if (ascii(b, 0, 3) === 'ID3') return unknown('mp3');
  if (ascii(b, 0, 4) === 'fLaC') return unknown('flac');
  if (ascii(b, 0, 4) === 'OggS') return unknown('ogg');
  if (ascii(b, 4, 4) === 'ftyp') return unknown('m4a');
  if (b.length >= 4 && b.readUInt32BE(0) === 0x1a45dfa3) return unknown('webm');
  if (b.length >= 2 && b[0] === 0xff && ((b[1] ?? 0) & 0xf6) === 0xf0) return unknown('aac');
  if (b.length >= 2 && b[0] === 0xff && ((b[1] ?? 0) & 0xe0) === 0xe0) return unknown('mp3');
  return null;
};

const wavInfo = (b: Buffer, totalSize: number): AudioSniff | null => {
  let i = 12;
  let channels: number | null = null;
  let rate: number | null = null;
  let byteRate: number | null = null;
  while (i + 8 <= b.length) {
    const id = ascii(b, i, 4);
    const size = b.readUInt32LE(i + 4);
    if (id === 'fmt ' && i + 24 <= b.length) {
      channels = b.readUInt16LE(i + 10);
      rate = b.readUInt32LE(i + 12);
      byteRate = b.readUInt32LE(i + 16);
    }
    if (id === 'data') {
      if (channels === null || rate === null || !byteRate) return null;
      const available = Math.max(0, totalSize - (i + 8));
      const dataSize = size === 0 || size === 0xffffffff || size > available ? available : size;
      return {
        format: 'wav',
        duration: Math.round((dataSize / byteRate) * 1000) / 1000,
        sample_rate: rate,
        channels,
      };
    }
    i += 8 + size + (size % 2);
  }
  return null;
};
