/**
 * The end-time popups of spec §4 in local storage, and the one-second clock of the half-discount
 * countdown. At start the stored end times are read back: those still in the future become
 * `endTimeSet` events, the others' keys are removed. Afterwards the stored keys follow the state
 * (set while valid, removed once cleared or expired), and so does the awaiting order's id. The
 * clock ticks every 1000 ms only while the countdown or the awaiting-order reminder runs; the
 * reducer clears them at zero, which stops the ticks.
 */
import { EMPTY, distinctUntilChanged, filter, ignoreElements, interval, map, switchMap, tap } from 'rxjs';
import { popups } from '../../domain/index.js';
import type { Action, AppEpic } from '../epics/types';
import { localStateRestored } from '../platform/commands';
import type { LocalStore } from '../platform/storage';

/** The stored end times read back: events for the valid ones; stale or unreadable keys removed. */
export const restoreEndTimes = (storage: LocalStore, now: number): Action[] => {
  const stored: Record<string, number | null> = {};
  for (const popup of popups.END_TIME_POPUPS) {
    const key = popups.END_TIME_STORAGE_KEYS[popup];
    const raw = storage.get(key);
    if (raw === null) continue;
    const n = Number(raw);
    stored[key] = raw.trim() !== '' && Number.isFinite(n) ? n : null;
  }
  const plan = popups.planEndTimeKeys(stored, now);
  for (const key of plan.remove) storage.remove(key);
  const orderId = storage.get(popups.AWAITING_ORDER_ID_STORAGE_KEY);
  if (!plan.keep.includes(popups.END_TIME_STORAGE_KEYS.awaitingOrder) && orderId !== null)
    storage.remove(popups.AWAITING_ORDER_ID_STORAGE_KEY);
  return popups.END_TIME_POPUPS.flatMap((popup) => {
    const key = popups.END_TIME_STORAGE_KEYS[popup];
    const endAt = stored[key];
    if (!plan.keep.includes(key) || typeof endAt !== 'number') return [];
    return [
      popups.endTimeSet({
        popup,
        endAt,
        ...(popup === 'awaitingOrder' && orderId !== null ? { orderId } : {}),
      }),
    ];
  });
};

/** Writes one local key so that it holds `value` (absent for null), touching it only on a change. */
const syncKey = (storage: LocalStore, key: string, value: string | null): void => {
  if (value === null) {
    if (storage.get(key) !== null) storage.remove(key);
  } else if (storage.get(key) !== value) storage.set(key, value);
};

export const persistEndTimesEpic: AppEpic = (action$, state$, { platform }) =>
  action$.pipe(
    filter(localStateRestored.match),
    switchMap(() =>
      state$.pipe(
        map((s) => s.popups),
        distinctUntilChanged((a, b) => a.endTimes === b.endTimes && a.awaitingOrderId === b.awaitingOrderId),
      ),
    ),
    tap(({ endTimes, awaitingOrderId }) => {
      for (const popup of popups.END_TIME_POPUPS) {
        const endAt = endTimes[popup];
        syncKey(
          platform.storage,
          popups.END_TIME_STORAGE_KEYS[popup],
          endAt === undefined ? null : String(endAt),
        );
      }
      syncKey(platform.storage, popups.AWAITING_ORDER_ID_STORAGE_KEY, awaitingOrderId);
    }),
    ignoreElements(),
  );

export const halfDiscountCountdownEpic: AppEpic = (_action$, state$, { scheduler }) =>
  state$.pipe(
    map((s) => popups.selectClockRuns(s.popups)),
    distinctUntilChanged(),
    switchMap((running) =>
      running
        ? interval(popups.COUNTDOWN_TICK_MS, scheduler).pipe(map(() => popups.countdownTicked({})))
        : EMPTY,
    ),
  );

export const countdownEpics: readonly AppEpic[] = [persistEndTimesEpic, halfDiscountCountdownEpic];
