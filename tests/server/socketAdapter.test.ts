/**
 * Issue 23: the socket.io PostgreSQL adapter lets its connections go when its server closes, even
 * when it closes at once, while the adapter is still taking its LISTEN client (a script that builds
 * a server and closes it: tests/support/prepareData.ts hung CI for 20 minutes on the client kept).
 * Runs in the PostgreSQL pass of `npm test` (DATABASE_URL set); the embedded database has no adapter.
 */
import { createServer } from 'node:http';
import pg from 'pg';
import { Server } from 'socket.io';
import { describe, expect, it } from 'vitest';
import { useClusterAdapter } from '../../server/realtime/adapter';

const url = process.env['DATABASE_URL'];

describe.skipIf(url === undefined)('the socket.io PostgreSQL adapter at shutdown', () => {
  it('a server closed at once, or a moment after it started, leaves no connection of its adapter', async () => {
    const name = `adapter-test-${process.pid}-${Date.now()}`;
    const probe = new pg.Client({ connectionString: url });
    await probe.connect();
    const held = async () =>
      Number(
        (
          await probe.query<{ n: string }>(
            'SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = $1',
            [name],
          )
        ).rows[0]?.n,
      );
    try {
      for (const wait of [0, 0, 5, 20, 100, 300]) {
        const io = new Server(createServer());
        const release = useClusterAdapter(io, url!, name);
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        await new Promise<void>((resolve) => void io.close(() => resolve()));
        await release();
        // The server's end of a closed connection may show for a moment: it is gone, not kept.
        await expect.poll(held, { timeout: 3_000 }).toBe(0);
      }
    } finally {
      await probe.end();
    }
  });
});
