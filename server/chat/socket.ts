/**
 * The socket.io chat server at /im/v1 (spec §7 "Websocket at /im/v1"), attached to the HTTP server.
 *
 * The handshake is authenticated with the session token (server/chat/auth.ts); guests are refused
 * with `{ code: 20000 }`. Each socket joins its account's room, so every tab of the account sees a
 * reply, and a socket that reconnects in the middle of one receives the rest. What a socket sends
 * and is answered: server/chat/messages.ts; the streamed reply: server/chat/reply.ts.
 *
 * A reply being written lives in PostgreSQL (`chat_replies`, migration 019; server/chat/replies.ts)
 * with the tokens sent so far, so `chat:resume` on any server process finds it, and one process
 * writes it under a lease it refreshes. When the writer dies the lease runs out: a process ends the
 * reply (one wins the row) with `chat:error` to the account's room, and `chat:resume` answers it
 * followed by its `chat:error`, so no client is left waiting on a reply nobody writes. Time is the
 * server's clock.
 */
import type { FastifyInstance } from 'fastify';
import { Server as SocketServer } from 'socket.io';
import { CHAT_SOCKET_PATH } from '../../infrastructure/contract/streaming';
import { newId } from '../auth';
import type { ServerContext } from '../context';
import { useClusterAdapter } from '../realtime/adapter';
import { authenticateSocket } from './auth';
import { onConnection } from './messages';
import { CHAT_LEASE_MS, TOKEN_INTERVAL_MS, sweepReplies, type ChatRuntime } from './replies';

export interface ChatServer {
  readonly io: SocketServer;
  /** Replies this process is composing or streaming now. */
  readonly replying: () => number;
}

/** Sweeps the replies every third of the lease, one sweep at a time; returns how to stop. */
const startSweeper = (app: FastifyInstance, rt: ChatRuntime) => {
  let sweeping: Promise<void> | null = null;
  const sweeper = setInterval(
    () => {
      if (sweeping !== null || rt.closed) return;
      sweeping = sweepReplies(rt)
        .catch((err: unknown) => app.log.warn({ err }, 'chat: the replies sweep failed'))
        .finally(() => {
          sweeping = null;
        });
    },
    Math.max(20, Math.floor(rt.leaseMs / 3)),
  );
  return async () => {
    clearInterval(sweeper);
    await sweeping;
  };
};

export const attachChatSocket = (app: FastifyInstance, ctx: ServerContext): ChatServer => {
  const io = new SocketServer(app.server, {
    path: CHAT_SOCKET_PATH,
    serveClient: false,
    cors: { origin: false },
  });
  // One platform over several processes: rooms span them all (realtime/adapter.ts).
  const releaseAdapter = useClusterAdapter(io, ctx.config.databaseUrl);
  ctx.push.attach(io);
  const rt: ChatRuntime = {
    ctx,
    io,
    ownReplies: new Map(),
    writer: `writer_${newId()}`,
    timers: new Set(),
    tokenInterval: ctx.config.chatTokenIntervalMs ?? TOKEN_INTERVAL_MS,
    leaseMs: ctx.config.chatLeaseMs ?? CHAT_LEASE_MS,
    closed: false,
  };
  const stopSweeper = startSweeper(app, rt);
  io.use(authenticateSocket(ctx));
  io.on('connection', onConnection(rt));

  // A closing process stops writing and leaves its replies' leases to run out: to the others it is
  // a process that died, and one of them ends its replies.
  app.addHook('preClose', async () => {
    rt.closed = true;
    const stopped = stopSweeper();
    for (const timer of rt.timers) clearTimeout(timer);
    rt.timers.clear();
    io.local.disconnectSockets(true);
    await stopped;
  });
  app.addHook('onClose', (_instance, done) => {
    io.close(() => void releaseAdapter().finally(done));
  });

  return { io, replying: () => rt.ownReplies.size };
};
