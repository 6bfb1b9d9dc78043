/**
 * The simulated voice and music engine: deterministic formant speech and short song previews,
 * rendered as real 16-bit PCM. It stands where a neural TTS or music model would (the same request,
 * the same bytes), so the SSE stream, the player and the WAV checks run on real audio.
 *
 * Speech: every character of the text becomes a segment (vowels and non-Latin letters voiced with
 * vowel formants over a glottal pulse built from harmonics, consonants as shaped noise or short
 * voiced murmurs, spaces and punctuation as pauses). The emotion changes pitch, tempo, loudness,
 * the intonation contour, tremolo and brightness (spec §9 emotions).
 * Songs: style sets tempo and groove, emotion the scale and register, the instrument the timbre
 * (spec §9 song categories); a seeded melody over a four-chord progression with bass and drums.
 */
import type { AudioEmotion, SongEmotion, SongInstrument, SongStyle, Voice } from '../../infrastructure/contract/streaming';
import { hashString, prng } from '../engines/random';
import { toPcm16 } from './wav';

export const SAMPLE_RATE = 16_000;
const TABLE = 1024;
const TWO_PI = Math.PI * 2;

// ---- shared helpers ----------------------------------------------------------------------------

/** One period of a waveform from harmonic amplitudes (index 0 is the fundamental). */
const periodTable = (weights: readonly number[]): Float32Array => {
  const table = new Float32Array(TABLE + 1);
  for (let i = 0; i <= TABLE; i++) {
    let v = 0;
    for (let k = 0; k < weights.length; k++) v += (weights[k] as number) * Math.sin((TWO_PI * (k + 1) * i) / TABLE);
    table[i] = v;
  }
  let peak = 0;
  for (let i = 0; i <= TABLE; i++) peak = Math.max(peak, Math.abs(table[i] as number));
  if (peak > 0) for (let i = 0; i <= TABLE; i++) table[i] = (table[i] as number) / peak;
  return table;
};

const readTable = (table: Float32Array, phase: number): number => {
  const x = phase * TABLE;
  const i = Math.floor(x);
  const f = x - i;
  return (table[i] as number) * (1 - f) + (table[i + 1] as number) * f;
};

/** A raised-cosine fade in and out of `fade` samples, so segments join without clicks. */
const edge = (i: number, length: number, fade: number): number => {
  const f = Math.min(fade, Math.floor(length / 2));
  if (f <= 0) return 1;
  if (i < f) return 0.5 - 0.5 * Math.cos((Math.PI * i) / f);
  if (i >= length - f) return 0.5 - 0.5 * Math.cos((Math.PI * (length - 1 - i)) / f);
  return 1;
};

const normalise = (out: Float32Array, peakTarget: number): Float32Array => {
  let peak = 0;
  for (let i = 0; i < out.length; i++) peak = Math.max(peak, Math.abs(out[i] as number));
  if (peak > 0) {
    const g = peakTarget / peak;
    for (let i = 0; i < out.length; i++) out[i] = (out[i] as number) * g;
  }
  return out;
};

const semitones = (n: number): number => Math.pow(2, n / 12);

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

type Formants = readonly [number, number, number];

