/**
 * The sensitive-word check of each form that publishes (spec §5), as a phase per subject:
 * checking -> passed | blocked (naming the fields) | failed. The form shows the phase: it stays
 * open with its text while checking, blocked or failed, and says why.
 */
import { assertNever } from '../kernel/event.js';
import type { ModerationEvent } from './events.js';

export type PublishCheck =
  | { readonly status: 'checking' }
  | { readonly status: 'passed' }
  | { readonly status: 'blocked'; readonly categories: readonly string[]; readonly fields: string }
  | { readonly status: 'failed' };

export interface ModerationState {
  readonly checks: Readonly<Record<string, PublishCheck>>;
}

export const initialModerationState: ModerationState = { checks: {} };

const withCheck = (state: ModerationState, subject: string, check: PublishCheck): ModerationState => ({
  checks: { ...state.checks, [subject]: check },
});

/** An outcome is taken only for a check under way: a late answer after the form closed is dropped. */
const settle = (state: ModerationState, subject: string, check: PublishCheck): ModerationState =>
  state.checks[subject]?.status === 'checking' ? withCheck(state, subject, check) : state;

export const evolveModeration = (state: ModerationState, event: ModerationEvent): ModerationState => {
  switch (event.type) {
    case 'moderation/checkStarted':
      return withCheck(state, event.payload.subject, { status: 'checking' });
    case 'moderation/checkPassed':
      return settle(state, event.payload.subject, { status: 'passed' });
    case 'moderation/publishBlocked':
      return settle(state, event.payload.subject, {
        status: 'blocked',
        categories: event.payload.categories,
        fields: event.payload.fields,
      });
    case 'moderation/checkFailed':
      return settle(state, event.payload.subject, { status: 'failed' });
    case 'moderation/checkCleared': {
      if (!(event.payload.subject in state.checks)) return state;
      const { [event.payload.subject]: _gone, ...checks } = state.checks;
      return { checks };
    }
    default:
      return assertNever(event);
  }
};
