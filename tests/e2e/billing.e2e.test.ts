/**
 * Memberships and coins end to end (issue 12): a free account fills its queue and follows the
 * upsell to the membership page; a declined card says why (80213); Standard monthly is bought
 * through the simulated provider in the iframe and the level and the larger queue show without a
 * reload; the subscription is paused and resumed; a coin pack is bought and the ledger shows it; a
 * task that fails (prompt marker `#fail`, server/tasks/service.ts FAIL_MARKER) is refunded in the ledger.
 * Screenshots of every screen at 1280 and 390 px land in test-results/.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { settleNewAccount, DEMO_COINS, e2eFile, shotFile } from './support';

const f = e2eFile('billing', { TASK_DURATION_MS: '12000' });
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  // Long enough that three tasks overlap (the free queue is 2), short enough that a failing one fails soon.
  const context = await f.browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 860 } });
  page = await context.newPage();
  page.on('pageerror', (e) => pageErrors.push(e.message));
});

const shot = async (name: string, fullPage = true) => {
  await page.screenshot({ path: shotFile(`billing-${name}`), fullPage });
};
/** The same screen at 390 px, then back to 1280. */
const narrowShot = async (name: string, fullPage = true) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(0);
  await shot(`${name}-390`, fullPage);
  await page.setViewportSize({ width: 1280, height: 860 });
};
const generate = async (prompt: string) => {
  const before = await page.locator('[data-testid=task-card]').count();
  await page.fill('[data-testid=prompt]', prompt);
  await page.click('[data-testid=generate]');
  return before;
};
const frame = () => page.frameLocator('[data-testid=checkout-frame]');
const coinsText = () => page.locator('[data-testid=coin-balance]').textContent();