const VOWELS: Readonly<Record<string, Formants>> = {
  a: [730, 1090, 2440],
  e: [530, 1840, 2480],
  i: [270, 2290, 3010],
  o: [570, 840, 2410],
  u: [300, 870, 2240],
  y: [300, 2000, 2700],
};
const VOWEL_LIST: readonly Formants[] = Object.values(VOWELS);
const MURMUR: Formants = [300, 1200, 2500];

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
      if (FRICATIVES.includes(ch)) out.push({ kind: 'noise', seconds: 0.06, bright: ch === 's' || ch === 'z' ? 0.9 : 0.5, level: 0.35 });
      else if (PLOSIVES.includes(ch)) {
        out.push({ kind: 'silence', seconds: 0.02 });
        out.push({ kind: 'noise', seconds: 0.02, bright: 0.6, level: 0.5 });
      } else out.push({ kind: 'voiced', seconds: 0.06, formants: MURMUR, level: 0.55 });
    } else if (/\p{N}/u.test(ch)) {
      out.push({ kind: 'noise', seconds: 0.02, bright: 0.5, level: 0.3 });
      out.push({ kind: 'voiced', seconds: 0.14, formants: VOWEL_LIST[(ch.codePointAt(0) ?? 0) % VOWEL_LIST.length] as Formants, level: 1 });
    } else if (/\p{L}/u.test(ch)) {
      // A syllable of a script without Latin vowels: a short onset and a vowel picked by code point.
      const cp = ch.codePointAt(0) ?? 0;
      out.push({ kind: 'voiced', seconds: 0.04, formants: MURMUR, level: 0.5 });
      out.push({ kind: 'voiced', seconds: 0.15, formants: VOWEL_LIST[cp % VOWEL_LIST.length] as Formants, level: 1 });
    } else if (/[.!?。！？]/u.test(ch)) out.push({ kind: 'silence', seconds: 0.28 });
    else if (/[,;:、，；：]/u.test(ch)) out.push({ kind: 'silence', seconds: 0.15 });
    else out.push({ kind: 'silence', seconds: 0.05 });
  }
  return out;
};

const resonance = (f: number, formants: Formants): number =>
  formants.reduce((sum, fc, i) => {
    const bw = 80 + i * 40;
    return sum + (1 / (1 + ((f - fc) / bw) ** 2)) * (i === 0 ? 1 : 0.7 / i);
  }, 0);

export interface SpeechRequest {
  readonly text: string;
  readonly voice?: Voice | undefined;
  readonly timbreId?: string | undefined;
  readonly emotion?: AudioEmotion | undefined;
}

/** The base pitch: a timbre id picks one between 100 and 260 Hz; otherwise the voice's. */
export const basePitch = (voice: Voice | undefined, timbreId: string | undefined): number =>
  timbreId !== undefined ? 100 + (hashString(`timbre:${timbreId}`) % 161) : voice === 'male' ? 120 : 210;

/** Speech for `text` as float samples at SAMPLE_RATE; deterministic for the same request. */
export const synthesizeSpeech = (req: SpeechRequest): Float32Array => {
  const prosody = PROSODY[req.emotion ?? 'neutral'];
  const f0Base = basePitch(req.voice, req.timbreId) * prosody.pitch;
  const rand = prng(hashString(`speech:${req.text}:${req.emotion ?? ''}:${req.voice ?? ''}:${req.timbreId ?? ''}`));
  const segments = segmentsOf(req.text);
  const lengths = segments.map((s) => Math.max(1, Math.round((s.seconds / prosody.tempo) * SAMPLE_RATE)));
  const total = lengths.reduce((a, b) => a + b, 0);
  const out = new Float32Array(total);
  const question = /[?？]\s*$/.test(req.text);
  const fade = Math.round(0.008 * SAMPLE_RATE);
  let phase = 0;
  let at = 0;
  let lowpass = 0;
  for (let s = 0; s < segments.length; s++) {
    const seg = segments[s] as Segment;
    const length = lengths[s] as number;
    const position = total > 1 ? at / total : 0;
    if (seg.kind === 'voiced') {
      const contour = prosody.contour + (question && position > 0.7 ? 5 : 0);
      const f0Start = f0Base * semitones(contour * (position - 0.5));
      const harmonics = Math.max(1, Math.floor(3800 / f0Start));
      const weights = Array.from({ length: harmonics }, (_, k) => {
        const f = (k + 1) * f0Start;
        return resonance(f, seg.formants) / Math.pow(k + 1, 1 / prosody.brightness);
      });
      const table = periodTable(weights);
      for (let i = 0; i < length; i++) {
        const t = (at + i) / SAMPLE_RATE;
        const vibrato = 1 + 0.006 * Math.sin(TWO_PI * 5.5 * t);
        const f0 = f0Start * semitones(contour * (i / total)) * vibrato;
        phase = (phase + f0 / SAMPLE_RATE) % 1;
        const tremolo = prosody.tremolo > 0 ? 0.75 + 0.25 * Math.sin(TWO_PI * prosody.tremolo * t) : 1;
        out[at + i] = readTable(table, phase) * seg.level * tremolo * prosody.gain * edge(i, length, fade);
      }
    } else if (seg.kind === 'noise') {
      for (let i = 0; i < length; i++) {
        const white = rand() * 2 - 1;
        lowpass += (white - lowpass) * (1 - seg.bright);
        const shaped = seg.bright * white + (1 - seg.bright) * lowpass;
        out[at + i] = shaped * seg.level * prosody.gain * edge(i, length, Math.round(fade / 2));
      }
    }
    at += length;
  }
  return normalise(out, 0.8 * prosody.gain);
};

