/**
 * The popup queue's I/O (spec §4): the shown status kept locally with its timestamps (restored at
 * start, written on every change), and the moment a popup is shown. The decision itself is the
 * domain's (`popups.nextPopup`: priorities, once a day, the route conditions); this epic only asks
 * it whenever the queue, the page or the open popup changes, with the clock's time.
 */
import * as t from 'io-ts';
import {
  EMPTY,
  combineLatest,
  distinctUntilChanged,
  filter,
  ignoreElements,
  map,
  mergeMap,
  of,
  switchMap,
  tap,
} from 'rxjs';
import { popups } from '../../domain/index.js';
import type { Action, AppEpic } from '../epics/types';
import { localStateRestored } from '../platform/commands';
import { readStored, type LocalStore } from '../platform/storage';
import { closePopup, popupRouteEntered } from './commands';

const ShownCodec = t.record(t.string, t.number);

/** The stored shown status, keeping only known types with finite timestamps. */
export const readShownStatus = (storage: LocalStore): Partial<Record<popups.ShownKey, number>> => {
  const stored = readStored(storage, popups.POPUP_SHOWN_STORAGE_KEY, ShownCodec);
  const out: Partial<Record<popups.ShownKey, number>> = {};
  if (stored === null) return out;
  for (const type of [...popups.POPUP_TYPES, ...popups.REMINDER_POPUPS]) {
    const at = stored[type];
    if (at !== undefined && Number.isFinite(at)) out[type] = at;
  }
  return out;
};

/** At start (with the other local state, before its writers begin): the stored shown status. */
export const restoreShownStatus = (storage: LocalStore): Action[] => {
  const shown = readShownStatus(storage);
  return Object.keys(shown).length === 0 ? [] : [popups.shownStatusRestored({ shown })];
};

export const persistShownStatusEpic: AppEpic = (action$, state$, { platform }) =>
  action$.pipe(
    filter(localStateRestored.match),
    switchMap(() =>
      state$.pipe(
        map((s) => s.popups.shown),
        distinctUntilChanged(),
      ),
    ),
    tap((shown) => {
      const status = popups.selectShownStatus({ ...popups.initialPopupsState, shown });
      if (Object.keys(status).length === 0) platform.storage.remove(popups.POPUP_SHOWN_STORAGE_KEY);
      else platform.storage.set(popups.POPUP_SHOWN_STORAGE_KEY, JSON.stringify(status));
    }),
    ignoreElements(),
  );

/** The page the person is on: a route other than the last one is a new page visit (domain/popups). */
export const pageVisitEpic: AppEpic = (action$, state$) =>
  action$.pipe(
    filter(popupRouteEntered.match),
    map((a) => popups.popupRouteOf(a.payload.route)),
    filter((route) => state$.value.popups.visitRoute !== route),
    map((route) => popups.pageVisited({ route })),
  );

/**
 * Shows the next popup the domain picks. Half-price eligibility is the server's: the popup-status
 * epic offers it only to those who qualify; no new-user subscription info is sent to this client.
 * The page comes from the state (`popups/pageVisited`), so the visit's one interruption and the
 * page it is judged on are always the same moment's.
 */
export const showNextPopupEpic: AppEpic = (_action$, state$, { clock }) =>
  combineLatest([
    state$.pipe(
      map((s) => s.popups),
      distinctUntilChanged(
        (a, b) =>
          a.offered === b.offered &&
          a.current === b.current &&
          a.shown === b.shown &&
          a.visitRoute === b.visitRoute &&
          a.visitInterrupted === b.visitInterrupted &&
          a.hotSeenAt === b.hotSeenAt &&
          a.details === b.details,
      ),
    ),
    state$.pipe(
      map((s) => s.tour.status === 'running'),
      distinctUntilChanged(),
    ),
  ]).pipe(
    mergeMap(([state, tourRunning]) => {
      if (state.visitRoute === null) return EMPTY;
      const next = popups.selectNextPopup(state, {
        route: state.visitRoute,
        now: clock.now(),
        halfPriceEligible: true,
        newUserSubscriptionInfo: null,
        tourRunning,
      });
      return next === null ? EMPTY : of(popups.popupShown({ type: next }));
    }),
  );

export const closePopupEpic: AppEpic = (action$, state$) =>
  action$.pipe(
    filter(closePopup.match),
    mergeMap(({ payload: { type } }) => {
      const current = state$.value.popups.current;
      return current !== null && current === type ? of(popups.popupClosed({ type: current })) : EMPTY;
    }),
  );

export const popupQueueEpics: readonly AppEpic[] = [
  persistShownStatusEpic,
  pageVisitEpic,
  showNextPopupEpic,
  closePopupEpic,
];
