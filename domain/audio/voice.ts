/**
 * The voice creation form's choices (spec §3 voice creation form: cover, gender, age, langs, tones,
 * name, text, tag, publish status, audios). The spec names the fields, not their options or limits;
 * these are ours. The validation itself is `validateVoiceForm` in rules.ts (spec §5).
 */
export const VOICE_GENDERS = ['female', 'male', 'neutral'] as const;
export const VOICE_AGES = ['child', 'young', 'adult', 'senior'] as const;
export const VOICE_TONES = [
  'warm',
  'bright',
  'deep',
  'soft',
  'husky',
  'crisp',
  'calm',
  'energetic',
  'sweet',
  'authoritative',
] as const;
export type VoiceGender = (typeof VOICE_GENDERS)[number];
export type VoiceAge = (typeof VOICE_AGES)[number];
export type VoiceTone = (typeof VOICE_TONES)[number];

/** Spec §5 "an audio list beyond the upload limit replaces the first file": the limit. */
export const VOICE_AUDIO_LIMIT = 3;
export const VOICE_NAME_MAX = 40;
export const VOICE_TEXT_MAX = 500;
export const VOICE_MAX_LANGS = 5;
export const VOICE_MAX_TONES = 3;
export const VOICE_MAX_TAGS = 5;
/** Publish status: 0 private, 1 published to the square. */
export const VOICE_PUBLISH_STATUS = { private: 0, published: 1 } as const;