/** Speech as 16-bit PCM. */
export const speechPcm = (req: SpeechRequest): Int16Array => toPcm16(synthesizeSpeech(req));

// ---- songs -------------------------------------------------------------------------------------

const STYLE_TEMPO: Readonly<Record<SongStyle, number>> = {
  pop: 112,
  rb: 88,
  rock: 132,
  disco: 120,
  electronic: 126,
  country: 100,
  hiphop: 92,
  latin: 104,
  classical: 76,
  game: 144,
};

/** Styles with a drum kit; the others keep only the melody, the bass and the pad. */
const DRUMS: ReadonlySet<SongStyle> = new Set(['pop', 'rock', 'disco', 'electronic', 'hiphop', 'latin', 'game', 'rb']);

const SCALES = {
  major: [0, 2, 4, 5, 7, 9, 11],
  minor: [0, 2, 3, 5, 7, 8, 10],
  dorian: [0, 2, 3, 5, 7, 9, 10],
  phrygian: [0, 1, 3, 5, 7, 8, 10],
  pentatonic: [0, 2, 4, 7, 9, 12, 14],
} as const;

const EMOTION_MODE: Readonly<Record<SongEmotion, { scale: readonly number[]; root: number; minor: boolean }>> = {
  happy: { scale: SCALES.major, root: 60, minor: false },
  passionate: { scale: SCALES.major, root: 62, minor: false },
  romantic: { scale: SCALES.major, root: 57 + 3, minor: false },
  relaxed: { scale: SCALES.pentatonic, root: 60, minor: false },
  calm: { scale: SCALES.pentatonic, root: 55, minor: false },
  sad: { scale: SCALES.minor, root: 57, minor: true },
  melancholy: { scale: SCALES.minor, root: 55, minor: true },
  dark: { scale: SCALES.phrygian, root: 52, minor: true },
  mysterious: { scale: SCALES.dorian, root: 57, minor: true },
  angry: { scale: SCALES.phrygian, root: 57, minor: true },
};

interface Timbre {
  readonly weights: readonly number[];
  /** Seconds to full level. */
  readonly attack: number;
  /** Exponential decay rate per second while the note holds (0 sustains). */
  readonly decay: number;
  readonly vibrato: number;
  /** Soft clipping drive (0 for none). */
  readonly drive: number;
  readonly detune: number;
}

const harmonicSeries = (n: number, f: (k: number) => number): number[] => Array.from({ length: n }, (_, i) => f(i + 1));

const TIMBRES: Readonly<Record<SongInstrument, Timbre>> = {
  piano: { weights: harmonicSeries(10, (k) => 1 / Math.pow(k, 1.5)), attack: 0.005, decay: 3, vibrato: 0, drive: 0, detune: 0 },
  violin: { weights: harmonicSeries(14, (k) => 1 / k), attack: 0.08, decay: 0, vibrato: 0.012, drive: 0, detune: 0 },
  electricGuitar: { weights: harmonicSeries(12, (k) => 1 / k), attack: 0.004, decay: 1.2, vibrato: 0.004, drive: 3, detune: 0 },
  saxophone: { weights: harmonicSeries(12, (k) => (k % 2 === 1 ? 1 / k : 0.5 / k)), attack: 0.04, decay: 0.2, vibrato: 0.008, drive: 0.8, detune: 0 },
  accordion: { weights: harmonicSeries(9, (k) => (k % 2 === 1 ? 1 / k : 0.15 / k)), attack: 0.03, decay: 0, vibrato: 0, drive: 0, detune: 0.004 },
  handDrum: { weights: [1, 0.3, 0.1], attack: 0.002, decay: 9, vibrato: 0, drive: 0, detune: 0 },
  orchestra: { weights: harmonicSeries(16, (k) => 1 / Math.pow(k, 1.1)), attack: 0.12, decay: 0, vibrato: 0.008, drive: 0, detune: 0.003 },
};

