/**
 * Issue 9: 200 concurrent pollers for 20 s, each polling batch-progress of its own running tasks
 * (guests and signed-in accounts), while those tasks run and render (images, one in ten a video).
 * No poll may take over 5 s, and p99 stays under P99_MS.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { figuresOf, show, sleep, timedPost } from './support';

const POLLERS = 200;
const SIGNED_IN = 20;
const SOAK_MS = 20_000;
const POLL_EVERY_MS = 1_000;
const TIMEOUT_MS = 5_000;
const P99_MS = 1_000;

let s: TestServer;

beforeAll(async () => {
  // Image tasks of 10 s: they are running when polling starts and render during the soak.
  s = await startTestServer({ taskDurationMs: 10_000 });
});
afterAll(() => s.stop());

const makeAccount = async (id: string): Promise<string> => {
  const db = s.server.ctx.db;
  await db.query(
    `INSERT INTO accounts (id, email, password_hash, account_name, name, created_at) VALUES ($1, $2, 'x', $1, $1, 0)`,
    [id, `${id}@atelier.test`],
  );
  await db.query('INSERT INTO sessions (token, account_id, created_at, expires_at) VALUES ($1, $2, 0, $3)', [
    `tok-${id}`,
    id,
    Date.now() + 3600_000,
  ]);
  await db.query(
    `INSERT INTO coin_ledger (account_id, kind, delta, reason, ref, created_at) VALUES ($1, 'free', 100, 'soak', NULL, 0)`,
    [id],
  );
  return `tok-${id}`;
};

interface Poller {
  readonly headers: Record<string, string>;
  readonly guest: boolean;
  readonly ids: string[];
}

it(`keeps ${POLLERS} concurrent pollers under ${TIMEOUT_MS} ms for ${SOAK_MS / 1000} s`, async () => {
  const pollers: Poller[] = [];
  for (let i = 0; i < POLLERS; i++) {
    const guest = i >= SIGNED_IN;
    const headers: Record<string, string> = guest
      ? { 'x-device-id': `soak-poller-${i}` }
      : { token: await makeAccount(`soak-poller-${i}`), 'x-device-id': `soak-poller-${i}` };
    pollers.push({ headers, guest, ids: [] });
  }
  for (const [i, p] of pollers.entries()) {
    const r = await timedPost(
      `${s.baseUrl}/api/v1/task/tool/create`,
      {
        ...(i % 10 === 5
          ? { domain_type: 2, prompt: `poller ${i}, a lighthouse at dusk`, aspect_ratio: '16:9' }
          : { domain_type: 0, prompt: `poller ${i}, a field of poppies`, aspect_ratio: '1:1' }),
        ...(p.guest ? { g_mode: 1 } : {}),
      },
      p.headers,
      30_000,
    );
    const id = (r?.json as { data?: { item?: { id?: string } } } | undefined)?.data?.item?.id;
    if (!id) throw new Error(`poller ${i} could not create a task: ${JSON.stringify(r?.json)}`);
    p.ids.push(id);
  }

  const latencies: number[] = [];
  let timeouts = 0;
  let failures = 0;
  let finished = 0;
  const until = Date.now() + SOAK_MS;
  const poll = async (p: Poller, i: number) => {
    await sleep((i * POLL_EVERY_MS) / POLLERS); // spread the first polls over one period
    while (Date.now() < until) {
      const started = Date.now();
      const r = await timedPost(
        `${s.baseUrl}/api/v1/task/tool/batch-progress`,
        { task_ids: p.ids, ...(p.guest ? { g_mode: 1 } : {}) },
        p.headers,
        TIMEOUT_MS,
      );
      if (r === null) timeouts += 1;
      else {
        latencies.push(r.ms);
        const items = (r.json as { data?: { items?: { status: number }[] } })?.data?.items;
        if (r.status !== 200 || items?.length !== p.ids.length) failures += 1;
        else if (items.every((t) => t.status === 3)) finished += 1;
      }
      await sleep(Math.max(0, POLL_EVERY_MS - (Date.now() - started)));
    }
  };
  await Promise.all(pollers.map(poll));
  const f = figuresOf(latencies, timeouts);
  console.log(`${show(`${POLLERS} pollers for ${SOAK_MS / 1000} s`, f)}; ${failures} failed answers`);
  expect(failures).toBe(0);
  expect(f.timeouts).toBe(0);
  expect(f.p99).toBeLessThan(P99_MS);
  expect(f.requests).toBeGreaterThan(POLLERS * 5);
  expect(finished).toBeGreaterThan(0);
});