describe('end to end: memberships, checkout, coins and refunds (issue 12)', () => {
  it('a free account fills its queue (2 tasks) and the dialog leads to the membership page, with no raw message key', async () => {
    await page.goto(f.url + '/');
    await page.click('[data-testid=sign-in]');
    await page.fill('[data-testid=email]', 'demo@atelier.test');
    await page.fill('[data-testid=password]', 'atelier-demo');
    await page.click('[data-testid=login-submit]');
    await expect.poll(coinsText, { timeout: 15_000 }).toContain(DEMO_COINS);

    for (const n of [1, 2]) {
      await generate(`a harbour at dawn, study ${n}`);
      await expect.poll(() => page.locator('[data-testid=task-card]').count(), { timeout: 10_000 }).toBe(n);
    }
    await generate('a third one, over the limit');
    const body = page.locator('[data-testid=upsell-body]');
    await body.waitFor({ timeout: 10_000 });
    expect(await body.getAttribute('data-topic')).toBe('queue');
    expect(await body.textContent()).toContain('Free accounts run 2 tasks at once');
    const dialogText = (await page.locator('[role=dialog]').textContent()) ?? '';
    expect(dialogText).not.toMatch(/Queue5|Queue10|billing\.|dialog\./);
    await shot('upsell-dialog', false);
    await narrowShot('upsell-dialog', false);

    await page.click('[data-testid=upsell-action]');
    await page.waitForURL(/\/pricing\?tier=basic$/);
    await page.locator('[data-testid=tier-standard]').waitFor();
    expect(await page.locator('[data-testid=price-basic]').textContent()).toContain('$4.99');
    expect(await page.locator('[data-testid=price-standard]').textContent()).toContain('$14.99');
    expect(await page.locator('[data-testid=price-pro]').textContent()).toContain('$29.99');
    expect(await page.locator('[data-testid=tier-standard]').textContent()).toContain(
      '6 tasks running at once',
    );
    await expect.poll(() => page.locator('[data-testid=testimonial]').count(), { timeout: 10_000 }).toBe(12);
    await page.getByRole('tab', { name: /Yearly/ }).click();
    expect(await page.locator('[data-testid=price-basic]').textContent()).toContain('$3.99');
    expect(await page.locator('[data-testid=price-pro]').textContent()).toContain('$23.99');
    await page.getByRole('tab', { name: /Monthly/ }).click();
    await shot('pricing');
    await narrowShot('pricing');
  });

  it('a declined card says why (80213); Standard monthly then pays, and the level, queue and coins change without a reload', async () => {
    expect(await page.locator('[data-testid=buy-standard_month]').getAttribute('data-benefit')).toBe(
      'monthlySubscription',
    );
    // A double click: one intent, one order, and the dialog stays open. The second click is made to
    // land after the dialog opened (the order a slow machine gives a real double click): it falls on
    // the overlay, which must not close a checkout.
    const buy = page.locator('[data-testid=buy-standard_month]');
    const box = await buy.boundingBox();
    if (!box) throw new Error('the Standard monthly button has no box');
    await buy.click();
    await page.locator('[data-testid=checkout]').waitFor({ timeout: 10_000 });
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    const card = frame().locator('#card');
    await card.waitFor({ timeout: 10_000 });
    await card.fill('4000 0000 0000 0002');
    await frame().locator('#pay').click();
    const error = page.locator('[data-testid=checkout-error]');
    await error.waitFor({ timeout: 10_000 });
    expect(await error.textContent()).toContain('Your card was declined');
    expect(await error.textContent()).toContain('80213');
    await shot('checkout-declined', false);
    await narrowShot('checkout-declined', false);

    await card.fill('4242 4242 4242 4242');
    await frame().locator('#pay').click();
    const done = page.locator('[data-testid=checkout-completed]');
    await done.waitFor({ timeout: 10_000 });
    // The level comes with the payment info fetched again once the server confirms the order.
    await expect.poll(() => page.locator('[data-testid=checkout-level]').textContent()).toBe('Standard');
    await shot('checkout-completed', false);
    await page.click('[data-testid=checkout-close]');
    await expect
      .poll(() => page.locator('[data-testid=pricing-your-tier]').textContent())
      .toContain('Standard');
    expect(await page.locator('[data-testid=buy-standard_month]').textContent()).toBe('Your plan');
    expect(await page.locator('[data-testid=buy-pro_month]').getAttribute('data-benefit')).toBe('upgrade');

    // The larger queue: three tasks at once, no dialog.
    await page.click('[data-testid=nav-create]');
    // Each new task shows its own card (the list may still be filling with the earlier ones).
    for (const n of [1, 2, 3]) {
      await generate(`a member's lighthouse ${n}`);
      await expect
        .poll(
          () => page.locator('[data-testid=task-card]', { hasText: `a member's lighthouse ${n}` }).count(),
          {
            timeout: 10_000,
          },
        )
        .toBe(1);
    }
    expect(
      await page.locator('[data-testid=task-card][data-status=inProgress]').count(),
    ).toBeGreaterThanOrEqual(3);
    expect(await page.locator('[data-testid=upsell-body]').count()).toBe(0);
  });

  it('pauses the subscription for two months and resumes it', async () => {
    await page.goto(f.url + '/subscription');
    const level = page.locator('[data-testid=subscription-level]');
    await level.waitFor({ timeout: 15_000 });
    expect(await level.textContent()).toBe('Standard');
    expect(await page.locator('[data-testid=subscription-plan]').textContent()).toBe('Standard · monthly');
    expect(await page.locator('[data-testid=payment-methods]').textContent()).toContain('Credit card');
    await shot('subscription');
    await narrowShot('subscription');

    await page.getByRole('combobox', { name: 'Pause for' }).click();
    await page.getByRole('option', { name: '2 months' }).click();
    await page.click('[data-testid=subscription-pause]');
    const paused = page.locator('[data-testid=subscription-paused]');
    await paused.waitFor({ timeout: 10_000 });
    expect(await paused.textContent()).toContain('Paused for 2 months');
    expect(await page.locator('[data-testid=subscription-pause]').count()).toBe(0);
    await shot('subscription-paused');

    await page.click('[data-testid=subscription-resume]');
    await paused.waitFor({ state: 'detached', timeout: 10_000 });
    await page.locator('[data-testid=subscription-pause]').waitFor();
  });

  it('end-time reminders (spec §4): a cancelled plan offers its free month until it ends; a checkout left unpaid waits 15 minutes and leads back to its order', async () => {
    // Retention: cancel, and the offer follows the person to the square; taking the month ends it.
    await page.goto(f.url + '/subscription');
    await page.click('[data-testid=subscription-cancel]', { timeout: 15_000 });
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel the subscription' }).click();
    await page.locator('[data-testid=subscription-cancelled]').waitFor({ timeout: 10_000 });
    // The subscription page itself shows the offer: no reminder repeats it there.
    expect(await page.locator('[data-testid=reminder-retention]').count()).toBe(0);
    await page.goto(f.url + '/explore');
    const retention = page.locator('[data-testid=reminder-retention]');
    await retention.waitFor({ timeout: 15_000 });
    expect(await retention.textContent()).toContain('Take a free month on us before');
    await shot('reminder-retention', false);
    await narrowShot('reminder-retention', false);
    await retention.locator('[data-testid=reminder-go]').click();
    await page.waitForURL(/\/subscription$/);
    await page.click('[data-testid=subscription-free-month-claim]', { timeout: 15_000 });
    await page
      .locator('[data-testid=subscription-cancelled]')
      .waitFor({ state: 'detached', timeout: 10_000 });
    await page.goto(f.url + '/explore');
    await page.locator('[data-testid=nav-create]').waitFor();
    await expect.poll(() => page.locator('[data-testid^=reminder-]').count()).toBe(0);

    // Awaiting order: a coin pack's checkout closed before paying.
    await page.goto(f.url + '/coins');
    await page.click('[data-testid=buy-calculate500]', { timeout: 15_000 });
    await frame().locator('#pay').waitFor({ timeout: 10_000 });
    await page.click('[data-testid=checkout-close]');
    await page.click('[data-testid=nav-explore]');
    const awaiting = page.locator('[data-testid=reminder-awaitingOrder]');
    await awaiting.waitFor({ timeout: 10_000 });
    expect(await awaiting.locator('[data-testid=reminder-countdown]').textContent()).toMatch(
      /^00:1[45]:\d\d$/,
    );
    await shot('reminder-awaiting-order', false);
    await narrowShot('reminder-awaiting-order', false);
    const coinsBefore = Number((await coinsText())?.replace(/\D/g, ''));
    await awaiting.locator('[data-testid=reminder-go]').click();
    // Back in the checkout of the same order, on the membership page (the address is clean again).
    await page.waitForURL(/\/pricing$/);
    await frame().locator('#pay').click({ timeout: 10_000 });
    await page.locator('[data-testid=checkout-completed]').waitFor({ timeout: 10_000 });
    await expect.poll(coinsText).toContain((coinsBefore + 500).toLocaleString('en-US'));
    await page.click('[data-testid=checkout-close]');
    await page.click('[data-testid=nav-explore]');
    await page.locator('[data-testid=nav-create]').waitFor();
    await expect.poll(() => page.locator('[data-testid^=reminder-]').count()).toBe(0);
  });

  it('buys a coin pack and sees the balance and the ledger; a failed task is refunded in the ledger', async () => {
    await page.goto(f.url + '/coins');
    await page.locator('[data-testid=ledger-entry]').first().waitFor({ timeout: 15_000 });
    // The packs come by a request of their own (skeletons until then), not with the ledger.
    const packs = page.locator('[data-testid^=pack-]');
    await expect.poll(() => packs.count()).toBe(4); // spec §9: up to 3 plus the largest
    const before = Number(
      (await page.locator('[data-testid=coins-calculate]').first().textContent())?.replace(/\D/g, ''),
    );
    await shot('coins');
    await narrowShot('coins');

    await page.click('[data-testid=buy-calculate500]');
    await frame().locator('#pay').click({ timeout: 10_000 });
    await page.locator('[data-testid=checkout-completed]').waitFor({ timeout: 10_000 });
    await expect.poll(coinsText).toContain((before + 500).toLocaleString('en-US'));
    await page.click('[data-testid=checkout-close]');
    await expect
      .poll(() => page.locator('[data-testid=ledger-entry]').first().getAttribute('data-category'))
      .toBe('recharge');
    expect(await page.locator('[data-testid=ledger-entry]').first().textContent()).toContain('+500');
    // Issue 21 item 9: the line names the pack, not the order's id.
    expect(await page.locator('[data-testid=ledger-task]').first().textContent()).toBe('Pack of 500 coins');
    expect(await page.getByTestId('ledger').textContent()).not.toMatch(/ord_/);

    // A task that fails halfway (the simulated engine's #fail marker) gives its coins back.
    await page.click('[data-testid=nav-create]');
    await generate('a storm that never lands #fail');
    await page.locator('[data-testid=task-card][data-status=failed]').first().waitFor({ timeout: 30_000 });
    await page.click('[data-testid=coin-balance]');
    await page.locator('[data-testid=coin-summary]').waitFor();
    await shot('coin-popover', false);
    await narrowShot('coin-popover', false);
    await page.click('[data-testid=coin-summary-recharge]');
    const refund = page.locator('[data-testid=ledger-entry][data-category=taskRefund]').first();
    await refund.waitFor({ timeout: 15_000 });
    expect(await refund.textContent()).toContain('a storm that never lands #fail');
    expect(await refund.textContent()).toContain('+10');
    await shot('coins-refund');

    // Spec §1: the testimonials in Chinese on a zh-* page, in English on the Japanese one.
    await page.goto(f.url + '/zh-CN/pricing');
    const quote = page.locator('[data-testid=testimonial]').first();
    await quote.waitFor({ timeout: 15_000 });
    expect(await quote.textContent()).toMatch(/[\u4e00-\u9fff]/);
    expect(await page.locator('h1').textContent()).toBe('选择您的会员方案');
    await shot('pricing-zh', false);
    await page.goto(f.url + '/ja/pricing');
    await page.locator('[data-testid=testimonial]').first().waitFor({ timeout: 15_000 });
    expect(await page.locator('[data-testid=testimonial]').first().textContent()).not.toMatch(
      /[\u4e00-\u9fff]/,
    );
    expect(pageErrors).toEqual([]);
  });

  it('company accounts (spec §3 enterprise, §6 "Enterprise admins and members see different messages"): a full queue tells a member to ask the company admin, and leads the admin to the company plan on the membership page', async () => {
    const cases = [
      {
        email: 'member@studio.atelier.test',
        says: 'Your company’s task queue is full. Ask your company admin for more capacity.',
        who: 'member',
      },
      {
        email: 'admin@studio.atelier.test',
        says: 'Your company’s task queue is full (2 at once). Upgrade the company plan to run more.',
        who: 'admin',
      },
    ] as const;
    for (const { email, says, who } of cases) {
      await settleNewAccount(f.url, email, 'atelier-demo');
      const context = await f.browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 860 } });
      const p = await context.newPage();
      p.on('pageerror', (e) => pageErrors.push(e.message));
      try {
        await p.goto(f.url + '/');
        await p.click('[data-testid=sign-in]');
        await p.fill('[data-testid=email]', email);
        await p.fill('[data-testid=password]', 'atelier-demo');
        await p.click('[data-testid=login-submit]');
        await p.locator('[data-testid=coin-balance]').waitFor({ timeout: 15_000 });
        // "/" has a composer too: fill the one of /create, once the router has moved there (right
        // after a sign-in its loader waits for the account's flags, and a prompt typed on "/" was lost)
        // and React has rendered the new page: the address changes first, and on a loaded machine a
        // prompt filled between the two went into the home page's composer, gone a moment later, and
        // Generate was then pressed on an empty one.
        const homeComposer = await p.locator('[data-testid=prompt]').elementHandle();
        await p.click('[data-testid=nav-create]');
        await p.waitForURL(/\/create$/);
        await homeComposer?.waitForElementState('hidden');
        for (const n of [1, 2]) {
          await p.fill('[data-testid=prompt]', `the company's lighthouse ${n}`);
          await p.click('[data-testid=generate]');
          await expect
            .poll(() => p.locator('[data-testid=task-card]').count(), { timeout: 10_000 })
            .toBe(n)
            .catch(async (err: unknown) => {
              // Once seen on a loaded CI machine (no card after the first Generate): say what the page held.
              const held = await p.evaluate(() => {
                const atelier = (window as unknown as { __ATELIER__?: { state: () => unknown } }).__ATELIER__;
                const st = atelier?.state() as { tasks?: { order?: unknown[] } } | undefined;
                return {
                  url: location.pathname,
                  prompt: (document.querySelector('[data-testid=prompt]') as HTMLTextAreaElement | null)
                    ?.value,
                  tasks: st?.tasks?.order?.length,
                  dialogs: [...document.querySelectorAll('[role=dialog],[role=alert],[role=status]')].map(
                    (e) => e.textContent,
                  ),
                };
              });
              throw new Error(`${String(err)}\npage: ${JSON.stringify(held)}`);
            });
        }
        await p.fill('[data-testid=prompt]', "the company's lighthouse, over the limit");
        await p.click('[data-testid=generate]');
        const body = p.locator('[data-testid=upsell-body]');
        await body.waitFor({ timeout: 10_000 });
        expect(await body.getAttribute('data-topic')).toBe('queue');
        expect(await body.textContent()).toBe(says);
        const dialogText = (await p.locator('[role=dialog]').textContent()) ?? '';
        expect(dialogText).not.toMatch(/Queue5|Queue10|Enterprise|enterprise|billing\.|dialog\./);
        // A company's people are never sold a personal membership.
        expect(dialogText).not.toMatch(/Become a member|Join|Upgrade to/);
        await p.screenshot({ path: shotFile(`billing-queue-full-company-${who}`) });
        await p.setViewportSize({ width: 390, height: 844 });
        await p.screenshot({ path: shotFile(`billing-queue-full-company-${who}-390`) });
        await p.setViewportSize({ width: 1280, height: 860 });
        if (who === 'member') {
          // Nothing to buy: only Close, and it closes.
          expect(await p.locator('[data-testid=upsell-action]').count()).toBe(0);
          await p.click('[data-testid=dialog-close]');
          await expect.poll(() => p.locator('[role=dialog]').count()).toBe(0);
        } else {
          const action = p.locator('[data-testid=upsell-action]');
          expect(await action.textContent()).toBe('Upgrade the company plan');
          // On a phone the suggested tier is far down the page: it is brought into view.
          await p.setViewportSize({ width: 390, height: 844 });
          await action.click();
          // The membership page sells no company plan of its own: the admin lands on its highest tier.
          await p.waitForURL(/\/pricing\?tier=pro$/);
          await p.locator('[data-testid=tier-pro]').waitFor({ timeout: 10_000 });
          expect(await p.locator('[data-testid=price-pro]').textContent()).toContain('$29.99');
          expect(await p.locator('[data-testid=tier-pro]').getAttribute('class')).toMatch(/highlight/);
          expect(await p.locator('[role=dialog]').count()).toBe(0);
          await expect
            .poll(() =>
              p.locator('[data-testid=tier-pro]').evaluate((el) => {
                const r = el.getBoundingClientRect();
                return r.top >= 0 && r.top < window.innerHeight;
              }),
            )
            .toBe(true);
          await p.screenshot({ path: shotFile('billing-company-admin-pricing-390') });
          await p.setViewportSize({ width: 1280, height: 860 });
          await p.screenshot({ path: shotFile('billing-company-admin-pricing') });
        }
      } finally {
        await context.close();
      }
    }
    expect(pageErrors).toEqual([]);
  });
});
