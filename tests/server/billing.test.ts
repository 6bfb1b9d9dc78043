/**
 * The billing screens' server side: the coin ledger list (every debit and refund with the task it
 * belongs to, paged), orders that pay once however often they are created and paid at the same
 * time, the 3-day trial flag in the subscription status, and the tier benefits (queue, speed)
 * the membership page promises, read from the one domain table.
 */
import { randomBytes } from 'node:crypto';
import * as E from 'fp-ts/Either';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billing } from '../../domain/index.js';
import { LedgerListResponse, SubscriptionStatus } from '../../infrastructure/contract/commerce';
import { credit, CREATOR_REWARD_REASON, ledgerCategoryOf } from '../../server/ledger';
import { eventually, startTestServer, type TestServer } from '../support/server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ taskDurationMs: 600 });
});
afterAll(() => s.stop());

const DAY = 24 * 3600 * 1000;
let serial = 0;

const account = async (coins = 0): Promise<{ id: string; token: string }> => {
  serial += 1;
  const id = `ledger-${serial}-${randomBytes(3).toString('hex')}`;
  const db = s.server.ctx.db;
  await db.query(
    `INSERT INTO accounts (id, email, password_hash, account_name, name, created_at) VALUES ($1, $2, 'x', $1, $1, 0)`,
    [id, `${id}@atelier.test`],
  );
  if (coins > 0) await credit(db, id, 'free', coins, 'welcome bonus', 'seed', 0);
  const token = `tok-${id}`;
  await db.query('INSERT INTO sessions (token, account_id, created_at, expires_at) VALUES ($1, $2, 0, $3)', [
    token,
    id,
    Date.now() + DAY,
  ]);
  return { id, token };
};

const api = (path: string, body: unknown, token?: string) => s.post(path, body, token ? { token } : {});
const code = (r: { json: { status: { code: number } } }) => r.json.status.code as number;
const key = () => `key-${randomBytes(8).toString('hex')}`;
const ledger = async (token: string, body: unknown = {}) => {
  const r = await api('/api/v1/payment/ledger/list', body, token);
  expect(code(r)).toBe(10000);
  expect(E.isRight(LedgerListResponse.decode(r.json.data))).toBe(true);
  return r.json.data as LedgerListResponse;
};
const pay = (orderId: string, token: string, body: unknown = {}) =>
  fetch(`${s.baseUrl}/pay/checkout/${orderId}/complete`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token },
    body: JSON.stringify(body),
  }).then(async (r) => (await r.json()) as { status: { code: number }; data: { order: { status: string } } });
const createTask = (token: string, prompt: string) =>
  api('/api/v1/task/tool/create', { domain_type: 0, prompt, aspect_ratio: '1:1' }, token);
const taskStatus = async (id: string, token: string) =>
  (await api('/api/v1/task/tool/batch-progress', { task_ids: [id] }, token)).json.data.items[0]
    .status as number;

