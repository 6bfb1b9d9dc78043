/**
 * Decorations and popups in Chromium (issue 12), against the real server: the demo account buys
 * two avatar boxes, wears one, swaps to the other and sees exactly one worn and its frame around
 * the header avatar; a box above its balance is refused in the card; the purchase history and the
 * preview tabs. A fresh account offered half-price and daily stamina (through the development
 * switch POST /dev/popups) sees the half-price countdown tick with the page's clock advanced,
 * closes it and sees daily stamina follow; with the clock past the offer's end the half-price
 * popup vanishes by itself. Screens at 1280 and 390 px are saved to test-results/.
 */
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { NO_POPUPS, DEMO_COINS, e2eFile, shotFile } from './support';

const f = e2eFile('decor-popups');
const contexts: BrowserContext[] = [];

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
});

const newPage = async (width: number): Promise<Page> => {
  const context = await f.browser.newContext({ locale: 'en-US', viewport: { width, height: 860 } });
  contexts.push(context);
  const page = await context.newPage();
  page.on('pageerror', (e) => {
    throw e;
  });
  return page;
};

/** Every picture in the window has arrived (frames and covers are fetched, some rendered on demand). */
const picturesLoaded = (page: Page) =>
  page.waitForFunction(
    () =>
      Array.from(document.images)
        .filter((i) => {
          const r = i.getBoundingClientRect();
          return r.width > 0 && r.bottom > 0 && r.top < window.innerHeight;
        })
        .every((i) => i.complete && i.naturalWidth > 0),
    undefined,
    { timeout: 30_000 },
  );

const shot = async (page: Page, name: string) => {
  await picturesLoaded(page);
  await page.screenshot({
    path: shotFile(`decor-${page.viewportSize()?.width ?? 0}-${name}`),
    fullPage: false,
  });
};

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Signs in through the API (the context keeps the cookie) and fixes the account's popups. */
const signInWithPopups = async (page: Page, email: string, password: string, popups: unknown) => {
  const login = await page.request.post(f.url + '/api/v1/account/login', { data: { email, password } });
  expect((await login.json()).status.code).toBe(10000);
  const dev = await page.request.post(f.url + '/dev/popups', { data: { status: popups } });
  expect((await dev.json()).status.code).toBe(10000);
};

const card = (page: Page, id: string) => page.getByTestId(`ornament-${id}`);
/** Buy asks first (issue 21 item 8): the confirmation's Buy button spends the coins. */
const confirmBuy = (page: Page) =>
  page
    .getByRole('alertdialog')
    .getByRole('button', { name: /^Buy for / })
    .click();

