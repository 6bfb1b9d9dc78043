/**
 * The simulated audio engine: one speech synthesiser, one song synthesiser and the sound effects,
 * deterministic per request and rendered at one sample rate. It serves every caller alike: the
 * creation tasks (server/creation/render.ts: text to speech, lip sync, text to music, vocal songs,
 * sound effects), the studio's SSE text-to-speech and song-preview streams and the chat reply
 * voice (server/studio/audioStream.ts, server/routes/studio.ts), so the same text with the same
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
import type {
  AudioEmotion,
  SongEmotion,
  SongInstrument,
  SongStyle,
  Voice,
} from '../../infrastructure/contract/streaming';
import { hashString, prng } from './random';

export const SAMPLE_RATE = 22_050;

const TWO_PI = Math.PI * 2;
const midiHz = (m: number): number => 440 * Math.pow(2, (m - 69) / 12);
const semitones = (n: number): number => Math.pow(2, n / 12);

const normalise = (buf: Float32Array, peak: number): Float32Array => {
  let max = 0;
  for (let i = 0; i < buf.length; i++) max = Math.max(max, Math.abs(buf[i]!));
  if (max > 0) {
    const g = peak / max;
    for (let i = 0; i < buf.length; i++) buf[i] = buf[i]! * g;
  }
  return buf;
};

// ---- formants ----------------------------------------------------------------------------------

type Formants = readonly [number, number, number];

/** Vowel formants (Hz): the classic averages of adult speakers. */
const VOWELS: Readonly<Record<string, Formants>> = {
  a: [730, 1090, 2440],
  e: [530, 1840, 2480],
  i: [270, 2290, 3010],
  o: [570, 840, 2410],
  u: [300, 870, 2240],
  y: [300, 2000, 2700],
};
const VOWEL_LIST: readonly Formants[] = Object.values(VOWELS);

/** Voiced consonants with a formant structure of their own (nasals, liquids, glides). */
const SONORANTS: Readonly<Record<string, Formants>> = {
  m: [280, 1000, 2200],
  n: [280, 1700, 2500],
  l: [360, 1300, 2700],
  r: [420, 1300, 1600],
  w: [300, 700, 2200],
};
/** Any other voiced consonant: a neutral murmur. */
const MURMUR: Formants = [300, 1200, 2500];

/** The gain of a harmonic at `f` Hz through three formant resonances. */
const resonance = (f: number, formants: Formants): number =>
  formants.reduce((sum, fc, i) => {
    const bw = 80 + i * 40;
    return sum + (1 / (1 + ((f - fc) / bw) ** 2)) * (i === 0 ? 1 : 0.7 / i);
  }, 0);

// ---- wavetables --------------------------------------------------------------------------------

const TABLE = 1024;

/** One period of a waveform from harmonic amplitudes (index 0 is the fundamental). */
const periodTable = (weights: readonly number[]): Float32Array => {
  const table = new Float32Array(TABLE + 1);
  for (let i = 0; i <= TABLE; i++) {
    let v = 0;
    for (let k = 0; k < weights.length; k++) v += weights[k]! * Math.sin((TWO_PI * (k + 1) * i) / TABLE);
    table[i] = v;
  }
  return table;
};

const readTable = (table: Float32Array, phase: number): number => {
  const x = phase * TABLE;
  const i = Math.floor(x);
  const f = x - i;
  return table[i]! * (1 - f) + table[i + 1]! * f;
};

/** A raised-cosine fade in and out of `fade` samples, so segments join without clicks. */
const edge = (i: number, length: number, fade: number): number => {
  const f = Math.min(fade, Math.floor(length / 2));
  if (f <= 0) return 1;
  if (i < f) return 0.5 - 0.5 * Math.cos((Math.PI * i) / f);
  if (i >= length - f) return 0.5 - 0.5 * Math.cos((Math.PI * (length - 1 - i)) / f);
  return 1;
};

// ---- speech ------------------------------------------------------------------------------------

interface Prosody {
  /** Multiplies the base pitch. */
  readonly pitch: number;
  /** Multiplies the speaking rate (segment durations are divided by it). */
  readonly tempo: number;
  readonly gain: number;
  /** Semitones the pitch moves across a phrase (positive rises). */
  readonly contour: number;
  /** Amplitude tremolo in Hz (0 for none). */
  readonly tremolo: number;
  /** Harmonic roll-off: higher is brighter. */
  readonly brightness: number;
}

