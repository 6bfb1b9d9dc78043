/**
 * The speech synthesiser of the simulated audio engine (./audio.ts): every character of the text
 * becomes a segment. Vowels, nasals and liquids are voiced through their own three formants over a
 * glottal source built from harmonics; fricatives are shaped noise, stops a closure and a burst;
 * digits and letters of other scripts (kana, CJK...) are spoken as syllables; spaces and
 * punctuation (CJK included) are pauses. The emotion (spec §9) sets the prosody: pitch, tempo,
 * loudness, the intonation contour across the phrase, tremolo and brightness; a question rises at
 * its end. The voice (or a timbre id) sets the base pitch.
 */
import type { AudioEmotion, Voice } from '../../infrastructure/contract/streaming';
import {
  SAMPLE_RATE,
  TWO_PI,
  semitones,
  normalise,
  VOWELS,
  resonance,
  periodTable,
  readTable,
  edge,
  toPcm16,
  type Formants,
} from './audio';
import { hashString, prng } from './random';

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
