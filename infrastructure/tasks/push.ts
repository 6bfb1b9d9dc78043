/**
 * Task results pushed over the account socket (issue 23): socket.io-client at /im/v1, the socket
 * the chat also uses, authenticated the same way. The observable emits the ids of each
 * `task:settled` the server sends (decoded at the boundary: a malformed push is dropped, the poll
 * catches up), errors when the socket closes or the handshake is refused, and closes the socket
 * on unsubscribe. socket.io's own reconnection is off: the push epic owns retries, in virtual time.
 */
import * as E from 'fp-ts/Either';
import { Observable } from 'rxjs';
import { TASK_SETTLED_EVENT, TaskSettledPush } from '../contract/tasks';
import { openChatSocket, type SocketFactory } from '../chat/browser';

export type SettledPushes = (args: { readonly token: string | null }) => Observable<readonly string[]>;

export const socketIoSettledPushes =
  (io: SocketFactory, uri: string): SettledPushes =>
  ({ token }) =>
    new Observable<readonly string[]>((subscriber) => {
      const socket = openChatSocket(io, uri, token);
      socket.on(TASK_SETTLED_EVENT, (payload: unknown) => {
        const push = TaskSettledPush.decode(payload);
        if (E.isRight(push) && push.right.task_ids.length > 0) subscriber.next(push.right.task_ids);
      });
      socket.on('disconnect', (reason: string) =>
        subscriber.error(new Error(`push socket closed: ${reason}`)),
      );
      socket.on('connect_error', (err: Error) => subscriber.error(err));
      return () => {
        socket.removeAllListeners();
        socket.disconnect();
      };
    });
