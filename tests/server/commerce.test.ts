import { randomBytes } from 'node:crypto';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as E from 'fp-ts/Either';
import type * as t from 'io-ts';
import {
  CalculateListResponse,
  OrderResponse,
  PaymentMethodsResponse,
  SubscriptionListResponse,
  SubscriptionStatus,
  SubscriptionUrlResponse,
} from '../../infrastructure/contract/commerce';
import {
  OrnamentBuyResponse,
  OrnamentHistoryResponse,
  OrnamentItemResponse,
  OrnamentListResponse,
} from '../../infrastructure/contract/decorations';
import { credit } from '../../server/ledger';
import { startTestServer, type TestServer } from '../support/server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({}, false);
});
afterAll(() => s.stop());

const DAY = 24 * 3600 * 1000;

/** The server speaks the shared contract: every answer checked here decodes with its codec. */
const decodes = <A, O>(codec: t.Type<A, O, unknown>, data: unknown) => {
  const r = codec.decode(data);
  if (E.isLeft(r)) throw new Error(`${codec.name} does not decode ${JSON.stringify(data).slice(0, 300)}`);
  return true;
};
let serial = 0;

/** A fresh account with a session and `coins` free coins (no scrypt: the session row is inserted). */
const account = async (coins = 0, kind: 'free' | 'paid' = 'free'): Promise<{ id: string; token: string }> => {
  serial += 1;
  const id = `buyer-${serial}-${randomBytes(3).toString('hex')}`;
  const db = s.server.ctx.db;
  await db.query(
    `INSERT INTO accounts (id, email, password_hash, account_name, name, created_at) VALUES ($1, $2, 'x', $1, $1, 0)`,
    [id, `${id}@atelier.test`],
  );
  if (coins > 0) await credit(db, id, kind, coins, 'test funds', null, 0);
  const token = `tok-${id}`;
  await db.query('INSERT INTO sessions (token, account_id, created_at, expires_at) VALUES ($1, $2, 0, $3)', [
    token,
    id,
    Date.now() + DAY,
  ]);
  return { id, token };
};

const api = (path: string, body: unknown, token?: string) => s.post(path, body, token ? { token } : {});
const code = (r: { json: { status: { code: number } } }) => r.json.status.code;
const info = async (token: string) => (await api('/api/v1/payment/info', {}, token)).json.data;
const key = () => `key-${randomBytes(8).toString('hex')}`;

const pay = (orderId: string, token: string, body: unknown = {}) =>
  fetch(`${s.baseUrl}/pay/checkout/${orderId}/complete`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token },
    body: JSON.stringify(body),
  }).then(async (r) => ({ status: r.status, json: await r.json() }));

const failPay = (orderId: string, token: string) =>
  fetch(`${s.baseUrl}/pay/checkout/${orderId}/fail`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token },
    body: '{}',
  }).then(async (r) => ({ status: r.status, json: await r.json() }));

const buyPlan = async (goodsId: string, token: string) => {
  const r = await api('/api/v1/payment/order/create', { goods_id: goodsId, idempotency_key: key() }, token);
  expect(code(r)).toBe(10000);
  const paid = await pay(r.json.data.order.order_id, token);
  expect(paid.json.status.code).toBe(10000);
  return paid.json.data.order;
};

describe('spec §9 plan prices and §3 catalogue (subscription list, calculate list, payment methods)', () => {
  it('lists Basic/Standard/Pro monthly at 4.99/14.99/29.99 (weights 1-3) and yearly weights 11-13 at 3.99/11.99/23.99 a month', async () => {
    const r = await api('/api/v1/payment/subscription/list', {});
    expect(code(r)).toBe(10000);
    expect(decodes(SubscriptionListResponse, r.json.data)).toBe(true);
    const plans = r.json.data.items as Array<Record<string, unknown>>;
    const byWeight = (w: number) => plans.find((p) => p.weight === w)!;
    expect([1, 2, 3].map((w) => byWeight(w).price_per_month)).toEqual([4.99, 14.99, 29.99]);
    expect([1, 2, 3].map((w) => byWeight(w).price)).toEqual([4.99, 14.99, 29.99]);
    expect([11, 12, 13].map((w) => byWeight(w).price_per_month)).toEqual([3.99, 11.99, 23.99]);
    expect([11, 12, 13].map((w) => byWeight(w).price)).toEqual([47.88, 143.88, 287.88]);
    for (const w of [11, 12, 13]) expect(byWeight(w).product_type).toBe(3);
    for (const w of [1, 2, 3]) expect(byWeight(w).product_type).toBe(1);
    expect([1, 2, 3].map((w) => byWeight(w).product_level)).toEqual([1, 2, 3]);
    const vip = new Set(plans.map((p) => p.vip_type));
    for (const v of [
      'svip_1',
      'svip_2',
      'svip_3',
      'svip_4',
      'svip_1_trial',
      'svip_2_trial',
      'vip_lite',
      'vip_day1',
    ])
      expect(vip.has(v)).toBe(true);
    expect(new Set(plans.map((p) => p.kind))).toEqual(new Set(['main', 'lite', 'big', 'buff', 'day']));
    expect(plans.filter((p) => p.is_trial).every((p) => p.period_days === 3)).toBe(true);
  });

  it('lists coin packs with calculate_coins, give_calculate_coins and local_price_web {currency, price}; goods ids match the compute pattern', async () => {
    const r = await api('/api/v1/payment/calculate/list', {});
    expect(decodes(CalculateListResponse, r.json.data)).toBe(true);
    const packs = r.json.data.calculate as Array<{
      goods_id: string;
      calculate_coins: number;
      give_calculate_coins: number;
      local_price_web: { currency: string; price: number };
    }>;
    expect(packs.length).toBeGreaterThanOrEqual(4);
    for (const p of packs) {
      expect(p.goods_id).toMatch(/^calculate\d+$/);
      expect(p.calculate_coins).toBeGreaterThan(0);
      expect(p.give_calculate_coins).toBeGreaterThanOrEqual(0);
      expect(p.local_price_web.currency).toBe('USD');
      expect(p.local_price_web.price).toBeGreaterThan(0);
    }
  });

  it('lists the spec §3 payment method ids with their names', async () => {
    const r = await api('/api/v1/payment/methods', {});
    expect(decodes(PaymentMethodsResponse, r.json.data)).toBe(true);
    const methods = r.json.data.items as Array<{ id: number; name: string }>;
    expect(methods.map((m) => m.id)).toEqual([1, 4, 5, 6, 8, 9, 10, 12]);
    expect(Object.fromEntries(methods.map((m) => [m.id, m.name]))).toMatchObject({
      1: 'Payermax',
      4: 'AliPay_CN',
      5: 'WeChat',
      6: 'PayPal',
      8: 'Stripe',
      9: 'Credit Card',
      10: 'PayPal',
      12: 'Onerway',
    });
  });
});

