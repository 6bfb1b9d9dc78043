/**
 * Issue 9 ("a PostgreSQL restart kills the server"): the server on a real PostgreSQL of its own
 * survives `pg_ctl restart -m fast` while clients poll: the process does not exit, requests during
 * the restart get an envelope (503/500), never a dropped connection, and polls succeed again
 * within 5 s of the database being back.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startPgCluster, type PgCluster } from '../support/pgCluster';
import { startTestServer, type TestServer } from '../support/server';
import { sleep, timedPost } from './support';

let cluster: PgCluster;
let s: TestServer;

beforeAll(async () => {
  cluster = await startPgCluster();
  s = await startTestServer({ databaseUrl: cluster.url, taskDurationMs: 60_000 });
});
afterAll(async () => {
  await s?.stop();
  cluster?.remove();
});

it('survives pg_ctl restart -m fast while 20 clients poll, and answers again within 5 s', async () => {
  const exits: unknown[] = [];
  const onExit = (code: unknown) => exits.push(code);
  process.on('exit', onExit);

  const clients = await Promise.all(
    Array.from({ length: 20 }, async (_, i) => {
      const headers = { 'x-device-id': `restart-poller-${i}` };
      const r = await timedPost(
        `${s.baseUrl}/api/v1/task/tool/create`,
        { domain_type: 0, prompt: `restart ${i}`, aspect_ratio: '1:1', g_mode: 1 },
        headers,
        30_000,
      );
      const id = (r?.json as { data?: { item?: { id?: string } } })?.data?.item?.id;
      if (!id) throw new Error(`no task: ${JSON.stringify(r?.json)}`);
      return { headers, id };
    }),
  );

  const outcomes = { ok: 0, envelopeErrors: 0, dropped: 0 };
  const errorCodes = new Set<number | undefined>();
  const okAt: number[] = [];
  let stop = false;
  const poll = async (c: (typeof clients)[number]) => {
    const until = Date.now() + 60_000;
    while (!stop && Date.now() < until) {
      const r = await timedPost(
        `${s.baseUrl}/api/v1/task/tool/batch-progress`,
        { task_ids: [c.id], g_mode: 1 },
        c.headers,
        5_000,
      );
      const code = (r?.json as { status?: { code?: number } } | null)?.status?.code;
      if (r === null) outcomes.dropped += 1;
      else if (code === 10000) {
        outcomes.ok += 1;
        okAt.push(Date.now());
      } else {
        outcomes.envelopeErrors += 1;
        errorCodes.add(code);
      }
      await sleep(50);
    }
  };
  const polling = Promise.all(clients.map(poll));
  await sleep(1_000);

  const restartStarted = Date.now();
  await cluster.restart(); // -w: resolves once the database accepts connections again; the server keeps serving meanwhile
  const back = Date.now();
  let recovered: number | null = null;
  while (Date.now() - back < 10_000) {
    if (okAt.some((t) => t > back)) {
      recovered = Math.min(...okAt.filter((t) => t > back)) - back;
      break;
    }
    await sleep(20);
  }
  await sleep(1_000);
  stop = true;
  await polling;
  process.off('exit', onExit);

  console.log(
    `pg_ctl restart took ${back - restartStarted} ms; first good poll ${recovered} ms after the database was back; ` +
      `polls: ${outcomes.ok} ok, ${outcomes.envelopeErrors} envelope errors (codes ${[...errorCodes].join(', ')}), ` +
      `${outcomes.dropped} dropped or over 5 s`,
  );
  expect(exits).toEqual([]);
  expect(recovered).not.toBeNull();
  expect(recovered!).toBeLessThan(5_000);
  expect(outcomes.dropped).toBe(0);
  // A poll while the database is away is a clean 503 in the envelope.
  expect([...errorCodes].every((c) => c === 503)).toBe(true);
  const ping = await timedPost(
    `${s.baseUrl}/api/v1/ping`,
    { action: 'heartbeat' },
    { 'x-device-id': 'after' },
  );
  expect(ping?.status).toBe(200);
});
