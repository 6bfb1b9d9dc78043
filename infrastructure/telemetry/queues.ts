/**
 * The tracking queue epics (spec §4 "events are batched and retried", §9 timings). The queue
 * itself is domain state (domain/tracking); these epics only decide WHEN to flush (the domain's
 * `nextFlushAt` of each policy, delayed after failures), send the batches `takeBatch` makes,
 * and report each answer as `batchAcked` or `batchFailed`. So no item is lost (a failed batch
 * returns to the queue) and none is in two uploads at once (an item is pending, in exactly one
 * batch in flight, or acknowledged).
 *
 * - When the page becomes hidden, every pending item goes out with `sendBeacon`.
 * - Every queue is mirrored to local storage under its policy's cache key after every change,
 *   and read back at start, so what a closed tab had not delivered is sent by the next one. When
 *   the storage is full, the copy keeps the newest items that fit and counts the oldest left out.
 * - Star-track events need a session: init is called when the first event is waiting, and again
 *   every 5 s while it fails or after the server forgets the session (10404).
 */
import * as E from 'fp-ts/Either';
import * as t from 'io-ts';
import {
  BehaviorSubject,
  EMPTY,
  combineLatest,
  concat,
  defer,
  distinctUntilChanged,
  filter,
  from,
  ignoreElements,
  map,
  merge,
  mergeMap,
  of,
  switchMap,
  take,
  tap,
  timer,
  type Observable,
} from 'rxjs';
import { honourRetryAfter, tracking, type RootState } from '../../domain/index.js';
import type { StateObservable } from 'redux-observable';
import type { StarTrackInitRequest, StarTrackInitResponse } from '../contract/telemetry';
import type { ApiResult } from '../http/client';
import type { Action, AppEpic } from '../epics/types';
import { appStarted } from '../store/commands';
import type { Dependencies } from '../store/dependencies';
import {
  CHANNELS,
  outcomeOf,
  planBatches,
  retryDelayMs,
  type ChannelSpec,
  type UploadContext,
} from './channels';
import type { KeyValueStorage } from './deps';
import { wireItemOf } from './wire';

/** The star-track session shared by the init loop, the flush and the beacon. */
export interface StarTrackSession {
  readonly id$: BehaviorSubject<string | null>;
}

const uploadContext = (deps: Dependencies, session: StarTrackSession): UploadContext => ({
  deviceId: deps.telemetry.page().deviceId,
  starTrackSession: session.id$.value,
});

const sentEvent = (spec: ChannelSpec, batch: tracking.Batch) =>
  tracking.batchSent({ channel: spec.channel, batchId: batch.id, itemIds: batch.items.map((i) => i.id) });

const settledEvent = (spec: ChannelSpec, batch: tracking.Batch, delivered: boolean) =>
  delivered
    ? tracking.batchAcked({ channel: spec.channel, batchId: batch.id })
    : tracking.batchFailed({ channel: spec.channel, batchId: batch.id });

/**
 * One channel's flushes: a timer to the policy's next flush time (never before the retry delay
 * after a failure), then every pending item in batches of the policy's size, uploaded in
 * parallel. The uploads run outside the timer's `switchMap`, so a state change never cancels an
 * upload halfway.
 */
export const channelFlush = (
  spec: ChannelSpec,
  state$: StateObservable<RootState>,
  deps: Dependencies,
  session: StarTrackSession,
): Observable<Action> =>
  defer(() => {
    const notBefore$ = new BehaviorSubject<number>(Number.NEGATIVE_INFINITY);
    let failures = 0;
    const ready$ =
      spec.channel === 'starTrack'
        ? session.id$.pipe(
            map((id) => id !== null),
            distinctUntilChanged(),
          )
        : of(true);
    const nextAt$ = state$.pipe(
      map((s) => tracking.nextFlushAt(spec.policy, tracking.queueView(s.tracking[spec.channel]))),
      distinctUntilChanged(),
    );
    const due$ = combineLatest([nextAt$, notBefore$, ready$]).pipe(
      map(([at, notBefore, ready]) => (at === null || !ready ? null : Math.max(at, notBefore))),
      distinctUntilChanged(),
      switchMap((at) => (at === null ? EMPTY : timer(Math.max(0, at - deps.clock.now()), deps.scheduler))),
    );

    const settle = (
      batch: tracking.Batch,
      result: ApiResult<{ stored: number; duplicates: number }>,
    ): Action => {
      const outcome = outcomeOf(spec, result);
      if (outcome === 'acked' || outcome === 'rejected') {
        failures = 0;
        return settledEvent(spec, batch, true);
      }
      failures += 1;
      if (outcome === 'sessionLost') session.id$.next(null);
      // A refusal that says how long to wait (429, 503 with Retry-After) is not asked again sooner.
      const serverDelayMs =
        E.isLeft(result) && result.left.kind === 'http' ? result.left.retryAfterMs : undefined;
      notBefore$.next(deps.clock.now() + honourRetryAfter(retryDelayMs(spec, failures), serverDelayMs));
      return settledEvent(spec, batch, false);
    };

    const flush = (): Observable<Action> => {
      const batches = planBatches(state$.value.tracking[spec.channel], spec.policy.maxBatch);
      if (batches.length === 0) return EMPTY;
      const ctx = uploadContext(deps, session);
      const uploads = batches.map((batch): Observable<Action> => {
        const prepared = spec.prepare(batch.items, ctx);
        switch (prepared.kind) {
          case 'empty':
            return of(settledEvent(spec, batch, true));
          case 'wait':
            return of(settledEvent(spec, batch, false));
          case 'send':
            return prepared.send(deps.telemetry.api).pipe(
              take(1),
              map((result) => settle(batch, result)),
            );
        }
      });
      return concat(from(batches.map((b) => sentEvent(spec, b))), merge(...uploads));
    };

    return due$.pipe(mergeMap(flush));
  });

