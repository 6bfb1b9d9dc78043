import type { AppEpic } from '../epics/types';
import { billingCacheEpics } from '../billing/caches';
import { countdownEpics } from '../popups/countdown';
import { popupQueueEpics } from '../popups/queue';
import { reminderEpics } from '../popups/reminders';
import { dialogEpics } from '../notices/dialogs';
import { persistenceEpics } from './persistence';
import { preferenceEpics } from '../preferences/epics';
import { pushEpics } from '../push/epics';
import { taskStoreEpics } from '../tasks/taskStore';

/** The platform epics every page needs: payment caches, countdown, dialogs, local data, push, preferences (the studio's are in studioModule). */
export const platformEpics: readonly AppEpic[] = [
  ...persistenceEpics,
  ...taskStoreEpics,
  ...countdownEpics,
  ...popupQueueEpics,
  ...reminderEpics,
  ...billingCacheEpics,
  ...dialogEpics,
  ...pushEpics,
  ...preferenceEpics,
];
