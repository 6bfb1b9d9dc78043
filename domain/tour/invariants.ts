import type { Invariant } from '../kernel/invariant.js';
import type { TourState } from './state.js';

/** The step shown is always a whole step of the tour. */
export const stepInBounds: Invariant<TourState> = {
  name: 'stepInBounds',
  check: (_before, after) =>
    after.status === 'running' &&
    !(Number.isInteger(after.step) && after.step >= 0 && after.step < after.totalSteps)
      ? `step ${after.step} is outside 0..${after.totalSteps - 1}`
      : null,
};

export const tourInvariants = [stepInBounds] as const;