describe('decorations end to end', () => {
  it('buys, wears and swaps avatar boxes: one worn, its frame around the header avatar; too few coins refused', async () => {
    const page = await newPage(1280);
    await signInWithPopups(page, 'demo@atelier.test', 'atelier-demo', NO_POPUPS);
    await page.goto(f.url + '/mall');
    await card(page, 'orn-aurora-ring').waitFor({ timeout: 20_000 });
    await expect.poll(() => page.getByTestId('decorations-balance').textContent()).toContain(DEMO_COINS);
    await shot(page, 'mall');

    // Buy two boxes with coins: each becomes owned, the balance goes down.
    for (const id of ['orn-aurora-ring', 'orn-ember-halo']) {
      await card(page, id).getByTestId('ornament-buy').click();
      await confirmBuy(page);
      await expect.poll(() => card(page, id).getByTestId('ornament-status').textContent()).toBe('Owned');
    }
    await expect
      .poll(() => page.getByTestId('decorations-balance').textContent())
      .toContain(String(Number(DEMO_COINS) - 200));

    // Too few coins: the Nebula Crown costs 680; the card says why, and links to /coins.
    await card(page, 'orn-nebula-crown').getByTestId('ornament-buy').click();
    const refusal = card(page, 'orn-nebula-crown').getByTestId('ornament-refusal');
    await expect.poll(() => refusal.textContent()).toContain('You do not have enough coins');
    expect(await refusal.getByRole('link').getAttribute('href')).toBe('/coins');
    await shot(page, 'mall-refused');

    // Wear one, then the other: exactly one is worn, and the header avatar carries its frame.
    await card(page, 'orn-aurora-ring').getByTestId('ornament-wear').click();
    await expect.poll(() => card(page, 'orn-aurora-ring').getAttribute('data-wearing')).toBe('true');
    const headerFrame = page.getByTestId('account-menu').locator('img');
    await expect.poll(() => headerFrame.last().getAttribute('src')).toMatch(/orn-aurora-ring\.png$/);
    await card(page, 'orn-ember-halo').getByTestId('ornament-wear').click();
    await expect.poll(() => card(page, 'orn-ember-halo').getAttribute('data-wearing')).toBe('true');
    await expect.poll(() => card(page, 'orn-aurora-ring').getAttribute('data-wearing')).toBe('false');
    expect(await page.locator('[data-wearing=true]').count()).toBe(1);
    await expect.poll(() => headerFrame.last().getAttribute('src')).toMatch(/orn-ember-halo\.png$/);

    // The four preview tabs of an avatar box.
    await card(page, 'orn-sakura-wreath').getByTestId('ornament-preview').click();
    const preview = page.getByTestId('avatar-preview');
    await preview.waitFor();
    await expect.poll(() => preview.getByTestId('self-centre').textContent()).toContain('Followers');
    await shot(page, 'preview-self');
    for (const [tab, name] of [
      ['Recommend', 'recommend'],
      ['Detail', 'detail'],
      ['Comments', 'comments'],
    ] as const) {
      await preview.getByRole('tab', { name: tab }).click();
      await expect.poll(() => preview.locator('img').count(), { timeout: 10_000 }).toBeGreaterThan(0);
      // The covers are rendered on their first request: wait until every picture has arrived.
      await expect
        .poll(
          () =>
            preview
              .locator('img')
              .evaluateAll((imgs) =>
                imgs.every(
                  (i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0,
                ),
              ),
          { timeout: 30_000 },
        )
        .toBe(true);
      await shot(page, `preview-${name}`);
    }
    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'detached' });

    // My decorations: the worn box, the stats, the purchase history with YYYY/MM/DD dates.
    await page.getByTestId('account-menu').click();
    await page.getByRole('menuitem', { name: 'Decorations' }).click();
    await page.getByTestId('decorations-page').waitFor();
    await expect
      .poll(() => page.getByRole('heading', { level: 2 }).first().textContent())
      .toBe('Wearing Ember Halo');
    const dates = page.getByTestId('history-date');
    await expect.poll(() => dates.count()).toBe(2);
    for (const d of await dates.allTextContents()) expect(d).toMatch(/^\d{4}\/\d{2}\/\d{2}$/);
    await shot(page, 'decorations');
    expect(await overflow(page)).toBeLessThanOrEqual(0);

    // Unload: nothing worn, no frame in the header.
    await card(page, 'orn-ember-halo').getByTestId('ornament-unload').click();
    await expect.poll(() => page.locator('[data-wearing=true]').count()).toBe(0);
    await expect.poll(() => headerFrame.count()).toBe(0);
  });

  it('fits 390 px: the mall, my decorations and a preview', async () => {
    const page = await newPage(390);
    await signInWithPopups(page, 'demo@atelier.test', 'atelier-demo', NO_POPUPS);
    await page.goto(f.url + '/mall');
    await card(page, 'orn-aurora-ring').waitFor({ timeout: 20_000 });
    await shot(page, 'mall');
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await card(page, 'orn-aurora-ring').getByTestId('ornament-preview').click();
    await page.getByTestId('self-centre').waitFor();
    await shot(page, 'preview-self');
    await page.keyboard.press('Escape');
    await page.goto(f.url + '/decorations');
    await page.getByTestId('purchase-history').waitFor({ timeout: 20_000 });
    await shot(page, 'decorations');
    expect(await overflow(page)).toBeLessThanOrEqual(0);
  });
});