describe('orders: idempotency keys and the simulated checkout (spec §4 payment iframe, §8 80213)', () => {
  it('the same idempotency key twice gives one order; paying it credits paid coins and the bonus as free coins once', async () => {
    const a = await account();
    const k = key();
    const [first, second] = await Promise.all([
      api('/api/v1/payment/order/create', { goods_id: 'calculate1200', idempotency_key: k }, a.token),
      api('/api/v1/payment/order/create', { goods_id: 'calculate1200', idempotency_key: k }, a.token),
    ]);
    const third = await api(
      '/api/v1/payment/order/create',
      { goods_id: 'calculate1200', idempotency_key: k },
      a.token,
    );
    expect(code(first)).toBe(10000);
    expect(decodes(OrderResponse, first.json.data)).toBe(true);
    const id = first.json.data.order.order_id;
    expect(second.json.data.order.order_id).toBe(id);
    expect(third.json.data.order.order_id).toBe(id);
    expect(first.json.data.order).toMatchObject({
      amount: 9.99,
      currency: 'USD',
      status: 'pending',
      kind: 'coins',
      checkout_url: `/pay/checkout/${id}`,
    });
    const rows = await s.server.ctx.db.query('SELECT id FROM payment_orders WHERE account_id = $1', [a.id]);
    expect(rows).toHaveLength(1);
    await pay(id, a.token);
    const after = await info(a.token);
    expect(after.paid_coins).toBe(1200);
    expect(after.free_coins).toBe(100);
    expect(after.total_recharge).toBe(1200);
    // The same key after payment still answers the same (paid) order and charges nothing.
    const again = await api(
      '/api/v1/payment/order/create',
      { goods_id: 'calculate1200', idempotency_key: k },
      a.token,
    );
    expect(again.json.data.order).toMatchObject({ order_id: id, status: 'paid' });
    expect((await info(a.token)).calculate_coins).toBe(1300);
  });

  it('the simulated checkout page speaks the language the frame asks for (lang), English for anything else, never a 500', async () => {
    const a = await account();
    const order = await api(
      '/api/v1/payment/order/create',
      { goods_id: 'calculate1200', idempotency_key: key() },
      a.token,
    );
    const id = order.json.data.order.order_id as string;
    const page = async (query: string) => {
      const r = await fetch(`${s.baseUrl}/pay/checkout/${id}${query}`, { headers: { token: a.token } });
      return { status: r.status, html: await r.text() };
    };
    const ar = await page('?lang=ar');
    expect(ar.status).toBe(200);
    expect(ar.html).toContain('<html lang="ar" dir="rtl">');
    expect(ar.html).toContain('رقم البطاقة');
    expect(ar.html).toContain('1300 عملة');
    expect(ar.html).not.toContain('Card number');
    const ja = await page('?lang=ja-JP');
    expect(ja.html).toContain('<html lang="ja" dir="ltr">');
    expect(ja.html).toContain('カード番号');
    // A NUL is refused at the boundary, as on every route (400, never a 500).
    expect((await page('?lang=%00')).status).toBe(400);
    for (const query of ['', '?lang=xx', '?lang=../../package', '?lang[]=ar', '?lang=ar&lang=de']) {
      const r = await page(query);
      expect(r.status, query).toBe(200);
      expect(r.html, query).toContain('<html lang="en" dir="ltr">');
      expect(r.html, query).toContain('Card number');
      expect(r.html, query).toContain('1300 coins');
    }
    // Another account's order: the page says so in the asked language, 404.
    const b = await account();
    const other = await fetch(`${s.baseUrl}/pay/checkout/${id}?lang=de`, { headers: { token: b.token } });
    expect(other.status).toBe(404);
    expect(await other.text()).toContain('Bestellung nicht gefunden');
  });

  it('refuses an idempotency key reused for a different purchase (10400) and unknown goods (10404)', async () => {
    const a = await account();
    const k = key();
    await api('/api/v1/payment/order/create', { goods_id: 'calculate500', idempotency_key: k }, a.token);
    expect(
      code(
        await api('/api/v1/payment/order/create', { goods_id: 'calculate2600', idempotency_key: k }, a.token),
      ),
    ).toBe(10400);
    expect(
      code(
        await api(
          '/api/v1/payment/order/create',
          { goods_id: 'calculate999', idempotency_key: key() },
          a.token,
        ),
      ),
    ).toBe(10404);
  });

  it('completing an order twice, in sequence and in parallel, credits once', async () => {
    const a = await account();
    const r = await api(
      '/api/v1/payment/order/create',
      { goods_id: 'calculate2600', idempotency_key: key() },
      a.token,
    );
    const id = r.json.data.order.order_id;
    const results = await Promise.all(Array.from({ length: 5 }, () => pay(id, a.token)));
    expect(results.every((x) => x.json.status.code === 10000 && x.json.data.order.status === 'paid')).toBe(
      true,
    );
    const later = await pay(id, a.token);
    expect(later.json.data.order.status).toBe('paid');
    const b = await info(a.token);
    expect([b.paid_coins, b.free_coins]).toEqual([2600, 300]);
    const ledger = await s.server.ctx.db.query(
      'SELECT kind, delta FROM coin_ledger WHERE ref = $1 ORDER BY kind',
      [id],
    );
    expect(ledger).toEqual([
      { kind: 'free', delta: 300 },
      { kind: 'paid', delta: 2600 },
    ]);
  });

  it('a declined test card answers 80213 and leaves the order payable; another card then pays it', async () => {
    const a = await account();
    const r = await api(
      '/api/v1/payment/order/create',
      { goods_id: 'calculate500', idempotency_key: key(), payment_method_id: 9 },
      a.token,
    );
    const id = r.json.data.order.order_id;
    const declined = await pay(id, a.token, { card_number: '4000 0000 0000 0002' });
    expect(declined.json.status.code).toBe(80213);
    const notLuhn = await pay(id, a.token, { card_number: '4242 4242 4242 4241' });
    expect(notLuhn.json.status.code).toBe(80213);
    const detail = await api('/api/v1/payment/order/detail', { order_id: id }, a.token);
    expect(detail.json.data.order).toMatchObject({ status: 'pending', failure_code: 80213 });
    expect((await info(a.token)).calculate_coins).toBe(0);
    const ok = await pay(id, a.token, { card_number: '4242 4242 4242 4242' });
    expect(ok.json.data.order).toMatchObject({ status: 'paid', failure_code: null });
    expect((await info(a.token)).paid_coins).toBe(500);
  });

  it('the Fail button fails a pending order; a failed order cannot be paid (10403) and credits nothing', async () => {
    const a = await account();
    const r = await api(
      '/api/v1/payment/order/create',
      { goods_id: 'calculate500', idempotency_key: key() },
      a.token,
    );
    const id = r.json.data.order.order_id;
    const failed = await failPay(id, a.token);
    expect(failed.json.data.order.status).toBe('failed');
    expect((await pay(id, a.token)).json.status.code).toBe(10403);
    expect((await info(a.token)).calculate_coins).toBe(0);
    // A paid order cannot be failed afterwards.
    const r2 = await api(
      '/api/v1/payment/order/create',
      { goods_id: 'calculate500', idempotency_key: key() },
      a.token,
    );
    await pay(r2.json.data.order.order_id, a.token);
    expect((await failPay(r2.json.data.order.order_id, a.token)).json.status.code).toBe(10403);
  });

  it('an order expires after 30 minutes and can no longer be paid (10403)', async () => {
    const a = await account();
    const r = await api(
      '/api/v1/payment/order/create',
      { goods_id: 'calculate500', idempotency_key: key() },
      a.token,
    );
    const id = r.json.data.order.order_id;
    await s.server.ctx.db.query('UPDATE payment_orders SET expires_at = $2 WHERE id = $1', [
      id,
      Date.now() - 1,
    ]);
    expect(
      (await api('/api/v1/payment/order/detail', { order_id: id }, a.token)).json.data.order.status,
    ).toBe('expired');
    expect((await pay(id, a.token)).json.status.code).toBe(10403);
    expect((await info(a.token)).calculate_coins).toBe(0);
  });

  it('serves the checkout page for an iframe: Pay and Fail buttons, postMessage to the parent, a nonce CSP, framing by our origin only', async () => {
    const a = await account();
    const r = await api(
      '/api/v1/payment/subscription/url',
      { goods_id: 'pro_month', idempotency_key: key(), payment_method_id: 8 },
      a.token,
    );
    expect(code(r)).toBe(10000);
    expect(decodes(SubscriptionUrlResponse, r.json.data)).toBe(true);
    expect(r.json.data.third_type).toBe('stripe');
    expect(r.json.data.url).toBe(`/pay/checkout/${r.json.data.order_id}`);
    const page = await fetch(s.baseUrl + r.json.data.url, { headers: { token: a.token } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/frame-ancestors 'self'/);
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    const html = await page.text();
    expect(html).toContain(`<script nonce="${nonce}">`);
    expect(html).toMatch(/>Pay</);
    expect(html).toMatch(/>Fail</);
    expect(html).toContain('postMessage');
    expect(html).toContain('atelier-checkout');
    expect(html).toContain('$29.99');
    expect(html).toContain(`/pay/checkout/${r.json.data.order_id}/complete`);
  });

  it('subscription url takes plans only (10400 for a coin pack) and needs a session (20000)', async () => {
    const a = await account();
    expect(
      code(
        await api(
          '/api/v1/payment/subscription/url',
          { goods_id: 'calculate500', idempotency_key: key() },
          a.token,
        ),
      ),
    ).toBe(10400);
    expect(
      code(await api('/api/v1/payment/subscription/url', { goods_id: 'pro_month', idempotency_key: key() })),
    ).toBe(20000);
  });

  it('rejects malformed order requests with 10400 and creates nothing', async () => {
    const a = await account();
    for (const body of [
      {},
      { goods_id: 'calculate500' },
      { goods_id: 'calculate500', idempotency_key: 'short' },
      { goods_id: 'calculate500', idempotency_key: key(), payment_method_id: 7 },
      { goods_id: 'Calculate 500!', idempotency_key: key() },
      'not json',
    ])
      expect(code(await api('/api/v1/payment/order/create', body, a.token))).toBe(10400);
    expect(
      await s.server.ctx.db.query('SELECT 1 FROM payment_orders WHERE account_id = $1', [a.id]),
    ).toHaveLength(0);
  });
});

describe("authorisation: nobody reads, pays or fails another account's order", () => {
  it('another account gets 10404 on detail, complete and fail, and a 404 page; a guest gets 20000; the owner is not credited', async () => {
    const owner = await account();
    const other = await account();
    const r = await api(
      '/api/v1/payment/order/create',
      { goods_id: 'calculate500', idempotency_key: key() },
      owner.token,
    );
    const id = r.json.data.order.order_id;
    expect(code(await api('/api/v1/payment/order/detail', { order_id: id }, other.token))).toBe(10404);
    expect((await pay(id, other.token)).json.status.code).toBe(10404);
    expect((await failPay(id, other.token)).json.status.code).toBe(10404);
    const anon = await fetch(`${s.baseUrl}/pay/checkout/${id}/complete`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect((await anon.json()).status.code).toBe(20000);
    expect((await fetch(`${s.baseUrl}/pay/checkout/${id}`, { headers: { token: other.token } })).status).toBe(
      404,
    );
    expect((await fetch(`${s.baseUrl}/pay/checkout/${id}`)).status).toBe(404);
    expect((await info(owner.token)).calculate_coins).toBe(0);
    expect((await info(other.token)).calculate_coins).toBe(0);
    expect(
      (await api('/api/v1/payment/order/detail', { order_id: id }, owner.token)).json.data.order.status,
    ).toBe('pending');
  });

  it('refuses a cross-site form post to the checkout (no JSON, no pay)', async () => {
    const owner = await account();
    const r = await api(
      '/api/v1/payment/order/create',
      { goods_id: 'calculate500', idempotency_key: key() },
      owner.token,
    );
    const id = r.json.data.order.order_id;
    const form = await fetch(`${s.baseUrl}/pay/checkout/${id}/complete`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', token: owner.token },
      body: 'card_number=4242424242424242',
    });
    expect((await form.json()).status.code).not.toBe(10000);
    expect((await info(owner.token)).calculate_coins).toBe(0);
  });
});

describe('spec §3/§4 memberships: activation in payment info, subscription status, pause, cancel, next plan, trial', () => {
  it('a paid yearly Pro plan shows in /api/v1/payment/info: level 3, product_type 3, svip_3, active for a year', async () => {
    const a = await account();
    const before = Date.now();
    await buyPlan('pro_year', a.token);
    const p = await info(a.token);
    expect(p).toMatchObject({ is_active: true, product_level: 3, product_type: 3, vip_type: 'svip_3' });
    expect(p.expiry_time).toBeGreaterThanOrEqual(before + 365 * DAY);
    expect(p.expiry_time).toBeLessThan(Date.now() + 365 * DAY + 1000);
    const st = (await api('/api/v1/payment/subscription/status', {}, a.token)).json.data;
    expect(decodes(SubscriptionStatus, st)).toBe(true);
    expect(st).toMatchObject({
      current_product: 'pro_year',
      is_trial: false,
      is_pause: false,
      cancel_at: null,
      next_product: null,
      expiry_time: p.expiry_time,
    });
  });

  it('a monthly plan is product_type 1; buying again while it runs extends it; switching plans records prev_product', async () => {
    const a = await account();
    await buyPlan('basic_month', a.token);
    const first = await info(a.token);
    expect(first).toMatchObject({ product_level: 1, product_type: 1, vip_type: 'svip_1', is_active: true });
    await buyPlan('basic_month', a.token);
    const second = await info(a.token);
    expect(second.expiry_time - first.expiry_time).toBeGreaterThanOrEqual(30 * DAY - 1000);
    await buyPlan('standard_month', a.token);
    const third = await info(a.token);
    expect(third).toMatchObject({ product_level: 2, vip_type: 'svip_2' });
    expect(third.expiry_time).toBeGreaterThan(second.expiry_time);
    const st = (await api('/api/v1/payment/subscription/status', {}, a.token)).json.data;
    expect(st).toMatchObject({ current_product: 'standard_month', prev_product: 'basic_month' });
  });

  it('activates a plan exactly once even when its order is completed in parallel', async () => {
    const a = await account();
    const r = await api(
      '/api/v1/payment/order/create',
      { goods_id: 'pro_month', idempotency_key: key() },
      a.token,
    );
    const id = r.json.data.order.order_id;
    const before = Date.now();
    await Promise.all(Array.from({ length: 4 }, () => pay(id, a.token)));
    const p = await info(a.token);
    expect(p.expiry_time).toBeLessThan(before + 31 * DAY);
  });

  it('pause (1-3 months) from the period end, then cancel is refused while paused; resume; cancel; change next plan', async () => {
    const a = await account();
    await buyPlan('pro_month', a.token);
    const { expiry_time: expiry } = await info(a.token);
    const paused = await api('/api/v1/payment/subscription/pause', { pause_month: 2 }, a.token);
    expect(decodes(SubscriptionStatus, paused.json.data)).toBe(true);
    expect(paused.json.data).toMatchObject({
      is_pause: true,
      pause_month: 2,
      pause_start_at: expiry,
      pause_end_at: expiry + 60 * DAY,
    });
    expect(code(await api('/api/v1/payment/subscription/pause', { pause_month: 1 }, a.token))).toBe(10403);
    for (const bad of [{ pause_month: 0 }, { pause_month: 4 }, { pause_month: 1.5 }, {}])
      expect(code(await api('/api/v1/payment/subscription/pause', bad, a.token))).toBe(10400);
    const resumed = await api('/api/v1/payment/subscription/resume', {}, a.token);
    expect(resumed.json.data).toMatchObject({ is_pause: false, pause_start_at: null });
    const changed = await api('/api/v1/payment/subscription/change', { goods_id: 'standard_year' }, a.token);
    expect(changed.json.data).toMatchObject({
      next_product: 'standard_year',
      next_product_active_at: expiry,
      prev_product: null,
    });
    expect(
      code(await api('/api/v1/payment/subscription/change', { goods_id: 'calculate500' }, a.token)),
    ).toBe(10400);
    expect(
      code(await api('/api/v1/payment/subscription/change', { goods_id: 'basic_trial_3day' }, a.token)),
    ).toBe(10400);
    const cancelled = await api('/api/v1/payment/subscription/cancel', {}, a.token);
    expect(cancelled.json.data.cancel_at).toBeGreaterThan(0);
    expect(cancelled.json.data.next_product).toBeNull();
    // Cancelling keeps the plan until its expiry.
    expect((await info(a.token)).is_active).toBe(true);
    expect(code(await api('/api/v1/payment/subscription/change', { goods_id: 'pro_year' }, a.token))).toBe(
      10403,
    );
    expect(code(await api('/api/v1/payment/subscription/pause', { pause_month: 1 }, a.token))).toBe(10403);
    const again = await api('/api/v1/payment/subscription/cancel', {}, a.token);
    expect(again.json.data.cancel_at).toBe(cancelled.json.data.cancel_at);
  });

  it('the free month is claimed once: 30 more days, a withdrawn cancel, free_month_status 1', async () => {
    const a = await account();
    await buyPlan('standard_month', a.token);
    const { expiry_time: expiry } = await info(a.token);
    await api('/api/v1/payment/subscription/cancel', {}, a.token);
    const claimed = await api('/api/v1/payment/subscription/free-month', {}, a.token);
    expect(claimed.json.data).toMatchObject({
      free_month_status: 1,
      free_month_start_at: expiry,
      free_month_end_at: expiry + 30 * DAY,
      cancel_at: null,
    });
    expect((await info(a.token)).expiry_time).toBe(expiry + 30 * DAY);
    expect(code(await api('/api/v1/payment/subscription/free-month', {}, a.token))).toBe(10403);
  });

  it('the 3-day trial is for new members only: is_trial and svip_1_trial, then a second trial is refused (10403)', async () => {
    const a = await account();
    await buyPlan('basic_trial_3day', a.token);
    const p = await info(a.token);
    expect(p).toMatchObject({ is_active: true, vip_type: 'svip_1_trial', product_level: 1 });
    expect(p.expiry_time - Date.now()).toBeLessThanOrEqual(3 * DAY);
    expect((await api('/api/v1/payment/subscription/status', {}, a.token)).json.data.is_trial).toBe(true);
    expect(code(await api('/api/v1/payment/subscription/pause', { pause_month: 1 }, a.token))).toBe(10403);
    expect(
      code(
        await api(
          '/api/v1/payment/order/create',
          { goods_id: 'standard_trial_3day', idempotency_key: key() },
          a.token,
        ),
      ),
    ).toBe(10403);
    // Upgrading from the trial ends it: the paid month starts now, not after the trial.
    await buyPlan('basic_month', a.token);
    const after = await info(a.token);
    expect(after.vip_type).toBe('svip_1');
    expect(after.expiry_time).toBeLessThan(Date.now() + 30 * DAY + 1000);
    expect((await api('/api/v1/payment/subscription/status', {}, a.token)).json.data.is_trial).toBe(false);
  });

  it('two trial orders paid one after the other activate one trial; the second order fails with 10403', async () => {
    const a = await account();
    const o1 = await api(
      '/api/v1/payment/order/create',
      { goods_id: 'basic_trial_3day', idempotency_key: key() },
      a.token,
    );
    const o2 = await api(
      '/api/v1/payment/order/create',
      { goods_id: 'standard_trial_3day', idempotency_key: key() },
      a.token,
    );
    expect((await pay(o1.json.data.order.order_id, a.token)).json.status.code).toBe(10000);
    expect((await pay(o2.json.data.order.order_id, a.token)).json.status.code).toBe(10403);
    expect(
      (await api('/api/v1/payment/order/detail', { order_id: o2.json.data.order.order_id }, a.token)).json
        .data.order.status,
    ).toBe('failed');
    expect((await info(a.token)).vip_type).toBe('svip_1_trial');
  });

  it('add-ons (lite, top membership, buff vip, day pass) do not replace the main membership', async () => {
    const a = await account();
    await buyPlan('pro_month', a.token);
    await buyPlan('lite_month', a.token);
    await buyPlan('day_pass', a.token);
    expect(await info(a.token)).toMatchObject({ product_level: 3, vip_type: 'svip_3' });
    const addons = await s.server.ctx.db.query<{ kind: string }>(
      'SELECT kind FROM membership_addons WHERE account_id = $1 ORDER BY kind',
      [a.id],
    );
    expect(addons.map((r) => r.kind)).toEqual(['day', 'lite']);
  });

  it('status, pause, cancel, change and free month need a session (20000); without a plan they answer 10403', async () => {
    for (const path of ['status', 'pause', 'resume', 'cancel', 'change', 'free-month'])
      expect(
        code(await api(`/api/v1/payment/subscription/${path}`, { pause_month: 1, goods_id: 'pro_month' })),
      ).toBe(20000);
    const a = await account();
    const st = await api('/api/v1/payment/subscription/status', {}, a.token);
    expect(st.json.data).toMatchObject({
      is_pause: false,
      free_month_status: 0,
      cancel_at: null,
      is_trial: false,
      current_product: null,
    });
    expect(code(await api('/api/v1/payment/subscription/pause', { pause_month: 1 }, a.token))).toBe(10403);
    expect(code(await api('/api/v1/payment/subscription/cancel', {}, a.token))).toBe(10403);
    expect(code(await api('/api/v1/payment/subscription/change', { goods_id: 'pro_month' }, a.token))).toBe(
      10403,
    );
    expect(code(await api('/api/v1/payment/subscription/free-month', {}, a.token))).toBe(10403);
  });
});

interface OrnamentView {
  id: string;
  type: string;
  price: number;
  stock: number;
  sold: number;
  is_owned: boolean;
  is_wearing: boolean;
  buy_at: number | null;
  preview: { url: string; width: number; height: number };
  work_ids: string[];
}

const list = async (token?: string, body: unknown = {}) =>
  (await api('/api/v1/ornament/list', body, token)).json.data.items as OrnamentView[];
const ornament = async (id: string, token?: string) => (await list(token)).find((o) => o.id === id)!;
const buy = (id: string, token: string) => api('/api/v1/ornament/buy', { ornament_id: id }, token);
const coinsOf = async (token: string) => (await info(token)).calculate_coins as number;

const insertOrnament = async (id: string, stock: number, price = 100, type = 'avatar_box') =>
  s.server.ctx.db.query(
    `INSERT INTO ornaments (id, type, name, price, stock, sold, preview_key, preview_width, preview_height, sort, created_at)
     VALUES ($1, $2, $1, $3, $4, 0, 'ornaments/orn-aurora-ring.png', 192, 192, 100, 0)`,
    [id, type, price, stock],
  );

const insertWork = async (accountId: string) => {
  const id = `work-${randomBytes(4).toString('hex')}`;
  await s.server.ctx.db.query(
    `INSERT INTO tasks (id, account_id, domain_type, prompt, aspect_ratio, seed, status, process, duration_ms, created_at, updated_at)
     VALUES ($1, $2, 0, 'a work', '1:1', 1, 3, 100, 1000, 0, 0)`,
    [id, accountId],
  );
  return id;
};

describe('spec §3/§9 decoration list (page size up to 1000) with seeded previews', () => {
  it('lists twelve seeded decorations of both types with real preview PNGs, one sold out and some with low stock', async () => {
    const items = await list();
    const seeded = items.filter((o) => o.id.startsWith('orn-'));
    expect(seeded).toHaveLength(12);
    expect(new Set(seeded.map((o) => o.type))).toEqual(new Set(['avatar_box', 'production_box']));
    expect(seeded.filter((o) => o.stock === 0)).toHaveLength(1);
    expect(seeded.filter((o) => o.stock > 0 && o.stock <= 10).length).toBeGreaterThanOrEqual(2);
    for (const o of seeded)
      expect(o).toMatchObject({ is_owned: false, is_wearing: false, buy_at: null, work_ids: [] });
    const png = await s.get(seeded[0]!.preview.url);
    expect(png.headers.get('content-type')).toBe('image/png');
    const decoded = PNG.sync.read(Buffer.from(await png.arrayBuffer()));
    expect([decoded.width, decoded.height]).toEqual([seeded[0]!.preview.width, seeded[0]!.preview.height]);
  });

  it('filters by type, pages, and refuses page sizes over 1000 or malformed filters (10400)', async () => {
    const avatars = await list(undefined, { type: 'avatar_box', page_size: 1000 });
    expect(avatars.every((o) => o.type === 'avatar_box')).toBe(true);
    const page = (await api('/api/v1/ornament/list', { page: 2, page_size: 5 })).json.data;
    expect(decodes(OrnamentListResponse, page)).toBe(true);
    expect(page).toMatchObject({ page: 2, page_size: 5 });
    expect(page.items).toHaveLength(5);
    for (const bad of [{ page_size: 1001 }, { page_size: 0 }, { page: 0 }, { type: 'hat' }])
      expect(code(await api('/api/v1/ornament/list', bad))).toBe(10400);
    expect(code(await api('/api/v1/ornament/list', { owned: true }))).toBe(20000);
  });
});

describe('spec §4 decoration lifecycle: buy, wear, unload, history; §8 80304 and 80307', () => {
  it('buys: coins debited through the ledger, stock one less, sold one more, owned with buy_at; a second buy is refused and free', async () => {
    const a = await account(1000);
    const before = await ornament('orn-ember-halo');
    const r = await buy('orn-ember-halo', a.token);
    expect(code(r)).toBe(10000);
    expect(decodes(OrnamentBuyResponse, r.json.data)).toBe(true);
    expect(r.json.data.item).toMatchObject({
      id: 'orn-ember-halo',
      is_owned: true,
      stock: before.stock - 1,
      sold: before.sold + 1,
    });
    expect(r.json.data.item.buy_at).toBeGreaterThan(0);
    expect(r.json.data.calculate_coins).toBe(1000 - before.price);
    expect(await coinsOf(a.token)).toBe(1000 - before.price);
    expect(code(await buy('orn-ember-halo', a.token))).toBe(10403);
    expect(await coinsOf(a.token)).toBe(1000 - before.price);
    expect((await ornament('orn-ember-halo')).stock).toBe(before.stock - 1);
    const mine = await list(a.token, { owned: true });
    expect(mine.map((o) => o.id)).toEqual(['orn-ember-halo']);
  });

  it('80304 for a sold-out decoration and 80307 without enough coins; nothing changes either way', async () => {
    const rich = await account(5000);
    const soldOut = await ornament('orn-frost-circlet');
    expect(soldOut.stock).toBe(0);
    expect(code(await buy('orn-frost-circlet', rich.token))).toBe(80304);
    expect(await coinsOf(rich.token)).toBe(5000);
    const poor = await account(10);
    const before = await ornament('orn-golden-laurel');
    expect(code(await buy('orn-golden-laurel', poor.token))).toBe(80307);
    expect(await coinsOf(poor.token)).toBe(10);
    expect(await ornament('orn-golden-laurel')).toMatchObject({ stock: before.stock, sold: before.sold });
    expect((await ornament('orn-golden-laurel', poor.token)).is_owned).toBe(false);
    expect(code(await buy('orn-no-such-thing', rich.token))).toBe(10404);
    for (const bad of [{}, { ornament_id: '' }, { ornament_id: 'x y' }, { ornament_id: 7 }])
      expect(code(await api('/api/v1/ornament/buy', bad, rich.token))).toBe(10400);
    expect(await coinsOf(rich.token)).toBe(5000);
    expect(code(await buy('orn-golden-laurel', ''))).toBe(20000);
  });

  it('wears one avatar box at a time: wearing another unwears the previous; unload takes it off', async () => {
    const a = await account(2000);
    await buy('orn-aurora-ring', a.token);
    await buy('orn-golden-laurel', a.token);
    const first = await api('/api/v1/ornament/use', { ornament_id: 'orn-aurora-ring' }, a.token);
    expect(decodes(OrnamentItemResponse, first.json.data)).toBe(true);
    expect(first.json.data.item.is_wearing).toBe(true);
    const second = await api('/api/v1/ornament/use', { ornament_id: 'orn-golden-laurel' }, a.token);
    expect(second.json.data.item.is_wearing).toBe(true);
    expect((await ornament('orn-aurora-ring', a.token)).is_wearing).toBe(false);
    // In parallel, still exactly one worn.
    await Promise.all(
      ['orn-aurora-ring', 'orn-golden-laurel', 'orn-aurora-ring'].map((id) =>
        api('/api/v1/ornament/use', { ornament_id: id }, a.token),
      ),
    );
    const worn = (await list(a.token)).filter((o) => o.type === 'avatar_box' && o.is_wearing);
    expect(worn).toHaveLength(1);
    const off = await api('/api/v1/ornament/unload', { ornament_id: worn[0]!.id }, a.token);
    expect(off.json.data.item).toMatchObject({ is_wearing: false, is_owned: true });
    expect((await list(a.token)).filter((o) => o.is_wearing)).toHaveLength(0);
    expect(
      code(await api('/api/v1/ornament/use', { ornament_id: 'orn-aurora-ring', work_id: 'w1' }, a.token)),
    ).toBe(10400);
  });

  it("binds a production box to one of the caller's works (one box per work), and unloads it from one work or all", async () => {
    const a = await account(2000);
    const other = await account();
    const w1 = await insertWork(a.id);
    const w2 = await insertWork(a.id);
    const foreign = await insertWork(other.id);
    await buy('orn-ink-scroll', a.token);
    await buy('orn-neon-grid', a.token);
    expect(code(await api('/api/v1/ornament/use', { ornament_id: 'orn-ink-scroll' }, a.token))).toBe(10400);
    expect(
      code(await api('/api/v1/ornament/use', { ornament_id: 'orn-ink-scroll', work_id: foreign }, a.token)),
    ).toBe(10404);
    expect(
      code(
        await api(
          '/api/v1/ornament/use',
          { ornament_id: 'orn-ink-scroll', work_id: 'no-such-work' },
          a.token,
        ),
      ),
    ).toBe(10404);
    const on1 = await api('/api/v1/ornament/use', { ornament_id: 'orn-ink-scroll', work_id: w1 }, a.token);
    expect(on1.json.data.item).toMatchObject({ is_wearing: true, work_ids: [w1] });
    await api('/api/v1/ornament/use', { ornament_id: 'orn-ink-scroll', work_id: w2 }, a.token);
    expect((await ornament('orn-ink-scroll', a.token)).work_ids.sort()).toEqual([w1, w2].sort());
    await api('/api/v1/ornament/use', { ornament_id: 'orn-neon-grid', work_id: w1 }, a.token);
    expect((await ornament('orn-ink-scroll', a.token)).work_ids).toEqual([w2]);
    expect((await ornament('orn-neon-grid', a.token)).work_ids).toEqual([w1]);
    const off = await api('/api/v1/ornament/unload', { ornament_id: 'orn-ink-scroll', work_id: w2 }, a.token);
    expect(off.json.data.item).toMatchObject({ is_wearing: false, work_ids: [] });
    await api('/api/v1/ornament/unload', { ornament_id: 'orn-neon-grid' }, a.token);
    expect((await ornament('orn-neon-grid', a.token)).is_wearing).toBe(false);
  });

  it("cannot use or unload an ornament one does not own (10403), nor someone else's; guests get 20000", async () => {
    const owner = await account(2000);
    const other = await account(2000);
    await buy('orn-desert-dusk', owner.token);
    await buy('orn-ember-halo', owner.token);
    await api('/api/v1/ornament/use', { ornament_id: 'orn-ember-halo' }, owner.token);
    expect(code(await api('/api/v1/ornament/use', { ornament_id: 'orn-ember-halo' }, other.token))).toBe(
      10403,
    );
    expect(code(await api('/api/v1/ornament/unload', { ornament_id: 'orn-ember-halo' }, other.token))).toBe(
      10403,
    );
    expect(code(await api('/api/v1/ornament/use', { ornament_id: 'orn-ember-halo' }))).toBe(20000);
    expect(code(await api('/api/v1/ornament/use', { ornament_id: 'orn-nope' }, owner.token))).toBe(10404);
    expect((await ornament('orn-ember-halo', owner.token)).is_wearing).toBe(true);
    expect((await ornament('orn-ember-halo', other.token)).is_wearing).toBe(false);
    // Nobody reads another's history.
    const h = (await api('/api/v1/ornament/history', {}, other.token)).json.data;
    expect(h.items).toHaveLength(0);
  });

  it('purchase history: newest first, page size 5 at most (10400 above), price as paid', async () => {
    const a = await account(100_000);
    const ids = [
      'orn-aurora-ring',
      'orn-ember-halo',
      'orn-golden-laurel',
      'orn-ink-scroll',
      'orn-neon-grid',
      'orn-desert-dusk',
      'orn-royal-velvet',
    ];
    for (const id of ids) expect(code(await buy(id, a.token))).toBe(10000);
    const first = (await api('/api/v1/ornament/history', {}, a.token)).json.data;
    expect(decodes(OrnamentHistoryResponse, first)).toBe(true);
    expect(first).toMatchObject({ total: 7, page: 1, page_size: 5 });
    expect(first.items).toHaveLength(5);
    const second = (await api('/api/v1/ornament/history', { page: 2 }, a.token)).json.data;
    expect(second.items).toHaveLength(2);
    const all = [...first.items, ...second.items] as Array<{
      ornament_id: string;
      buy_at: number;
      price: number;
      preview: { url: string };
    }>;
    expect(new Set(all.map((x) => x.ornament_id))).toEqual(new Set(ids));
    for (let i = 1; i < all.length; i++) expect(all[i]!.buy_at).toBeLessThanOrEqual(all[i - 1]!.buy_at);
    expect(all.find((x) => x.ornament_id === 'orn-royal-velvet')!.price).toBe(520);
    expect(code(await api('/api/v1/ornament/history', { page_size: 6 }, a.token))).toBe(10400);
    expect(code(await api('/api/v1/ornament/history', {}))).toBe(20000);
  });
});

describe('concurrency: stock and coins under parallel purchases (spec §4 bought: stock reduced by 1)', () => {
  it('50 funded accounts buying a decoration with stock 10 in parallel sell exactly 10', async () => {
    await insertOrnament('race-ten', 10, 100);
    const buyers = await Promise.all(Array.from({ length: 50 }, () => account(500)));
    const results = await Promise.all(buyers.map((b) => buy('race-ten', b.token)));
    const codes = results.map(code);
    expect(codes.filter((c) => c === 10000)).toHaveLength(10);
    expect(codes.filter((c) => c !== 10000).every((c) => c === 80304)).toBe(true);
    const [row] = await s.server.ctx.db.query<{ stock: number; sold: number }>(
      'SELECT stock, sold FROM ornaments WHERE id = $1',
      ['race-ten'],
    );
    expect(row).toEqual({ stock: 0, sold: 10 });
    expect(
      await s.server.ctx.db.query('SELECT 1 FROM ornament_ownership WHERE ornament_id = $1', ['race-ten']),
    ).toHaveLength(10);
    expect(
      await s.server.ctx.db.query(`SELECT 1 FROM coin_ledger WHERE ref = 'ornament:race-ten' AND delta < 0`),
    ).toHaveLength(10);
    const balances = await Promise.all(buyers.map((b) => coinsOf(b.token)));
    expect(balances.filter((c) => c === 400)).toHaveLength(10);
    expect(balances.filter((c) => c === 500)).toHaveLength(40);
  });

  it('one account firing 10 parallel purchases of the same item is charged once', async () => {
    await insertOrnament('race-self', 100, 150);
    const a = await account(1000);
    const results = await Promise.all(Array.from({ length: 10 }, () => buy('race-self', a.token)));
    const codes = results.map(code);
    expect(codes.filter((c) => c === 10000)).toHaveLength(1);
    expect(codes.filter((c) => c !== 10000).every((c) => c === 10403)).toBe(true);
    expect(await coinsOf(a.token)).toBe(850);
    expect(await ornament('race-self')).toMatchObject({ stock: 99, sold: 1 });
  });

  it('parallel purchases never take a balance below zero (coins for two of three items)', async () => {
    await insertOrnament('race-a', 5, 400);
    await insertOrnament('race-b', 5, 400);
    await insertOrnament('race-c', 5, 400);
    const a = await account(900);
    const results = await Promise.all(['race-a', 'race-b', 'race-c'].map((id) => buy(id, a.token)));
    expect(results.map(code).sort()).toEqual([10000, 10000, 80307]);
    expect(await coinsOf(a.token)).toBe(100);
  });
});

describe('the half-price offer is the price charged (issue 21 item 7)', () => {
  /** A fresh account signed up `ago` ms before now, without a membership. */
  const signedUp = async (ago: number) => {
    const a = await account();
    await s.server.ctx.db.query('UPDATE accounts SET created_at = $2 WHERE id = $1', [
      a.id,
      Date.now() - ago,
    ]);
    return a;
  };
  const order = async (token: string, goodsId: string, extra: object = {}) => {
    const r = await api(
      '/api/v1/payment/order/create',
      { goods_id: goodsId, idempotency_key: key(), ...extra },
      token,
    );
    expect(code(r)).toBe(10000);
    expect(decodes(OrderResponse, r.json.data)).toBe(true);
    return r.json.data.order as { order_id: string; amount: number; expires_at: number; status: string };
  };

  it('during the offer an eligible plan costs half (monthly and yearly); trials, add-ons and coin packs do not; a client-sent price is ignored', async () => {
    const a = await signedUp(DAY);
    const offerEnd = Date.now() - DAY + 7 * DAY;
    const basic = await order(a.token, 'basic_month', { amount: 0.01, price: 0.01, amount_cents: 1 });
    expect(basic.amount).toBe(2.5);
    expect(basic.expires_at).toBeLessThanOrEqual(offerEnd + 1000);
    expect((await order(a.token, 'pro_year')).amount).toBe(143.94);
    expect((await order(a.token, 'lite_month')).amount).toBe(1.99);
    expect((await order(a.token, 'calculate500')).amount).toBe(4.99);
    const url = await api(
      '/api/v1/payment/subscription/url',
      { goods_id: 'standard_month', idempotency_key: key(), price: 0.01 },
      a.token,
    );
    expect(code(url)).toBe(10000);
    const detail = await api('/api/v1/payment/order/detail', { order_id: url.json.data.order_id }, a.token);
    expect(detail.json.data.order.amount).toBe(7.5);
    // The checkout page shows the amount charged.
    const page = await fetch(`${s.baseUrl}/pay/checkout/${basic.order_id}`, { headers: { token: a.token } });
    expect(await page.text()).toContain('$2.50');
    const paid = await pay(basic.order_id, a.token);
    expect(paid.json.data.order.amount).toBe(2.5);
  });

  it('after the offer ends the same plan is charged in full; a discounted order still pending at the end can no longer be paid', async () => {
    const late = await signedUp(7 * DAY + 1000);
    expect((await order(late.token, 'basic_month')).amount).toBe(4.99);
    // The development switch's offer is the one charged, and ends with its countdown.
    const a = await signedUp(30 * DAY);
    const overrides = s.server.ctx.popupOverrides;
    const status = (endAt: number) => ({
      discount_popup: { pop_type: 1, end_at: endAt },
      face_photo_popup: null,
      show_temp_coins_popup: false,
      wakeup_user_popup: null,
      user_activity_award_list: [],
      hot_popup_cnt: 0,
    });
    overrides.set(a.id, status(Date.now() + 60_000) as never);
    const during = await order(a.token, 'basic_month');
    expect(during.amount).toBe(2.5);
    overrides.set(a.id, status(Date.now() - 1) as never);
    expect((await order(a.token, 'basic_month')).amount).toBe(4.99);
    await s.server.ctx.db.query('UPDATE payment_orders SET expires_at = $2 WHERE id = $1', [
      during.order_id,
      Date.now() - 1,
    ]);
    expect((await pay(during.order_id, a.token)).json.status.code).toBe(10403);
    overrides.delete(a.id);
  });
});
