import { catchError } from 'rxjs';
import { combineEpics } from 'redux-observable';
import { billingEpics } from '../billing/epics';
import { noticeEpics } from '../notices/epics';
import { sessionEpics } from '../session/epics';
import { socialEpics } from '../social/epics';
import { taskEpics } from '../tasks/epics';
import { platformEpics } from '../platform/epics';
import { telemetryEpics } from '../telemetry/epics';
import { uploadsEpics } from '../uploads/epics';
import { searchBoxEpics } from '../details/searchBox';
import { supportEpics } from '../support/epics';
import { tourEpics } from '../tour/epics';
import { marketingEpics } from '../marketing/epics';
import { resumePendingDeletesEpic } from '../streaming/pendingDeletes';
import type { AppEpic } from './types';

export type { Action, AppEpic } from './types';

/**
 * The epics every page needs from the first moment: the session, tasks and their polling (the
 * queue survives a reload on any page), payment, notices, uploads (guest files are saved after a
 * sign-in anywhere), telemetry, the platform's local data, the header's search suggestions, and the
 * social writes (a like button sits on any page, a guest's ask is carried out after a sign-in
 * anywhere, the outbox drains when the browser comes back online) with the header's unread count,
 * and a chat delete a closed page left inside its undo window.
 */
export const coreEpics: readonly AppEpic[] = [
  ...taskEpics,
  ...sessionEpics,
  ...billingEpics,
  ...noticeEpics,
  ...uploadsEpics,
  ...telemetryEpics,
  ...platformEpics,
  ...searchBoxEpics,
  ...socialEpics,
  ...supportEpics,
  ...tourEpics,
  ...marketingEpics,
  resumePendingDeletesEpic,
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