/**
 * Spec: what is pending is flushed with `sendBeacon` when the page becomes hidden. Batches in
 * flight are left to their own answer. A channel stops at its first refused beacon, so the
 * batches the reducer applies are exactly the ones sent.
 */
export const beaconActions = (state: RootState, deps: Dependencies, session: StarTrackSession): Action[] => {
  const ctx = uploadContext(deps, session);
  return CHANNELS.flatMap((spec) => {
    const actions: Action[] = [];
    for (const batch of planBatches(state.tracking[spec.channel], spec.policy.maxBatch)) {
      const prepared = spec.prepare(batch.items, ctx);
      if (prepared.kind === 'wait') break;
      const delivered = prepared.kind === 'empty' || deps.telemetry.sendBeacon(spec.path, prepared.body);
      actions.push(sentEvent(spec, batch), settledEvent(spec, batch, delivered));
      if (!delivered) break;
    }
    return actions;
  });
};

const beaconOnHidden = (state$: StateObservable<RootState>, deps: Dependencies, session: StarTrackSession) =>
  deps.telemetry.visibility$.pipe(
    distinctUntilChanged(),
    filter((v) => v === 'hidden'),
    mergeMap(() => from(beaconActions(state$.value, deps, session))),
  );

/** Star-track init while events wait and there is no session; again every 5 s while it fails. */
const starTrackInit = (
  state$: StateObservable<RootState>,
  deps: Dependencies,
  session: StarTrackSession,
): Observable<never> => {
  const waiting$ = combineLatest([
    state$.pipe(map((s) => s.tracking.starTrack.pending.length > 0)),
    session.id$,
  ]).pipe(
    map(([pending, id]) => pending && id === null),
    distinctUntilChanged(),
  );
  const attempt = (): Observable<ApiResult<StarTrackInitResponse>> =>
    deps.telemetry.api
      .starTrackInit({
        page_location: deps.telemetry.page().pageLocation.slice(0, 2048),
      } as StarTrackInitRequest)
      .pipe(take(1));
  const untilSession = (): Observable<never> =>
    attempt().pipe(
      mergeMap((result) => {
        if (E.isRight(result)) {
          session.id$.next(result.right.session_id);
          return EMPTY;
        }
        return timer(tracking.STAR_TRACK_RETRY_INTERVAL_MS, deps.scheduler).pipe(mergeMap(untilSession));
      }),
    );
  return waiting$.pipe(switchMap((waiting) => (waiting ? untilSession() : EMPTY)));
};

// ---- the local cache of the queues ------------------------------------------------------------

const CachedItem = t.type({
  id: t.string,
  name: t.string,
  data: t.record(t.string, t.union([t.string, t.number, t.boolean, t.null])),
});

/**
 * What a cache key holds: the items not yet acknowledged, oldest first; when some older ones did
 * not fit (a full local storage), the items that did and how many were left out. A bare array
 * (every item fitted) is also what clients before the count wrote.
 */
const CachedQueue = t.union([t.type({ items: t.array(CachedItem), dropped: t.number }), t.array(CachedItem)]);

/** What a page reads back from a cache key: the valid items, and how many the copy left out. */
export interface RestoredCache {
  readonly items: readonly tracking.TrackedItem[];
  readonly dropped: number;
}

