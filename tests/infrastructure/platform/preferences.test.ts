/**
 * Preferences of this browser, through the platform epics (issue 10: the shell no longer touches
 * storage or cookies): the stored theme is read back at start, a chosen one is kept and applied,
 * a chosen language is kept in storage and in the lang cookie (spec §9: one year), and the event
 * log is saved as a file.
 */
import { describe, expect, it } from 'vitest';
import { EVENT_LOG_VERSION, preferences } from '../../../domain/index.js';
import { chooseTheme, exportEventLog, rememberLanguage } from '../../../infrastructure/preferences/commands';
import { LANGUAGE_STORAGE_KEY, THEME_STORAGE_KEY } from '../../../infrastructure/preferences/epics';
import { appStarted } from '../../../infrastructure/store/commands';
import { at, newScheduler, platformStore } from './harness';

describe('preferences', () => {
  it('reads the stored theme back at start, keeps and applies a chosen one', () => {
    const scheduler = newScheduler();
    scheduler.run(() => {
      const { store, fake, events } = platformStore(scheduler, { storage: { [THEME_STORAGE_KEY]: 'light' } });
      at(scheduler, 1, () => store.dispatch(appStarted({})));
      at(scheduler, 5, () => store.dispatch(chooseTheme({ theme: 'dark' })));
      scheduler.flush();
      expect(
        events('preferences/themeChosen').map((e) => (e.payload as preferences.ThemeChosenPayload).theme),
      ).toEqual(['light', 'dark']);
      expect(preferences.selectTheme(store.getState().preferences)).toBe('dark');
      expect(fake.storage.get(THEME_STORAGE_KEY)).toBe('dark');
      expect(fake.themes).toEqual(['dark']);
    });
  });

  it('a stored value that is no theme reads as the default', () => {
    const scheduler = newScheduler();
    scheduler.run(() => {
      const { store } = platformStore(scheduler, { storage: { [THEME_STORAGE_KEY]: '<script>' } });
      at(scheduler, 1, () => store.dispatch(appStarted({})));
      scheduler.flush();
      expect(preferences.selectTheme(store.getState().preferences)).toBe(preferences.DEFAULT_THEME);
    });
  });

  it('keeps a chosen language in storage and in the lang cookie for a year, recording no event', () => {
    const scheduler = newScheduler();
    scheduler.run(() => {
      const { store, fake } = platformStore(scheduler);
      const before = store.recorder.events().length;
      at(scheduler, 1, () => store.dispatch(rememberLanguage({ locale: 'ja' })));
      scheduler.flush();
      expect(fake.storage.get(LANGUAGE_STORAGE_KEY)).toBe('ja');
      const write = fake.cookieDoc.writes.find((w) => w.startsWith('lang='));
      expect(write).toMatch(/^lang=ja;.*Max-Age=31536000/);
      expect(store.recorder.events().length).toBe(before);
    });
  });

  it('saves the session log as a JSON Lines file named by its time', () => {
    const scheduler = newScheduler();
    scheduler.run(() => {
      const { store, fake } = platformStore(scheduler);
      at(scheduler, 1, () => store.dispatch(chooseTheme({ theme: 'light' })));
      at(scheduler, 2000, () => store.dispatch(exportEventLog({})));
      scheduler.flush();
      expect(fake.saved).toHaveLength(1);
      const file = fake.saved[0]!;
      expect(file.name).toMatch(/^atelier-events-.*\.jsonl$/);
      expect(file.contentType).toBe('application/x-ndjson');
      const lines = new TextDecoder().decode(file.bytes).trim().split('\n');
      expect(JSON.parse(lines[0]!)).toMatchObject({
        format: 'atelier-event-log',
        version: EVENT_LOG_VERSION,
      });
      expect(lines.slice(1).map((l) => (JSON.parse(l) as { type: string }).type)).toContain(
        'preferences/themeChosen',
      );
    });
  });
});
