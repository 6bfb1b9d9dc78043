import { assertNever } from '../kernel/event.js';
import type { TourEvent } from './events.js';
import { nextStep, previousStep, validStepCount } from './rules.js';

export type TourState =
  | { readonly status: 'idle' }
  | {
      readonly status: 'running';
      readonly tourId: string;
      readonly step: number;
      readonly totalSteps: number;
    }
  | { readonly status: 'done'; readonly tourId: string }
  | { readonly status: 'closed'; readonly tourId: string; readonly atStep: number };

export const initialTourState: TourState = { status: 'idle' };

export const evolveTour = (state: TourState, event: TourEvent): TourState => {
  if (event.type === 'tour/started') {
    const total = validStepCount(event.payload.totalSteps);
    // One tour at a time: a start while one is running is ignored rather than losing its place.
    if (state.status === 'running' || total === null) return state;
    return { status: 'running', tourId: event.payload.tourId, step: 0, totalSteps: total };
  }
  if (state.status !== 'running' || state.tourId !== event.payload.tourId) return state;
  switch (event.type) {
    case 'tour/advanced': {
      const move = nextStep(state.step, state.totalSteps);
      return move.kind === 'done' ? { status: 'done', tourId: state.tourId } : { ...state, step: move.step };
    }
    case 'tour/steppedBack': {
      const step = previousStep(state.step);
      return step === state.step ? state : { ...state, step };
    }
    case 'tour/closed':
      return { status: 'closed', tourId: state.tourId, atStep: state.step };
    default:
      return assertNever(event);
  }
};
