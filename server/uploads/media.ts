/**
 * What an uploaded audio file is, read from its first bytes: its format (WAV with channels, rate
 * and duration; MP3, AAC, FLAC, Ogg, M4A, WebM by their signatures). An audio upload whose bytes
 * are none of these is refused at confirm. (Images are read by sharp: server/engines/bitmap.ts.)
 */

/** How much of a file's head the sniffer reads. */
export const SNIFF_BYTES = 256 * 1024;

const ascii = (b: Buffer, at: number, len: number): string =>
  b.length >= at + len ? b.toString('latin1', at, at + len) : '';

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
