import type { BoundedContext } from '../kernel/context.js';
import { messagesEventTypes, type MessagesEvent } from './events.js';
import { messagesInvariants } from './invariants.js';
import { evolveMessages, initialMessagesState, type MessagesState } from './state.js';

export * from './events.js';
export * from './state.js';
export * from './rules.js';
export * from './selectors.js';
export * from './invariants.js';

export const messagesContext: BoundedContext<MessagesState, MessagesEvent> = {
  name: 'messages',
  initialState: initialMessagesState,
  evolve: evolveMessages,
  eventTypes: messagesEventTypes,
  invariants: messagesInvariants,
};
