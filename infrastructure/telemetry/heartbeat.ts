/**
 * Heartbeat (spec §7 ping, §9 "every 120 s"): after start, a ping every 120 s while the page is
 * visible. The first ping ever on this device says `first_open` (domain `heartbeatAction`); the
 * device remembers it in local storage only once the server has answered, so a lost first ping
 * is sent as `first_open` again. Returning to a visible page pings at once if the last ping is
 * 120 s old or more, else when it becomes due, so switching tabs never sends extra pings.
 * Pings are silent: a failure waits for the next one.
 */
import * as E from 'fp-ts/Either';
import {
  EMPTY,
  defer,
  distinctUntilChanged,
  exhaustMap,
  filter,
  ignoreElements,
  switchMap,
  take,
  tap,
  timer,
} from 'rxjs';
import { tracking } from '../../domain/index.js';
import type { AppEpic } from '../epics/types';
import { appStarted } from '../store/commands';

/** Set (to the time of the answer) once the server has recorded this device's first open. */
export const FIRST_OPEN_KEY = 'first_open_at';

export const heartbeatEpic: AppEpic = (action$, _state$, { telemetry, clock, scheduler }) =>
  action$.pipe(
    filter(appStarted.match),
    take(1),
    switchMap(() =>
      defer(() => {
        let lastPingAt: number | null = null;
        return telemetry.visibility$.pipe(
          distinctUntilChanged(),
          switchMap((v) => {
            if (v !== 'visible') return EMPTY;
            const wait =
              lastPingAt === null
                ? 0
                : Math.max(0, lastPingAt + tracking.HEARTBEAT_INTERVAL_MS - clock.now());
            return timer(wait, tracking.HEARTBEAT_INTERVAL_MS, scheduler);
          }),
          exhaustMap(() => {
            lastPingAt = clock.now();
            const first = telemetry.storage.getItem(FIRST_OPEN_KEY) === null;
            return telemetry.api.ping({ action: tracking.heartbeatAction(first) }).pipe(
              take(1),
              tap((result) => {
                if (first && E.isRight(result))
                  telemetry.storage.setItem(FIRST_OPEN_KEY, String(clock.now()));
              }),
            );
          }),
          ignoreElements(),
        );
      }),
    ),
  );
