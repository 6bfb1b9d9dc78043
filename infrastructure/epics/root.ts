import { catchError } from 'rxjs';
import { combineEpics } from 'redux-observable';
import { noticeEpics } from '../notices/epics';
import { sessionEpics } from '../session/epics';
import { platformEpics } from '../platform/epics';
import { marketingEpics } from '../marketing/epics';
import type { AppEpic } from './types';

export type { Action, AppEpic } from './types';

/**
 * The epics that start with the store: the session, the notices, the platform's local data (the
 * theme, the flags) and the campaign clock the first screen's banner reads before it paints. The
 * other epics every page needs (tasks, payment, uploads, telemetry, search, social, support, the
 * tour: `laterCoreEpics`, ./later.ts) run from the start too, but the web client loads their code
 * after the store starts (`deferredEpics`, ./deferred.ts: they are handed every action from the
 * start, in order); tests, the replay tool and the benchmarks start them with these (`makeStore`).
 */
export const coreEpics: readonly AppEpic[] = [
  ...sessionEpics,
  ...noticeEpics,
  ...platformEpics,
  ...marketingEpics,
];

/**
 * Epics that belong to one area of the web client: the router registers each module when the
 * chunk of a route that needs it loads (redux-observable's lazy-epic recipe), so a person who
 * never opens the square or a chat never runs their epics.
 */
export interface EpicModule {
  readonly key: string;
  readonly epics: readonly AppEpic[];
}

/**
 * Each epic handles its own errors inside its inner streams; this outer guard only logs a bug
 * and restarts the one epic, so a defect in one never silences the others.
 */
export const combineGuarded = (epics: readonly AppEpic[]): AppEpic =>
  combineEpics(
    ...epics.map(
      (epic): AppEpic =>
        (a$, s$, d) =>
          epic(a$, s$, d).pipe(
            catchError((err: unknown, source) => {
              console.error('epic failed and was restarted', err);
              return source;
            }),
          ),
    ),
  );
