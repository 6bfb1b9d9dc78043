/**
 * Issue 9: a task poll (batch-progress, detail) is one or two queries (the session's, when signed
 * in, and one for the tasks with their ledger rows), and the ledger lookup by `ref` has an index.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Json, type TestServer } from '../support/server';

let s: TestServer;
let token: string;

beforeAll(async () => {
  s = await startTestServer({}, false);
  token = await s.login();
});
afterAll(() => s.stop());

/** Every statement the server sends while `fn` runs. */
const statementsDuring = async (fn: () => Promise<unknown>): Promise<string[]> => {
  const db = s.server.ctx.db;
  const seen: string[] = [];
  const query = db.query.bind(db);
  const transaction = db.transaction.bind(db);
  db.query = ((sql: string, params?: readonly unknown[]) => {
    seen.push(sql);
    return query(sql, params);
  }) as typeof db.query;
  db.transaction = ((f: Parameters<typeof db.transaction>[0]) => {
    seen.push('transaction');
    return transaction(f);
  }) as typeof db.transaction;
  try {
    await fn();
  } finally {
    db.query = query;
    db.transaction = transaction;
  }
  return seen;
};

describe('task polls (issue 9: "three queries in sequence, one a full scan of the coin ledger")', () => {
  it('indexes coin_ledger.ref', async () => {
    const rows = await s.server.ctx.db.query<{ indexdef: string }>(
      `SELECT indexdef FROM pg_indexes WHERE tablename = 'coin_ledger'`,
    );
    expect(rows.some((r) => /\(ref\)/.test(r.indexdef))).toBe(true);
  });

  it('answers a signed-in batch-progress in at most two queries, with the deduction detail', async () => {
    const created = await s.post(
      '/api/v1/task/tool/create',
      { domain_type: 0, prompt: 'a poll of a harbour', aspect_ratio: '1:1' },
      { token },
    );
    const id = created.json.data.item.id as string;
    let r: Json;
    const statements = await statementsDuring(async () => {
      r = await s.post('/api/v1/task/tool/batch-progress', { task_ids: [id] }, { token });
    });
    console.log(`signed-in poll: ${statements.length} statements`);
    expect(statements.length).toBeLessThanOrEqual(2);
    const item = r.json.data.items[0];
    expect(item.id).toBe(id);
    expect(item.deduction_detail.coins).toBeGreaterThan(0);
    expect(item.deduction_detail.refunded).toBe(false);

    const detail = await statementsDuring(() => s.post('/api/v1/task/tool/detail', { id }, { token }));
    expect(detail.length).toBeLessThanOrEqual(2);
  });

  it('answers a guest batch-progress in at most two queries', async () => {
    const guest = { 'x-device-id': 'poll-guest-1' };
    const created = await s.post(
      '/api/v1/task/tool/create',
      { domain_type: 0, prompt: 'a guest poll', aspect_ratio: '1:1', g_mode: 1 },
      guest,
    );
    const id = created.json.data.item.id as string;
    let r: Json;
    const statements = await statementsDuring(async () => {
      r = await s.post('/api/v1/task/tool/batch-progress', { task_ids: [id], g_mode: 1 }, guest);
    });
    expect(statements.length).toBeLessThanOrEqual(2);
    expect(r.json.data.items[0].deduction_detail).toBeNull();
  });
});
