/**
 * End to end (issue 11): detail pages of an artwork, a model at both of its addresses (spec §2
 * model_detail_v2 A/B), a post (spec §5 rich text: no script survives, external links open in a
 * new tab without opener), an audio and a video work; the explore sections; search by a tag and
 * by a person's name and opening a result; tags. Screenshots of every page at 1280 and 390 px.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { assign } from '../../server/ops/flags';
import { e2eFile, shotFile } from './support';

const f = e2eFile('details-search');
let context: BrowserContext;
let page: Page;
const pageErrors: string[] = [];

/** A device id the server puts in `variant` of model_detail_v2 (the assignment is a hash). */
const deviceFor = (variant: 'A' | 'B'): string => {
  for (let i = 0; ; i++) {
    const id = `web_e2e_details_${i}`;
    if (assign('device', id).flags.model_detail_v2 === variant) return id;
  }
};

const newPage = async (device: string): Promise<{ context: BrowserContext; page: Page }> => {
  const ctx = await f.browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
  await ctx.addInitScript((id) => {
    if (!window.localStorage.getItem('device_id')) window.localStorage.setItem('device_id', id);
  }, device);
  const p = await ctx.newPage();
  p.on('pageerror', (e) => pageErrors.push(e.message));
  return { context: ctx, page: p };
};

beforeAll(async () => {
  ({ context, page } = await newPage(deviceFor('A')));
});

/** The page at 1280 and at 390 px wide, whole, into test-results/. */
const shoot = async (name: string, p: Page = page) => {
  await p.setViewportSize({ width: 1280, height: 900 });
  await p.screenshot({ path: shotFile(`details-${name}-1280`), fullPage: true });
  await p.setViewportSize({ width: 390, height: 844 });
  await p.screenshot({ path: shotFile(`details-${name}-390`), fullPage: true });
  // Nothing may stick out sideways at 390 px.
  expect(await p.evaluate(() => document.documentElement.scrollWidth), `${name} at 390`).toBeLessThanOrEqual(
    390,
  );
  await p.setViewportSize({ width: 1280, height: 900 });
};

const settled = async (p: Page, testId: string) => {
  await p.getByTestId(testId).waitFor({ timeout: 30_000 });
  // Comments and the works beside the item have arrived (loaded, empty or not).
  await expect
    .poll(() => p.locator('[data-testid=comments] [data-skeleton]').count(), { timeout: 20_000 })
    .toBe(0);
};

