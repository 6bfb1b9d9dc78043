import type { ModerationState, PublishCheck } from './state.js';

/** What a publishing form shows of its check: nothing yet, or the phase of the last one. */
export type PublishCheckView = { readonly status: 'idle' } | PublishCheck;

const IDLE: PublishCheckView = { status: 'idle' };

export const selectPublishCheck = (s: ModerationState, subject: string): PublishCheckView =>
  s.checks[subject] ?? IDLE;

/** The form's publish button waits while its texts are being checked. */
export const selectIsChecking = (s: ModerationState, subject: string): boolean =>
  s.checks[subject]?.status === 'checking';
