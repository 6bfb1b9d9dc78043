/**
 * The hot popup's "what's new" marker, kept locally per account: the newest hot work the person
 * saw in the hot popup. Read back when an account's session starts (before its popup status
 * offers anything), written whenever the domain moves it on. Stored as `{ accountId, at }` and
 * read back only for that account, so one account's marker never hides another's news.
 * The comparison itself is the domain's (`popups.hotIsNew`).
 */
import * as t from 'io-ts';
import { distinctUntilChanged, filter, ignoreElements, map, tap } from 'rxjs';
import type { RootState } from '../../domain/index.js';
import type { AppEpic } from '../epics/types';
import { readStored, type LocalStore } from '../platform/storage';

export const HOT_SEEN_KEY = 'popup_hot_seen';

const HotSeen = t.type({ accountId: t.string, at: t.number });

/** The marker of `accountId`, or null (none, another account's, or unreadable). */
export const readHotSeen = (storage: LocalStore, accountId: string): number | null => {
  const stored = readStored(storage, HOT_SEEN_KEY, HotSeen);
  return stored !== null && stored.accountId === accountId && Number.isFinite(stored.at) ? stored.at : null;
};

export const writeHotSeen = (storage: LocalStore, accountId: string, at: number): void =>
  storage.set(HOT_SEEN_KEY, JSON.stringify({ accountId, at }));

const markerOf = (s: RootState): { readonly accountId: string | null; readonly at: number | null } => ({
  accountId: s.popups.hotSeenAccount,
  at: s.popups.hotSeenAt,
});

/** Writes the signed-in account's marker whenever it moves on. */
export const persistHotSeenEpic: AppEpic = (_action$, state$, { platform }) =>
  state$.pipe(
    map(markerOf),
    distinctUntilChanged((a, b) => a.accountId === b.accountId && a.at === b.at),
    filter((m): m is { accountId: string; at: number } => m.accountId !== null && m.at !== null),
    tap((m) => {
      if (readHotSeen(platform.storage, m.accountId) !== m.at)
        writeHotSeen(platform.storage, m.accountId, m.at);
    }),
    ignoreElements(),
  );
