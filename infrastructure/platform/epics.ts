import type { AppEpic } from '../epics/types';
import { billingCacheEpics } from './billingCaches';
import { countdownEpics } from './countdown';
import { dialogEpics } from './dialogs';
import { persistenceEpics } from './persistence';
import { preferenceEpics } from './preferences';
import { pushEpics } from './push';
import { taskStoreEpics } from './taskStore';

/** The platform epics every page needs: payment caches, countdown, dialogs, local data, push, preferences (the studio's are in studioModule). */
export const platformEpics: readonly AppEpic[] = [
  ...persistenceEpics,
  ...taskStoreEpics,
  ...countdownEpics,
  ...billingCacheEpics,
  ...dialogEpics,
  ...pushEpics,
  ...preferenceEpics,
];
