import { defineEvent, type DomainEvent } from '../kernel/event.js';
import type { Theme } from './state.js';

export interface ThemeChosenPayload {
  readonly theme: Theme;
}

/** The person chose a colour theme (or the one they chose before was read back at start). */
export const themeChosen = defineEvent<ThemeChosenPayload>()('preferences/themeChosen');

export type PreferencesEvent = DomainEvent<typeof themeChosen.type, ThemeChosenPayload>;
export const preferencesEventTypes = [themeChosen.type] as const;
