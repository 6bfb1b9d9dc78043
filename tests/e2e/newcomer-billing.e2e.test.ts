/**
 * Issue 21 items 6, 7 and 9 in Chromium against the real server, at 1280 and 390 px and in Arabic:
 * - no popup wall: an account offered half-price, "New on the square" and daily stamina (the
 *   development switch POST /dev/popups) sees exactly one queue popup on the page, then only the
 *   stamina follow-up; the hot popup waits for another page and, once seen, does not come back on a
 *   reload; the half-price countdown over a day reads in days ("6 d 23:54:..", "6 ي ..." in Arabic);
 * - the half-price offer honoured: "Get half price" leads to the membership page showing half the
 *   price, and the simulated provider's checkout shows and charges exactly that amount;
 * - names, not ids (item 9): /coins names each task by its kind and the start of its prompt
 *   ("Text to image · a lighthouse…", "Remove background · Untitled"), never by its id.
 * Screens are saved to test-results/newcomer-billing-*.jpg.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { NO_POPUPS, e2eFile, shotFile } from './support';

const f = e2eFile('newcomer-billing');
const contexts: BrowserContext[] = [];

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
});

const DAY = 86_400_000;

const newPage = async (width: number): Promise<Page> => {
  const context = await f.browser.newContext({ locale: 'en-US', viewport: { width, height: 860 } });
  contexts.push(context);
  const page = await context.newPage();
  page.on('pageerror', (e) => {
    throw e;
  });
  return page;
};

const shot = (page: Page, name: string) =>
  page.screenshot({
    path: shotFile(`newcomer-billing-${page.viewportSize()?.width ?? 0}-${name}`),
  });

let serial = 0;
/** A new account (tour seen) signed in through the API, offered `popups` by the development switch. */
const newcomer = async (page: Page, popups: unknown) => {
  const email = `newcomer-${++serial}-${Date.now().toString(36)}@example.test`;
  const password = 'newcomer password 1';
  const r = await page.request.post(f.url + '/api/v1/account/register', {
    data: { name: 'New Comer', email, password },
  });
  expect((await r.json()).status.code).toBe(10000);
  const seen = await page.request.post(f.url + '/api/v1/account/guide/status/set', {
    data: { guide_status: 1 },
  });
  expect((await seen.json()).status.code).toBe(10000);
  const dev = await page.request.post(f.url + '/dev/popups', { data: { status: popups } });
  expect((await dev.json()).status.code).toBe(10000);
};

/** Half-price ending in 7 days less 6 minutes, five new works on the square, daily stamina. */
const wall = (now: number) => ({
  ...NO_POPUPS,
  discount_popup: { pop_type: 1, end_at: now + 7 * DAY - 6 * 60_000 },
  hot_popup_cnt: 5,
  hot_popup_newest_at: now - 60_000,
  daily_stamina: { used: 2, limit: 30 },
});

const dialogs = (page: Page) => page.locator('[role=dialog]');

/** The page's popup status has arrived and everything it asked for is on screen. */
const popupStatusSettled = async (page: Page, load: () => Promise<unknown>) => {
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/v1/popup/status'));
  await load();
  await answered;
  await page.waitForLoadState('networkidle');
};

describe('no popup wall (issue 21 item 6)', () => {
  for (const width of [1280, 390])
    it(`one queue popup per page visit, stamina as its follow-up, the hot popup once, days in the countdown (${width} px)`, async () => {
      const page = await newPage(width);
      const now = Date.now();
      await page.clock.install({ time: now });
      await newcomer(page, wall(now));
      await popupStatusSettled(page, () => page.goto(f.url + '/'));
      const half = page.getByTestId('popup-halfPrice');
      await half.waitFor();
      expect(await dialogs(page).count()).toBe(1);
      const countdown = page.getByTestId('popup-countdown');
      expect(await countdown.textContent()).toMatch(/^6 d 23:5\d:\d\d$/);
      await shot(page, 'half-price-days');
      await page.getByTestId('popup-later').click();
      // Only the daily stamina follow-up comes after it on this page, not "New on the square".
      const stamina = page.getByTestId('popup-dailyStamina');
      await stamina.waitFor();
      expect(await page.getByTestId('popup-hot').count()).toBe(0);
      await shot(page, 'stamina-follow-up');
      await page.getByTestId('popup-later').click();
      await stamina.waitFor({ state: 'detached' });
      await page.waitForLoadState('networkidle');
      expect(await dialogs(page).count()).toBe(0);

      // Another page is another visit: the news of the square, once.
      if (width < 800) {
        await page.getByTestId('nav-menu').click();
        await page.getByRole('menuitem', { name: 'Explore' }).click();
      } else await page.getByTestId('nav-explore').click();
      const hot = page.getByTestId('popup-hot');
      await hot.waitFor();
      await shot(page, 'hot-on-next-page');
      await page.getByTestId('popup-later').click();
      await hot.waitFor({ state: 'detached' });

      // A reload: nothing new since the person saw it, so the hot popup does not come back.
      await popupStatusSettled(page, () => page.reload());
      await page.getByTestId('account-menu').waitFor();
      expect(await dialogs(page).count()).toBe(0);
      await shot(page, 'reload-no-popup');
    });

  it('the countdown reads in days in Arabic too', async () => {
    const page = await newPage(390);
    const now = Date.now();
    await page.clock.install({ time: now });
    await newcomer(page, wall(now));
    await popupStatusSettled(page, () => page.goto(f.url + '/ar/'));
    await page.getByTestId('popup-halfPrice').waitFor();
    expect(await page.getByTestId('popup-countdown').textContent()).toMatch(/^6 ي 23:5\d:\d\d$/);
    await shot(page, 'ar-half-price-days');
  });
});

