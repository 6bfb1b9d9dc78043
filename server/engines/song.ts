/**
 * The song synthesiser of the simulated audio engine (./audio.ts), spec §9 style, emotion,
 * instrument and voice: a chord progression, tempo, root and drum pattern per style; tempo factor,
 * mode (major/minor) and brightness per emotion; additive synthesis per instrument (harmonic
 * spectra, ADSR envelopes, vibrato, detune, drive); a bass line, a pad for sustained moods, and for
 * vocal songs a sung line through vowel formants.
 */
import type { SongEmotion, SongInstrument, SongStyle, Voice } from '../../infrastructure/contract/streaming';
import {
  SAMPLE_RATE,
  TWO_PI,
  midiHz,
  normalise,
  VOWELS,
  resonance,
  periodTable,
  readTable,
  toPcm16,
  type Formants,
} from './audio';
import { hashString, prng } from './random';

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
