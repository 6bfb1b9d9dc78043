/**
 * The simulated audio engines, deterministic per prompt and seed, writing 16-bit PCM WAV:
 * - songs (spec §9 style, emotion, instrument, voice): a chord progression per style, tempo
 *   and mode (major/minor) by emotion, additive synthesis per instrument (harmonic spectra,
 *   ADSR envelopes, vibrato), a bass line, drums by style, and for vocal songs a sung line
 *   through vowel formants;
 * - speech (text to speech, spec §9 emotions): a glottal harmonic source shaped by vowel
 *   formants per letter, noise for fricatives, bursts for stops, a pitch contour by emotion;
 * - sound effects by keyword (rain, wind, laser, bell, explosion, whoosh).
 */
import { hashString, prng } from './random';

export const SAMPLE_RATE = 22050;

export const SONG_STYLES = ['pop', 'rb', 'rock', 'disco', 'electronic', 'country', 'hiphop', 'latin', 'classical', 'game'] as const;
export const SONG_EMOTIONS = ['relaxed', 'angry', 'happy', 'sad', 'calm', 'mysterious', 'romantic', 'passionate', 'melancholy', 'dark'] as const;
export const SONG_INSTRUMENTS = ['piano', 'violin', 'electricGuitar', 'saxophone', 'accordion', 'handDrum', 'orchestra'] as const;
export const VOICES = ['female', 'male'] as const;
export const SPEECH_EMOTIONS = ['happy', 'sad', 'angry', 'fearful', 'disgusted', 'surprised', 'neutral'] as const;

export type SongStyle = (typeof SONG_STYLES)[number];
export type SongEmotion = (typeof SONG_EMOTIONS)[number];
export type SongInstrument = (typeof SONG_INSTRUMENTS)[number];
export type Voice = (typeof VOICES)[number];
export type SpeechEmotion = (typeof SPEECH_EMOTIONS)[number];

type Drums = 'backbeat' | 'four' | 'hiphop' | 'latin' | 'chiptune' | 'none';