const NOTHING_CACHED: RestoredCache = { items: [], dropped: 0 };

/** The items stored under `key` that are still valid wire items of the channel, and the count left out. */
export const readCache = (storage: KeyValueStorage, spec: ChannelSpec, key: string): RestoredCache => {
  const raw = storage.getItem(key);
  if (raw === null) return NOTHING_CACHED;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return NOTHING_CACHED;
  }
  const decoded = CachedQueue.decode(json);
  if (E.isLeft(decoded)) return NOTHING_CACHED;
  const { items, dropped } = Array.isArray(decoded.right)
    ? { items: decoded.right, dropped: 0 }
    : decoded.right;
  return {
    items: items
      .map((i): tracking.TrackedItem => ({ id: i.id, name: i.name, data: i.data }))
      .filter((i) => wireItemOf(spec.channel, i) !== null),
    dropped: Number.isSafeInteger(dropped) && dropped > 0 ? dropped : 0,
  };
};

/**
 * Keeps `items` (oldest first) under `key`. When the storage refuses them (its quota is full),
 * the oldest are left out, as few as let the rest fit (a binary search over how many), and the
 * copy says how many; when even an empty copy does not fit, the key is removed so no stale copy
 * is read back. Answers how many items were left out.
 */
export const writeCache = (
  storage: KeyValueStorage,
  key: string,
  items: readonly tracking.QueuedItem[],
): number => {
  if (items.length === 0) {
    storage.removeItem(key);
    return 0;
  }
  const copy = (leftOut: number) => {
    const kept = items.slice(leftOut).map(({ id, name, data }) => ({ id, name, data }));
    return JSON.stringify(leftOut === 0 ? kept : { items: kept, dropped: leftOut });
  };
  if (storage.setItem(key, copy(0))) return 0;
  let written = items.length;
  if (!storage.setItem(key, copy(written))) {
    storage.removeItem(key);
    return items.length;
  }
  // Invariant: leaving out `hi` items fits; leaving out `lo - 1` does not.
  let lo = 1;
  let hi = items.length;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (storage.setItem(key, copy(mid))) {
      written = mid;
      hi = mid;
    } else lo = mid + 1;
  }
  if (written !== hi && !storage.setItem(key, copy(hi))) {
    storage.removeItem(key);
    return items.length;
  }
  return hi;
};

const isEventOf =
  (channel: tracking.TrackingChannel) =>
  (a: Action): boolean =>
    tracking.trackingEventTypes.includes(a.type as (typeof tracking.trackingEventTypes)[number]) &&
    (a.payload as { readonly channel?: unknown } | undefined)?.channel === channel;

/**
 * At start: the cached items come back (`cacheRestored`, with the count the cache had to leave
 * out; ids the queue already holds are ignored by the reducer); from then on every change of the
 * queue rewrites the cache with everything not yet acknowledged. Items the cache cannot hold stay
 * in the queue: this page still sends them; only a page closed before that loses them, and the
 * next one counts them.
 */
const cacheMirror = (
  spec: ChannelSpec,
  key: string,
  action$: Observable<Action>,
  state$: StateObservable<RootState>,
  deps: Dependencies,
): Observable<Action> =>
  action$.pipe(
    filter(appStarted.match),
    take(1),
    mergeMap(() => {
      const { items, dropped } = readCache(deps.telemetry.storage, spec, key);
      const restore$ =
        items.length === 0 && dropped === 0
          ? EMPTY
          : of(tracking.cacheRestored({ channel: spec.channel, items, ...(dropped > 0 ? { dropped } : {}) }));
      const mirror$ = action$.pipe(
        filter(isEventOf(spec.channel)),
        tap(() =>
          writeCache(
            deps.telemetry.storage,
            key,
            tracking.selectUnacknowledged(state$.value.tracking, spec.channel),
          ),
        ),
        ignoreElements(),
      );
      return merge(mirror$, restore$);
    }),
  );

/** Every queue's flushes, the beacon on hidden, star-track init, and the two caches. */
export const trackingQueuesEpic: AppEpic = (action$, state$, deps) =>
  defer(() => {
    const session: StarTrackSession = { id$: new BehaviorSubject<string | null>(null) };
    const caches = CHANNELS.flatMap((spec) =>
      spec.policy.cacheKey === null ? [] : [cacheMirror(spec, spec.policy.cacheKey, action$, state$, deps)],
    );
    return merge(
      ...CHANNELS.map((spec) => channelFlush(spec, state$, deps, session)),
      beaconOnHidden(state$, deps, session),
      starTrackInit(state$, deps, session),
      ...caches,
    );
  });
