/**
 * socket.io across processes (issue 23): on a real PostgreSQL every process's socket server uses
 * `@socket.io/postgres-adapter`, so a room emit on one process reaches the room's sockets on all
 * of them (NOTIFY/LISTEN; payloads over 8,000 bytes go through the `socket_io_attachments` table of
 * migration 021). The adapter has a small pool of its own: LISTEN holds one connection for good.
 * The embedded database is one process: socket.io's in-memory adapter is all it needs.
 */
import { createAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';
import type { Server as SocketServer } from 'socket.io';

/** Plugs the PostgreSQL adapter into `io` when there is a database URL; returns how to let it go. */
export const useClusterAdapter = (
  io: SocketServer,
  databaseUrl: string | null,
  /** How its connections are named in `pg_stat_activity`. */
  applicationName = 'atelier-socket-adapter',
): (() => Promise<void>) => {
  if (databaseUrl === null) return () => Promise.resolve();
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2, application_name: applicationName });
  // A connection the database ends (a restart) is dropped and reopened by the adapter; never a crash.
  pool.on('error', (err) => console.warn('socket adapter: connection lost', err.message));
  // The adapter holds one client for LISTEN and listens for its end (then reconnects), not its
  // errors: a database restart (57P01) would be an unhandled error that ends the process.
  pool.on('connect', (client) =>
    client.on('error', (err) => console.warn('socket adapter: listening connection lost', err.message)),
  );
  io.adapter(
    createAdapter(pool, {
      errorHandler: (err) => console.warn('socket adapter:', err.message),
    }),
  );
  const pubSub = (io.of('/').adapter as unknown as { client?: PubSubInternals }).client;
  return async () => {
    if (pubSub !== undefined) {
      // The adapter takes its LISTEN client when it starts, asynchronously: a server closed while
      // that is on its way (a test that builds and closes one at once) closed the adapter before the
      // client came, and the client, kept for good, held the process open (CI hung 20 min so).
      // No reconnection from now on; the client on its way is waited for, then released.
      pubSub.scheduleReconnection = () => undefined;
      const until = Date.now() + 2_000;
      while (pubSub.client === undefined && pool.totalCount > pool.idleCount && Date.now() < until)
        await new Promise((resolve) => setTimeout(resolve, 10));
      pubSub.close();
    }
    // A client between a lost connection and its reconnection is never released: the pool's end
    // is waited for a moment, not forever.
    await Promise.race([pool.end(), new Promise<void>((resolve) => setTimeout(resolve, 2_000).unref())]);
  };
};

/**
 * What the shutdown touches of the adapter's publish/subscribe client (@socket.io/postgres-adapter
 * 0.5's `PubSubClient`, not exported): its LISTEN client once it has one, its reconnection, its close.
 */
interface PubSubInternals {
  readonly client?: unknown;
  scheduleReconnection: () => void;
  readonly close: () => void;
}