const midiToHz = (m: number): number => 440 * Math.pow(2, (m - 69) / 12);

export interface SongRequest {
  readonly style: SongStyle;
  readonly emotion: SongEmotion;
  readonly instrument: SongInstrument;
  readonly voice?: Voice | undefined;
  readonly seed?: number | undefined;
}

interface Note {
  readonly start: number;
  readonly length: number;
  readonly hz: number;
  readonly level: number;
}

const renderNotes = (out: Float32Array, notes: readonly Note[], timbre: Timbre): void => {
  const table = periodTable(timbre.weights);
  const fade = Math.round(0.004 * SAMPLE_RATE);
  const attackSamples = Math.max(1, Math.round(timbre.attack * SAMPLE_RATE));
  // Per-sample factors of the exponential envelopes, so the loop multiplies instead of calling exp.
  const decayStep = Math.exp(-timbre.decay / SAMPLE_RATE);
  const percussive = timbre.decay > 6;
  const dropStep = Math.exp(-30 / SAMPLE_RATE);
  const driveNorm = timbre.drive > 0 ? Math.tanh(1 + timbre.drive) : 1;
  const vibratoStep = (TWO_PI * 5.2) / SAMPLE_RATE;
  const voices = timbre.detune > 0 ? [1 - timbre.detune, 1 + timbre.detune] : [1];
  for (const note of notes) {
    for (const ratio of voices) {
      let phase = 0;
      let decay = 1;
      let drop = 0.5;
      const base = (note.hz * ratio) / SAMPLE_RATE;
      const length = Math.min(note.length, out.length - note.start);
      for (let i = 0; i < length; i++) {
        const vib = timbre.vibrato > 0 ? 1 + timbre.vibrato * Math.sin(vibratoStep * i) : 1;
        const pitchDrop = percussive ? 1 + drop : 1;
        phase = (phase + base * vib * pitchDrop) % 1;
        const attack = i < attackSamples ? i / attackSamples : 1;
        let v = readTable(table, phase) * attack * decay * edge(i, note.length, fade);
        if (timbre.drive > 0) v = Math.tanh(v * (1 + timbre.drive)) / driveNorm;
        out[note.start + i] = (out[note.start + i] as number) + (v * note.level) / voices.length;
        decay *= decayStep;
        drop *= dropStep;
      }
    }
  }
};

const renderDrums = (out: Float32Array, beatSamples: number, beats: number, style: SongStyle, rand: () => number): void => {
  const addHit = (at: number, seconds: number, f: (t: number) => number) => {
    const n = Math.round(seconds * SAMPLE_RATE);
    for (let i = 0; i < n && at + i < out.length; i++) out[at + i] = (out[at + i] as number) + f(i / SAMPLE_RATE);
  };
  const kick = (t: number) => 0.9 * Math.sin(TWO_PI * (50 + 90 * Math.exp(-t * 40)) * t) * Math.exp(-t * 18);
  const snare = (t: number) => 0.35 * (rand() * 2 - 1) * Math.exp(-t * 25) + 0.2 * Math.sin(TWO_PI * 190 * t) * Math.exp(-t * 30);
  const hat = (t: number) => 0.12 * (rand() * 2 - 1) * Math.exp(-t * 90);
  const fourOnFloor = style === 'disco' || style === 'electronic';
  for (let b = 0; b < beats; b++) {
    const at = b * beatSamples;
    if (fourOnFloor || b % 2 === 0) addHit(at, 0.25, kick);
    if (b % 2 === 1) addHit(at, 0.2, snare);
    addHit(at, 0.06, hat);
    addHit(at + Math.floor(beatSamples / 2), 0.06, hat);
  }
};