export const PROSODY: Readonly<Record<AudioEmotion, Prosody>> = {
  neutral: { pitch: 1, tempo: 1, gain: 0.8, contour: -2, tremolo: 0, brightness: 1 },
  happy: { pitch: 1.18, tempo: 1.15, gain: 0.9, contour: 3, tremolo: 0, brightness: 1.2 },
  sad: { pitch: 0.84, tempo: 0.78, gain: 0.6, contour: -4, tremolo: 0, brightness: 0.7 },
  angry: { pitch: 1.06, tempo: 1.22, gain: 1, contour: -1, tremolo: 0, brightness: 1.6 },
  fearful: { pitch: 1.22, tempo: 1.1, gain: 0.7, contour: 1, tremolo: 7, brightness: 0.9 },
  disgusted: { pitch: 0.9, tempo: 0.9, gain: 0.75, contour: -3, tremolo: 0, brightness: 0.8 },
  surprised: { pitch: 1.26, tempo: 1.05, gain: 0.9, contour: 6, tremolo: 0, brightness: 1.3 },
};

type Segment =
  | { readonly kind: 'voiced'; readonly seconds: number; readonly formants: Formants; readonly level: number }
  | { readonly kind: 'noise'; readonly seconds: number; readonly bright: number; readonly level: number }
  | { readonly kind: 'silence'; readonly seconds: number };

const FRICATIVES = 'fhsxzcq';
const PLOSIVES = 'bdgkpt';
const SPEAKABLE = /[\p{L}\p{N}]/u;

/** True when the text has something to say (a letter or a digit). */
export const isSpeakable = (text: string): boolean => SPEAKABLE.test(text);

const segmentsOf = (text: string): Segment[] => {
  const out: Segment[] = [];
  for (const ch of text.toLowerCase()) {
    const vowel = VOWELS[ch];
    if (vowel) out.push({ kind: 'voiced', seconds: 0.11, formants: vowel, level: 1 });
    else if (/[a-z]/.test(ch)) {
      if (FRICATIVES.includes(ch))
        out.push({ kind: 'noise', seconds: 0.06, bright: ch === 's' || ch === 'z' ? 0.9 : 0.5, level: 0.35 });
      else if (PLOSIVES.includes(ch)) {
        out.push({ kind: 'silence', seconds: 0.02 });
        out.push({ kind: 'noise', seconds: 0.02, bright: 0.6, level: 0.5 });
      } else out.push({ kind: 'voiced', seconds: 0.06, formants: SONORANTS[ch] ?? MURMUR, level: 0.55 });
    } else if (/\p{N}/u.test(ch)) {
      out.push({ kind: 'noise', seconds: 0.02, bright: 0.5, level: 0.3 });
      out.push({
        kind: 'voiced',
        seconds: 0.14,
        formants: VOWEL_LIST[(ch.codePointAt(0) ?? 0) % VOWEL_LIST.length]!,
        level: 1,
      });
    } else if (/\p{L}/u.test(ch)) {
      // A syllable of a script without Latin vowels: a short onset and a vowel picked by code point.
      const cp = ch.codePointAt(0) ?? 0;
      out.push({ kind: 'voiced', seconds: 0.04, formants: MURMUR, level: 0.5 });
      out.push({ kind: 'voiced', seconds: 0.15, formants: VOWEL_LIST[cp % VOWEL_LIST.length]!, level: 1 });
    } else if (/[.!?。！？]/u.test(ch)) out.push({ kind: 'silence', seconds: 0.28 });
    else if (/[,;:、，；：]/u.test(ch)) out.push({ kind: 'silence', seconds: 0.15 });
    else out.push({ kind: 'silence', seconds: 0.05 });
  }
  return out;
};

export interface SpeechRequest {
  readonly text: string;
  /** The base voice (female by default). */
  readonly voice?: Voice | undefined;
  /** A voice of the studio's timbre library: picks the base pitch instead of `voice`. */
  readonly timbreId?: string | undefined;
  /** Neutral by default. */
  readonly emotion?: AudioEmotion | undefined;
  /** Cuts the speech at this length in seconds (creation tasks); the whole text by default. */
  readonly maxDurationS?: number | undefined;
}

