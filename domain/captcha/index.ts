import type { BoundedContext } from '../kernel/context.js';
import { captchaEventTypes, type CaptchaEvent } from './events.js';
import { evolveVerification, initialVerificationState, type VerificationState } from './state.js';

export * from './events.js';
export * from './state.js';
export * from './selectors.js';

export const captchaContext: BoundedContext<VerificationState, CaptchaEvent> = {
  name: 'captcha',
  initialState: initialVerificationState,
  evolve: evolveVerification,
  eventTypes: captchaEventTypes,
  invariants: [],
};
