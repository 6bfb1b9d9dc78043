/** Connectivity and the outbox: writes made offline are sent once, in order, when the browser is back online. */
import {
  EMPTY,
  concat,
  defer,
  distinctUntilChanged,
  exhaustMap,
  filter,
  map,
  merge,
  of,
  startWith,
  switchMap,
  take,
  type Observable,
} from 'rxjs';
import { session, social } from '../../domain/index.js';
import { appStarted } from '../store/commands';
import type { Action, AppEpic } from '../epics/types';
import { send } from './deliver';
import { signedIn } from './shared';

/** The browser's online and offline events, from the start (its state then first). */
export const connectivityEpic: AppEpic = (action$, _state$, { social: deps }) =>
  action$.pipe(
    filter(appStarted.match),
    take(1),
    switchMap(() =>
      deps.connectivity.changes$.pipe(
        startWith(deps.connectivity.isOnline()),
        distinctUntilChanged(),
        map((online) => social.connectivityChanged({ online })),
      ),
    ),
  );

/**
 * Back online (or a write queued while online behind others), the outbox is sent oldest first,
 * one at a time; each leaves the outbox before its call, so nothing is sent twice by this epic.
 * Going offline mid-way stops the drain; a call that then fails goes back into the outbox.
 */
export const drainOutboxEpic: AppEpic = (action$, state$, deps) => {
  const drain = (): Observable<Action> =>
    defer(() => {
      const s = state$.value;
      const next = social.selectOutbox(s.social)[0];
      if (next === undefined || !social.selectIsOnline(s.social) || !signedIn(s)) return EMPTY;
      return concat(of<Action>(social.requestSent({ opId: next.opId })), send(deps, s, next), drain());
    });
  return merge(
    action$.pipe(filter((a) => social.connectivityChanged.match(a) && a.payload.online)),
    action$.pipe(filter(social.requestQueued.match)),
    action$.pipe(filter(session.userInfoSet.match)),
  ).pipe(
    filter(() => social.selectIsOnline(state$.value.social)),
    exhaustMap(drain),
  );
};
