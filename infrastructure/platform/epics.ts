import type { AppEpic } from '../epics/types';
import { billingCacheEpics } from './billingCaches';
import { countdownEpics } from './countdown';
import { dialogEpics } from './dialogs';
import { downloadEpics } from './downloads';
import { editorEpics } from './editor';
import { moderationEpics } from './moderation';
import { persistenceEpics } from './persistence';
import { preferenceEpics } from './preferences';
import { pushEpics } from './push';
import { taskStoreEpics } from './taskStore';

/** The platform epics: payment caches, countdown, dialogs, editor, downloads, moderation, local data, push. */
export const platformEpics: readonly AppEpic[] = [
  ...persistenceEpics,
  ...taskStoreEpics,
  ...countdownEpics,
  ...billingCacheEpics,
  ...dialogEpics,
  ...editorEpics,
  ...downloadEpics,
  ...moderationEpics,
  ...pushEpics,
  ...preferenceEpics,
];