describe('the half-price offer is the price charged (issue 21 item 7)', () => {
  for (const [width, locale] of [
    [1280, ''],
    [390, ''],
    [1280, '/ar'],
  ] as const)
    it(`"Get half price" → the membership page shows half → the checkout charges it (${width} px${locale})`, async () => {
      const page = await newPage(width);
      const now = Date.now();
      await newcomer(page, { ...NO_POPUPS, discount_popup: { pop_type: 1, end_at: now + 2 * DAY } });
      await page.goto(f.url + `${locale}/`);
      await page.getByTestId('popup-halfPrice').waitFor({ timeout: 20_000 });
      await page.getByTestId('popup-go').click();
      await page.waitForURL(/\/pricing$/);
      const basic = page.getByTestId('price-basic');
      await basic.waitFor();
      expect(await page.getByTestId('full-price-basic').textContent()).toContain('4.99');
      expect(await basic.textContent()).toContain('2.50');
      expect(await page.getByTestId('half-price-basic').textContent()).toBe(
        locale === '/ar' ? 'نصف السعر' : 'Half price',
      );
      await page.getByTestId('price-basic').scrollIntoViewIfNeeded();
      await shot(page, `pricing-half${locale.replace('/', '-')}`);
      await page.getByTestId('buy-basic_month').click();
      const frame = page.frameLocator('[data-testid=checkout-frame]');
      const amount = frame.locator('.amount');
      await amount.waitFor({ timeout: 10_000 });
      // The provider's page speaks the interface's language (the frame asks for it: payment.checkoutFrameSrc).
      expect(await amount.textContent()).toBe(locale === '/ar' ? '\u200f2.50\u00a0US$' : '$2.50');
      expect(await frame.locator('#pay').textContent()).toBe(locale === '/ar' ? 'ادفع' : 'Pay');
      expect(await frame.locator('html').getAttribute('dir')).toBe(locale === '/ar' ? 'rtl' : 'ltr');
      await shot(page, `checkout-half${locale.replace('/', '-')}`);
      const src = (await page.getByTestId('checkout-frame').getAttribute('src')) ?? '';
      await frame.locator('#pay').click();
      await page.getByTestId('checkout-completed').waitFor({ timeout: 10_000 });
      // The server charged what was shown.
      const orderId = /\/pay\/checkout\/([^/?#]+)/.exec(src)?.[1];
      const detail = await page.request.post(f.url + '/api/v1/payment/order/detail', {
        data: { order_id: orderId },
      });
      expect((await detail.json()).data.order).toMatchObject({ amount: 2.5, status: 'paid' });
    });
});

describe('people see names and the same numbers (issue 21 items 9 and 10)', () => {
  const signInDemo = async (page: Page) => {
    const login = await page.request.post(f.url + '/api/v1/account/login', {
      data: { email: 'demo@atelier.test', password: 'atelier-demo' },
    });
    expect((await login.json()).status.code).toBe(10000);
    const dev = await page.request.post(f.url + '/dev/popups', { data: { status: NO_POPUPS } });
    expect((await dev.json()).status.code).toBe(10000);
  };
  const figures = async (page: Page) => {
    const out: Record<string, string> = {};
    for (const f of ['collected', 'following', 'followers', 'earnings'])
      out[f] = (await page.getByTestId(`stat-${f}`).first().textContent()) ?? '';
    return out;
  };

  for (const width of [1280, 390])
    it(`/personal and /decorations show the same four figures; /subscription lists each method once by name (${width} px)`, async () => {
      const page = await newPage(width);
      await signInDemo(page);
      await page.goto(f.url + '/personal');
      await page.getByTestId('stat-collected').waitFor();
      const personal = await figures(page);
      await shot(page, 'personal-figures');
      await page.goto(f.url + '/decorations');
      const centre = page.getByTestId('self-centre');
      await centre.getByTestId('stat-collected').waitFor();
      const deco = await figures(page);
      expect(deco).toEqual(personal);
      expect(Number(personal.collected)).toBeGreaterThan(0);
      expect(await centre.textContent()).toContain('Times collected');
      await centre.scrollIntoViewIfNeeded();
      await shot(page, 'decorations-figures');

      await page.goto(f.url + '/subscription');
      const methods = page.getByTestId('payment-methods');
      await methods.getByTestId('method-paypal').waitFor();
      expect(await methods.getByTestId('method-paypal').count()).toBe(1);
      const text = (await methods.textContent()) ?? '';
      expect(text).toContain('Credit card');
      expect(text).not.toMatch(/#\d/);
      await methods.scrollIntoViewIfNeeded();
      await shot(page, 'subscription-methods');
    });

  // The demo account's tasks for the coin history, made once: a text-to-image task with a long
  // prompt, then "Remove background" on its picture (a kind with no prompt at all).
  const LONG_PROMPT = 'a lighthouse over a violet sea at dusk, storm clouds, gulls, oil painting';
  let demoTasks: Promise<string[]> | null = null;
  const makeDemoTasks = (page: Page) =>
    (demoTasks ??= (async () => {
      const post = async (url: string, data: unknown) =>
        (await (await page.request.post(f.url + url, { data })).json()) as {
          status: { code: number };
          data: { item: { id: string; status: number; img_uris: { url: string }[] } };
        };
      const made = await post('/api/v1/task/tool/create', {
        domain_type: 0,
        prompt: LONG_PROMPT,
        aspect_ratio: '1:1',
      });
      expect(made.status.code).toBe(10000);
      const id = made.data.item.id;
      await expect
        .poll(async () => (await post('/api/v1/task/detail', { id })).data.item.status, { timeout: 30_000 })
        .toBe(3);
      const output = (await post('/api/v1/task/detail', { id })).data.item.img_uris[0]!.url;
      const cut = await post('/api/v1/task/tool/create', { domain_type: 7, input_url: output });
      expect(cut.status.code).toBe(10000);
      return [id, cut.data.item.id];
    })());

  for (const [width, locale] of [
    [1280, ''],
    [390, ''],
    [390, '/ar'],
  ] as const)
    it(`/coins names each task by its kind and the start of its prompt, "Untitled" without one, never its id (${width} px${locale})`, async () => {
      const page = await newPage(width);
      await signInDemo(page);
      const ids = await makeDemoTasks(page);
      await page.goto(f.url + `${locale}/coins`);
      const ledger = page.getByTestId('ledger');
      await ledger.getByTestId('ledger-task').first().waitFor({ timeout: 20_000 });
      const lines = await ledger.getByTestId('ledger-task').allTextContents();
      const [t2i, untitled] =
        locale === '/ar'
          ? ['من نص إلى صورة · a lighthouse over a violet sea at dusk,…', 'إزالة الخلفية · بلا عنوان']
          : ['Text to image · a lighthouse over a violet sea at dusk,…', 'Remove background · Untitled'];
      expect(lines).toContain(t2i);
      expect(lines).toContain(untitled);
      const text = (await ledger.textContent()) ?? '';
      for (const id of ids) expect(text).not.toContain(id);
      expect(text).not.toContain('“”');
      // The newest lines (these two tasks) in the middle of the screen, the heading above them.
      await ledger
        .getByTestId('ledger-entry')
        .first()
        .evaluate((e) => e.scrollIntoView({ block: 'center' }));
      await shot(page, `coins-ledger${locale.replace('/', '-')}`);
    });

  it('the method names are translated in Arabic', async () => {
    const page = await newPage(390);
    await signInDemo(page);
    await page.goto(f.url + '/ar/subscription');
    const methods = page.getByTestId('payment-methods');
    await methods.getByTestId('method-card').waitFor();
    expect(await methods.getByTestId('method-card').textContent()).toBe('بطاقة ائتمان');
    await methods.scrollIntoViewIfNeeded();
    await shot(page, 'ar-subscription-methods');
  });
});
