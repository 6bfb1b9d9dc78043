/**
 * The simulated audio engine: one speech synthesiser (./speech.ts), one song synthesiser (./song.ts)
 * and the sound effects (here), with what they share (here: the sample rate, formants,
 * wavetables, PCM and WAV),
 * deterministic per request and rendered at one sample rate. It serves every caller alike: the
 * creation tasks (server/tasks/render.ts: text to speech, lip sync, text to music, vocal songs,
 * sound effects), the studio's SSE text-to-speech and song-preview streams and the chat reply
 * voice (server/audio/audioStream.ts, server/audio/routes.ts), so the same text with the same
 * voice and emotion sounds the same wherever it is spoken. It stands where a neural TTS or music
 * model would (the same request, the same bytes).
 *
 * - Speech (spec §9 emotions): every character of the text becomes a segment. Vowels, nasals and
 *   liquids are voiced through their own three formants over a glottal source built from
 *   harmonics; fricatives are shaped noise, stops a closure and a burst; digits and letters of
 *   other scripts (kana, CJK...) are spoken as syllables; spaces and punctuation (CJK included) are
 *   pauses. The emotion sets the prosody: pitch, tempo, loudness, the intonation contour across the
 *   phrase, tremolo and brightness; a question rises at its end. The voice (or a timbre id) sets
 *   the base pitch.
 * - Songs (spec §9 style, emotion, instrument, voice): a chord progression, tempo, root and drum
 *   pattern per style; tempo factor, mode (major/minor) and brightness per emotion; additive
 *   synthesis per instrument (harmonic spectra, ADSR envelopes, vibrato, detune, drive); a bass
 *   line, a pad for sustained moods, and for vocal songs a sung line through vowel formants.
 * - Sound effects by keyword (rain, wind, laser, bell, explosion, whoosh).
 *
 * Samples are floats in [-1, 1]; `toPcm16` and `encodeWav` make 16-bit PCM and mono WAV files.
 * The style, emotion, instrument and voice enumerations are the contract's (which the contract
 * tests hold equal to the domain's spec §9 constants); the tables here are keyed by them.
 */
import { hashString, prng } from './random';

export const SAMPLE_RATE = 22_050;

export const TWO_PI = Math.PI * 2;
export const midiHz = (m: number): number => 440 * Math.pow(2, (m - 69) / 12);
export const semitones = (n: number): number => Math.pow(2, n / 12);

export const normalise = (buf: Float32Array, peak: number): Float32Array => {
  let max = 0;
  for (let i = 0; i < buf.length; i++) max = Math.max(max, Math.abs(buf[i]!));
  if (max > 0) {
    const g = peak / max;
    for (let i = 0; i < buf.length; i++) buf[i] = buf[i]! * g;
  }
  return buf;
};

// ---- formants ----------------------------------------------------------------------------------

export type Formants = readonly [number, number, number];

/** Vowel formants (Hz): the classic averages of adult speakers. */
export const VOWELS: Readonly<Record<string, Formants>> = {
  a: [730, 1090, 2440],
  e: [530, 1840, 2480],
  i: [270, 2290, 3010],
  o: [570, 840, 2410],
  u: [300, 870, 2240],
  y: [300, 2000, 2700],
};
/** The gain of a harmonic at `f` Hz through three formant resonances. */
export const resonance = (f: number, formants: Formants): number =>
  formants.reduce((sum, fc, i) => {
    const bw = 80 + i * 40;
    return sum + (1 / (1 + ((f - fc) / bw) ** 2)) * (i === 0 ? 1 : 0.7 / i);
  }, 0);

// ---- wavetables --------------------------------------------------------------------------------

const TABLE = 1024;

/** One period of a waveform from harmonic amplitudes (index 0 is the fundamental). */
export const periodTable = (weights: readonly number[]): Float32Array => {
  const table = new Float32Array(TABLE + 1);
  for (let i = 0; i <= TABLE; i++) {
    let v = 0;
    for (let k = 0; k < weights.length; k++) v += weights[k]! * Math.sin((TWO_PI * (k + 1) * i) / TABLE);
    table[i] = v;
  }
  return table;
};

export const readTable = (table: Float32Array, phase: number): number => {
  const x = phase * TABLE;
  const i = Math.floor(x);
  const f = x - i;
  return table[i]! * (1 - f) + table[i + 1]! * f;
};

/** A raised-cosine fade in and out of `fade` samples, so segments join without clicks. */
export const edge = (i: number, length: number, fade: number): number => {
  const f = Math.min(fade, Math.floor(length / 2));
  if (f <= 0) return 1;
  if (i < f) return 0.5 - 0.5 * Math.cos((Math.PI * i) / f);
  if (i >= length - f) return 0.5 - 0.5 * Math.cos((Math.PI * (length - 1 - i)) / f);
  return 1;
};

