import type { BoundedContext } from '../kernel/context.js';
import { feedEventTypes, type FeedEvent } from './events.js';
import { feedInvariants } from './invariants.js';
import { evolveFeed, initialFeedState, type FeedState } from './state.js';

export * from './catalog.js';
export * from './events.js';
export * from './state.js';
export * from './rules.js';
export * from './selectors.js';
export * from './invariants.js';
export * from './address.js';
export * from './layout.js';
export * from './cards.js';

export const feedContext: BoundedContext<FeedState, FeedEvent> = {
  name: 'feed',
  initialState: initialFeedState,
  evolve: evolveFeed,
  eventTypes: feedEventTypes,
  invariants: feedInvariants,
};
