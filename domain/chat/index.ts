import type { BoundedContext } from '../kernel/context.js';
import { chatEventTypes, type ChatEvent } from './events.js';
import { chatInvariants } from './invariants.js';
import { evolveChat, initialChatState, type ChatState } from './state.js';

export * from './events.js';
export * from './state.js';
export * from './rules.js';
export * from './selectors.js';
export * from './invariants.js';

export const chatContext: BoundedContext<ChatState, ChatEvent> = {
  name: 'chat',
  initialState: initialChatState,
  evolve: evolveChat,
  eventTypes: chatEventTypes,
  invariants: chatInvariants,
};