describe('detail pages (issue 11)', () => {
  it('shows an artwork: image, prompt and parameters, the model used (a link), author, comments, related works, Remix', async () => {
    await page.goto(f.url + '/artwork/art-005');
    await settled(page, 'artwork-detail');
    await expect
      .poll(() => page.getByTestId('artwork-image').evaluate((img: HTMLImageElement) => img.naturalWidth), {
        timeout: 20_000,
      })
      .toBeGreaterThan(0);
    expect((await page.getByTestId('prompt').textContent())?.length).toBeGreaterThan(10);
    expect(await page.getByTestId('generation').textContent()).toMatch(/Sampler.*Steps.*CFG scale.*Seed/);
    expect(await page.getByTestId('remix').getAttribute('href')).toBe('/create?remix=art-005');
    expect(await page.getByTestId('detail-author').textContent()).not.toBe('');
    await expect
      .poll(() => page.getByTestId('works-related').getByTestId('work-tile').count(), { timeout: 20_000 })
      .toBe(8);
    const comments = await page.getByTestId('comment').count();
    const empty = await page.getByTestId('comments-empty').count();
    expect(comments + empty).toBeGreaterThan(0);
    await shoot('artwork');
    // The model used leads to its page.
    const modelHref = await page.getByTestId('used-model').getAttribute('href');
    expect(modelHref).toMatch(/^\/models\/mdl-\d{3}$/);
  });

  it('answers the real not-found page for an unknown id or an item of another type', async () => {
    for (const address of ['/artwork/art-999', '/artwork/mdl-002', '/posts/nope', '/video/aud-001']) {
      await page.goto(f.url + address);
      await page.getByTestId('not-found').waitFor({ timeout: 20_000 });
    }
  });

  it('shows a model at /models/:id (variant A) and at /models/newDetail/:id (variant B redirects, query kept)', async () => {
    await page.goto(f.url + '/models/mdl-002?from=e2e');
    await settled(page, 'model-detail');
    expect(new URL(page.url()).pathname).toBe('/models/mdl-002');
    expect(await page.getByTestId('remix-model').getAttribute('href')).toBe('/create?model=mdl-002');
    expect(await page.getByTestId('versions').locator('li').count()).toBeGreaterThan(0);
    await expect
      .poll(() => page.getByTestId('works-samples').getByTestId('work-tile').count(), { timeout: 20_000 })
      .toBeGreaterThan(0);
    await shoot('model');

    const b = await newPage(deviceFor('B'));
    await b.page.goto(f.url + '/models/mdl-002?from=e2e');
    await settled(b.page, 'model-detail');
    const url = new URL(b.page.url());
    expect(url.pathname).toBe('/models/newDetail/mdl-002');
    expect(url.searchParams.get('from')).toBe('e2e');
    await shoot('model-newDetail', b.page);
    await b.context.close();
  });

  it('shows a post without its script, with external links in a new tab without opener', async () => {
    const login = await fetch(f.url + '/api/v1/account/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-device-id': 'e2e-details' },
      body: JSON.stringify({ email: 'demo@atelier.test', password: 'atelier-demo' }),
    }).then((r) => r.json() as Promise<{ data: { token: string } }>);
    const created = await fetch(f.url + '/api/v1/post/article/create', {
      method: 'POST',
      headers: { 'content-type': 'application/json', token: login.data.token, 'x-device-id': 'e2e-details' },
      body: JSON.stringify({
        title: 'Lighting notes',
        content:
          '<h2>Lighting notes</h2><p>Rim light <strong>first</strong>.</p><script>window.__pwned = 1</script>' +
          '<img src="/nope.png" onerror="window.__pwned = 2"><p><a href="https://example.com/guide" target="_self">the guide</a> ' +
          'and <a href="javascript:window.__pwned = 3">a trap</a> and <a href="/explore">the square</a></p>',
        tags: ['tutorial'],
      }),
    }).then((r) => r.json() as Promise<{ data: { id: string } }>);
    await page.goto(f.url + `/posts/${created.data.id}`);
    await settled(page, 'post-detail');
    const content = page.getByTestId('post-content');
    expect(await content.locator('script').count()).toBe(0);
    expect(await content.innerHTML()).not.toMatch(/onerror|javascript:/i);
    const external = content.locator('a[href="https://example.com/guide"]');
    expect(await external.getAttribute('target')).toBe('_blank');
    expect(await external.getAttribute('rel')).toContain('noopener');
    expect(await external.getAttribute('rel')).toContain('noreferrer');
    expect(await content.locator('a[href="/explore"]').getAttribute('target')).toBeNull();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    await page.goto(f.url + '/posts/pst-002');
    await settled(page, 'post-detail');
    expect(await page.getByTestId('post-content').locator('h2, ol').count()).toBeGreaterThan(0);
    await shoot('post');
  });

  it('plays an audio work and a video work', async () => {
    await page.goto(f.url + '/audio/aud-003');
    await settled(page, 'audio-detail');
    const audio = page.getByTestId('audio-element');
    await expect
      .poll(() => audio.evaluate((a: HTMLAudioElement) => a.duration), { timeout: 30_000 })
      .toBeGreaterThan(1);
    await page.getByTestId('player-toggle').click();
    await expect
      .poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await page.getByTestId('player-toggle').click();
    expect(await audio.evaluate((a: HTMLAudioElement) => a.paused)).toBe(true);
    expect(await page.getByTestId('player-time').textContent()).toMatch(/^\d+:\d\d \/ 0:\d\d$/);
    await shoot('audio');

    await page.goto(f.url + '/video/vid-002');
    await settled(page, 'video-detail');
    const frame = page.getByTestId('video-frame');
    await expect
      .poll(() => frame.evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 30_000 })
      .toBeGreaterThan(0);
    expect(await frame.getAttribute('src')).toMatch(/\/blobs\/community\/media\/vid-002\.gif$/);
    await page.getByTestId('player-toggle').click();
    expect(await page.getByTestId('video-player').getAttribute('data-playing')).toBe('false');
    expect(await frame.getAttribute('src')).toMatch(/covers\/vid-002\.png$/);
    await page.getByTestId('player-toggle').click();
    await shoot('video');
  });
});

