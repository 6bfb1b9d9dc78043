/**
 * Commands: intents from a person or a timer, in the imperative (`tasks/create`). They go to
 * epics and never change state themselves; only the events the epics emit do, so commands are
 * not recorded in the event log.
 */

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

export const appStarted = defineCommand()('app/start');

/** Any action, carried inside a command to be dispatched later (plain data, serialisable). */
export interface DeferredAction {
  readonly type: string;
  readonly payload?: unknown;
}
