/**
 * The new-character form's rules (spec §2 newCharacter "new digital person", §3 character fields):
 * the character types it offers, the limits of each field and what a preset or a template fills.
 */
import type { CharacterGender, CharacterPreset, CharacterTemplate, CharacterVoice } from './events.js';

/** Spec §3 character_type: 0 and 2 digital, 1 tool, 3 agent; the form offers them in this order. */
export const CHARACTER_TYPES = [0, 2, 1, 3] as const;
export type CharacterTypeValue = (typeof CHARACTER_TYPES)[number];

export const CHARACTER_NAME_MAX = 40;
export const CHARACTER_INTRO_MAX = 1000;
export const CHARACTER_GREETING_MAX = 300;
/** Spec §9: the init-memory history page is 80 messages, so a character remembers at most 80. */
export const INIT_MEM_NUM_MAX = 80;
export const CHARACTER_GENDERS: readonly CharacterGender[] = ['female', 'male', 'other'];

export interface CharacterForm {
  readonly characterType: CharacterTypeValue;
  readonly name: string;
  readonly intro: string;
  readonly greeting: string;
  readonly gender: CharacterGender;
  readonly voice: CharacterVoice;
  readonly supportVoice: boolean;
  readonly initMemNum: number;
  readonly isPublic: boolean;
}

export type CharacterFormField = 'name' | 'intro' | 'greeting' | 'initMemNum' | 'cover';

export interface CharacterFormError {
  readonly field: CharacterFormField;
  /** i18n key of the problem. */
  readonly key: string;
  readonly values?: Readonly<Record<string, number>>;
}

export const emptyCharacterForm = (defaults?: {
  readonly characterType: number;
  readonly initMemNum: number;
}): CharacterForm => ({
  characterType: asCharacterType(defaults?.characterType ?? 0),
  name: '',
  intro: '',
  greeting: '',
  gender: 'female',
  voice: 'female',
  supportVoice: false,
  initMemNum: defaults?.initMemNum ?? 0,
  isPublic: true,
});

export const asCharacterType = (n: number): CharacterTypeValue =>
  (CHARACTER_TYPES as readonly number[]).includes(n) ? (n as CharacterTypeValue) : 0;

/**
 * The problems of a form, in field order (empty when it can be sent). `coverUploading` is true
 * while the chosen cover is still going up: the form waits for it rather than send without it.
 */
export const validateCharacterForm = (
  form: CharacterForm,
  coverUploading = false,
): readonly CharacterFormError[] => {
  const errors: CharacterFormError[] = [];
  if (form.name.trim() === '') errors.push({ field: 'name', key: 'characters.form.errors.nameRequired' });
  else if (form.name.length > CHARACTER_NAME_MAX)
    errors.push({
      field: 'name',
      key: 'characters.form.errors.tooLong',
      values: { max: CHARACTER_NAME_MAX },
    });
  if (form.intro.length > CHARACTER_INTRO_MAX)
    errors.push({
      field: 'intro',
      key: 'characters.form.errors.tooLong',
      values: { max: CHARACTER_INTRO_MAX },
    });
  if (form.greeting.length > CHARACTER_GREETING_MAX)
    errors.push({
      field: 'greeting',
      key: 'characters.form.errors.tooLong',
      values: { max: CHARACTER_GREETING_MAX },
    });
  if (!Number.isInteger(form.initMemNum) || form.initMemNum < 0 || form.initMemNum > INIT_MEM_NUM_MAX)
    errors.push({
      field: 'initMemNum',
      key: 'characters.form.errors.memory',
      values: { max: INIT_MEM_NUM_MAX },
    });
  if (coverUploading) errors.push({ field: 'cover', key: 'characters.form.errors.coverUploading' });
  return errors;
};

/** A preset of the digital-person defaults fills the whole form (it is a digital person). */
export const applyPreset = (form: CharacterForm, preset: CharacterPreset): CharacterForm => ({
  ...form,
  characterType: asCharacterType(preset.characterType),
  name: preset.name,
  intro: preset.intro,
  greeting: preset.greeting,
  gender: preset.gender,
  voice: preset.voice,
  initMemNum: Math.min(Math.max(0, Math.round(preset.initMemNum)), INIT_MEM_NUM_MAX),
});

/** A template gives the personality (intro, greeting, voice); the name the person chose stays. */
export const applyTemplate = (form: CharacterForm, template: CharacterTemplate): CharacterForm => ({
  ...form,
  intro: template.intro,
  greeting: template.greeting,
  voice: template.voice,
});