export interface Speech {
  readonly samples: Float32Array;
  /** `samples.length / SAMPLE_RATE`. */
  readonly durationS: number;
}

/** The base pitch: a timbre id picks one between 100 and 260 Hz; otherwise the voice's. */
export const basePitch = (voice: Voice | undefined, timbreId: string | undefined): number =>
  timbreId !== undefined ? 100 + (hashString(`timbre:${timbreId}`) % 161) : voice === 'male' ? 120 : 210;

/** Speech for `text` at SAMPLE_RATE; deterministic for the same request. */
export const synthesizeSpeech = (req: SpeechRequest): Speech => {
  const prosody = PROSODY[req.emotion ?? 'neutral'];
  const f0Base = basePitch(req.voice, req.timbreId) * prosody.pitch;
  const rand = prng(
    hashString(`speech:${req.text}:${req.emotion ?? ''}:${req.voice ?? ''}:${req.timbreId ?? ''}`),
  );
  const segments = segmentsOf(req.text);
  const lengths = segments.map((s) => Math.max(1, Math.round((s.seconds / prosody.tempo) * SAMPLE_RATE)));
  // The contour runs over the whole text, so a cut keeps the prosody of what it keeps.
  const total = lengths.reduce((a, b) => a + b, 0);
  const kept =
    req.maxDurationS === undefined ? total : Math.min(total, Math.round(req.maxDurationS * SAMPLE_RATE));
  const out = new Float32Array(kept);
  const question = /[?？]\s*$/.test(req.text);
  const fade = Math.round(0.008 * SAMPLE_RATE);
  let phase = 0;
  let at = 0;
  let lowpass = 0;
  for (let s = 0; s < segments.length && at < kept; s++) {
    const seg = segments[s]!;
    const length = lengths[s]!;
    const end = Math.min(length, kept - at);
    const position = total > 1 ? at / total : 0;
    if (seg.kind === 'voiced') {
      const contour = prosody.contour + (question && position > 0.7 ? 5 : 0);
      const f0Start = f0Base * semitones(contour * (position - 0.5));
      const harmonics = Math.max(1, Math.floor(3800 / f0Start));
      const weights = Array.from(
        { length: harmonics },
        (_, k) => resonance((k + 1) * f0Start, seg.formants) / Math.pow(k + 1, 1 / prosody.brightness),
      );
      const table = normalise(periodTable(weights), 1);
      for (let i = 0; i < end; i++) {
        const t = (at + i) / SAMPLE_RATE;
        const vibrato = 1 + 0.006 * Math.sin(TWO_PI * 5.5 * t);
        const f0 = f0Start * semitones(contour * (i / total)) * vibrato;
        phase = (phase + f0 / SAMPLE_RATE) % 1;
        const tremolo = prosody.tremolo > 0 ? 0.75 + 0.25 * Math.sin(TWO_PI * prosody.tremolo * t) : 1;
        out[at + i] = readTable(table, phase) * seg.level * tremolo * prosody.gain * edge(i, length, fade);
      }
    } else if (seg.kind === 'noise') {
      for (let i = 0; i < end; i++) {
        const white = rand() * 2 - 1;
        lowpass += (white - lowpass) * (1 - seg.bright);
        const shaped = seg.bright * white + (1 - seg.bright) * lowpass;
        out[at + i] = shaped * seg.level * prosody.gain * edge(i, length, Math.round(fade / 2));
      }
    }
    at += length;
  }
  if (kept < total)
    for (let i = 0; i < Math.min(fade, kept); i++) out[kept - 1 - i] = out[kept - 1 - i]! * (i / fade);
  return { samples: normalise(out, 0.8 * prosody.gain), durationS: kept / SAMPLE_RATE };
};

/** Speech as 16-bit PCM (the stream and the chat reply voice). */
export const speechPcm = (req: SpeechRequest): Int16Array => toPcm16(synthesizeSpeech(req).samples);

// ---- songs -------------------------------------------------------------------------------------

type Drums = 'backbeat' | 'four' | 'hiphop' | 'latin' | 'chiptune' | 'none';

