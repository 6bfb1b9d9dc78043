/**
 * Social epics (spec §2, §4, §5, §7), gathered: likes, collects and follows as optimistic ops
 * (like.ts, collect.ts, follow.ts, sent by deliver.ts); a guest's ask recorded and carried out
 * after the sign-in (intents.ts); writes made offline queued in the outbox and sent once, in
 * order, when the browser is back online, each with its op id as idempotency key so a write sent
 * twice counts once (outbox.ts); folders, batch collect operations, the personal area's lists,
 * profiles, stats, the guide status (folders.ts, collectBatches.ts, lists.ts, profile.ts) and the
 * message centre (messages.ts).
 */
import type { AppEpic } from '../epics/types';
import { collectEpic, uncollectEpic } from './collect';
import { moveCollectsEpic, removeCollectsEpic } from './collectBatches';
import { createFolderEpic, loadFoldersEpic } from './folders';
import { followEpic } from './follow';
import { dropIntentEpic, replayIntentEpic } from './intents';
import { likeEpic } from './like';
import { loadListEpic } from './lists';
import { loadMessagesEpic, markAllReadEpic, markMessageReadEpic, unreadCountsEpic } from './messages';
import { connectivityEpic, drainOutboxEpic } from './outbox';
import { guideStatusEpic, invitationCodesEpic, loadProfileEpic, loadStatsEpic } from './profile';

export const socialEpics: readonly AppEpic[] = [
  likeEpic,
  collectEpic,
  uncollectEpic,
  followEpic,
  replayIntentEpic,
  dropIntentEpic,
  connectivityEpic,
  drainOutboxEpic,
  loadFoldersEpic,
  createFolderEpic,
  loadListEpic,
  removeCollectsEpic,
  moveCollectsEpic,
  loadProfileEpic,
  loadStatsEpic,
  guideStatusEpic,
  invitationCodesEpic,
  unreadCountsEpic,
  loadMessagesEpic,
  markMessageReadEpic,
  markAllReadEpic,
];
