/** 16-bit PCM WAV encoding and reading (the reading side is for tests and the voice route). */

export const WAV_HEADER_BYTES = 44;

/** Float samples in [-1, 1] to 16-bit PCM, clipped. */
export const toPcm16 = (samples: Float32Array): Int16Array => {
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    const v = Math.max(-1, Math.min(1, samples[i] as number));
    out[i] = Math.round(v < 0 ? v * 0x8000 : v * 0x7fff);
  }
  return out;
};

/** A mono 16-bit PCM RIFF/WAVE file. */
export const encodeWav = (pcm: Int16Array, sampleRate: number): Buffer => {
  const dataBytes = pcm.length * 2;
  const buf = Buffer.alloc(WAV_HEADER_BYTES + dataBytes);
  buf.write('RIFF', 0, 'ascii');
  buf.writeUInt32LE(36 + dataBytes, 4);
  buf.write('WAVE', 8, 'ascii');
  buf.write('fmt ', 12, 'ascii');
  buf.writeUInt32LE(16, 16); // fmt chunk size
  buf.writeUInt16LE(1, 20); // PCM
  buf.writeUInt16LE(1, 22); // mono
  buf.writeUInt32LE(sampleRate, 24);
  buf.writeUInt32LE(sampleRate * 2, 28); // byte rate
  buf.writeUInt16LE(2, 32); // block align
  buf.writeUInt16LE(16, 34); // bits per sample
  buf.write('data', 36, 'ascii');
  buf.writeUInt32LE(dataBytes, 40);
  for (let i = 0; i < pcm.length; i++) buf.writeInt16LE(pcm[i] as number, WAV_HEADER_BYTES + i * 2);
  return buf;
};

export interface WavInfo {
  readonly sampleRate: number;
  readonly channels: number;
  readonly bitsPerSample: number;
  readonly samples: number;
  readonly durationMs: number;
}

/** Reads the header of a canonical PCM WAV; null when the bytes are not one. */
export const readWav = (bytes: Uint8Array): WavInfo | null => {
  if (bytes.length < WAV_HEADER_BYTES) return null;
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (b.toString('ascii', 0, 4) !== 'RIFF' || b.toString('ascii', 8, 12) !== 'WAVE') return null;
  if (b.toString('ascii', 12, 16) !== 'fmt ' || b.readUInt16LE(20) !== 1) return null;
  if (b.toString('ascii', 36, 40) !== 'data') return null;
  const riffSize = b.readUInt32LE(4);
  const dataBytes = b.readUInt32LE(40);
  if (riffSize !== 36 + dataBytes || b.length !== WAV_HEADER_BYTES + dataBytes) return null;
  const channels = b.readUInt16LE(22);
  const sampleRate = b.readUInt32LE(24);
  const bitsPerSample = b.readUInt16LE(34);
  const samples = dataBytes / (channels * (bitsPerSample / 8));
  return { sampleRate, channels, bitsPerSample, samples, durationMs: Math.round((samples / sampleRate) * 1000) };
};
