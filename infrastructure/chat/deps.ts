/**
 * The chat's ports: its calls, the socket at /im/v1 and the page coming back into view (a socket
 * that dropped meanwhile is opened again). Browser adapters in browser.ts.
 */
import type { Observable } from 'rxjs';
import type { ChatApi } from './api';

/** One live socket: `send` emits the server's acknowledgement once (never, if the socket drops). */
export interface ChatConnection {
  readonly send: (event: string, payload: unknown) => Observable<unknown>;
}

export type ChatSignal =
  | { readonly kind: 'connected'; readonly connection: ChatConnection }
  | { readonly kind: 'event'; readonly event: string; readonly payload: unknown };

/** Why a chat socket ended: the observable of `connectChat` errors with one of these. */
export type ChatSocketEnd =
  | { readonly kind: 'closed'; readonly reason: string }
  /** The server refused the handshake (spec §8 code, e.g. 20000 for a guest); not retried. */
  | { readonly kind: 'refused'; readonly code: number; readonly msg: string };

export const isChatSocketEnd = (err: unknown): err is ChatSocketEnd =>
  typeof err === 'object' &&
  err !== null &&
  ((err as ChatSocketEnd).kind === 'closed' || (err as ChatSocketEnd).kind === 'refused');

export interface ChatDeps {
  readonly api: ChatApi;
  /**
   * Opens one socket (no automatic reconnection: the epic decides when to retry). Emits
   * `connected` once the handshake succeeds and `event` for each server event; errors with a
   * `ChatSocketEnd` when the socket closes or is refused; unsubscribing closes it.
   */
  readonly connectChat: (auth: { readonly token: string | null }) => Observable<ChatSignal>;
  /** Emits each time the page is shown again after being hidden (a tab switched back to). */
  readonly pageShown?: Observable<void>;
}
