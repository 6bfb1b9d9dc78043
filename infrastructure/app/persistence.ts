/**
 * Persisted state of spec §4: user info and payment info are kept in local storage and restored
 * at start, unless the T cookie is missing (then they are dropped, and the stored copy removed).
 * Afterwards the stored copy follows the state. The persisted token is not here: the HTTP
 * adapter's token holder keeps it under its own key (`http/tokenStore.ts`), and this epic only
 * tells the holder to drop it when the T cookie is missing at start. On logout every local key that is
 * not on the whitelist is removed (the persisted state is not on it), and so is the stored task
 * list.
 *
 * The hidden list of spec §4 ("kept locally") comes back at start too, and every mute is written
 * through, so a card muted stays hidden after a reload; it is per device and survives logout.
 * So does the social outbox (writes made offline, not yet sent), for the account that made them:
 * it comes back only with that account's restored session, and is sent once the browser is online.
 *
 * It is in app/ because it restores several areas' state at once (session, billing, social,
 * popups, tasks) through their own restore functions and keys, in one step at start.
 *
 * The stored JSON is decoded like any input: a copy from an older version or a hand edit that
 * does not decode is dropped rather than trusted.
 */
import * as t from 'io-ts';
import {
  EMPTY,
  catchError,
  distinctUntilChanged,
  filter,
  ignoreElements,
  map,
  mergeMap,
  switchMap,
  tap,
} from 'rxjs';
import { billing, session, social, type RootState } from '../../domain/index.js';
import { appStarted } from '../store/commands';
import type { Action, AppEpic } from '../epics/types';
import { localStateRestored } from '../platform/commands';
import { restoreEndTimes } from '../popups/countdown';
import { restoreShownStatus } from '../popups/queue';
import {
  accountRequests,
  HIDDEN_CARDS_KEY,
  PERSISTED_AUTH_KEY,
  readStored,
  SOCIAL_OUTBOX_KEY,
  type LocalStore,
} from '../platform/storage';
import { TASK_LIST_KEY } from '../tasks/taskStore';

const nullableNumber = t.union([t.number, t.null]);

const UserInfoCodec = t.intersection([
  t.type({
    id: t.string,
    accountName: t.string,
    name: t.string,
    email: t.string,
    avatar: t.string,
    status: t.number,
    role: t.string,
  }),
  t.partial({
    enterprise: t.union([t.null, t.type({ identityType: t.string, showEntry: t.boolean })]),
    avatarFrame: t.union([t.string, t.null]),
  }),
]);

const PaymentInfoCodec = t.intersection([
  t.type({
    accountId: t.string,
    calculateCoins: t.number,
    freeCoins: t.number,
    tempCoins: t.number,
    paidCoins: t.number,
    isActive: t.boolean,
    liteIsActive: t.boolean,
    productLevel: t.number,
    productType: t.number,
    vipType: t.string,
    expiryTime: nullableNumber,
  }),
  t.partial({ liteExpiryTime: nullableNumber, bigIsActive: t.boolean, bigExpiryTime: nullableNumber }),
]);

export const PersistedAuthCodec = t.type({
  user: t.union([UserInfoCodec, t.null]),
  paymentInfo: t.union([PaymentInfoCodec, t.null]),
});

export const readPersistedAuth = (storage: LocalStore): session.PersistedAuth => {
  const stored = readStored(storage, PERSISTED_AUTH_KEY, PersistedAuthCodec);
  // Rebuilt field by field: an older copy's extra fields (its token) are not carried along.
  return stored === null
    ? session.EMPTY_PERSISTED_AUTH
    : { user: stored.user, paymentInfo: stored.paymentInfo };
};

/** What the state holds of the persisted part; null when there is nobody to persist. */
export const persistedPart = (s: RootState): session.PersistedAuth | null =>
  s.session.status === 'signedIn'
    ? {
        user: s.session.user,
        paymentInfo: s.billing.status === 'known' ? s.billing.paymentInfo : null,
      }
    : null;

/** The events that restore a persisted snapshot, or none when the T cookie says it is stale. */
export const restoreAuth = (storage: LocalStore, hasSession: boolean): Action[] => {
  const stored = readPersistedAuth(storage);
  const kept = session.restorePersisted(stored, hasSession ? { [session.SESSION_COOKIE]: '1' } : {});
  if (kept.user === null) {
    if (storage.get(PERSISTED_AUTH_KEY) !== null) storage.remove(PERSISTED_AUTH_KEY);
    return [];
  }
  return [
    session.userInfoSet({ user: kept.user }),
    ...(kept.paymentInfo === null ? [] : [billing.paymentInfoReceived({ info: kept.paymentInfo })]),
  ];
};

const HiddenCardsCodec = t.array(t.string);

/** The stored hidden list, or none when nothing (or nothing readable) is stored. */
export const readHiddenCards = (storage: LocalStore): readonly string[] =>
  (readStored(storage, HIDDEN_CARDS_KEY, HiddenCardsCodec) ?? []).filter((id) => id !== '');

export const restoreHiddenCards = (storage: LocalStore): Action[] => {
  const ids = readHiddenCards(storage);
  return ids.length === 0 ? [] : [social.hiddenListRestored({ ids })];
};

