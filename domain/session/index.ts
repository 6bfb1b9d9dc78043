import type { BoundedContext } from '../kernel/context.js';
import { sessionEventTypes, type SessionEvent } from './events.js';
import { sessionInvariants } from './invariants.js';
import { evolveSession, initialSessionState, type SessionState } from './state.js';

export * from './events.js';
export * from './state.js';
export * from './rules.js';
export * from './selectors.js';
export * from './invariants.js';

export const sessionContext: BoundedContext<SessionState, SessionEvent> = {
  name: 'session',
  initialState: initialSessionState,
  evolve: evolveSession,
  eventTypes: sessionEventTypes,
  invariants: sessionInvariants,
};