describe('the decorations others see', () => {
  /** Owns the box (buys it when not yet owned) and leaves its card ready to wear. */
  const own = async (page: Page, id: string) => {
    const buy = card(page, id).getByTestId('ornament-buy');
    if ((await buy.count()) > 0) {
      await buy.click();
      await confirmBuy(page);
      await expect.poll(() => card(page, id).getByTestId('ornament-status').textContent()).toBe('Owned');
    }
  };
  const json = async (page: Page, route: string, data: unknown) =>
    (await (await page.request.post(f.url + route, { data })).json()) as {
      status: { code: number };
      data: Record<string, unknown> & { item?: { id: string; status: number } };
    };
  const coverFrame = (scope: ReturnType<Page['locator']>) => scope.locator('[data-frame="cover"]');
  const avatarFrame = (scope: ReturnType<Page['locator']>, box: string) =>
    scope.locator(`img[src$="${box}.png"]`);
  /** One finished work of the demo account, published: made once for the tests that need their own. */
  let ownWork: { taskId: string; artworkId: string } | null = null;
  /** A text-to-image task of the signed-in person's, rendered by the server to the end: its id. */
  const finishedTask = async (page: Page, prompt: string, seed: number): Promise<string> => {
    const created = await json(page, '/api/v1/task/tool/create', {
      domain_type: 0,
      prompt,
      aspect_ratio: '3:4',
      seed,
    });
    expect(created.status.code).toBe(10000);
    const taskId = created.data.item!.id;
    await expect
      .poll(async () => (await json(page, '/api/v1/task/detail', { id: taskId })).data.item?.status, {
        timeout: 30_000,
      })
      .toBe(3);
    return taskId;
  };
  const publishedWork = async (page: Page) => {
    if (ownWork !== null) return ownWork;
    const taskId = await finishedTask(page, 'a paper boat on a green canal', 23);
    const published = await json(page, '/api/v1/task/publish', { id: taskId, title: 'Green canal' });
    expect(published.status.code).toBe(10000);
    ownWork = { taskId, artworkId: published.data['artwork_id'] as string };
    return ownWork;
  };

  it('a production box worn on a published work and an avatar box: another account sees both on the profile, the work and the square, at 1280 and 390', async () => {
    const page = await newPage(1280);
    await signInWithPopups(page, 'demo@atelier.test', 'atelier-demo', NO_POPUPS);
    const me = (await json(page, '/api/v1/account/info', {})).data['id'] as string;
    // A finished work of the person's: a text-to-image task, rendered by the server.
    const taskId = await finishedTask(page, 'a lighthouse over a violet sea at dusk', 11);

    // In the mall: an avatar box, then the production box on that work (picked in the work picker).
    await page.goto(f.url + '/mall');
    await card(page, 'orn-ember-halo').waitFor({ timeout: 20_000 });
    await own(page, 'orn-ember-halo');
    await card(page, 'orn-ember-halo').getByTestId('ornament-wear').click();
    await expect.poll(() => card(page, 'orn-ember-halo').getAttribute('data-wearing')).toBe('true');
    const productionTab = page.getByRole('tab', { name: 'Production boxes' });
    await productionTab.click();
    await card(page, 'orn-ink-scroll').waitFor();
    await own(page, 'orn-ink-scroll');
    await card(page, 'orn-ink-scroll').getByTestId('ornament-wear').click();
    const picker = page.getByRole('dialog');
    await picker.getByRole('button', { name: 'Work 1' }).click();
    await expect.poll(() => card(page, 'orn-ink-scroll').getAttribute('data-wearing')).toBe('true');

    // The work goes to the square, and its author says something under it.
    const published = await json(page, '/api/v1/task/publish', { id: taskId, title: 'Violet lighthouse' });
    expect(published.status.code).toBe(10000);
    const artworkId = published.data['artwork_id'] as string;
    expect(
      (await json(page, '/api/v1/comment/create', { obj_id: artworkId, content: 'Framed at last.' })).status
        .code,
    ).toBe(10000);

    for (const width of [1280, 390]) {
      // Another person looks.
      const viewer = await newPage(width);
      const email = `frames-${width}-${Date.now().toString(36)}@example.test`;
      const reg = await viewer.request.post(f.url + '/api/v1/account/register', {
        data: { name: 'Frame Viewer', email, password: 'frame viewer 1' },
      });
      expect((await reg.json()).status.code).toBe(10000);
      await viewer.request.post(f.url + '/api/v1/account/guide/status/set', {
        data: { guide_status: 1 },
      });
      await signInWithPopups(viewer, email, 'frame viewer 1', NO_POPUPS);

      // The profile: the avatar box around the header avatar, the production box over the work's cover.
      await viewer.goto(f.url + `/user/${encodeURIComponent(me)}`);
      const profile = viewer.getByTestId('user-page');
      await profile.waitFor({ timeout: 20_000 });
      await expect.poll(() => avatarFrame(profile.locator('header'), 'orn-ember-halo').count()).toBe(1);
      const tile = viewer.getByTestId('work-tile').filter({ hasText: 'Violet lighthouse' });
      await tile.waitFor({ timeout: 20_000 });
      await expect.poll(() => coverFrame(tile).getAttribute('data-src')).toMatch(/orn-ink-scroll\.png$/);
      expect(await coverFrame(viewer.getByTestId('works-grid')).count()).toBe(1);
      await tile.scrollIntoViewIfNeeded();
      await shot(viewer, 'frames-profile');
      expect(await overflow(viewer)).toBeLessThanOrEqual(0);

      // The work: the frame around the picture, the author's avatar box, and on their comment.
      await viewer.goto(f.url + `/artwork/${artworkId}`);
      const detail = viewer.getByTestId('artwork-detail');
      await detail.waitFor({ timeout: 20_000 });
      await expect.poll(() => coverFrame(detail).getAttribute('data-src')).toMatch(/orn-ink-scroll\.png$/);
      // The frame lies exactly over the picture.
      const [img, frame] = await Promise.all([
        viewer.getByTestId('artwork-image').boundingBox(),
        coverFrame(detail).boundingBox(),
      ]);
      expect(frame).toEqual(img);
      await expect
        .poll(() => avatarFrame(viewer.getByTestId('detail-author'), 'orn-ember-halo').count())
        .toBe(1);
      const mine = viewer.getByTestId('comment').filter({ hasText: 'Framed at last.' });
      await expect.poll(() => avatarFrame(mine, 'orn-ember-halo').count()).toBe(1);
      await shot(viewer, 'frames-artwork');
      await mine.scrollIntoViewIfNeeded();
      await shot(viewer, 'frames-comment');
      expect(await overflow(viewer)).toBeLessThanOrEqual(0);

      // The square (newest first): the card carries both, and the frame leaves the card's size alone.
      await viewer.goto(f.url + '/explore?sort=new');
      const squareCard = viewer.locator(`[data-testid="feed-card"][data-expose-id="${artworkId}"]`);
      await squareCard.waitFor({ timeout: 20_000 });
      await expect
        .poll(() => coverFrame(squareCard).getAttribute('data-src'))
        .toMatch(/orn-ink-scroll\.png$/);
      expect(await avatarFrame(squareCard.getByTestId('card-author'), 'orn-ember-halo').count()).toBe(1);
      const [cover, overlay] = await Promise.all([
        squareCard.getByTestId('cover').boundingBox(),
        coverFrame(squareCard).boundingBox(),
      ]);
      expect(overlay).toEqual(cover);
      // Newest first: the work is the square's first card, seen from the top.
      await viewer.evaluate(() => window.scrollTo(0, 0));
      await shot(viewer, 'frames-square');
      expect(await overflow(viewer)).toBeLessThanOrEqual(0);
    }

    // Unloaded: the work and the avatar are bare again for everyone.
    await card(page, 'orn-ink-scroll').getByTestId('ornament-unload').click();
    await expect.poll(() => card(page, 'orn-ink-scroll').getAttribute('data-wearing')).toBe('false');
    await page.getByRole('tab', { name: 'Avatar boxes' }).click();
    await card(page, 'orn-ember-halo').getByTestId('ornament-unload').click();
    await expect.poll(() => card(page, 'orn-ember-halo').getAttribute('data-wearing')).toBe('false');
    const viewer = await newPage(1280);
    await viewer.goto(f.url + `/artwork/${artworkId}`);
    await viewer.getByTestId('artwork-detail').waitFor({ timeout: 20_000 });
    expect(await coverFrame(viewer.getByTestId('artwork-detail')).count()).toBe(0);
    expect(await avatarFrame(viewer.getByTestId('detail-author'), 'orn-ember-halo').count()).toBe(0);
  });

  it('the person’s own cards take a box they wear at once, without a reload: the square card and the task card (spec §3, §4)', async () => {
    const page = await newPage(1280);
    await signInWithPopups(page, 'demo@atelier.test', 'atelier-demo', NO_POPUPS);
    // A finished work, published before the page opens: the task list the page reads names its artwork.
    const { taskId, artworkId } = await publishedWork(page);

    // The square, newest first: the person's own card, bare.
    await page.goto(f.url + '/explore?sort=new');
    const squareCard = page.locator(`[data-testid="feed-card"][data-expose-id="${artworkId}"]`);
    await squareCard.waitFor({ timeout: 20_000 });
    expect(await coverFrame(squareCard).count()).toBe(0);
    expect(await avatarFrame(squareCard.getByTestId('card-author'), 'orn-aurora-ring').count()).toBe(0);
    // Marks this document: a reload would lose it.
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));

    // To the mall inside the page: an avatar box, then a production box on that work.
    await page.getByTestId('account-menu').click();
    await page.getByRole('menuitem', { name: 'Decorations' }).click();
    await page.getByTestId('to-mall').first().click();
    await card(page, 'orn-aurora-ring').waitFor({ timeout: 20_000 });
    await own(page, 'orn-aurora-ring');
    await card(page, 'orn-aurora-ring').getByTestId('ornament-wear').click();
    await expect.poll(() => card(page, 'orn-aurora-ring').getAttribute('data-wearing')).toBe('true');
    const headerFrame = page.getByTestId('account-menu').locator('img');
    await expect.poll(() => headerFrame.last().getAttribute('src')).toMatch(/orn-aurora-ring\.png$/);
    // Wearing an avatar box reads the account again, and with it the task list: let that settle first.
    await page.waitForLoadState('networkidle');
    await page.getByRole('tab', { name: 'Production boxes' }).click();
    await card(page, 'orn-neon-grid').waitFor();
    await own(page, 'orn-neon-grid');
    await card(page, 'orn-neon-grid').getByTestId('ornament-wear').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Work 1' }).click();
    await expect.poll(() => card(page, 'orn-neon-grid').getAttribute('data-wearing')).toBe('true');

    // Back to the square (the list is not read again): the card wears both, in the same document.
    await page.goBack();
    await page.goBack();
    await squareCard.waitFor({ timeout: 10_000 });
    await expect.poll(() => coverFrame(squareCard).getAttribute('data-src')).toMatch(/orn-neon-grid\.png$/);
    await expect
      .poll(() => avatarFrame(squareCard.getByTestId('card-author'), 'orn-aurora-ring').count())
      .toBe(1);
    expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'own-square-after-wear');

    // The task card, from the task list read before the box was worn.
    await page.getByTestId('nav-create').click();
    const taskCard = page.locator(`[data-testid="task-card"][data-task-id="${taskId}"]`);
    await taskCard.waitFor({ timeout: 20_000 });
    await expect.poll(() => coverFrame(taskCard).getAttribute('data-src')).toMatch(/orn-neon-grid\.png$/);
    expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

    // Unloaded: the card is bare again, still without a reload.
    await page.goBack();
    await page.getByTestId('account-menu').click();
    await page.getByRole('menuitem', { name: 'Decorations' }).click();
    await page.getByTestId('to-mall').first().click();
    await page.getByRole('tab', { name: 'Production boxes' }).click();
    await card(page, 'orn-neon-grid').getByTestId('ornament-unload').click();
    await expect.poll(() => card(page, 'orn-neon-grid').getAttribute('data-wearing')).toBe('false');
    await page.goBack();
    await page.goBack();
    await squareCard.waitFor({ timeout: 10_000 });
    await expect.poll(() => coverFrame(squareCard).count()).toBe(0);
    expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    expect(
      (await json(page, '/api/v1/ornament/unload', { ornament_id: 'orn-aurora-ring' })).status.code,
    ).toBe(10000);
  });

  it('a production box keeps its shape on a 3:1, a 1:3 and a 3:4 cover, at 1280 and 390', async () => {
    const page = await newPage(1280);
    await signInWithPopups(page, 'demo@atelier.test', 'atelier-demo', NO_POPUPS);
    const { taskId, artworkId } = await publishedWork(page);
    // Owned (bought in an earlier test, else now), worn on this work.
    const buy = await json(page, '/api/v1/ornament/buy', { ornament_id: 'orn-ink-scroll' });
    // 10403: already owned.
    expect([10000, 10403]).toContain(buy.status.code);
    expect(
      (await json(page, '/api/v1/ornament/use', { ornament_id: 'orn-ink-scroll', work_id: taskId })).status
        .code,
    ).toBe(10000);

    // Covers of extreme shapes: the work's detail answers with a picture of that shape.
    const covers = [
      ['3x1', 1200, 400],
      ['1x3', 400, 1200],
      ['3x4', 600, 800],
    ] as const;
    for (const [name, w, h] of covers) {
      const png = await sharp(
        Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><defs><linearGradient id="g" x2="1" y2="1">` +
            '<stop offset="0" stop-color="#23415f"/><stop offset="1" stop-color="#c98a55"/></linearGradient></defs>' +
            '<rect width="100%" height="100%" fill="url(#g)"/></svg>',
        ),
      )
        .png()
        .toBuffer();
      const coverUrl = `/e2e-covers/${name}.png`;
      await page.route(`**${coverUrl}`, (r) =>
        r.fulfill({ status: 200, contentType: 'image/png', body: png }),
      );
      await page.route('**/api/v1/square/item/detail', async (r) => {
        const response = await r.fetch();
        const body = (await response.json()) as { data?: { id: string; cover: unknown } };
        if (body.data?.id === artworkId) body.data.cover = { url: coverUrl, width: w, height: h };
        await r.fulfill({ response, json: body });
      });
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 860 });
        await page.goto(f.url + `/artwork/${artworkId}`);
        const detail = page.getByTestId('artwork-detail');
        await detail.waitFor({ timeout: 20_000 });
        const frame = coverFrame(detail);
        await expect.poll(() => frame.getAttribute('data-src')).toMatch(/orn-ink-scroll\.png$/);
        // The frame's picture has arrived (it is a border image, not an <img>).
        await page.evaluate(
          (src) =>
            new Promise<void>((done) => {
              const i = new Image();
              i.onload = () => requestAnimationFrame(() => requestAnimationFrame(() => done()));
              i.src = src;
            }),
          (await frame.getAttribute('data-src'))!,
        );
        const [img, box] = await Promise.all([
          page.getByTestId('artwork-image').boundingBox(),
          frame.boundingBox(),
        ]);
        expect(box).toEqual(img);
        // The same thickness on every side, from the shorter side: round corners, never an oval.
        const sides = await frame
          .locator(':scope > span')
          .evaluate((el) =>
            ['top', 'right', 'bottom', 'left'].map((s) =>
              parseFloat(getComputedStyle(el).getPropertyValue(`border-${s}-width`)),
            ),
          );
        const shorter = Math.min(box!.width, box!.height);
        // (A border is drawn in whole device pixels.)
        for (const side of sides) expect(Math.abs(side - (shorter * 52) / 288)).toBeLessThan(1);
        expect(new Set(sides).size).toBe(1);
        expect((box!.width / box!.height).toFixed(1)).toBe((w / h).toFixed(1));
        await frame.scrollIntoViewIfNeeded();
        await shot(page, `cover-frame-${name}`);
      }
      await page.unroute('**/api/v1/square/item/detail');
    }
    expect(
      (await json(page, '/api/v1/ornament/unload', { ornament_id: 'orn-ink-scroll', work_id: taskId })).status
        .code,
    ).toBe(10000);
  });
});

describe('popups end to end', () => {
  const register = async (page: Page, email: string, password: string) => {
    const r = await page.request.post(f.url + '/api/v1/account/register', {
      data: { name: 'Popup Tester', email, password },
    });
    expect((await r.json()).status.code).toBe(10000);
    // The guided tour seen: the popups wait while it runs (its own test is in edges).
    const seen = await page.request.post(f.url + '/api/v1/account/guide/status/set', {
      data: { guide_status: 1 },
    });
    expect((await seen.json()).status.code).toBe(10000);
  };
  const offer = (endAt: number) => ({
    ...NO_POPUPS,
    discount_popup: { pop_type: 1, end_at: endAt },
    daily_stamina: { used: 2, limit: 30 },
  });
  const seconds = (hhmmss: string | null) => {
    const [h, m, s] = (hhmmss ?? '').split(':').map(Number);
    return (h ?? 0) * 3600 + (m ?? 0) * 60 + (s ?? 0);
  };

  it('half-price counts down with the clock, closes with Escape, and daily stamina follows', async () => {
    for (const width of [1280, 390]) {
      const page = await newPage(width);
      const email = `popups-${width}-${Date.now().toString(36)}@example.test`;
      await register(page, email, 'popup password 1');
      const now = Date.now();
      await page.clock.install({ time: now });
      await signInWithPopups(page, email, 'popup password 1', offer(now + 20 * 60_000));
      await page.goto(f.url + '/');
      const half = page.getByTestId('popup-halfPrice');
      await half.waitFor({ timeout: 20_000 });
      const clock = page.getByTestId('popup-countdown');
      const before = seconds(await clock.textContent());
      expect(before).toBeGreaterThan(19 * 60);
      expect(before).toBeLessThanOrEqual(20 * 60);
      await page.clock.runFor(3000);
      await expect.poll(async () => before - seconds(await clock.textContent())).toBeGreaterThanOrEqual(3);
      expect(await page.getByTestId('popup-go').getAttribute('href')).toBe('/pricing');
      await shot(page, 'popup-half-price');
      // Focus is in the dialog; Escape closes it.
      expect(await page.evaluate(() => document.activeElement?.closest('[role=dialog]') !== null)).toBe(true);
      await page.keyboard.press('Escape');
      const stamina = page.getByTestId('popup-dailyStamina');
      await stamina.waitFor();
      expect(await stamina.textContent()).toContain('28 of 30 generations left today');
      expect(await half.count()).toBe(0);
      await shot(page, 'popup-stamina');
      await page.getByTestId('popup-later').click();
      await stamina.waitFor({ state: 'detached' });
      expect(await overflow(page)).toBeLessThanOrEqual(0);
    }
  });

  it('half-price vanishes by itself at zero and daily stamina follows', async () => {
    const page = await newPage(1280);
    const email = `popups-zero-${Date.now().toString(36)}@example.test`;
    await register(page, email, 'popup password 2');
    const now = Date.now();
    await page.clock.install({ time: now });
    await signInWithPopups(page, email, 'popup password 2', offer(now + 60_000));
    await page.goto(f.url + '/');
    await page.getByTestId('popup-halfPrice').waitFor({ timeout: 20_000 });
    await page.clock.runFor(61_000);
    await page.getByTestId('popup-dailyStamina').waitFor();
    expect(await page.getByTestId('popup-halfPrice').count()).toBe(0);
  });
});