/** A four-bar preview as float samples at SAMPLE_RATE; deterministic for the same request. */
export const synthesizeSong = (req: SongRequest): Float32Array => {
  const rand = prng(hashString(`song:${req.style}:${req.emotion}:${req.instrument}:${req.voice ?? ''}:${req.seed ?? 0}`));
  const bpm = STYLE_TEMPO[req.style];
  const beatSamples = Math.round((60 / bpm) * SAMPLE_RATE);
  const bars = 4;
  const beats = bars * 4;
  const out = new Float32Array(beats * beatSamples + Math.round(0.6 * SAMPLE_RATE));
  const mode = EMOTION_MODE[req.emotion];
  const scale = mode.scale;
  const degree = (d: number): number => {
    const octave = Math.floor(d / scale.length);
    const idx = ((d % scale.length) + scale.length) % scale.length;
    return mode.root + 12 * octave + (scale[idx] as number);
  };
  // I-V-vi-IV in major, i-VI-III-VII in minor: the chord roots as scale degrees.
  const progression = mode.minor ? [0, 5, 2, 6] : [0, 4, 5, 3];
  const melody: Note[] = [];
  const bass: Note[] = [];
  const pad: Note[] = [];
  let step = 0;
  for (let bar = 0; bar < bars; bar++) {
    const root = progression[bar] as number;
    const barStart = bar * 4 * beatSamples;
    bass.push({ start: barStart, length: 4 * beatSamples, hz: midiToHz(degree(root) - 24), level: 0.45 });
    for (const third of [0, 2, 4]) pad.push({ start: barStart, length: 4 * beatSamples, hz: midiToHz(degree(root + third) - 12), level: 0.12 });
    for (let eighth = 0; eighth < 8; eighth++) {
      const strong = eighth % 2 === 0;
      if (!strong && rand() < 0.35) continue; // rests make the line breathe
      const chordTone = [0, 2, 4][Math.floor(rand() * 3)] ?? 0;
      const target = strong && eighth % 4 === 0 ? root + chordTone : step + Math.round((rand() - 0.5) * 4);
      step = Math.max(-3, Math.min(9, target));
      const length = Math.round(beatSamples / 2) * (strong && rand() < 0.3 ? 2 : 1);
      melody.push({ start: barStart + eighth * Math.round(beatSamples / 2), length, hz: midiToHz(degree(step)), level: strong ? 0.7 : 0.55 });
    }
  }
  const timbre = TIMBRES[req.instrument];
  renderNotes(out, melody, timbre);
  renderNotes(out, bass, TIMBRES.piano);
  if (req.instrument !== 'handDrum') renderNotes(out, pad, TIMBRES.orchestra);
  if (DRUMS.has(req.style) || req.instrument === 'handDrum') renderDrums(out, beatSamples, beats, req.style, rand);
  if (req.voice) {
    // A wordless vocal line ("ah") an octave apart by voice, on the melody's strong notes.
    const vocal = melody
      .filter((_, i) => i % 2 === 0)
      .map((n) => ({ ...n, hz: n.hz * (req.voice === 'male' ? 0.5 : 1), level: 0.4 }));
    const f0 = req.voice === 'male' ? 130 : 260;
    const weights = Array.from({ length: Math.floor(3800 / f0) }, (_, k) => resonance((k + 1) * f0, VOWELS['a'] as Formants) / (k + 1));
    renderNotes(out, vocal, { weights, attack: 0.05, decay: 0.5, vibrato: 0.01, drive: 0, detune: 0 });
  }
  return normalise(out, 0.85);
};

export const songPcm = (req: SongRequest): Int16Array => toPcm16(synthesizeSong(req));