const NonEmpty = t.refinement(t.string, (s) => s.length > 0, 'NonEmpty');

const QueuedRequestCodec = t.union([
  t.type({ kind: t.literal('like'), opId: NonEmpty, key: NonEmpty, liked: t.boolean }),
  t.type({
    kind: t.literal('collect'),
    opId: NonEmpty,
    key: NonEmpty,
    cardType: NonEmpty,
    folderId: t.union([t.string, t.null]),
  }),
  t.type({ kind: t.literal('uncollect'), opId: NonEmpty, key: NonEmpty, collectId: NonEmpty }),
  t.type({ kind: t.literal('follow'), opId: NonEmpty, authorId: NonEmpty, follow: t.boolean }),
]);

/** The social outbox kept locally, under the account whose writes it holds. */
const storedOutbox = accountRequests<social.QueuedRequest>(SOCIAL_OUTBOX_KEY, QueuedRequestCodec);

/** The restored account's writes made offline, queued again in their order (enqueue keeps one per op). */
export const restoreOutbox = (storage: LocalStore, restored: readonly Action[]): Action[] => {
  const user = restored.find(session.userInfoSet.match)?.payload.user ?? null;
  const requests = user === null ? [] : storedOutbox.read(storage, user.id);
  if (requests.length === 0) {
    if (storage.get(SOCIAL_OUTBOX_KEY) !== null) storage.remove(SOCIAL_OUTBOX_KEY);
    return [];
  }
  return requests.map((request) => social.requestQueued({ request }));
};

/** At start: persisted auth and end-time popups come back, then the writers may begin. */
export const restoreLocalStateEpic: AppEpic = (action$, _state$, { platform, clock, token }) =>
  action$.pipe(
    filter(appStarted.match),
    mergeMap((): Action[] => {
      const hasSession = platform.cookies.hasSession();
      // Without the cookie there is no session: a token still held (in memory only) goes too.
      if (!hasSession) token.clear();
      const auth = restoreAuth(platform.storage, hasSession);
      return [
        ...auth,
        ...restoreOutbox(platform.storage, auth),
        ...restoreEndTimes(platform.storage, clock.now()),
        ...restoreShownStatus(platform.storage),
        ...restoreHiddenCards(platform.storage),
        localStateRestored({}),
      ];
    }),
  );

export const persistAuthEpic: AppEpic = (action$, state$, { platform }) =>
  action$.pipe(
    filter(localStateRestored.match),
    switchMap(() =>
      state$.pipe(
        map(persistedPart),
        distinctUntilChanged(
          (a, b) =>
            a === b || (a !== null && b !== null && a.user === b.user && a.paymentInfo === b.paymentInfo),
        ),
      ),
    ),
    tap((part) => {
      if (part === null) platform.storage.remove(PERSISTED_AUTH_KEY);
      else platform.storage.set(PERSISTED_AUTH_KEY, JSON.stringify(part));
    }),
    ignoreElements(),
  );

/** Spec §4 muting kept locally: after the restore, the stored list follows the state's. */
export const persistHiddenCardsEpic: AppEpic = (action$, state$, { platform }) =>
  action$.pipe(
    filter(localStateRestored.match),
    switchMap(() =>
      state$.pipe(
        map((s) => social.selectHiddenIds(s.social)),
        distinctUntilChanged(),
      ),
    ),
    tap((ids) => {
      if (ids.length === 0) platform.storage.remove(HIDDEN_CARDS_KEY);
      else platform.storage.set(HIDDEN_CARDS_KEY, JSON.stringify(ids));
    }),
    ignoreElements(),
  );

/** After the restore, the stored outbox follows the state's, under the signed-in account. */
export const persistOutboxEpic: AppEpic = (action$, state$, { platform }) =>
  action$.pipe(
    filter(localStateRestored.match),
    switchMap(() =>
      state$.pipe(
        map((s) => ({
          accountId: s.session.status === 'signedIn' ? s.session.user.id : null,
          requests: social.selectOutbox(s.social),
        })),
        distinctUntilChanged((a, b) => a.accountId === b.accountId && a.requests === b.requests),
      ),
    ),
    tap(({ accountId, requests }) => {
      if (accountId === null) platform.storage.remove(SOCIAL_OUTBOX_KEY);
      else storedOutbox.write(platform.storage, accountId, requests);
    }),
    ignoreElements(),
  );

/** Spec §4: a whitelist of local keys survives logout; everything else goes. */
export const clearOnLogoutEpic: AppEpic = (action$, _state$, { platform }) =>
  action$.pipe(
    filter(session.loggedOut.match),
    mergeMap(() => {
      for (const key of session.planLogout(platform.storage.keys()).remove) platform.storage.remove(key);
      return platform.kv.remove(TASK_LIST_KEY).pipe(catchError(() => EMPTY));
    }),
    ignoreElements(),
  );

export const persistenceEpics: readonly AppEpic[] = [
  restoreLocalStateEpic,
  persistAuthEpic,
  persistHiddenCardsEpic,
  persistOutboxEpic,
  clearOnLogoutEpic,
];
