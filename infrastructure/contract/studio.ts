/**
 * Studio calls the spec names without a path or shape (we chose these; all POST):
 * - Voice creation (spec §3 voice creation form, §5 its validation): `/api/v1/timbre/create`
 *   {cover, gender, age, langs, tones, name, text, tag?, publish_status?, audios} -> `{ voice }`.
 *   Every rule of spec §5 is the codec's (the domain's `validateVoiceForm` says the same): the
 *   required fields, the text's allowed characters (10400 otherwise), at most
 *   `audio.VOICE_AUDIO_LIMIT` audio files; the cover and every audio file must be the caller's own
 *   upload (70008 otherwise). A published voice (publish_status 1) appears in the square's voice
 *   list (timbre, obj_type 16).
 * - The e-book reader: `/api/v1/ebook/chapter` {id, chapter} -> one chapter's title and text
 *   (chapters are 1-based; 10404 for an unknown book or a chapter past its last).
 */
import * as t from 'io-ts';
import { audio } from '../../domain/index.js';
import { InputUrl } from './tasks';

export const VOICE_CREATE_PATH = '/api/v1/timbre/create';
export const EBOOK_CHAPTER_PATH = '/api/v1/ebook/chapter';

const keyOf = <K extends string>(keys: readonly K[], name: string) =>
  t.keyof(Object.fromEntries(keys.map((k) => [k, null])) as Record<K, null>, name);

const bounded = <C extends t.Mixed>(codec: C, min: number, max: number, name: string) =>
  t.refinement(t.array(codec), (a) => a.length >= min && a.length <= max, name);

export const VoiceGender = keyOf(audio.VOICE_GENDERS, 'VoiceGender');
export const VoiceAge = keyOf(audio.VOICE_AGES, 'VoiceAge');
export const VoiceTone = keyOf(audio.VOICE_TONES, 'VoiceTone');
export const VoiceLanguage = keyOf(audio.AUDIO_LANGUAGES, 'VoiceLanguage');

export const VoiceName = t.refinement(
  t.string,
  (s) => s.trim().length > 0 && s.length <= audio.VOICE_NAME_MAX,
  'VoiceName',
);
/** Spec §5: the text holds only allowed printable and symbol characters. */
export const VoiceText = t.refinement(
  t.string,
  (s) => s.trim().length > 0 && s.length <= audio.VOICE_TEXT_MAX && audio.isAllowedVoiceText(s),
  'VoiceText',
);
const VoiceTag = t.refinement(t.string, (s) => /^[\p{L}\p{N}_ -]{1,32}$/u.test(s), 'VoiceTag');

export const VoiceAudio = t.type(
  {
    url: InputUrl,
    name: t.refinement(t.string, (s) => s.length > 0 && s.length <= 200, 'AudioName'),
    duration: t.refinement(t.number, (n) => Number.isFinite(n) && n >= 0 && n <= 3600, 'AudioDuration'),
  },
  'VoiceAudio',
);
export type VoiceAudio = t.TypeOf<typeof VoiceAudio>;

export const VoiceCreateRequest = t.intersection(
  [
    t.type({
      cover: InputUrl,
      gender: VoiceGender,
      age: VoiceAge,
      langs: bounded(VoiceLanguage, 1, audio.VOICE_MAX_LANGS, 'VoiceLangs'),
      tones: bounded(VoiceTone, 1, audio.VOICE_MAX_TONES, 'VoiceTones'),
      name: VoiceName,
      text: VoiceText,
      audios: bounded(VoiceAudio, 1, audio.VOICE_AUDIO_LIMIT, 'VoiceAudios'),
    }),
    t.partial({
      tag: bounded(VoiceTag, 0, audio.VOICE_MAX_TAGS, 'VoiceTags'),
      publish_status: t.union([t.literal(0), t.literal(1)]),
    }),
  ],
  'VoiceCreateRequest',
);
export type VoiceCreateRequest = t.TypeOf<typeof VoiceCreateRequest>;

export const Voice = t.type(
  {
    id: t.string,
    name: t.string,
    cover: t.string,
    gender: t.string,
    age: t.string,
    langs: t.array(t.string),
    tones: t.array(t.string),
    text: t.string,
    tag: t.array(t.string),
    publish_status: t.number,
    audios: t.array(VoiceAudio),
    create_at: t.number,
  },
  'Voice',
);
export type Voice = t.TypeOf<typeof Voice>;

export const VoiceResponse = t.type({ voice: Voice }, 'VoiceResponse');
export type VoiceResponse = t.TypeOf<typeof VoiceResponse>;

export const EbookChapterRequest = t.type(
  {
    id: t.refinement(t.string, (s) => s.length > 0 && s.length <= 64, 'EbookId'),
    chapter: t.refinement(t.number, (n) => Number.isInteger(n) && n >= 1 && n <= 1000, 'Chapter'),
  },
  'EbookChapterRequest',
);
export type EbookChapterRequest = t.TypeOf<typeof EbookChapterRequest>;

export const EbookChapter = t.type(
  {
    id: t.string,
    title: t.string,
    chapter: t.number,
    chapters: t.number,
    chapter_title: t.string,
    text: t.string,
  },
  'EbookChapter',
);
export type EbookChapter = t.TypeOf<typeof EbookChapter>;