/** Progressions as scale degrees (0 = tonic) of the key's scale; tempo in beats per minute. */
export const STYLE_TABLE: Readonly<
  Record<SongStyle, { progression: readonly number[]; bpm: number; drums: Drums; root: number }>
> = {
  pop: { progression: [0, 4, 5, 3], bpm: 112, drums: 'backbeat', root: 60 },
  rb: { progression: [1, 4, 0, 5], bpm: 84, drums: 'hiphop', root: 58 },
  rock: { progression: [0, 3, 4, 3], bpm: 128, drums: 'backbeat', root: 57 },
  disco: { progression: [5, 1, 4, 0], bpm: 120, drums: 'four', root: 62 },
  electronic: { progression: [5, 3, 0, 4], bpm: 126, drums: 'four', root: 57 },
  country: { progression: [0, 3, 0, 4], bpm: 104, drums: 'backbeat', root: 55 },
  hiphop: { progression: [5, 5, 3, 4], bpm: 90, drums: 'hiphop', root: 56 },
  latin: { progression: [0, 3, 4, 0], bpm: 100, drums: 'latin', root: 59 },
  classical: { progression: [0, 3, 4, 0], bpm: 76, drums: 'none', root: 60 },
  game: { progression: [0, 5, 3, 4], bpm: 140, drums: 'chiptune', root: 64 },
};

export const EMOTION_TABLE: Readonly<
  Record<SongEmotion, { tempo: number; minor: boolean; brightness: number }>
> = {
  relaxed: { tempo: 0.85, minor: false, brightness: 0.7 },
  angry: { tempo: 1.2, minor: true, brightness: 1.3 },
  happy: { tempo: 1.1, minor: false, brightness: 1.1 },
  sad: { tempo: 0.75, minor: true, brightness: 0.6 },
  calm: { tempo: 0.8, minor: false, brightness: 0.6 },
  mysterious: { tempo: 0.9, minor: true, brightness: 0.8 },
  romantic: { tempo: 0.9, minor: false, brightness: 0.8 },
  passionate: { tempo: 1.1, minor: true, brightness: 1.2 },
  melancholy: { tempo: 0.8, minor: true, brightness: 0.7 },
  dark: { tempo: 0.85, minor: true, brightness: 0.9 },
};

interface Timbre {
  readonly harmonics: readonly number[];
  readonly attack: number;
  readonly decay: number;
  readonly sustain: number;
  readonly release: number;
  readonly vibrato: number;
  readonly detune: number;
  readonly drive: number;
}

const TIMBRES: Readonly<Record<SongInstrument, Timbre>> = {
  piano: {
    harmonics: [1, 0.5, 0.32, 0.2, 0.12, 0.06],
    attack: 0.004,
    decay: 0.5,
    sustain: 0.15,
    release: 0.25,
    vibrato: 0,
    detune: 0.0008,
    drive: 0,
  },
  violin: {
    harmonics: [1, 0.62, 0.48, 0.36, 0.27, 0.2, 0.15, 0.1],
    attack: 0.09,
    decay: 0.1,
    sustain: 0.85,
    release: 0.2,
    vibrato: 0.006,
    detune: 0,
    drive: 0,
  },
  electricGuitar: {
    harmonics: [1, 0.8, 0.62, 0.5, 0.4, 0.3, 0.2],
    attack: 0.006,
    decay: 0.35,
    sustain: 0.5,
    release: 0.15,
    vibrato: 0.002,
    detune: 0.002,
    drive: 2.2,
  },
  saxophone: {
    harmonics: [1, 0.72, 0.52, 0.6, 0.32, 0.26, 0.18],
    attack: 0.05,
    decay: 0.15,
    sustain: 0.8,
    release: 0.12,
    vibrato: 0.005,
    detune: 0,
    drive: 0.4,
  },
  accordion: {
    harmonics: [1, 0.55, 0.42, 0.3, 0.22],
    attack: 0.03,
    decay: 0.05,
    sustain: 0.9,
    release: 0.08,
    vibrato: 0,
    detune: 0.004,
    drive: 0,
  },
  handDrum: {
    harmonics: [1, 0.3, 0.1],
    attack: 0.002,
    decay: 0.18,
    sustain: 0,
    release: 0.05,
    vibrato: 0,
    detune: 0,
    drive: 0,
  },
  orchestra: {
    harmonics: [1, 0.5, 0.33, 0.25, 0.2, 0.16, 0.14, 0.12],
    attack: 0.25,
    decay: 0.2,
    sustain: 0.8,
    release: 0.4,
    vibrato: 0.004,
    detune: 0.003,
    drive: 0,
  },
};

