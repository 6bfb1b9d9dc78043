/**
 * Try on a workflow card of the square (spec §2 "app, workflow, audio and design template: Try";
 * §5 a guest gets the login dialog, then the action they asked for). Trying a workflow copies it
 * into the person's own workflows, where its inputs are a form and it runs; what a Try does now,
 * which waiting try the sign-in carries out, and what a failed copy tells the person.
 */
import { assertNever } from '../kernel/event.js';
import type { SessionState } from '../session/state.js';
import type { StudioState, WorkflowTry } from './state.js';

export type WorkflowTryDecision =
  /** A guest: the login dialog, and the try waits for the sign-in. */
  | 'loginDialog'
  /** Ask the server for the copy (it answers the person's existing copy if they have one). */
  | 'copy'
  /** A copy of this card is already on its way: a second click adds nothing. */
  | 'wait';

export const decideWorkflowTry = (
  session: Pick<SessionState, 'status'>,
  current: WorkflowTry | undefined,
): WorkflowTryDecision => {
  if (session.status !== 'signedIn') return 'loginDialog';
  return current?.status === 'copying' ? 'wait' : 'copy';
};

/** The card whose try waited for the sign-in, once there is an account to copy it for. */
export const workflowTryToReplay = (
  s: Pick<StudioState, 'tries'>,
  session: Pick<SessionState, 'status'>,
): string | null => {
  if (session.status !== 'signedIn') return null;
  const waiting = Object.entries(s.tries).find(([, t]) => t.status === 'awaitingLogin');
  return waiting?.[0] ?? null;
};

/** Spec §8 20000-20004: the session is gone; the error map opens the login dialog. */
const isSessionCode = (code: number): boolean => code >= 20000 && code <= 20004;

export type WorkflowTryFailure =
  /** The session expired: the error map's login dialog, and the try waits for the sign-in. */
  { readonly kind: 'signIn' } | { readonly kind: 'toast'; readonly messageKey: string };

/**
 * What a failed copy tells the person: the card is gone from the square (10404), they hold as
 * many workflows as an account may (10403), or the copy failed (anything else, the network too).
 */
export const workflowTryFailure = (code: number): WorkflowTryFailure => {
  if (isSessionCode(code)) return { kind: 'signIn' };
  if (code === 10404) return { kind: 'toast', messageKey: 'workflows.try.gone' };
  if (code === 10403) return { kind: 'toast', messageKey: 'workflows.try.limit' };
  return { kind: 'toast', messageKey: 'workflows.try.failed' };
};

/** Where the Try of a card stands, as its button shows it. */
export type WorkflowTryView = 'idle' | 'waitingForLogin' | 'copying';

export const selectWorkflowTry = (s: Pick<StudioState, 'tries'>, itemId: string): WorkflowTryView => {
  const t = s.tries[itemId];
  if (t === undefined) return 'idle';
  switch (t.status) {
    case 'awaitingLogin':
      return 'waitingForLogin';
    case 'copying':
      return 'copying';
    case 'copied':
    case 'failed':
      return 'idle';
    default:
      return assertNever(t);
  }
};
