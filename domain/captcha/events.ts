import { defineEvent, type DomainEvent } from '../kernel/event.js';

type Empty = Record<string, never>;

export interface SolvingStartedPayload {
  /** Leading zero bits the proof of work must reach (the challenge's difficulty). */
  readonly difficulty: number;
}

export interface VerificationFailedPayload {
  /** The refusal's code (20012 a wrong solution, 20011 asked again), or null: no answer, or the solver broke. */
  readonly code: number | null;
}

/** Spec §4 captcha flow: task creation answered 20011, the guest must be verified before it goes on. */
export const verificationRequired = defineEvent<Empty>()('captcha/verificationRequired');
/** The challenge arrived; the client is solving its proof of work. */
export const solvingStarted = defineEvent<SolvingStartedPayload>()('captcha/solvingStarted');
/** The request sent again with the solution was accepted by the captcha check. */
export const verificationPassed = defineEvent<Empty>()('captcha/verificationPassed');
/** The verification did not succeed: the challenge call failed, the solver broke, or the solution was refused. */
export const verificationFailed = defineEvent<VerificationFailedPayload>()('captcha/verificationFailed');

export type CaptchaEvent =
  | DomainEvent<typeof verificationRequired.type, Empty>
  | DomainEvent<typeof solvingStarted.type, SolvingStartedPayload>
  | DomainEvent<typeof verificationPassed.type, Empty>
  | DomainEvent<typeof verificationFailed.type, VerificationFailedPayload>;

export const captchaEventTypes = [
  verificationRequired.type,
  solvingStarted.type,
  verificationPassed.type,
  verificationFailed.type,
] as const;