// ---- sound effects -----------------------------------------------------------------------------

export const SFX_KINDS = ['rain', 'wind', 'laser', 'bell', 'explosion', 'whoosh'] as const;
export type SfxKind = (typeof SFX_KINDS)[number];

export const sfxKindOf = (prompt: string): SfxKind => {
  const p = prompt.toLowerCase();
  if (/rain|water|storm/.test(p)) return 'rain';
  if (/wind|breeze|air/.test(p)) return 'wind';
  if (/laser|zap|sci-?fi|beam/.test(p)) return 'laser';
  if (/bell|chime|ding/.test(p)) return 'bell';
  if (/explo|boom|blast|thunder/.test(p)) return 'explosion';
  return 'whoosh';
};

export const synthesizeSfx = (prompt: string, seed: number, durationS: number): Float32Array => {
  const rand = prng(hashString(`${prompt}\u0000${seed}\u0000sfx`));
  const kind = sfxKindOf(prompt);
  const n = Math.round(durationS * SAMPLE_RATE);
  const buf = new Float32Array(n);
  let lp = 0;
  for (let i = 0; i < n; i++) {
    const t = i / SAMPLE_RATE;
    const u = t / durationS;
    const noise = rand() * 2 - 1;
    switch (kind) {
      case 'rain':
        lp += 0.5 * (noise - lp);
        buf[i] = lp * 0.4 + (rand() < 0.002 ? (rand() - 0.5) * 1.5 : 0);
        break;
      case 'wind': {
        const cutoff = 0.02 + 0.05 * (1 + Math.sin(TWO_PI * 0.4 * t + seed));
        lp += cutoff * (noise - lp);
        buf[i] = lp * 3;
        break;
      }
      case 'laser': {
        const period = 0.25;
        const local = t % period;
        const f = 2400 * Math.exp(-local * 14) + 200;
        buf[i] = Math.sin(TWO_PI * f * local) * Math.exp(-local * 8);
        break;
      }
      case 'bell':
        buf[i] = [1, 2.76, 5.4, 8.93].reduce(
          (s, k, j) => s + (Math.sin(TWO_PI * 520 * k * t) * Math.exp(-t * (1.2 + j))) / (j + 1),
          0,
        );
        break;
      case 'explosion':
        lp += (0.15 * Math.exp(-t * 2) + 0.01) * (noise - lp);
        buf[i] = lp * 4 * Math.exp(-t * 1.5) + Math.sin(TWO_PI * 48 * t) * Math.exp(-t * 3) * 0.6;
        break;
      case 'whoosh': {
        const cutoff = 0.02 + 0.3 * Math.sin(Math.PI * u);
        lp += cutoff * (noise - lp);
        buf[i] = lp * Math.sin(Math.PI * u) * 2;
        break;
      }
    }
  }
  return normalise(buf, 0.85);
};

// ---- PCM and WAV -------------------------------------------------------------------------------

export const WAV_HEADER_BYTES = 44;

/** Float samples in [-1, 1] to 16-bit PCM, clipped. */
export const toPcm16 = (samples: Float32Array): Int16Array => {
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    const v = Math.max(-1, Math.min(1, samples[i]!));
    out[i] = Math.round(v < 0 ? v * 0x8000 : v * 0x7fff);
  }
  return out;
};

/** A mono 16-bit PCM RIFF/WAVE file of float samples or of PCM. */
export const encodeWav = (samples: Float32Array | Int16Array, sampleRate = SAMPLE_RATE): Buffer => {
  const pcm = samples instanceof Int16Array ? samples : toPcm16(samples);
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
  for (let i = 0; i < pcm.length; i++) buf.writeInt16LE(pcm[i]!, WAV_HEADER_BYTES + i * 2);
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
  return {
    sampleRate,
    channels,
    bitsPerSample,
    samples,
    durationMs: Math.round((samples / sampleRate) * 1000),
  };
};

/** Loudness per frame (0..1), for the lip-sync mouth. */
export const loudnessPerFrame = (samples: Float32Array, frames: number, frameS: number): number[] => {
  const out: number[] = [];
  const hop = Math.round(frameS * SAMPLE_RATE);
  let max = 1e-9;
  for (let f = 0; f < frames; f++) {
    let s = 0;
    const from = f * hop;
    for (let i = from; i < Math.min(samples.length, from + hop); i++) s += samples[i]! * samples[i]!;
    const rms = Math.sqrt(s / hop);
    out.push(rms);
    max = Math.max(max, rms);
  }
  return out.map((v) => Math.min(1, v / max));
};
