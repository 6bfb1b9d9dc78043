/**
 * Engine work claimed from PostgreSQL (issue 23, server/tasks/claims.ts): several task runners
 * on one database, each one a server process's `makeTaskService` with its own worker name, driven
 * in virtual time (`tick(now)`), the way two processes share one PostgreSQL. The server's own
 * runner is off here, so only the runners under test work.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlobStore } from '../../server/blobs/store';
import { makeTaskService, type TaskService } from '../../server/tasks/service';
import { imageTasks } from '../support/imageTasks';
import { startTestServer, type Json, type TestServer } from '../support/server';

let s: TestServer;
let t: ReturnType<typeof imageTasks>;
beforeAll(async () => {
  s = await startTestServer({}, false);
  t = imageTasks(s);
});
afterAll(() => s.stop());

const LEASE = 5_000;

/** A blob store that counts the writes under each task's id: a task rendered twice writes twice. */
const counting = (blobs: BlobStore) => {
  const writes = new Map<string, number>();
  const store: BlobStore = {
    ...blobs,
    put: async (key, bytes) => {
      // Outputs are written under tasks/<id>/<n>.<ext> (creation/renderTask.ts).
      const task = /^tasks\/([^/]+)\//.exec(key)?.[1] ?? key;
      writes.set(task, (writes.get(task) ?? 0) + 1);
      return blobs.put(key, bytes);
    },
  };
  return { store, writes };
};

/** A runner as another server process would have it: its own worker name, capacity and clock. */
const runner = (worker: string, blobs: BlobStore, capacity = 100, clock = () => Date.now()): TaskService =>
  makeTaskService(s.server.ctx.db, blobs, s.config.taskDurationMs, {
    worker,
    leaseMs: LEASE,
    capacity,
    clock,
  });

let accounts = 0;
/** Pro members queue at most 10 tasks each (70002): a new owner every 8 tasks. */
const PER_OWNER = 8;

const createTasks = async (n: number, failing = new Set<number>()) => {
  const items: Json[] = [];
  for (let i = 0; i < n; i++) {
    if (i % PER_OWNER === 0) await t.signIn(`claims-owner-${(accounts += 1)}`, 100_000);
    const r = await t.create({
      domain_type: 0,
      prompt: `claims ${i}${failing.has(i) ? ' #fail' : ''}`,
      aspect_ratio: '1:1',
      seed: i,
    });
    expect(t.code(r)).toBe(10000);
    items.push(r.json.data.item);
  }
  return items as { id: string; create_at: number; estimate_time?: number }[];
};

const rowsOf = (ids: readonly string[]) =>
  s.server.ctx.db.query<{ id: string; status: number; claimed_by: string | null; claims: number }>(
    'SELECT id, status, claimed_by, claims FROM tasks WHERE id = ANY($1::text[]) ORDER BY created_at, id',
    [[...ids]],
  );

/** Per task: its cost, what the ledger charged for it and what it gave back (coins). */
const ledgerOf = async (ids: readonly string[]) =>
  (
    await s.server.ctx.db.query<{ id: string; cost: number; charged: string; refunded: string }>(
      `SELECT t.id, t.cost,
         COALESCE(-SUM(l.delta) FILTER (WHERE l.delta < 0), 0)::text AS charged,
         COALESCE(SUM(l.delta) FILTER (WHERE l.delta > 0), 0)::text AS refunded
       FROM tasks t LEFT JOIN coin_ledger l ON l.ref = t.id WHERE t.id = ANY($1::text[]) GROUP BY t.id, t.cost`,
      [[...ids]],
    )
  ).map((r) => ({ id: r.id, cost: r.cost, charged: Number(r.charged), refunded: Number(r.refunded) }));

const durationOf = async (id: string) =>
  Number(
    (await s.server.ctx.db.query<{ d: number }>('SELECT duration_ms AS d FROM tasks WHERE id = $1', [id]))[0]!
      .d,
  );