const MAJOR = [0, 2, 4, 5, 7, 9, 11];
const MINOR = [0, 2, 3, 5, 7, 8, 10];

const envelope = (t: number, length: number, tb: Timbre): number => {
  if (t < 0) return 0;
  const a = tb.attack;
  const d = tb.decay;
  let level: number;
  if (t < a) level = t / a;
  else if (t < a + d) level = 1 - (1 - tb.sustain) * ((t - a) / d);
  else level = tb.sustain > 0 ? tb.sustain : Math.exp(-(t - a - d) * 4) * 0.15;
  if (t > length) level *= Math.max(0, 1 - (t - length) / tb.release);
  return level;
};

/**
 * Adds one note to `buf`: additive synthesis of the timbre's harmonics (those below Nyquist at the
 * top of the vibrato), read from one period table per spectrum, plus a detuned second voice.
 */
const addNote = (
  buf: Float32Array,
  start: number,
  length: number,
  hz: number,
  gain: number,
  tb: Timbre,
  brightness: number,
  tables: Map<string, Float32Array>,
): void => {
  const from = Math.max(0, Math.floor(start * SAMPLE_RATE));
  const to = Math.min(buf.length, Math.floor((start + length + tb.release) * SAMPLE_RATE));
  const highest = SAMPLE_RATE / 2 / ((1 + tb.vibrato) * (1 + tb.detune));
  const weights = tb.harmonics.map((h, k) =>
    hz * (k + 1) < highest ? h * Math.pow(brightness, k * 0.5) : 0,
  );
  const key = weights.join(',');
  let table = tables.get(key);
  if (!table) tables.set(key, (table = periodTable(weights)));
  const driveNorm = tb.drive > 0 ? Math.tanh(tb.drive) : 1;
  const step = hz / SAMPLE_RATE;
  let phase = 0;
  let detuned = 0;
  for (let i = from; i < to; i++) {
    const t = i / SAMPLE_RATE - start;
    const env = envelope(t, length, tb);
    const vib = tb.vibrato > 0 ? 1 + tb.vibrato * Math.sin(TWO_PI * 5.5 * t) : 1;
    phase = (phase + step * vib) % 1;
    let s = readTable(table, phase);
    if (tb.detune > 0) {
      detuned = (detuned + step * vib * (1 + tb.detune)) % 1;
      s += 0.5 * readTable(table, detuned);
    }
    if (env <= 0) continue;
    if (tb.drive > 0) s = Math.tanh(s * tb.drive) / driveNorm;
    buf[i]! += s * env * gain;
  }
};

const addKick = (buf: Float32Array, at: number, gain: number): void => {
  const from = Math.floor(at * SAMPLE_RATE);
  for (let i = from; i < Math.min(buf.length, from + SAMPLE_RATE * 0.3); i++) {
    const t = i / SAMPLE_RATE - at;
    const f = 45 + 90 * Math.exp(-t * 30);
    buf[i]! += Math.sin(TWO_PI * f * t) * Math.exp(-t * 9) * gain;
  }
};

const addNoise = (
  buf: Float32Array,
  at: number,
  length: number,
  gain: number,
  rand: () => number,
  highpass: boolean,
): void => {
  const from = Math.floor(at * SAMPLE_RATE);
  let prev = 0;
  for (let i = from; i < Math.min(buf.length, from + length * SAMPLE_RATE); i++) {
    const t = i / SAMPLE_RATE - at;
    const n = rand() * 2 - 1;
    const v = highpass ? n - prev : n;
    prev = n;
    buf[i]! += v * Math.exp(-t * (highpass ? 40 : 14)) * gain;
  }
};

