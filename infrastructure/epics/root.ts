import { catchError } from 'rxjs';
import { combineEpics } from 'redux-observable';
import { billingEpics } from './billing';
import { feedEpics } from './feed';
import { noticeEpics } from './notices';
import { sessionEpics } from './session';
import { taskEpics } from './tasks';
import { platformEpics } from '../platform/epics';
import { streamingEpics } from '../streaming/epics';
import { telemetryEpics } from '../telemetry/epics';
import { uploadsEpics } from '../uploads/epics';
import type { AppEpic } from './types';

export type { Action, AppEpic } from './types';

const epics: readonly AppEpic[] = [
  ...taskEpics,
  ...sessionEpics,
  ...billingEpics,
  ...noticeEpics,
  ...feedEpics,
  ...uploadsEpics,
  ...streamingEpics,
  ...telemetryEpics,
  ...platformEpics,
];

/**
 * Each epic handles its own errors inside its inner streams; this outer guard only logs a bug
 * and restarts the one epic, so a defect in one never silences the others.
 */
export const rootEpic: AppEpic = (action$, state$, deps) =>
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
  )(action$, state$, deps);
