/**
 * The task calls beyond create and batch progress (the task API, api.ts) and the settled pushes,
 * injected into the task epics. The browser builds them over the HTTP client; tests pass fakes
 * (`tests/support/fakes/tasks.ts`) or call the real server.
 */
import { from, switchMap } from 'rxjs';
import type { HttpClient } from '../http/client';
import { makeTaskApi, type TaskApi } from './api';
import { socketIoSettledPushes, type SettledPushes } from './push';

export interface TasksDeps extends Omit<TaskApi, 'createTask' | 'batchProgress'> {
  /** Ids of the account's tasks that ended, pushed by the server while the socket is up (push.ts). */
  readonly settledPushes: SettledPushes;
}

export const browserTasksDeps = (http: HttpClient): TasksDeps => {
  const { createTask: _create, batchProgress: _progress, ...calls } = makeTaskApi(http);
  return {
    ...calls,
    // socket.io-client is loaded when a task of the account first runs, not with the page.
    settledPushes: (args) =>
      from(import('socket.io-client')).pipe(
        switchMap(({ io }) => socketIoSettledPushes(io, window.location.origin)(args)),
      ),
  };
};
