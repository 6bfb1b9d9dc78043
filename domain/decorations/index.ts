import type { BoundedContext } from '../kernel/context.js';
import { decorationsEventTypes, type DecorationsEvent } from './events.js';
import { decorationsInvariants } from './invariants.js';
import { evolveDecorations, initialDecorationsState, type DecorationsState } from './state.js';

export * from './events.js';
export * from './state.js';
export * from './rules.js';
export * from './selectors.js';
export * from './invariants.js';
export * from './ownFrames.js';

export const decorationsContext: BoundedContext<DecorationsState, DecorationsEvent> = {
  name: 'decorations',
  initialState: initialDecorationsState,
  evolve: evolveDecorations,
  eventTypes: decorationsEventTypes,
  invariants: decorationsInvariants,
};
