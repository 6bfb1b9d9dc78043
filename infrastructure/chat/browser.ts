/**
 * The chat socket over socket.io-client, at path /im/v1. socket.io's own reconnection is off: the
 * connection epic owns retries (with its backoff, testable in virtual time). The observable emits
 * `connected` and the server's chat events, errors with a ChatSocketEnd when the socket closes or
 * the handshake is refused (`connect_error` with `data.code`), and closes the socket on unsubscribe.
 */
import { Observable, filter, from, fromEvent, map, share, switchMap } from 'rxjs';
import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';
import { CHAT_EVENT, CHAT_SOCKET_PATH, ChatHandshakeRefusal } from '../contract/streaming';
import type { HttpClient } from '../http/client';
import { makeChatApi } from './api';
import type { ChatConnection, ChatDeps, ChatSignal, ChatSocketEnd } from './deps';

export type SocketFactory = (uri: string, options: Partial<ManagerOptions & SocketOptions>) => Socket;

const SERVER_EVENTS = [
  CHAT_EVENT.start,
  CHAT_EVENT.token,
  CHAT_EVENT.done,
  CHAT_EVENT.message,
  CHAT_EVENT.error,
] as const;

/**
 * A socket on the chat's realtime endpoint (task pushes share it, tasks/push.ts): a connection of
 * its own, with the session's token and the cookies; it never reconnects by itself (the epics
 * decide when, with their back-off).
 */
export const openChatSocket = (
  io: SocketFactory,
  uri: string,
  token: string | null,
  extra: Partial<ManagerOptions & SocketOptions> = {},
): Socket =>
  io(uri, {
    path: CHAT_SOCKET_PATH,
    reconnection: false,
    forceNew: true,
    withCredentials: true,
    auth: token === null ? {} : { token },
    ...extra,
  });

export const socketIoChatConnector =
  (io: SocketFactory, uri: string, extra: Partial<ManagerOptions & SocketOptions> = {}) =>
  ({ token }: { readonly token: string | null }): Observable<ChatSignal> =>
    new Observable<ChatSignal>((subscriber) => {
      const socket = openChatSocket(io, uri, token, extra);
      const connection: ChatConnection = {
        send: (event, payload) =>
          new Observable<unknown>((ack) => {
            socket.emit(event, payload, (answer: unknown) => {
              ack.next(answer);
              ack.complete();
            });
          }),
      };
      const end = (e: ChatSocketEnd) => subscriber.error(e);
      socket.on('connect', () => subscriber.next({ kind: 'connected', connection }));
      socket.on('disconnect', (reason: string) => end({ kind: 'closed', reason }));
      socket.on('connect_error', (err: Error & { data?: unknown }) => {
        const refusal = ChatHandshakeRefusal.decode(err.data);
        end(
          refusal._tag === 'Right'
            ? { kind: 'refused', code: refusal.right.code, msg: refusal.right.msg }
            : { kind: 'closed', reason: err.message },
        );
      });
      for (const event of SERVER_EVENTS)
        socket.on(event, (payload: unknown) => subscriber.next({ kind: 'event', event, payload }));
      return () => {
        socket.removeAllListeners();
        socket.disconnect();
      };
    });

/**
 * The chat's ports in the browser: its calls on the shared HTTP client; socket.io-client, loaded
 * with the first chat (not with the page), at /im/v1 on the page's own origin (the T cookie
 * travels with the handshake; the token, when its holder has one, goes in `auth`); the page's
 * visibility.
 */
export const browserChatDeps = (http: HttpClient): ChatDeps => ({
  api: makeChatApi(http),
  connectChat: (args) =>
    from(import('socket.io-client')).pipe(
      switchMap(({ io }) => socketIoChatConnector(io, window.location.origin)(args)),
    ),
  pageShown: fromEvent(document, 'visibilitychange').pipe(
    filter(() => document.visibilityState === 'visible'),
    map(() => undefined),
    share(),
  ),
});