describe('work claims: every running task is worked on by one process (issue 23)', () => {
  it('two processes claiming at once split the tasks: none held by both, each up to its capacity', async () => {
    const items = await createTasks(6);
    const a = runner('proc-a', s.server.ctx.blobs, 4);
    const b = runner('proc-b', s.server.ctx.blobs, 4);
    const at = Math.max(...items.map((i) => i.create_at)) + 10;
    await Promise.all([a.tick(at), b.tick(at)]);
    const rows = await rowsOf(items.map((i) => i.id));
    const byWorker = (w: string) => rows.filter((r) => r.claimed_by === w).length;
    expect(rows.every((r) => r.claimed_by === 'proc-a' || r.claimed_by === 'proc-b')).toBe(true);
    expect(byWorker('proc-a') + byWorker('proc-b')).toBe(6);
    expect(byWorker('proc-a')).toBeLessThanOrEqual(4);
    expect(byWorker('proc-b')).toBeLessThanOrEqual(4);
    expect(rows.every((r) => r.claims === 1)).toBe(true);
    // Both finish what they hold; every task ends once.
    const end = at + 60_000;
    await Promise.all([a.tick(end), b.tick(end)]);
    expect((await rowsOf(items.map((i) => i.id))).map((r) => r.status)).toEqual([3, 3, 3, 3, 3, 3]);
  });

  it('a dead claimer keeps its work until the lease expires; then another process takes it over and finishes it once', async () => {
    const [item] = await createTasks(1);
    const id = item!.id;
    const duration = await durationOf(id);
    const counted = counting(s.server.ctx.blobs);
    const a = runner('proc-dead', counted.store);
    const b = runner('proc-alive', counted.store);
    const t0 = item!.create_at;
    await a.tick(t0 + duration / 2); // a claims, then dies (never ticks again)
    expect((await rowsOf([id]))[0]).toMatchObject({ claimed_by: 'proc-dead', status: 2, claims: 1 });
    // Within the lease b leaves it alone, though the task is due.
    await b.tick(t0 + duration / 2 + LEASE - 1);
    expect((await rowsOf([id]))[0]).toMatchObject({ claimed_by: 'proc-dead', status: 2 });
    // Past the lease b takes it over and renders it.
    await b.tick(t0 + duration / 2 + LEASE + 1);
    expect((await rowsOf([id]))[0]).toMatchObject({ status: 3, claims: 2, claimed_by: null });
    // The dead claimer coming back writes nothing: the row is not its own any more.
    expect(await a.tick(t0 + duration * 10)).toBe(0);
    const [money] = await ledgerOf([id]);
    expect(money!.cost).toBeGreaterThan(0);
    expect(money).toMatchObject({ charged: money!.cost, refunded: 0 });
    expect([...counted.writes.values()].every((n) => n === 1)).toBe(true);
  });

  it('property: under any schedule of ticks and deaths, every task ends exactly once (one result, one charge, exact refunds)', async () => {
    const step = fc.record({
      worker: fc.integer({ min: 0, max: 2 }),
      advance: fc.integer({ min: 0, max: 4_000 }),
      dies: fc.integer({ min: 0, max: 3 }).map((n) => n === 0),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 1, maxLength: 12 }),
        fc.subarray([0, 1, 2, 3]),
        async (schedule, failingIndexes) => {
          const items = await createTasks(4, new Set(failingIndexes));
          const ids = items.map((i) => i.id);
          const counted = counting(s.server.ctx.blobs);
          const names = ['w0', 'w1', 'w2'].map((w) => `${w}-${ids[0]}`);
          const runners = names.map((w) => runner(w, counted.store, 3));
          const alive = [true, true, true];
          let now = Math.max(...items.map((i) => i.create_at));
          for (const { worker, advance, dies } of schedule) {
            now += advance;
            if (!alive[worker]) continue;
            await runners[worker]!.tick(now);
            if (dies && alive.filter(Boolean).length > 1) alive[worker] = false;
          }
          // The survivors carry on long after every lease and duration.
          for (let round = 0; round < 3; round++) {
            now += 60_000;
            for (let w = 0; w < 3; w++) if (alive[w]) await runners[w]!.tick(now);
          }
          const rows = await rowsOf(ids);
          const ledger = await ledgerOf(ids);
          for (const row of rows) {
            const failing = failingIndexes.includes(ids.indexOf(row.id));
            expect(row.status, `task ${row.id}`).toBe(failing ? 4 : 3);
            const money = ledger.find((l) => l.id === row.id)!;
            expect(money.charged, `charged for ${row.id}`).toBe(money.cost);
            expect(money.refunded, `refunded for ${row.id}`).toBe(failing ? money.cost : 0);
          }
          expect([...counted.writes.values()].every((n) => n === 1)).toBe(true);
        },
      ),
      { numRuns: 8 },
    );
  });
  it('a stopping process renders no further ended task after the one in flight and releases the rest; the next claimer finishes them at once, each once', async () => {
    const items = await createTasks(5);
    const ids = items.map((i) => i.id);
    const counted = counting(s.server.ctx.blobs);
    // The first render is held open until the stop is asked for, as a SIGTERM arrives mid-render.
    let renderStarted: () => void = () => undefined;
    const started = new Promise<void>((resolve) => (renderStarted = resolve));
    let stopAsked: () => void = () => undefined;
    const asked = new Promise<void>((resolve) => (stopAsked = resolve));
    let renders = 0;
    const slow: BlobStore = {
      ...counted.store,
      put: async (key, bytes) => {
        if ((renders += 1) === 1) {
          renderStarted();
          await asked;
        }
        return counted.store.put(key, bytes);
      },
    };
    const a = runner('proc-stopping', slow);
    const t0 = Math.max(...items.map((i) => i.create_at));
    await a.tick(t0 + 1);
    expect((await rowsOf(ids)).every((r) => r.claimed_by === 'proc-stopping')).toBe(true);
    // All five are due: the tick renders the first, is told to stop, and renders no other.
    const due = t0 + 60_000;
    const inFlight = a.tick(due);
    await started;
    const stopped = a.stop(inFlight);
    stopAsked();
    const released = await stopped;
    const rows = await rowsOf(ids);
    const done = rows.filter((r) => r.status === 3);
    expect(done).toHaveLength(1);
    expect(released).toBe(4);
    expect(rows.filter((r) => r.status === 2).every((r) => r.claimed_by === null)).toBe(true);
    // A stopped runner ticks no more work.
    expect(await a.tick(due + 1)).toBe(0);
    // Another process claims the released rows at once (no lease to wait out) and ends each once.
    const b = runner('proc-next', counted.store);
    expect(await b.tick(due + 2)).toBe(4);
    expect((await rowsOf(ids)).map((r) => r.status)).toEqual([3, 3, 3, 3, 3]);
    const money = await ledgerOf(ids);
    expect(money.every((m) => m.charged === m.cost && m.refunded === 0)).toBe(true);
    expect(ids.map((id) => counted.writes.get(id))).toEqual([1, 1, 1, 1, 1]);
  });

  it('more tasks than one tick used to take (50) all run at once: no task starves behind the first ones', async () => {
    const items = await createTasks(60);
    const ids = items.map((i) => i.id);
    const a = runner('proc-many', s.server.ctx.blobs);
    // Before any is due to render: all 60 are claimed and worked on in one tick.
    await a.tick(Math.min(...items.map((i) => i.create_at)) + 1);
    const rows = await rowsOf(ids);
    expect(rows.filter((r) => r.claimed_by === 'proc-many' && r.claims === 1)).toHaveLength(60);
    // Ended here, so no later runner of this file finds them.
    await s.server.ctx.db.query(
      "UPDATE tasks SET status = 4, status_desc = 'test over' WHERE id = ANY($1::text[])",
      [ids],
    );
  });
});
