/** Commands of the popup queue (spec §4): where the person is, and closing the open popup. */
import type { popups } from '../../domain/index.js';
import { defineCommand } from '../store/commands';

/** The page the person is on, by its route name (the queue's route conditions read it). */
export const popupRouteEntered = defineCommand<{ readonly route: string }>()('popups/routeEntered');

/** The person closed the open popup (its close button, Escape, or following its link). */
export const closePopup = defineCommand<{ readonly type: string }>()('popups/close');

/** The person closed a reminder (its ×, or followed its link). */
export const closeReminder = defineCommand<{ readonly popup: popups.ReminderPopup }>()(
  'popups/closeReminder',
);
