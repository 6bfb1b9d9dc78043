/**
 * Spec §9 audio and song choices beyond the category lists of rules.ts: the 23 audio languages
 * (the spec gives only their number; these are ours), and the 15 instrumental and 15 vocal random
 * presets (likewise ours), with the pick of one from an injected random number.
 */
import {
  AUDIO_LANGUAGE_COUNT,
  INSTRUMENTAL_PRESET_COUNT,
  VOCAL_PRESET_COUNT,
  SONG_STYLE_CATEGORIES,
} from './rules.js';

/** Spec §9 "23 supported audio languages", as BCP 47 tags (each shown by its own name). */
export const AUDIO_LANGUAGES = [
  'en',
  'ja',
  'zh-CN',
  'zh-TW',
  'ko',
  'es',
  'fr',
  'de',
  'it',
  'pt',
  'ru',
  'ar',
  'hi',
  'id',
  'th',
  'vi',
  'tr',
  'nl',
  'pl',
  'sv',
  'uk',
  'ms',
  'fil',
] as const satisfies readonly string[] & { length: typeof AUDIO_LANGUAGE_COUNT };
export type AudioLanguage = (typeof AUDIO_LANGUAGES)[number];

export type SongStyleValue = (typeof SONG_STYLE_CATEGORIES.style)[number];
export type SongEmotionValue = (typeof SONG_STYLE_CATEGORIES.emotion)[number];
export type SongVoiceValue = (typeof SONG_STYLE_CATEGORIES.voice)[number];
export type SongInstrumentValue = (typeof SONG_STYLE_CATEGORIES.instrument)[number];

/** A song's choices: a vocal song has a voice, an instrumental one has none. */
export interface SongChoice {
  readonly style: SongStyleValue;
  readonly emotion: SongEmotionValue;
  readonly instrument: SongInstrumentValue;
  readonly voice: SongVoiceValue | null;
}

export interface SongPreset extends SongChoice {
  /** Stable id; its title is the message `songs.preset.<id>`. */
  readonly id: string;
}

const p = (
  id: string,
  style: SongStyleValue,
  emotion: SongEmotionValue,
  instrument: SongInstrumentValue,
  voice: SongVoiceValue | null = null,
): SongPreset => ({ id, style, emotion, instrument, voice });

export const INSTRUMENTAL_PRESETS: readonly SongPreset[] = [
  p('rainyPiano', 'classical', 'calm', 'piano'),
  p('neonDrive', 'electronic', 'passionate', 'electricGuitar'),
  p('cafeJazz', 'rb', 'relaxed', 'saxophone'),
  p('bossLevel', 'game', 'angry', 'orchestra'),
  p('sunsetCountry', 'country', 'happy', 'accordion'),
  p('midnightLatin', 'latin', 'romantic', 'handDrum'),
  p('arcadeLoop', 'game', 'happy', 'electricGuitar'),
  p('discoLights', 'disco', 'passionate', 'violin'),
  p('foggyHarbour', 'classical', 'mysterious', 'accordion'),
  p('streetBeat', 'hiphop', 'dark', 'handDrum'),
  p('stadiumRock', 'rock', 'angry', 'electricGuitar'),
  p('morningPop', 'pop', 'happy', 'piano'),
  p('starlitViolin', 'classical', 'melancholy', 'violin'),
  p('desertWind', 'latin', 'mysterious', 'orchestra'),
  p('slowDance', 'rb', 'romantic', 'saxophone'),
];

export const VOCAL_PRESETS: readonly SongPreset[] = [
  p('summerAnthem', 'pop', 'happy', 'electricGuitar', 'female'),
  p('heartbreakBallad', 'rb', 'sad', 'piano', 'female'),
  p('garageRock', 'rock', 'passionate', 'electricGuitar', 'male'),
  p('cityLights', 'hiphop', 'dark', 'handDrum', 'male'),
  p('lullaby', 'classical', 'calm', 'piano', 'female'),
  p('dancefloor', 'disco', 'happy', 'violin', 'female'),
  p('homeRoad', 'country', 'melancholy', 'accordion', 'male'),
  p('carnival', 'latin', 'passionate', 'handDrum', 'female'),
  p('epicQuest', 'game', 'passionate', 'orchestra', 'male'),
  p('lateNightSynth', 'electronic', 'mysterious', 'electricGuitar', 'female'),
  p('rainySerenade', 'rb', 'romantic', 'saxophone', 'male'),
  p('campfire', 'country', 'relaxed', 'accordion', 'female'),
  p('protestSong', 'rock', 'angry', 'electricGuitar', 'male'),
  p('dreamPop', 'pop', 'calm', 'piano', 'female'),
  p('moonlitWaltz', 'classical', 'romantic', 'violin', 'male'),
];

export type PresetKind = 'instrumental' | 'vocal';

export const presetsOf = (kind: PresetKind): readonly SongPreset[] =>
  kind === 'instrumental' ? INSTRUMENTAL_PRESETS : VOCAL_PRESETS;

/** The preset a random number in [0, 1) picks; numbers outside are clamped into the range. */
export const pickPreset = (kind: PresetKind, random: number): SongPreset => {
  const list = presetsOf(kind);
  const r = Number.isFinite(random) ? Math.min(Math.max(random, 0), 1 - Number.EPSILON) : 0;
  return list[Math.floor(r * list.length)] ?? list[0]!;
};

/** Counts the spec names, checked against the lists by the tests. */
export const PRESET_COUNTS = { instrumental: INSTRUMENTAL_PRESET_COUNT, vocal: VOCAL_PRESET_COUNT } as const;
