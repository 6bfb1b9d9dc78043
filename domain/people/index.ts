import type { BoundedContext } from '../kernel/context.js';
import { peopleEventTypes, type PeopleEvent } from './events.js';
import { peopleInvariants } from './invariants.js';
import { evolvePeople, initialPeopleState, type PeopleState } from './state.js';

export * from './events.js';
export * from './state.js';
export * from './rules.js';
export * from './selectors.js';
export * from './invariants.js';

export const peopleContext: BoundedContext<PeopleState, PeopleEvent> = {
  name: 'people',
  initialState: initialPeopleState,
  evolve: evolvePeople,
  eventTypes: peopleEventTypes,
  invariants: peopleInvariants,
};
