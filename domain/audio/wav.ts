/**
 * Reading the streamed WAV as it arrives (spec §4 audio stream; the contract: the joined chunks
 * are one WAV file, the first chunk starting with its RIFF header): the header's format, the
 * samples of each chunk as floats for playback, and one waveform bar per chunk (its peak).
 */

export interface WavFormat {
  readonly sampleRate: number;
  readonly channels: number;
  readonly bitsPerSample: number;
  /** Where the `data` chunk's samples begin in the file. */
  readonly dataOffset: number;
}

const u32 = (b: Uint8Array, at: number): number =>
  ((b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16)) >>> 0) + b[at + 3]! * 0x1000000;
const u16 = (b: Uint8Array, at: number): number => b[at]! | (b[at + 1]! << 8);
const tagAt = (b: Uint8Array, at: number, tag: string): boolean =>
  [...tag].every((c, i) => b[at + i] === c.charCodeAt(0));

/**
 * The format of a RIFF/WAVE file from its first bytes: 16-bit integer PCM only (what the engines
 * write); null when the bytes are not such a file or its `data` chunk has not arrived yet.
 */
export const parseWavHeader = (bytes: Uint8Array): WavFormat | null => {
  if (bytes.length < 12 || !tagAt(bytes, 0, 'RIFF') || !tagAt(bytes, 8, 'WAVE')) return null;
  let at = 12;
  let format: Omit<WavFormat, 'dataOffset'> | null = null;
  while (at + 8 <= bytes.length) {
    const size = u32(bytes, at + 4);
    if (tagAt(bytes, at, 'fmt ')) {
      if (at + 8 + 16 > bytes.length) return null;
      const audioFormat = u16(bytes, at + 8);
      const channels = u16(bytes, at + 10);
      const sampleRate = u32(bytes, at + 12);
      const bitsPerSample = u16(bytes, at + 22);
      if (audioFormat !== 1 || bitsPerSample !== 16 || channels < 1 || sampleRate < 1) return null;
      format = { sampleRate, channels, bitsPerSample };
    } else if (tagAt(bytes, at, 'data')) {
      return format === null ? null : { ...format, dataOffset: at + 8 };
    }
    at += 8 + size + (size % 2);
  }
  return null;
};

/**
 * The samples of one piece of the data (little-endian signed 16-bit, channels interleaved), the
 * channels averaged, as floats in [-1, 1). A trailing odd byte is ignored.
 */
export const pcm16ToFloats = (bytes: Uint8Array, channels = 1): Float32Array => {
  const frameBytes = 2 * Math.max(1, channels);
  const frames = Math.floor(bytes.length / frameBytes);
  const out = new Float32Array(frames);
  for (let f = 0; f < frames; f++) {
    let sum = 0;
    for (let c = 0; c < channels; c++) {
      const at = f * frameBytes + c * 2;
      const v = bytes[at]! | (bytes[at + 1]! << 8);
      sum += (v >= 0x8000 ? v - 0x10000 : v) / 0x8000;
    }
    out[f] = sum / Math.max(1, channels);
  }
  return out;
};

/** The peak of some samples: the largest absolute value, 0 for none. */
export const peakOf = (samples: ArrayLike<number>): number => {
  let peak = 0;
  for (let i = 0; i < samples.length; i++) {
    const v = Math.abs(samples[i]!);
    if (v > peak) peak = v;
  }
  return Math.min(1, peak);
};

/**
 * One waveform bar per chunk: the peak of its samples. The first chunk's header bytes are skipped
 * (`dataOffset` of the file's format); `byteOffset` is where the chunk sits in the file, so a
 * chunk starting on an odd byte keeps the sample alignment.
 */
export const chunkPeak = (chunk: Uint8Array, byteOffset: number, format: WavFormat): number => {
  const skip = Math.max(0, format.dataOffset - byteOffset);
  if (skip >= chunk.length) return 0;
  const misaligned = (byteOffset + skip - format.dataOffset) % 2;
  return peakOf(pcm16ToFloats(chunk.subarray(skip + misaligned), format.channels));
};

/** Squeezes bars into at most `count` by the maximum of each group (for a narrow waveform). */
export const downsamplePeaks = (peaks: readonly number[], count: number): readonly number[] => {
  const n = Math.max(1, Math.floor(count));
  if (peaks.length <= n) return peaks;
  return Array.from({ length: n }, (_, i) => {
    const from = Math.floor((i * peaks.length) / n);
    const to = Math.floor(((i + 1) * peaks.length) / n);
    return Math.max(0, ...peaks.slice(from, Math.max(to, from + 1)));
  });
};
