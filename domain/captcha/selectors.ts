import type { VerificationState } from './state.js';

/** What a view shows of the guest verification. */
export type VerificationView =
  | { readonly phase: 'none' }
  | { readonly phase: 'verifying'; readonly solving: boolean }
  | { readonly phase: 'done' }
  | { readonly phase: 'failed'; readonly code: number | null };

export const selectVerification = (s: VerificationState): VerificationView => {
  switch (s.status) {
    case 'idle':
      return { phase: 'none' };
    case 'required':
      return { phase: 'verifying', solving: false };
    case 'solving':
      return { phase: 'verifying', solving: true };
    case 'passed':
      return { phase: 'done' };
    case 'failed':
      return { phase: 'failed', code: s.code };
  }
};

/** True while a verification runs (a create waits on it). */
export const selectIsVerifying = (s: VerificationState): boolean =>
  s.status === 'required' || s.status === 'solving';