describe('explore sections, search and tags (issue 11; spec §2 search tabs)', () => {
  it('renders the explore sections with tag paths', async () => {
    for (const section of ['/ai-video', '/model', '/post']) {
      await page.goto(f.url + section);
      await expect.poll(() => page.getByTestId('feed-card').count(), { timeout: 20_000 }).toBeGreaterThan(0);
      expect(new URL(page.url()).pathname).toBe(section);
    }
    await shoot('explore-ai-video');
  });

  it('suggests tags from the header, opens a tag, and opens one of its works', async () => {
    await page.goto(f.url + '/explore');
    const input = page.getByTestId('search-input');
    await input.fill('night c');
    await page.getByTestId('search-suggestion').first().waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('search-suggestion').first().textContent()).toContain('#night city');
    await page.screenshot({ path: shotFile('details-search-suggestions-1280') });
    await input.press('ArrowDown');
    await input.press('Enter');
    await page.getByTestId('tag-page').waitFor({ timeout: 20_000 });
    expect(decodeURIComponent(new URL(page.url()).pathname)).toBe('/tag/night city');
    await expect
      .poll(() => page.getByTestId('tag-works').getByTestId('work-tile').count(), { timeout: 20_000 })
      .toBeGreaterThan(0);
    await shoot('tag');
    await page.getByTestId('tag-works').getByTestId('work-tile').first().click();
    await expect.poll(() => page.locator('[data-testid$=-detail]').count(), { timeout: 20_000 }).toBe(1);
  });

  it('searches works by a tag with Enter, pages, and switches tabs', async () => {
    await page.getByTestId('search-input').fill('ocean');
    await page.getByTestId('search-input').press('Enter');
    await page.getByTestId('search-page').waitFor();
    expect(new URL(page.url()).search).toBe('?q=ocean&tab=1');
    await expect.poll(() => page.getByTestId('work-tile').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await shoot('search-works');
    await page.getByTestId('search-tabs').getByRole('link', { name: 'Tags' }).click();
    await expect.poll(() => page.getByTestId('tag-card').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(new URL(page.url()).searchParams.get('tab')).toBe('6');
  });

  it('searches people by name, and opens one of their works', async () => {
    await page.goto(f.url + '/search?q=Mira%20Sol&tab=8');
    await expect.poll(() => page.getByTestId('user-result').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const user = page.getByTestId('user-result').first();
    expect(await user.textContent()).toContain('Mira Sol');
    expect(await user.getAttribute('href')).toMatch(/^\/user\/author-\d\d$/);
    await shoot('search-users');
    await page.getByTestId('search-tabs').getByRole('link', { name: 'Works' }).click();
    await expect.poll(() => page.getByTestId('work-tile').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await page.getByTestId('work-tile').first().click();
    await page.getByTestId('artwork-detail').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('detail-author').textContent()).toContain('Mira Sol');
  });

  it('lists hot and official tags on /tag, and searches from the icon button at 390 px', async () => {
    await page.goto(f.url + '/tag');
    await expect
      .poll(() => page.getByTestId('tags-hot').getByTestId('tag-card').count(), { timeout: 20_000 })
      .toBeGreaterThan(0);
    await expect
      .poll(() => page.getByTestId('tags-official').getByTestId('tag-card').count(), { timeout: 20_000 })
      .toBeGreaterThan(0);
    await shoot('tags');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('search-open').click();
    const input = page.getByRole('dialog').getByTestId('search-input');
    await input.fill('anim');
    await page.getByRole('dialog').getByTestId('search-suggestion').first().waitFor({ timeout: 15_000 });
    await page.screenshot({ path: shotFile('details-search-dialog-390') });
    await input.press('Enter');
    await page.getByTestId('search-page').waitFor();
    expect(new URL(page.url()).searchParams.get('q')).toBe('anim');
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
