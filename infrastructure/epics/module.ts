import { catchError } from 'rxjs';
import { combineEpics } from 'redux-observable';
import type { AppEpic } from './types';

/**
 * Epics that belong to one area of the web client: the router registers each module when the
 * chunk of a route that needs it loads (redux-observable's lazy-epic recipe), so a person who
 * never opens the square or a chat never runs their epics. Which module a route loads is in the
 * one registry, infrastructure/app/registry.ts.
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
