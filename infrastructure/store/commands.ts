/**
 * Commands: intents from a person or a timer, in the imperative (`tasks/create`). They go to
 * epics and never change state themselves; only the events the epics emit do, so commands are
 * not recorded in the event log.
 */
import type { ApiFailure } from '../http/client';

export interface Command<T extends string = string, P = unknown> {
  readonly type: T;
  readonly payload: P;
}

export const defineCommand =
  <P = Record<string, never>>() =>
  <T extends string>(type: T) =>
    Object.assign((payload: P): Command<T, P> => ({ type, payload }), {
      type,
      match: (a: { readonly type: string }): a is Command<T, P> => a.type === type,
    });

export interface CreateTaskPayload {
  readonly prompt: string;
  readonly aspectRatio: string;
  readonly domainType: number;
  readonly seed?: number;
}

export const appStarted = defineCommand()('app/start');
export const createTask = defineCommand<CreateTaskPayload>()('tasks/create');
export const refreshPayment = defineCommand()('billing/refresh');
export const login = defineCommand<{ readonly email: string; readonly password: string }>()('session/login');
export const logout = defineCommand()('session/logout');
export const dismissNotice = defineCommand<{ readonly id: string }>()('notices/dismiss');
export const closeDialog = defineCommand<{ readonly name: string }>()('notices/closeDialog');
export const openDialog = defineCommand<{ readonly name: string; readonly variant?: string }>()(
  'notices/openDialog',
);
/** A failed call, handed to the one epic that carries out the error map's effect. */
export const reportApiFailure = defineCommand<{ readonly failure: ApiFailure }>()('api/reportFailure');

/** Load the next page of a feed tab (the first when nothing is loaded yet). */
export const loadFeedPage = defineCommand<{ readonly tab: string }>()('feed/loadPage');
/** Start a tab again from the first page. */
export const refreshFeed = defineCommand<{ readonly tab: string }>()('feed/refresh');
export const toggleLike = defineCommand<{ readonly key: string }>()('social/toggleLike');
export const muteCard = defineCommand<{ readonly id: string; readonly reason: 'report' | 'notInterested' }>()(
  'social/mute',
);
