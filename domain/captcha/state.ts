/**
 * The guest verification of spec §4 (captcha required -> solving -> passed or failed) as a
 * phase union, so a view can say "verifying..." while the proof of work runs and why it stopped.
 * One verification at a time: a new 20011 starts over from `required`. No solution, challenge
 * or token is kept here; only the phase.
 */
import { assertNever } from '../kernel/event.js';
import type { CaptchaEvent } from './events.js';

export type VerificationState =
  | { readonly status: 'idle' }
  | { readonly status: 'required' }
  | { readonly status: 'solving'; readonly difficulty: number }
  | { readonly status: 'passed' }
  | { readonly status: 'failed'; readonly code: number | null };

export const initialVerificationState: VerificationState = { status: 'idle' };

const inFlight = (s: VerificationState): boolean => s.status === 'required' || s.status === 'solving';

export const evolveVerification = (state: VerificationState, event: CaptchaEvent): VerificationState => {
  switch (event.type) {
    case 'captcha/verificationRequired':
      return state.status === 'required' ? state : { status: 'required' };
    case 'captcha/solvingStarted':
      return state.status === 'required'
        ? { status: 'solving', difficulty: event.payload.difficulty }
        : state;
    case 'captcha/verificationPassed':
      return inFlight(state) ? { status: 'passed' } : state;
    case 'captcha/verificationFailed':
      return inFlight(state) ? { status: 'failed', code: event.payload.code } : state;
    default:
      return assertNever(event);
  }
};
