import { assertNever } from '../kernel/event.js';
import type { SupportEvent } from './events.js';

export type SupportState =
  | { readonly status: 'idle' }
  | { readonly status: 'sending'; readonly requestId: string }
  | { readonly status: 'sent'; readonly id: string }
  | { readonly status: 'failed'; readonly code: number | null };

export const initialSupportState: SupportState = { status: 'idle' };

export const evolveSupport = (state: SupportState, event: SupportEvent): SupportState => {
  switch (event.type) {
    case 'support/sending':
      return { status: 'sending', requestId: event.payload.requestId };
    case 'support/sent':
      return state.status === 'sending' && state.requestId === event.payload.requestId
        ? { status: 'sent', id: event.payload.id }
        : state;
    case 'support/failed':
      return state.status === 'sending' && state.requestId === event.payload.requestId
        ? { status: 'failed', code: event.payload.code }
        : state;
    case 'support/reset':
      return initialSupportState;
    default:
      return assertNever(event);
  }
};

export const selectSupportStatus = (s: SupportState): SupportState => s;

/** Why a message was not sent, as the form says it: no answer at all (the network), or the server's code. */
export type SupportFailure =
  | { readonly messageKey: 'support.failedNetwork'; readonly values: Record<string, never> }
  | { readonly messageKey: 'support.failedCode'; readonly values: { readonly code: number } };

export const selectSupportFailure = (s: SupportState): SupportFailure | null => {
  if (s.status !== 'failed') return null;
  return s.code === null
    ? { messageKey: 'support.failedNetwork', values: {} }
    : { messageKey: 'support.failedCode', values: { code: s.code } };
};
