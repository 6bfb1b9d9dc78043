/**
 * The end-time popups of spec §4 in local storage, and the one-second clock of the half-discount
 * countdown. At start the stored end times are read back: those still in the future become
 * `endTimeSet` events, the others' keys are removed. Afterwards the stored keys follow the state
 * (set while valid, removed once cleared or expired). The clock ticks every 1000 ms only while
 * the countdown runs; the reducer clears it at zero, which stops the ticks.
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
  return popups.END_TIME_POPUPS.flatMap((popup) => {
    const key = popups.END_TIME_STORAGE_KEYS[popup];
    const endAt = stored[key];
    return plan.keep.includes(key) && typeof endAt === 'number' ? [popups.endTimeSet({ popup, endAt })] : [];
  });
};

export const persistEndTimesEpic: AppEpic = (action$, state$, { platform }) =>
  action$.pipe(
    filter(localStateRestored.match),
    switchMap(() =>
      state$.pipe(
        map((s) => s.popups.endTimes),
        distinctUntilChanged(),
      ),
    ),
    tap((endTimes) => {
      for (const popup of popups.END_TIME_POPUPS) {
        const key = popups.END_TIME_STORAGE_KEYS[popup];
        const endAt = endTimes[popup];
        if (endAt === undefined) {
          if (platform.storage.get(key) !== null) platform.storage.remove(key);
        } else if (platform.storage.get(key) !== String(endAt)) platform.storage.set(key, String(endAt));
      }
    }),
    ignoreElements(),
  );

export const halfDiscountCountdownEpic: AppEpic = (_action$, state$, { scheduler }) =>
  state$.pipe(
    map((s) => s.popups.halfDiscountCountdown.status === 'running'),
    distinctUntilChanged(),
    switchMap((running) =>
      running
        ? interval(popups.COUNTDOWN_TICK_MS, scheduler).pipe(map(() => popups.countdownTicked({})))
        : EMPTY,
    ),
  );

export const countdownEpics: readonly AppEpic[] = [persistEndTimesEpic, halfDiscountCountdownEpic];