describe('coin ledger list: every debit and refund, with the task it belongs to', () => {
  it('a failed task (prompt marker #fail) shows its debit and its refund, both naming the task; a recharge names its goods', async () => {
    const a = await account(100);
    const ok = await createTask(a.token, 'a quiet harbour');
    const bad = await createTask(a.token, 'a broken lighthouse #fail');
    expect([code(ok), code(bad)]).toEqual([10000, 10000]);
    const okId = ok.json.data.item.id as string;
    const badId = bad.json.data.item.id as string;
    await eventually(async () => ((await taskStatus(badId, a.token)) === 4 ? true : undefined));
    await eventually(async () => ((await taskStatus(okId, a.token)) === 3 ? true : undefined));
    const order = await api(
      '/api/v1/payment/order/create',
      { goods_id: 'calculate1200', idempotency_key: key() },
      a.token,
    );
    expect((await pay(order.json.data.order.order_id, a.token)).status.code).toBe(10000);

    const page = await ledger(a.token);
    const rows = page.items.map((e) => [e.direction, e.category, e.coins, e.task?.id ?? e.goods_id]);
    expect(rows).toEqual([
      ['credit', 'rechargeBonus', 100, 'calculate1200'],
      ['credit', 'recharge', 1200, 'calculate1200'],
      ['credit', 'taskRefund', 10, badId],
      ['debit', 'task', 10, badId],
      ['debit', 'task', 10, okId],
      ['credit', 'bonus', 100, null],
    ]);
    const refund = page.items.find((e) => e.category === 'taskRefund');
    expect(refund?.task).toMatchObject({ id: badId, status: 4, prompt: 'a broken lighthouse #fail' });
    expect(refund?.parts).toEqual([{ kind: 'free', amount: 10 }]);
    expect(page.next_cursor).toBeNull();
    // Newest first, ids strictly decreasing.
    const ids = page.items.map((e) => e.id);
    expect([...ids].sort((x, y) => y - x)).toEqual(ids);
  });

  it('pages by cursor without gaps or repeats, and shows nothing of another account', async () => {
    const a = await account();
    for (let i = 1; i <= 7; i++)
      await credit(s.server.ctx.db, a.id, 'paid', i, `recharge test${i}`, `r${i}`, i);
    const other = await account(50);
    const seen: number[] = [];
    let cursor: number | null = null;
    let pages = 0;
    do {
      const page: LedgerListResponse = await ledger(a.token, { cursor, page_size: 3 });
      seen.push(...page.items.map((e) => e.coins));
      cursor = page.next_cursor;
      pages += 1;
    } while (cursor !== null && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual([7, 6, 5, 4, 3, 2, 1]);
    expect((await ledger(other.token)).items.map((e) => e.coins)).toEqual([50]);
  });

  it('names each task by its kind and prompt (issue 21 item 9): a tool without a prompt sends its kind and an empty prompt, never only an id', async () => {
    const a = await account(100);
    const made = await createTask(a.token, 'a lighthouse over a violet sea at dusk, storm clouds, gulls');
    expect(code(made)).toBe(10000);
    const madeId = made.json.data.item.id as string;
    await eventually(async () => ((await taskStatus(madeId, a.token)) === 3 ? true : undefined));
    const detail = await api('/api/v1/task/detail', { id: madeId }, a.token);
    const output = detail.json.data.item.img_uris[0].url as string;
    // Remove background on the person's own picture: a kind with no prompt at all.
    const cut = await api('/api/v1/task/tool/create', { domain_type: 7, input_url: output }, a.token);
    expect(code(cut)).toBe(10000);
    const cutId = cut.json.data.item.id as string;

    const page = await ledger(a.token);
    const byTask = new Map(page.items.filter((e) => e.task !== null).map((e) => [e.task!.id, e.task!]));
    expect(byTask.get(madeId)).toMatchObject({
      domain_type: 0,
      prompt: 'a lighthouse over a violet sea at dusk, storm clouds, gulls',
    });
    expect(byTask.get(cutId)).toMatchObject({ domain_type: 7, prompt: '' });
    // What the coin history shows for them: the kind and the start of the prompt, or the placeholder.
    const names = [madeId, cutId].map((id) => {
      const t = byTask.get(id)!;
      return billing.ledgerTaskName({
        id: t.id,
        domainType: t.domain_type,
        prompt: t.prompt,
        status: t.status,
      });
    });
    expect(names).toEqual([
      { kindKey: 'tasks.domainType.textToImage', prompt: 'a lighthouse over a violet sea at dusk,…' },
      { kindKey: 'tasks.domainType.removeBackground', prompt: null },
    ]);
  });

  it('refuses a guest (20000) and malformed paging (10400)', async () => {
    const a = await account();
    expect(code(await api('/api/v1/payment/ledger/list', {}))).toBe(20000);
    for (const body of [{ page_size: 0 }, { page_size: 101 }, { cursor: -1 }, { cursor: 'x' }, [], 'x'])
      expect(code(await api('/api/v1/payment/ledger/list', body, a.token))).toBe(10400);
  });

  it('names each writer reason with a category', () => {
    expect(ledgerCategoryOf('task', 'debit')).toBe('task');
    expect(ledgerCategoryOf('task refund', 'credit')).toBe('taskRefund');
    expect(ledgerCategoryOf('task deleted while queued', 'credit')).toBe('taskRefund');
    expect(ledgerCategoryOf('lora training', 'debit')).toBe('training');
    expect(ledgerCategoryOf('training refund', 'credit')).toBe('trainingRefund');
    expect(ledgerCategoryOf('recharge calculate500', 'credit')).toBe('recharge');
    expect(ledgerCategoryOf('recharge bonus calculate1200', 'credit')).toBe('rechargeBonus');
    expect(ledgerCategoryOf('decoration Moon frame', 'debit')).toBe('decoration');
    expect(ledgerCategoryOf('welcome bonus', 'credit')).toBe('bonus');
    expect(ledgerCategoryOf(CREATOR_REWARD_REASON, 'credit')).toBe('creatorReward');
    expect(ledgerCategoryOf('demo recharge', 'credit')).toBe('recharge');
    expect(ledgerCategoryOf('something else', 'debit')).toBe('other');
  });
});

describe('orders pay once: a double click creates one order, two concurrent checkouts charge once', () => {
  it('two concurrent creates with one key give one order; two concurrent checkouts of it credit once and list one recharge', async () => {
    const a = await account();
    const k = key();
    const [c1, c2] = await Promise.all([
      api('/api/v1/payment/order/create', { goods_id: 'calculate500', idempotency_key: k }, a.token),
      api('/api/v1/payment/order/create', { goods_id: 'calculate500', idempotency_key: k }, a.token),
    ]);
    const id = c1.json.data.order.order_id as string;
    expect(c2.json.data.order.order_id).toBe(id);
    const [p1, p2] = await Promise.all([pay(id, a.token), pay(id, a.token)]);
    expect([p1.data.order.status, p2.data.order.status]).toEqual(['paid', 'paid']);
    const info = (await api('/api/v1/payment/info', {}, a.token)).json.data;
    expect(info.paid_coins).toBe(500);
    expect((await ledger(a.token)).items.filter((e) => e.category === 'recharge')).toHaveLength(1);
  });
});

describe('subscription status: the spec §4 3-day trial flag', () => {
  it('is set for an account that never had a plan and cleared once it has one', async () => {
    const a = await account();
    const before = await api('/api/v1/payment/subscription/status', {}, a.token);
    expect(E.isRight(SubscriptionStatus.decode(before.json.data))).toBe(true);
    expect(before.json.data.trial_eligible).toBe(true);
    const order = await api(
      '/api/v1/payment/order/create',
      { goods_id: 'basic_trial_3day', idempotency_key: key() },
      a.token,
    );
    expect((await pay(order.json.data.order.order_id, a.token)).status.code).toBe(10000);
    const after = (await api('/api/v1/payment/subscription/status', {}, a.token)).json.data;
    expect(after).toMatchObject({
      trial_eligible: false,
      is_trial: true,
      current_product: 'basic_trial_3day',
    });
  });
});

describe('tier benefits come from the domain table the membership page lists', () => {
  it('a Standard member has the Standard queue and renders at the Standard speed', async () => {
    const a = await account(1000);
    const free = (
      await api('/api/v1/task/estimate', { domain_type: 0, prompt: 'x', aspect_ratio: '1:1' }, a.token)
    ).json.data;
    expect(free.queue.limit).toBe(billing.TIER_BENEFITS.none.queue);
    const durationOf = async (id: string) =>
      Number(
        (
          await s.server.ctx.db.query<{ duration_ms: number }>(
            'SELECT duration_ms FROM tasks WHERE id = $1',
            [id],
          )
        )[0]?.duration_ms,
      );
    const before = await durationOf((await createTask(a.token, 'a slow one')).json.data.item.id);
    const order = await api(
      '/api/v1/payment/order/create',
      { goods_id: 'standard_month', idempotency_key: key() },
      a.token,
    );
    expect((await pay(order.json.data.order.order_id, a.token)).status.code).toBe(10000);
    const member = (
      await api('/api/v1/task/estimate', { domain_type: 0, prompt: 'x', aspect_ratio: '1:1' }, a.token)
    ).json.data;
    expect(member.queue).toMatchObject({ limit: billing.TIER_BENEFITS.standard.queue, tier: 'Standard' });
    const after = await durationOf((await createTask(a.token, 'a fast one')).json.data.item.id);
    expect(after).toBe(billing.taskDurationFor(before, 'standard'));
    expect(after).toBeLessThan(before);
  });
});
