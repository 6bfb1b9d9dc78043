/** Commands of this browser's preferences and the event log export. */
import type { preferences } from '../../domain/index.js';
import { defineCommand } from '../store/commands';

// ---- preferences of this browser
export const chooseTheme = defineCommand<{ readonly theme: preferences.Theme }>()('preferences/chooseTheme');

/** Keeps the language the person chose for their next visit (spec §2 language guard, §9 lang cookie). */
export const rememberLanguage = defineCommand<{ readonly locale: string }>()('preferences/rememberLanguage');

// ---- the event log (DESIGN.md "The event log and replay")
/**
 * Saves the session's event log as a JSON Lines file; with `visitId`, the log of an earlier visit
 * the device kept ("Report a problem", download instead).
 */
export const exportEventLog = defineCommand<{ readonly visitId?: string | null }>()('eventLog/export');
