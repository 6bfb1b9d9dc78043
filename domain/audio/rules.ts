/**
 * Audio rules of spec §3, §5 and §9: base64 chunk checks, the voice-creation form, the audio list
 * limit, the audio and song constants, and the download file name with its detected extension.
 */

// ---- stream chunks ------------------------------------------------------------------------

const BASE64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const BASE64_SHAPE = /^[A-Za-z0-9+/]*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Standard padded base64 (RFC 4648 §4), non-empty: what the SSE stream sends as audioData. */
export const isValidBase64 = (s: string): boolean =>
  s.length > 0 && s.length % 4 === 0 && BASE64_SHAPE.test(s);

/** Decodes standard base64; null when the text is not valid base64. */
export const decodeBase64 = (s: string): Uint8Array | null => {
  if (!isValidBase64(s)) return null;
  const padding = s.endsWith('==') ? 2 : s.endsWith('=') ? 1 : 0;
  const out = new Uint8Array((s.length / 4) * 3 - padding);
  let o = 0;
  for (let i = 0; i < s.length; i += 4) {
    const n =
      (BASE64_ALPHABET.indexOf(s.charAt(i)) << 18) |
      (BASE64_ALPHABET.indexOf(s.charAt(i + 1)) << 12) |
      (Math.max(0, BASE64_ALPHABET.indexOf(s.charAt(i + 2))) << 6) |
      Math.max(0, BASE64_ALPHABET.indexOf(s.charAt(i + 3)));
    for (const byte of [(n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff]) if (o < out.length) out[o++] = byte;
  }
  return out;
};

export const AUDIO_CHUNK_MALFORMED = 'errors.audioChunkMalformed';
export const AUDIO_CHUNK_OUT_OF_ORDER = 'errors.audioChunkOutOfOrder';

export type ChunkVerdict =
  { readonly kind: 'append' } | { readonly kind: 'reject'; readonly reasonKey: string };

/** A chunk is taken only when its index is exactly the next one and its data is valid base64. */
export const acceptChunk = (received: readonly string[], index: number, audioData: string): ChunkVerdict => {
  if (index !== received.length) return { kind: 'reject', reasonKey: AUDIO_CHUNK_OUT_OF_ORDER };
  if (!isValidBase64(audioData)) return { kind: 'reject', reasonKey: AUDIO_CHUNK_MALFORMED };
  return { kind: 'append' };
};

/** The stream's bytes: every chunk decoded and joined in order. */
export const joinChunks = (chunks: readonly string[]): Uint8Array => {
  const parts = chunks.map((c) => decodeBase64(c) ?? new Uint8Array(0));
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

// ---- voice creation form (spec §5) ---------------------------------------------------------

export interface VoiceAudio {
  readonly url: string;
  readonly name: string;
  readonly duration: number;
}

/** Spec §3 voice creation form, in domain names. */
export interface VoiceForm {
  readonly cover: string | null;
  readonly gender: string | null;
  readonly age: string | null;
  readonly langs: readonly string[];
  readonly tones: readonly string[];
  readonly name: string;
  readonly text: string;
  /** Optional. */
  readonly tag: readonly string[] | null;
  /** Optional. */
  readonly publishStatus: number | null;
  readonly audios: readonly VoiceAudio[];
}

export type VoiceFormField = 'cover' | 'gender' | 'age' | 'langs' | 'tones' | 'name' | 'text' | 'audios';

export interface VoiceFormError {
  readonly field: VoiceFormField;
  readonly messageKey: string;
}

export const VOICE_FIELD_REQUIRED = 'voiceForm.errors.required';
export const AUDIO_TEXT_ERROR = 'voiceForm.errors.audioText';

/**
 * Letters and marks of any script, digits, punctuation, symbols, spaces and line breaks. Control
 * and invisible format characters (zero-width joiners, direction marks) and private-use code points
 * are refused: the speech engine cannot read them and they hide text from the reviewer.
 */
const ALLOWED_TEXT = /^[\p{L}\p{M}\p{N}\p{P}\p{S}\p{Zs}\r\n\t]*$/u;

export const isAllowedVoiceText = (text: string): boolean => ALLOWED_TEXT.test(text);

/** Spec §5: required cover, gender, age, language, tone, name, text (allowed characters only) and an audio file. */
export const validateVoiceForm = (form: VoiceForm): readonly VoiceFormError[] => {
  const required = (field: VoiceFormField): VoiceFormError => ({ field, messageKey: VOICE_FIELD_REQUIRED });
  const errors: VoiceFormError[] = [];
  if (!form.cover) errors.push(required('cover'));
  if (!form.gender) errors.push(required('gender'));
  if (!form.age) errors.push(required('age'));
  if (form.langs.length === 0) errors.push(required('langs'));
  if (form.tones.length === 0) errors.push(required('tones'));
  if (form.name.trim() === '') errors.push(required('name'));
  if (form.text.trim() === '') errors.push(required('text'));
  else if (!isAllowedVoiceText(form.text)) errors.push({ field: 'text', messageKey: AUDIO_TEXT_ERROR });
  if (form.audios.length === 0) errors.push(required('audios'));
  return errors;
};

export const isVoiceFormValid = (form: VoiceForm): boolean => validateVoiceForm(form).length === 0;

/**
 * Spec §5: an audio list at the upload limit takes the new file in place of the first one. A limit
 * below 1 is read as 1 so the newest file is always kept.
 */
export const addAudio = <A>(list: readonly A[], file: A, limit: number): readonly A[] => {
  const max = Math.max(1, Math.floor(Number.isFinite(limit) ? limit : 1));
  if (list.length < max) return [...list, file];
  return [file, ...list.slice(1, max)];
};

// ---- constants (spec §9) -------------------------------------------------------------------

export const AUDIO_EMOTIONS = [
  'happy',
  'sad',
  'angry',
  'fearful',
  'disgusted',
  'surprised',
  'neutral',
] as const;
export type AudioEmotion = (typeof AUDIO_EMOTIONS)[number];

export const SONG_STYLE_CATEGORIES = {
  style: ['pop', 'rb', 'rock', 'disco', 'electronic', 'country', 'hiphop', 'latin', 'classical', 'game'],
  emotion: [
    'relaxed',
    'angry',
    'happy',
    'sad',
    'calm',
    'mysterious',
    'romantic',
    'passionate',
    'melancholy',
    'dark',
  ],
  voice: ['female', 'male'],
  instrument: ['piano', 'violin', 'electricGuitar', 'saxophone', 'accordion', 'handDrum', 'orchestra'],
} as const;
export type SongStyleCategory = keyof typeof SONG_STYLE_CATEGORIES;

export const AUDIO_LANGUAGE_COUNT = 23;
export const INSTRUMENTAL_PRESET_COUNT = 15;
export const VOCAL_PRESET_COUNT = 15;

// ---- download file name (spec §9) ----------------------------------------------------------

export type AudioFileType = 'aac' | 'mp3' | 'wav';

const startsWith = (bytes: readonly number[], prefix: readonly number[], at = 0): boolean =>
  prefix.every((b, i) => bytes[at + i] === b);

/**
 * The container from its magic bytes: RIFF....WAVE is wav; an ID3 tag or an MPEG audio frame sync
 * (11 set bits, layer bits not 00) is mp3; anything else, ADTS included, is aac, the default.
 */
export const detectAudioType = (bytes: readonly number[]): AudioFileType => {
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x41, 0x56, 0x45], 8))
    return 'wav';
  if (startsWith(bytes, [0x49, 0x44, 0x33])) return 'mp3';
  const b0 = bytes[0];
  const b1 = bytes[1];
  if (b0 === 0xff && b1 !== undefined && (b1 & 0xe0) === 0xe0 && (b1 & 0x06) !== 0) return 'mp3';
  return 'aac';
};

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/**
 * Spec §9 `AI_Audio_{date}_{time}.{ext}`: date YYYYMMDD and time HHmmss, both in UTC so the name
 * does not depend on the machine that builds it.
 */
export const audioFileName = (atEpochMs: number, bytes: readonly number[]): string => {
  const d = new Date(atEpochMs);
  const date = `${pad(d.getUTCFullYear(), 4)}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}`;
  const time = `${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`;
  return `AI_Audio_${date}_${time}.${detectAudioType(bytes)}`;
};
