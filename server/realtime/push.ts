/**
 * Events pushed to a signed-in account's sockets (issue 23 "Push the result"): every tab of the
 * account joins its room on the account socket (socket.io at /im/v1, server/chat/socket.ts), and
 * services push into the room without knowing the socket server. With several processes the rooms
 * span them all through the PostgreSQL adapter (adapter.ts): an event emitted on process A reaches
 * a tab connected to process B.
 */
import type { Server as SocketServer } from 'socket.io';

/** The room every socket of one account joins. */
export const accountRoom = (accountId: string): string => `account:${accountId}`;

export interface Push {
  /** Emits `event` to every socket of the account, on any process; nothing when no socket server runs. */
  readonly toAccount: (accountId: string, event: string, payload: unknown) => void;
  /** The socket server pushes go through (attached once it exists). */
  readonly attach: (io: SocketServer) => void;
}

export const makePush = (): Push => {
  let io: SocketServer | null = null;
  return {
    toAccount: (accountId, event, payload) => {
      io?.to(accountRoom(accountId)).emit(event, payload);
    },
    attach: (server) => {
      io = server;
    },
  };
};
