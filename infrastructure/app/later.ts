/**
 * The core epics whose code the web client loads after the store starts (issue 22: they are not
 * in the first visit): tasks and their polling (the queue survives a reload on any page), payment,
 * uploads (guest files are saved after a sign-in anywhere), telemetry, the popup status (asked
 * for in turns) and the hot list's seen marks, the header's search
 * suggestions, the social writes (a like button sits on any page, a guest's ask is carried out
 * after a sign-in anywhere, the outbox drains when the browser comes back online) with the header's
 * unread count, problem reports, the guided tour, and a chat delete a closed page left inside its
 * undo window. They see every action from the store's start (epics/deferred.ts).
 */
import { billingEpics } from '../billing/epics';
import { searchBoxEpics } from '../search/searchBox';
import { socialEpics } from '../social/epics';
import { resumePendingDeletesEpic } from '../chat/pendingDeletes';
import { popupStatusEpic } from '../popups/epics';
import { persistHotSeenEpic } from '../popups/hotSeen';
import { supportEpics } from '../support/epics';
import { taskEpics } from '../tasks/epics';
import { telemetryEpics } from '../telemetry/epics';
import { tourEpics } from '../tour/epics';
import { uploadsEpics } from '../uploads/epics';
import type { AppEpic } from '../epics/types';

export const laterCoreEpics: readonly AppEpic[] = [
  ...taskEpics,
  ...billingEpics,
  ...uploadsEpics,
  ...telemetryEpics,
  popupStatusEpic,
  persistHotSeenEpic,
  ...searchBoxEpics,
  ...socialEpics,
  ...supportEpics,
  ...tourEpics,
  resumePendingDeletesEpic,
];