/** Progressions as scale degrees (0 = tonic) of the key's scale; tempo in beats per minute. */
export const STYLE_TABLE: Readonly<Record<SongStyle, { progression: readonly number[]; bpm: number; drums: Drums; root: number }>> = {
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

export const EMOTION_TABLE: Readonly<Record<SongEmotion, { tempo: number; minor: boolean; brightness: number }>> = {
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
  piano: { harmonics: [1, 0.5, 0.32, 0.2, 0.12, 0.06], attack: 0.004, decay: 0.5, sustain: 0.15, release: 0.25, vibrato: 0, detune: 0.0008, drive: 0 },
  violin: { harmonics: [1, 0.62, 0.48, 0.36, 0.27, 0.2, 0.15, 0.1], attack: 0.09, decay: 0.1, sustain: 0.85, release: 0.2, vibrato: 0.006, detune: 0, drive: 0 },
  electricGuitar: { harmonics: [1, 0.8, 0.62, 0.5, 0.4, 0.3, 0.2], attack: 0.006, decay: 0.35, sustain: 0.5, release: 0.15, vibrato: 0.002, detune: 0.002, drive: 2.2 },
  saxophone: { harmonics: [1, 0.72, 0.52, 0.6, 0.32, 0.26, 0.18], attack: 0.05, decay: 0.15, sustain: 0.8, release: 0.12, vibrato: 0.005, detune: 0, drive: 0.4 },
  accordion: { harmonics: [1, 0.55, 0.42, 0.3, 0.22], attack: 0.03, decay: 0.05, sustain: 0.9, release: 0.08, vibrato: 0, detune: 0.004, drive: 0 },
  handDrum: { harmonics: [1, 0.3, 0.1], attack: 0.002, decay: 0.18, sustain: 0, release: 0.05, vibrato: 0, detune: 0, drive: 0 },
  orchestra: { harmonics: [1, 0.5, 0.33, 0.25, 0.2, 0.16, 0.14, 0.12], attack: 0.25, decay: 0.2, sustain: 0.8, release: 0.4, vibrato: 0.004, detune: 0.003, drive: 0 },
};

const MAJOR = [0, 2, 4, 5, 7, 9, 11];
const MINOR = [0, 2, 3, 5, 7, 8, 10];
const midiHz = (m: number) => 440 * Math.pow(2, (m - 69) / 12);

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

/** Adds one note to `buf` (additive synthesis of the timbre's harmonics). */
const addNote = (buf: Float32Array, start: number, length: number, hz: number, gain: number, tb: Timbre, brightness: number): void => {
  const from = Math.max(0, Math.floor(start * SAMPLE_RATE));
  const to = Math.min(buf.length, Math.floor((start + length + tb.release) * SAMPLE_RATE));
  const nyquist = SAMPLE_RATE / 2;
  for (let i = from; i < to; i++) {
    const t = i / SAMPLE_RATE - start;
    const env = envelope(t, length, tb);
    if (env <= 0) continue;
    const vib = 1 + tb.vibrato * Math.sin(2 * Math.PI * 5.5 * t);
    let s = 0;
    for (let h = 0; h < tb.harmonics.length; h++) {
      const f = hz * (h + 1) * vib;
      if (f >= nyquist) break;
      const amp = tb.harmonics[h]! * Math.pow(brightness, h * 0.5);
      s += amp * Math.sin(2 * Math.PI * f * t);
      if (tb.detune > 0) s += amp * 0.5 * Math.sin(2 * Math.PI * f * (1 + tb.detune) * t);
    }
    if (tb.drive > 0) s = Math.tanh(s * tb.drive) / Math.tanh(tb.drive);
    buf[i]! += s * env * gain;
  }
};

const addKick = (buf: Float32Array, at: number, gain: number) => {
  const from = Math.floor(at * SAMPLE_RATE);
  for (let i = from; i < Math.min(buf.length, from + SAMPLE_RATE * 0.3); i++) {
    const t = i / SAMPLE_RATE - at;
    const f = 45 + 90 * Math.exp(-t * 30);
    buf[i]! += Math.sin(2 * Math.PI * f * t) * Math.exp(-t * 9) * gain;
  }
};

const addNoise = (buf: Float32Array, at: number, length: number, gain: number, rand: () => number, highpass: boolean) => {
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

const addSquare = (buf: Float32Array, start: number, length: number, hz: number, gain: number) => {
  const from = Math.floor(start * SAMPLE_RATE);
  for (let i = from; i < Math.min(buf.length, from + length * SAMPLE_RATE); i++) {
    const t = i / SAMPLE_RATE - start;
    const env = Math.min(1, t / 0.005) * Math.max(0, 1 - t / (length + 0.01));
    buf[i]! += (Math.sin(2 * Math.PI * hz * t) >= 0 ? 1 : -1) * env * gain;
  }
};

/** Vowel formants (Hz) and their relative gains. */
const VOWEL_FORMANTS: Readonly<Record<string, readonly [number, number, number]>> = {
  a: [800, 1200, 2500],
  e: [500, 1900, 2500],
  i: [300, 2300, 3000],
  o: [500, 900, 2400],
  u: [320, 800, 2300],
  y: [300, 2000, 2600],
  m: [280, 1000, 2200],
  n: [280, 1700, 2500],
  l: [360, 1300, 2700],
  r: [420, 1300, 1600],
  w: [300, 700, 2200],
};

const formantGain = (f: number, formants: readonly number[]): number => {
  let g = 0;
  for (let k = 0; k < formants.length; k++) {
    const bw = 80 + formants[k]! * 0.08;
    g += (1 / (1 + Math.pow((f - formants[k]!) / bw, 2))) * (k === 0 ? 1 : k === 1 ? 0.6 : 0.3);
  }
  return g;
};

/** A voiced segment: harmonics of a gliding f0 weighted by the vowel's formants. */
const addVoiced = (buf: Float32Array, start: number, length: number, f0From: number, f0To: number, vowel: string, gain: number) => {
  const formants = VOWEL_FORMANTS[vowel] ?? VOWEL_FORMANTS['a']!;
  const from = Math.max(0, Math.floor(start * SAMPLE_RATE));
  const n = Math.floor(length * SAMPLE_RATE);
  let phase = 0;
  const maxH = 40;
  const gains = new Float32Array(maxH);
  for (let i = 0; i < n && from + i < buf.length; i++) {
    const t = i / n;
    const f0 = f0From + (f0To - f0From) * t;
    if (i % 64 === 0) for (let h = 1; h <= maxH; h++) gains[h - 1] = h * f0 < 4500 ? formantGain(h * f0, formants) / Math.sqrt(h) : 0;
    phase += (2 * Math.PI * f0) / SAMPLE_RATE;
    let s = 0;
    for (let h = 1; h <= maxH; h++) {
      const g = gains[h - 1]!;
      if (g === 0) break;
      s += g * Math.sin(h * phase);
    }
    const env = Math.min(1, t / 0.12) * Math.min(1, (1 - t) / 0.18);
    buf[from + i]! += s * env * gain;
  }
};

const normalise = (buf: Float32Array, peak = 0.85): Float32Array => {
  let max = 0;
  for (const v of buf) max = Math.max(max, Math.abs(v));
  if (max > 0) for (let i = 0; i < buf.length; i++) buf[i] = (buf[i]! / max) * peak;
  return buf;
};

export interface SongRequest {
  readonly prompt: string;
  readonly seed: number;
  readonly style: SongStyle;
  readonly emotion: SongEmotion;
  readonly instrument: SongInstrument;
  /** A sung line on top (vocal songs). */
  readonly voice: Voice | null;
  readonly durationS: number;
}

export const synthesizeSong = (req: SongRequest): Float32Array => {
  const rand = prng(hashString(`${req.prompt}\u0000${req.seed}\u0000song`));
  const style = STYLE_TABLE[req.style];
  const mood = EMOTION_TABLE[req.emotion];
  const timbre = TIMBRES[req.instrument];
  const scale = mood.minor ? MINOR : MAJOR;
  const bpm = style.bpm * mood.tempo;
  const beat = 60 / bpm;
  const bar = beat * 4;
  const buf = new Float32Array(Math.round(req.durationS * SAMPLE_RATE));
  const root = style.root + Math.floor(rand() * 5) - 2;
  const degree = (d: number, octave = 0) => root + scale[((d % 7) + 7) % 7]! + 12 * (Math.floor(d / 7) + octave);
  const bass = { ...TIMBRES.piano, harmonics: [1, 0.35, 0.1], decay: 0.3, sustain: 0.6 };
  const pad = { ...TIMBRES.orchestra, attack: 0.35 };
  let melodyDegree = 2;
  for (let barStart = 0, b = 0; barStart < req.durationS; barStart += bar, b++) {
    const chord = style.progression[b % style.progression.length]!;
    const chordTones = [chord, chord + 2, chord + 4];
    // Bass on beats 1 and 3, an octave and a half down.
    for (const beatIndex of [0, 2]) addNote(buf, barStart + beatIndex * beat, beat * 1.8, midiHz(degree(chord, -2)), 0.5, bass, 1);
    // A soft pad of the chord for sustained styles and for the orchestra.
    if (req.style === 'classical' || req.instrument === 'orchestra' || req.emotion === 'calm' || req.emotion === 'relaxed')
      for (const tone of chordTones) addNote(buf, barStart, bar, midiHz(degree(tone, -1)), 0.12, pad, mood.brightness);
    // Melody: eighth or quarter notes walking over chord tones and passing notes.
    const step = req.style === 'classical' || req.style === 'game' ? beat / 2 : rand() < 0.5 ? beat / 2 : beat;
    for (let t = 0; t < bar - 1e-6; t += step) {
      if (rand() < 0.15) continue;
      const onBeat = Math.abs(t / beat - Math.round(t / beat)) < 1e-6;
      const target = onBeat ? chordTones[Math.floor(rand() * 3)]! + 7 : melodyDegree + (rand() < 0.5 ? 1 : -1);
      melodyDegree = Math.max(4, Math.min(14, target));
      const hz = midiHz(degree(melodyDegree));
      if (req.style === 'game') addSquare(buf, barStart + t, step * 0.9, hz, 0.18);
      else if (req.instrument === 'handDrum') addNote(buf, barStart + t, step * 0.5, hz / 4, 0.6, timbre, 1);
      else addNote(buf, barStart + t, step * 0.95, hz, 0.35, timbre, mood.brightness);
      if (req.voice !== null && onBeat) {
        const vowels = ['a', 'o', 'e', 'u', 'i'];
        const f0 = hz / (req.voice === 'male' ? 4 : 2);
        addVoiced(buf, barStart + t, beat * 0.9, f0, f0 * 1.01, vowels[Math.floor(rand() * vowels.length)]!, 0.22);
      }
    }
    // Drums by style.
    for (let k = 0; k < 8; k++) {
      const at = barStart + (k * beat) / 2;
      const beatNo = k / 2;
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
          if ([0, 3, 6].includes(k)) addNote(buf, at, 0.1, 190, 0.35, TIMBRES.handDrum, 1);
          if ([2, 5].includes(k)) addNote(buf, at, 0.1, 330, 0.3, TIMBRES.handDrum, 1);
          if (k % 4 === 0) addKick(buf, at, 0.5);
          break;
        case 'chiptune':
          if (k % 4 === 0) addSquare(buf, at, 0.06, 80, 0.25);
          if (k % 4 === 2) addNoise(buf, at, 0.06, 0.25, rand, true);
          break;
        case 'none':
          void beatNo;
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
  return normalise(buf);
};

const SPEECH_MOOD: Readonly<Record<SpeechEmotion, { pitch: number; rate: number; range: number }>> = {
  happy: { pitch: 1.15, rate: 1.1, range: 1.4 },
  sad: { pitch: 0.88, rate: 0.8, range: 0.6 },
  angry: { pitch: 1.05, rate: 1.15, range: 1.5 },
  fearful: { pitch: 1.2, rate: 1.2, range: 1.2 },
  disgusted: { pitch: 0.92, rate: 0.9, range: 0.9 },
  surprised: { pitch: 1.25, rate: 1.05, range: 1.8 },
  neutral: { pitch: 1, rate: 1, range: 1 },
};

export interface SpeechRequest {
  readonly text: string;
  readonly seed: number;
  readonly voice: Voice;
  readonly emotion: SpeechEmotion;
  readonly maxDurationS: number;
}

export interface Speech {
  readonly samples: Float32Array;
  readonly durationS: number;
}

export const synthesizeSpeech = (req: SpeechRequest): Speech => {
  const rand = prng(hashString(`${req.text}\u0000${req.seed}\u0000speech`));
  const mood = SPEECH_MOOD[req.emotion];
  const base = (req.voice === 'female' ? 205 : 118) * mood.pitch;
  const unit = 0.085 / mood.rate;
  const buf = new Float32Array(Math.round(req.maxDurationS * SAMPLE_RATE));
  const text = req.text.toLowerCase();
  let t = 0.08;
  const question = text.trim().endsWith('?');
  for (let i = 0; i < text.length && t < req.maxDurationS - 0.3; i++) {
    const ch = text[i]!;
    const progress = i / Math.max(1, text.length);
    const contour = question && progress > 0.75 ? 1 + (progress - 0.75) * 1.2 : 1 - 0.15 * progress;
    const f0 = base * contour * (1 + (rand() - 0.5) * 0.08 * mood.range);
    if ('aeiouy'.includes(ch)) {
      const len = unit * (1.6 + rand() * 0.6);
      addVoiced(buf, t, len, f0, f0 * (1 + (rand() - 0.5) * 0.06 * mood.range), ch, 0.5);
      t += len * 0.85;
    } else if ('mnlrw'.includes(ch)) {
      addVoiced(buf, t, unit, f0, f0, ch, 0.3);
      t += unit * 0.8;
    } else if ('sfhzvcx'.includes(ch) || ch === 'j') {
      addNoise(buf, t, unit * 1.1, 0.2, rand, true);
      t += unit;
    } else if ('ptkbdgq'.includes(ch)) {
      t += unit * 0.35;
      addNoise(buf, t, 0.03, 0.35, rand, false);
      t += unit * 0.4;
    } else if (ch === ' ') t += unit * 0.7;
    else if ('.,!?;:'.includes(ch)) t += unit * 3;
    else if (/\p{L}/u.test(ch)) {
      // Letters of other scripts: one syllable each.
      const vowel = 'aeiou'[hashString(ch) % 5]!;
      addVoiced(buf, t, unit * 2, f0, f0, vowel, 0.45);
      t += unit * 1.8;
    }
  }
  const durationS = Math.min(req.maxDurationS, Math.max(0.5, t + 0.2));
  return { samples: normalise(buf.subarray(0, Math.round(durationS * SAMPLE_RATE)).slice()), durationS };
};

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
        const cutoff = 0.02 + 0.05 * (1 + Math.sin(2 * Math.PI * 0.4 * t + seed));
        lp += cutoff * (noise - lp);
        buf[i] = lp * 3;
        break;
      }
      case 'laser': {
        const period = 0.25;
        const local = t % period;
        const f = 2400 * Math.exp(-local * 14) + 200;
        buf[i] = Math.sin(2 * Math.PI * f * local) * Math.exp(-local * 8);
        break;
      }
      case 'bell':
        buf[i] = [1, 2.76, 5.4, 8.93].reduce((s, k, j) => s + Math.sin(2 * Math.PI * 520 * k * t) * Math.exp(-t * (1.2 + j)) / (j + 1), 0);
        break;
      case 'explosion':
        lp += (0.15 * Math.exp(-t * 2) + 0.01) * (noise - lp);
        buf[i] = lp * 4 * Math.exp(-t * 1.5) + Math.sin(2 * Math.PI * 48 * t) * Math.exp(-t * 3) * 0.6;
        break;
      case 'whoosh': {
        const cutoff = 0.02 + 0.3 * Math.sin(Math.PI * u);
        lp += cutoff * (noise - lp);
        buf[i] = lp * Math.sin(Math.PI * u) * 2;
        break;
      }
    }
  }
  return normalise(buf);
};

/** A mono 16-bit PCM WAV file. */
export const encodeWav = (samples: Float32Array, sampleRate = SAMPLE_RATE): Buffer => {
  const data = Buffer.alloc(samples.length * 2);
  for (let i = 0; i < samples.length; i++) data.writeInt16LE(Math.max(-32768, Math.min(32767, Math.round(samples[i]! * 32767))), i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
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