const addSquare = (buf: Float32Array, start: number, length: number, hz: number, gain: number): void => {
  const from = Math.floor(start * SAMPLE_RATE);
  for (let i = from; i < Math.min(buf.length, from + length * SAMPLE_RATE); i++) {
    const t = i / SAMPLE_RATE - start;
    const env = Math.min(1, t / 0.005) * Math.max(0, 1 - t / (length + 0.01));
    buf[i]! += (Math.sin(TWO_PI * hz * t) >= 0 ? 1 : -1) * env * gain;
  }
};

/**
 * A sung vowel: the harmonics of a gliding f0 (up to 4.5 kHz), each weighted by the vowel's
 * formants at the note's middle pitch (the glide is a fraction of a semitone).
 */
const addSung = (
  buf: Float32Array,
  start: number,
  length: number,
  f0From: number,
  f0To: number,
  formants: Formants,
  gain: number,
): void => {
  const from = Math.max(0, Math.floor(start * SAMPLE_RATE));
  const n = Math.floor(length * SAMPLE_RATE);
  const mid = (f0From + f0To) / 2;
  const table = periodTable(
    Array.from(
      { length: Math.max(1, Math.floor(4500 / mid)) },
      (_, k) => resonance((k + 1) * mid, formants) / Math.sqrt(k + 1),
    ),
  );
  let phase = 0;
  for (let i = 0; i < n && from + i < buf.length; i++) {
    const t = i / n;
    phase = (phase + (f0From + (f0To - f0From) * t) / SAMPLE_RATE) % 1;
    const env = Math.min(1, t / 0.12) * Math.min(1, (1 - t) / 0.18);
    buf[from + i]! += readTable(table, phase) * env * gain;
  }
};

/** A preview (no duration asked) is this many bars and a short tail. */
export const PREVIEW_BARS = 4;
const PREVIEW_TAIL_S = 0.6;

/** Seconds of one 4/4 bar of `style` as `emotion` sets its tempo. */
export const barSeconds = (style: SongStyle, emotion: SongEmotion): number =>
  (4 * 60) / (STYLE_TABLE[style].bpm * EMOTION_TABLE[emotion].tempo);

export interface SongRequest {
  readonly style: SongStyle;
  readonly emotion: SongEmotion;
  readonly instrument: SongInstrument;
  /** A sung line on top in this voice (vocal songs); none by default. */
  readonly voice?: Voice | null | undefined;
  /** With the seed it picks the key and the melody: a task's prompt; empty for a preview. */
  readonly prompt?: string | undefined;
  readonly seed?: number | undefined;
  /** Length in seconds (a creation task); by default PREVIEW_BARS bars and a short tail. */
  readonly durationS?: number | undefined;
}

