import type { BoundedContext } from '../kernel/context.js';
import { socialEventTypes, type SocialEvent } from './events.js';
import { socialInvariants } from './invariants.js';
import { evolveSocial, initialSocialState, socialStateFromSnapshot, type SocialState } from './state.js';

export * from './events.js';
export * from './state.js';
export * from './rules.js';
export * from './selectors.js';
export * from './invariants.js';

export const socialContext: BoundedContext<SocialState, SocialEvent> = {
  name: 'social',
  initialState: initialSocialState,
  evolve: evolveSocial,
  eventTypes: socialEventTypes,
  invariants: socialInvariants,
  fromSnapshot: socialStateFromSnapshot,
};
