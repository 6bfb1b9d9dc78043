/**
 * Interface preferences of this browser that are not the account's settings: the colour theme
 * (dark by default, DESIGN.md "Look and feel"). The language is the address's (spec §2), not state.
 */
import { assertNever } from '../kernel/event.js';
import type { PreferencesEvent } from './events.js';

export const THEMES = ['dark', 'light'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'dark';

export interface PreferencesState {
  readonly theme: Theme;
}

export const initialPreferencesState: PreferencesState = { theme: DEFAULT_THEME };

export const evolvePreferences = (state: PreferencesState, event: PreferencesEvent): PreferencesState => {
  switch (event.type) {
    case 'preferences/themeChosen':
      return state.theme === event.payload.theme ? state : { theme: event.payload.theme };
    default:
      return assertNever(event.type);
  }
};

/** A stored value read back as a theme; anything else is the default. */
export const themeOf = (value: string | null | undefined): Theme =>
  (THEMES as readonly string[]).includes(value ?? '') ? (value as Theme) : DEFAULT_THEME;

/** The other theme, what a theme switch goes to. */
export const otherTheme = (theme: Theme): Theme => (theme === 'dark' ? 'light' : 'dark');

export const selectTheme = (s: PreferencesState): Theme => s.theme;