/** A song at SAMPLE_RATE; deterministic for the same request. */
export const synthesizeSong = (req: SongRequest): Float32Array => {
  const rand = prng(hashString(`${req.prompt ?? ''}\u0000${req.seed ?? 0}\u0000song`));
  const style = STYLE_TABLE[req.style];
  const mood = EMOTION_TABLE[req.emotion];
  const timbre = TIMBRES[req.instrument];
  const scale = mood.minor ? MINOR : MAJOR;
  const bar = barSeconds(req.style, req.emotion);
  const beat = bar / 4;
  const durationS = req.durationS ?? PREVIEW_BARS * bar + PREVIEW_TAIL_S;
  const bars = req.durationS === undefined ? PREVIEW_BARS : Math.ceil(durationS / bar - 1e-9);
  const buf = new Float32Array(Math.round(durationS * SAMPLE_RATE));
  const root = style.root + Math.floor(rand() * 5) - 2;
  const degree = (d: number, octave = 0) =>
    root + scale[((d % 7) + 7) % 7]! + 12 * (Math.floor(d / 7) + octave);
  const bass = { ...TIMBRES.piano, harmonics: [1, 0.35, 0.1], decay: 0.3, sustain: 0.6 };
  const pad = { ...TIMBRES.orchestra, attack: 0.35 };
  const sungVowels = ['a', 'o', 'e', 'u', 'i'];
  const tables = new Map<string, Float32Array>();
  let melodyDegree = 2;
  for (let b = 0; b < bars; b++) {
    const barStart = b * bar;
    const chord = style.progression[b % style.progression.length]!;
    const chordTones = [chord, chord + 2, chord + 4];
    // Bass on beats 1 and 3, an octave and a half down.
    for (const beatIndex of [0, 2])
      addNote(buf, barStart + beatIndex * beat, beat * 1.8, midiHz(degree(chord, -2)), 0.5, bass, 1, tables);
    // A soft pad of the chord for sustained styles and for the orchestra.
    if (
      req.style === 'classical' ||
      req.instrument === 'orchestra' ||
      req.emotion === 'calm' ||
      req.emotion === 'relaxed'
    )
      for (const tone of chordTones)
        addNote(buf, barStart, bar, midiHz(degree(tone, -1)), 0.12, pad, mood.brightness, tables);
    // Melody: eighth or quarter notes walking over chord tones and passing notes.
    const step =
      req.style === 'classical' || req.style === 'game' ? beat / 2 : rand() < 0.5 ? beat / 2 : beat;
    for (let t = 0; t < bar - 1e-6; t += step) {
      if (rand() < 0.15) continue;
      const onBeat = Math.abs(t / beat - Math.round(t / beat)) < 1e-6;
      const target = onBeat
        ? chordTones[Math.floor(rand() * 3)]! + 7
        : melodyDegree + (rand() < 0.5 ? 1 : -1);
      melodyDegree = Math.max(4, Math.min(14, target));
      const hz = midiHz(degree(melodyDegree));
      if (req.style === 'game') addSquare(buf, barStart + t, step * 0.9, hz, 0.18);
      else if (req.instrument === 'handDrum')
        addNote(buf, barStart + t, step * 0.5, hz / 4, 0.6, timbre, 1, tables);
      else addNote(buf, barStart + t, step * 0.95, hz, 0.35, timbre, mood.brightness, tables);
      if (req.voice && onBeat) {
        const f0 = hz / (req.voice === 'male' ? 4 : 2);
        const vowel = VOWELS[sungVowels[Math.floor(rand() * sungVowels.length)]!]!;
        addSung(buf, barStart + t, beat * 0.9, f0, f0 * 1.01, vowel, 0.22);
      }
    }
    // Drums by style.
    for (let k = 0; k < 8; k++) {
      const at = barStart + (k * beat) / 2;
      switch (style.drums) {
        case 'four':
          if (k % 2 === 0) addKick(buf, at, 0.7);
          if (k % 2 === 1) addNoise(buf, at, 0.08, 0.18, rand, true);
          if (k === 2 || k === 6) addNoise(buf, at, 0.18, 0.3, rand, false);
          break;
        case 'backbeat':
          if (k === 0 || k === 4 || (k === 5 && rand() < 0.5)) addKick(buf, at, 0.7);
          if (k === 2 || k === 6) addNoise(buf, at, 0.2, 0.38, rand, false);
          addNoise(buf, at, 0.05, 0.1, rand, true);
          break;
        case 'hiphop':
          if (k === 0 || k === 3 || k === 5) addKick(buf, at + (k % 2 ? beat * 0.08 : 0), 0.8);
          if (k === 2 || k === 6) addNoise(buf, at, 0.22, 0.4, rand, false);
          if (k % 2 === 1) addNoise(buf, at + beat * 0.08, 0.05, 0.1, rand, true);
          break;
        case 'latin':
          if ([0, 3, 6].includes(k)) addNote(buf, at, 0.1, 190, 0.35, TIMBRES.handDrum, 1, tables);
          if ([2, 5].includes(k)) addNote(buf, at, 0.1, 330, 0.3, TIMBRES.handDrum, 1, tables);
          if (k % 4 === 0) addKick(buf, at, 0.5);
          break;
        case 'chiptune':
          if (k % 4 === 0) addSquare(buf, at, 0.06, 80, 0.25);
          if (k % 4 === 2) addNoise(buf, at, 0.06, 0.25, rand, true);
          break;
        case 'none':
          break;
      }
    }
  }
  // Fade in and out to avoid clicks at the ends.
  const fade = Math.floor(0.05 * SAMPLE_RATE);
  for (let i = 0; i < fade && i < buf.length; i++) {
    buf[i]! *= i / fade;
    buf[buf.length - 1 - i]! *= i / fade;
  }
  return normalise(buf, 0.85);
};

/** A song as 16-bit PCM (the preview stream). */
export const songPcm = (req: SongRequest): Int16Array => toPcm16(synthesizeSong(req));

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
