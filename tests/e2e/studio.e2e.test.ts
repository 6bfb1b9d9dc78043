/**
 * Issue 13 end to end: a song streamed and paused; a video project with two clips and an audio
 * track, reloaded and found saved; a GIF clip previewed as its trim says; a voice created; a LoRA
 * trained from 9 images and published; a workflow imported and run; a workflow card of the square tried by a guest, who signs in, lands on
 * their own copy and runs it; an app tried; an e-book opened and paged; an unknown id is a 404.
 * Short server durations (TASK_DURATION_MS) instead of waiting; every wait is on a UI state.
 * Screenshots of every studio screen at 1280 and 390 px wide land in test-results/.
 */
import { PNG } from 'pngjs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeGif } from '../infrastructure/uploads/gifFixtures';
import { settleNewAccount, DEMO_COINS, e2eFile, shotFile } from './support';
import { wav } from '../support/wav';

const f = e2eFile('studio', { TASK_DURATION_MS: '1500', LOG_LEVEL: 'silent' });
let page: Page;
const pageErrors: string[] = [];

const png = (seed: number): Buffer => {
  const img = new PNG({ width: 64, height: 48 });
  for (let i = 0; i < 64 * 48; i++) {
    const x = i % 64;
    const y = Math.floor(i / 64);
    img.data.set([(seed * 53 + x * 4) % 256, (seed * 97 + y * 5) % 256, (seed * 31 + 128) % 256, 255], i * 4);
  }
  return PNG.sync.write(img);
};

const file = (name: string, mimeType: string, buffer: Buffer) => ({ name, mimeType, buffer });

/** Full-page screenshots at 1280 and 390 px wide (the viewport is put back after). */
const shoot = async (name: string) => {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    // From the top: a full-page shot of a scrolled page draws the sticky header mid-page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: shotFile(`studio-${name}-${width}`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
};

const go = async (to: string) => {
  await page.goto(f.url + to);
  await page.locator('main').waitFor();
};

beforeAll(async () => {
  const context = await f.browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  page.on('pageerror', (e) => pageErrors.push(e.message));
});

describe('end to end: the studio (issue 13)', () => {
  it('the Studio entry of the navigation leads to the index of its tools', async () => {
    await page.goto(f.url + '/login');
    await page.fill('[data-testid=email]', 'demo@atelier.test');
    await page.fill('[data-testid=password]', 'atelier-demo');
    await page.click('[data-testid=login-submit]');
    await expect
      .poll(() => page.locator('[data-testid=coin-balance]').textContent(), { timeout: 15_000 })
      .toContain(DEMO_COINS);
    await page.click('[data-testid=nav-studio]');
    await page.locator('[data-testid=studio-tool-editor]').waitFor();
    expect(await page.locator('[data-testid^=studio-tool-]').count()).toBe(6);
    await shoot('index');
  });

  it('streams a song, pauses and resumes it, and shows its waveform', async () => {
    await go('/songs');
    await page.click('[data-testid=random-vocal]');
    await page.locator('[data-testid=preset-name]').waitFor();
    await page.click('[data-testid=song-play]');
    const status = page.locator('[data-testid=stream-status]');
    await expect.poll(() => status.getAttribute('data-status'), { timeout: 20_000 }).toBe('playing');
    await page.click('[data-testid=pause]');
    await expect.poll(() => status.getAttribute('data-status')).toBe('paused');
    await expect
      .poll(async () => Number(await page.locator('[data-testid=waveform]').getAttribute('data-bars')))
      .toBeGreaterThan(0);
    await shoot('songs');
    await page.click('[data-testid=resume]');
    await expect.poll(() => status.getAttribute('data-status')).not.toBe('paused');
    await go('/audio-studio');
    await page.fill('[data-testid=tts-text]', 'Welcome to the studio.');
    await shoot('audio-studio');
  });

  it('makes a video project with two clips and an audio track; a reload finds it saved', async () => {
    await go('/editor');
    await expect
      .poll(() => new URL(page.url()).searchParams.get('project_id'), { timeout: 15_000 })
      .toMatch(/^prj_/);
    const projectUrl = page.url();
    await page.setInputFiles('[data-testid=upload-clip]', [
      file('one.png', 'image/png', png(1)),
      file('two.png', 'image/png', png(2)),
    ]);
    await expect
      .poll(() => page.locator('[data-testid=add-upload-clip]').count(), { timeout: 20_000 })
      .toBe(2);
    await page.locator('[data-testid=add-upload-clip]').nth(0).click();
    await page.locator('[data-testid=add-upload-clip]').nth(1).click();
    await expect.poll(() => page.locator('[data-testid=clip]').count()).toBe(2);
    await page.setInputFiles('[data-testid=upload-audio]', [file('tone.wav', 'audio/wav', wav(2))]);
    await page.locator('[data-testid=add-upload-audio]').waitFor({ timeout: 20_000 });
    await page.click('[data-testid=add-upload-audio]');
    await expect.poll(() => page.locator('[data-testid=audio-track]').count()).toBe(1);
    // Reorder from the keyboard: the first clip moves after the second.
    const ids = () =>
      page.locator('[data-testid=clip]').evaluateAll((els) => els.map((e) => e.getAttribute('data-clip-id')));
    const before = await ids();
    await page.locator('[data-testid=clip-handle]').first().focus();
    await page.keyboard.press('Alt+ArrowRight');
    await expect.poll(ids).toEqual([before[1], before[0]]);
    await page.locator('[data-testid=trim-end]').first().fill('2');
    await page.locator('[data-testid=audio-offset]').fill('0.5');
    const save = page.locator('[data-testid=save-state]');
    await expect.poll(() => save.getAttribute('data-state'), { timeout: 10_000 }).toBe('saved');
    await page.click('[data-testid=preview-play]');
    await shoot('editor');
    await page.goto(projectUrl);
    await expect.poll(() => page.locator('[data-testid=clip]').count(), { timeout: 15_000 }).toBe(2);
    expect(await ids()).toEqual([before[1], before[0]]);
    expect(await page.locator('[data-testid=trim-end]').first().inputValue()).toBe('2');
    expect(await page.locator('[data-testid=audio-track]').count()).toBe(1);
    expect(await page.locator('[data-testid=audio-offset]').inputValue()).toBe('0.5');
  });

  it('previews a GIF clip as its trim says: the frame at trim start + t, never past trim end', async () => {
    // Four half-second frames: red, green, blue, yellow.
    const colours = [0xff0000, 0x00ff00, 0x0000ff, 0xffff00];
    const gif = writeGif(
      64,
      48,
      colours.map((_, i) => ({
        x: 0,
        y: 0,
        width: 64,
        height: 48,
        indices: new Array<number>(64 * 48).fill(i),
        options: { delay: 50 },
      })),
      { palette: colours, loop: 0 },
    );
    await go('/editor');
    await expect
      .poll(() => new URL(page.url()).searchParams.get('project_id'), { timeout: 15_000 })
      .toMatch(/^prj_/);
    await page.setInputFiles('[data-testid=upload-clip]', [
      file('colours.gif', 'image/gif', Buffer.from(gif)),
    ]);
    await page.locator('[data-testid=add-upload-clip]').first().waitFor({ timeout: 20_000 });
    await page.locator('[data-testid=add-upload-clip]').first().click();
    await expect.poll(() => page.locator('[data-testid=clip]').count()).toBe(1);
    const shown = page.locator('[data-testid=preview-gif]');
    const seek = (seconds: number) => page.locator('[data-testid=preview-seek]').fill(String(seconds));
    /**
     * The colour in the middle of the preview, as drawn on screen (each channel on or off), and
     * only there: the 4:3 frame on the 16:9 stage leaves bars at its sides with no other frame in them.
     */
    const colourShown = async () => {
      const shot = PNG.sync.read(await page.locator('[data-testid=preview]').screenshot());
      const channels = (x: number) => {
        const at = (Math.floor(shot.height / 2) * shot.width + Math.floor(x)) * 4;
        return [...shot.data.subarray(at, at + 3)].map((c) => (c > 127 ? 1 : 0)).join('');
      };
      return channels(shot.width * 0.08) === '000' && channels(shot.width * 0.92) === '000'
        ? channels(shot.width / 2)
        : 'a frame drawn outside its box';
    };
    // Untrimmed, the clip opens on the first frame.
    await expect.poll(() => shown.getAttribute('data-frame'), { timeout: 15_000 }).toBe('0');
    expect(await colourShown()).toBe('100');
    // Chromium has a GIF ImageDecoder: the frames were decoded by WebCodecs, not by the script.
    expect(await page.evaluate(() => 'ImageDecoder' in globalThis)).toBe(true);
    expect(await shown.getAttribute('data-decoder')).toBe('webcodecs');
    expect(await shown.locator('image').getAttribute('href')).toMatch(/^blob:/);
    /** The GIF sheets the page holds, by the GIF's address (the app's debugging handle). */
    const sheetsHeld = () =>
      page.evaluate(() =>
        Object.keys(
          (
            window as unknown as {
              __ATELIER__: { state: () => { studio: { gifs: Record<string, unknown> } } };
            }
          ).__ATELIER__.state().studio.gifs,
        ),
      );
    expect(await sheetsHeld()).toHaveLength(1);
    // Trimmed to [1, 1.8]: it opens on the third frame (blue) and moves to the fourth (yellow) at 0.5 s.
    await page.locator('[data-testid=trim-start]').fill('1');
    await page.locator('[data-testid=trim-end]').fill('1.8');
    await seek(0);
    await expect.poll(() => shown.getAttribute('data-frame')).toBe('2');
    await expect.poll(colourShown).toBe('001');
    await seek(0.4);
    await expect.poll(() => shown.getAttribute('data-frame')).toBe('2');
    await seek(0.6);
    await expect.poll(() => shown.getAttribute('data-frame')).toBe('3');
    await expect.poll(colourShown).toBe('110');
    await shoot('editor-gif');
    // Played from the start, the clip ends with its trim: the preview does not run on into the GIF.
    await seek(0);
    await page.click('[data-testid=preview-play]');
    await expect.poll(() => shown.count(), { timeout: 10_000 }).toBe(0);
    expect(await page.locator('[data-testid=preview-time]').textContent()).toMatch(/^0\.8\s*\/\s*0\.8/);
    // The clip removed, nothing shows the GIF any more: its sheet is let go (its image revoked).
    await page.locator('[data-testid=clip]').getByRole('button', { name: 'Remove clip' }).click();
    await expect.poll(() => page.locator('[data-testid=clip]').count()).toBe(0);
    await expect.poll(sheetsHeld).toEqual([]);
  });

  it('creates a voice, after the form named what was missing', async () => {
    await go('/voices/new');
    await page.click('[data-testid=voice-submit]');
    await expect.poll(() => page.locator('[data-testid=voice-form] [role=alert]').count()).toBeGreaterThan(0);
    await page.setInputFiles(
      '[data-testid=uploader-voice-cover] input[type=file]',
      file('cover.png', 'image/png', png(7)),
    );
    await page.locator('[data-testid=thumb-voice-cover]').waitFor({ timeout: 20_000 });
    await page
      .locator('label', { hasText: /^Female$/ })
      .first()
      .click();
    await page.locator('label', { hasText: /^Young$/ }).click();
    await page.locator('label', { hasText: /^English$/ }).click();
    await page.locator('label', { hasText: /^Warm$/ }).click();
    await page.fill('[data-testid=voice-name]', 'Aria');
    await page.fill('[data-testid=voice-text]', 'Hello from the studio!');
    await page.setInputFiles('[data-testid=voice-audio-input]', file('take.wav', 'audio/wav', wav(1)));
    await expect
      .poll(() => page.locator('[data-testid=voice-audio-list] audio').count(), { timeout: 20_000 })
      .toBe(1);
    await shoot('voice-new');
    await page.click('[data-testid=voice-submit]');
    await page.locator('[data-testid=voice-created]').waitFor({ timeout: 15_000 });
    expect(await page.locator('[data-testid=voice-created] h1').textContent()).toContain('Aria');
  });

  it('trains a LoRA from 9 images, shows its samples and publishes it to the square', async () => {
    await go('/lora-training');
    await page.locator('[data-testid=lora-form]').waitFor({ timeout: 15_000 });
    // The tier is named in the page's language, never as the server's wire name.
    expect(await page.getByTestId('lora-quota').textContent()).toMatch(
      /\b(Free|Basic|Standard|Pro) plan: \d+ of \d+/,
    );
    await page.fill('[data-testid=lora-name]', 'Tile study');
    await page.fill('[data-testid=lora-tags]', 'tile, pattern');
    await page.setInputFiles(
      '[data-testid=lora-images]',
      Array.from({ length: 9 }, (_, i) => file(`tile-${i}.png`, 'image/png', png(20 + i))),
    );
    await expect
      .poll(() => page.locator('[data-testid=lora-thumbs] img').count(), { timeout: 30_000 })
      .toBe(9);
    await shoot('lora-form');
    await page.click('[data-testid=lora-start]');
    const panel = page.locator('[data-testid=training-panel]');
    await panel.waitFor({ timeout: 15_000 });
    await expect.poll(() => panel.getAttribute('data-phase'), { timeout: 40_000 }).toBe('done');
    await page.locator('[data-testid=training-result] img').first().waitFor({ timeout: 15_000 });
    await page.click('[data-testid=training-publish]');
    await page.locator('[data-testid=training-published]').waitFor({ timeout: 15_000 });
    await shoot('lora-done');
  });

  it('imports a ComfyUI workflow, sees its inputs as a form, runs it with progress per node', async () => {
    const graph = {
      '4': { class_type: 'CheckpointLoaderSimple', inputs: { ckpt_name: 'atelier-xl.safetensors' } },
      '6': { class_type: 'CLIPTextEncode', inputs: { text: 'a lighthouse at dusk', clip: ['4', 1] } },
      '7': { class_type: 'CLIPTextEncode', inputs: { text: 'blurry', clip: ['4', 1] } },
      '5': { class_type: 'EmptyLatentImage', inputs: { width: 512, height: 384, batch_size: 1 } },
      '3': {
        class_type: 'KSampler',
        inputs: {
          seed: 3,
          steps: 20,
          cfg: 7,
          sampler_name: 'euler',
          scheduler: 'normal',
          denoise: 1,
          model: ['4', 0],
          positive: ['6', 0],
          negative: ['7', 0],
          latent_image: ['5', 0],
        },
      },
      '8': { class_type: 'VAEDecode', inputs: { samples: ['3', 0], vae: ['4', 2] } },
      '9': { class_type: 'SaveImage', inputs: { images: ['8', 0], filename_prefix: 'out' } },
    };
    await go('/workflows/import');
    await page.fill('[data-testid=workflow-name]', 'Lighthouse');
    await page.setInputFiles(
      '[data-testid=workflow-file]',
      file('lighthouse.json', 'application/json', Buffer.from(JSON.stringify(graph))),
    );
    await expect
      .poll(() => page.locator('[data-testid=workflow-file-name]').textContent())
      .toBe('lighthouse.json');
    await shoot('workflow-import');
    await page.click('[data-testid=workflow-import]');
    await page.locator('[data-testid=workflow-form]').waitFor({ timeout: 15_000 });
    expect(page.url()).toMatch(/\/workflows\/wf-/);
    await page.locator('[data-field="6.text"]').fill('a red lighthouse at dusk');
    await page.click('[data-testid=workflow-run]');
    const result = page.locator('[data-testid=run-result]');
    await expect.poll(() => result.getAttribute('data-status'), { timeout: 30_000 }).toBe('completed');
    expect(await page.locator('[data-testid=workflow-nodes] li[data-state=done]').count()).toBe(7);
    await page.locator('[data-testid=palette] li').first().waitFor({ timeout: 15_000 });
    expect(await page.locator('[data-testid=palette] li').count()).toBeLessThanOrEqual(5);
    await shoot('workflow-run');
  });

  it('a guest tries a workflow card of the square: signs in, lands on their own copy, runs it to the end', async () => {
    // A new person with coins (a pack bought through the simulated checkout), no welcome popups.
    const email = `wftry-${Date.now()}@atelier.test`;
    const password = 'try-the-square-1';
    const post = async (p: string, body: unknown, token?: string) =>
      (await (
        await fetch(f.url + p, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
          body: JSON.stringify(body),
        })
      ).json()) as { status: { code: number }; data: Record<string, unknown> };
    const registered = await post('/api/v1/account/register', { name: 'Wren', email, password });
    expect(registered.status.code).toBe(10000);
    const token = registered.data['token'] as string;
    const order = await post(
      '/api/v1/payment/order/create',
      { goods_id: 'calculate500', idempotency_key: `wftry-${Date.now()}` },
      token,
    );
    const orderId = (order.data['order'] as { order_id: string }).order_id;
    expect((await post(`/pay/checkout/${orderId}/complete`, {}, token)).status.code).toBe(10000);
    await settleNewAccount(f.url, email, password);

    const context = await f.browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
    const guest = await context.newPage();
    guest.on('pageerror', (e) => pageErrors.push(e.message));
    const shootGuest = async (name: string) => {
      for (const width of [1280, 390]) {
        await guest.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        await guest.evaluate(() => window.scrollTo(0, 0));
        await guest.screenshot({ path: shotFile(`studio-${name}-${width}`), fullPage: true });
      }
      await guest.setViewportSize({ width: 1280, height: 900 });
    };
    await guest.goto(f.url + '/explore/workflow');
    const card = guest.locator('[data-testid=feed-card][data-card-type=workflow]').first();
    await card.waitFor({ timeout: 15_000 });
    const cardId = (await card.getAttribute('data-expose-id'))!;
    await card.hover();
    await card.locator('[data-action=try]').click();
    const dialog = guest.getByTestId('dialog');
    await dialog.waitFor();
    await shootGuest('workflow-try-login');
    await dialog.getByTestId('email').fill(email);
    await dialog.getByTestId('password').fill(password);
    await dialog.getByTestId('login-submit').click();
    // After the sign-in the Try completes: the person's own copy, its inputs as a form.
    await guest.locator('[data-testid=workflow-form]').waitFor({ timeout: 20_000 });
    const copyPath = new URL(guest.url()).pathname;
    expect(copyPath).toMatch(/^\/workflows\/wf-/);
    expect(copyPath).not.toBe(`/workflows/${cardId}`);
    const nodes = await guest.locator('[data-testid=workflow-nodes] li').count();
    expect(nodes).toBeGreaterThan(3);
    await shootGuest('workflow-copy');
    await guest.click('[data-testid=workflow-run]');
    const result = guest.locator('[data-testid=run-result]');
    await expect
      .poll(() => result.getAttribute('data-status'), { timeout: 30_000 })
      .toBe('completed')
      .catch(async (e: unknown) => {
        await guest.screenshot({ path: shotFile('studio-workflow-copy-failed'), fullPage: true });
        throw e;
      });
    expect(await guest.locator('[data-testid=workflow-nodes] li[data-state=done]').count()).toBe(nodes);
    await shootGuest('workflow-copy-run');
    // The card's own page offers the same Try, and a second Try opens the same copy.
    await guest.goto(f.url + `/workflows/${cardId}`);
    await guest.locator('[data-testid=workflow-try]').waitFor({ timeout: 15_000 });
    await shootGuest('workflow-square');
    await guest.click('[data-testid=workflow-try]');
    await guest.locator('[data-testid=workflow-form]').waitFor({ timeout: 15_000 });
    expect(new URL(guest.url()).pathname).toBe(copyPath);
    await context.close();
  });

  it('tries an AI app and a design template; an unknown id is a 404', async () => {
    await go('/apps/app-001');
    await page.fill('[data-testid=recipe-subject]', 'a cat reading');
    await page.click('[data-testid=recipe-try]');
    await expect
      .poll(() => page.locator('[data-testid=run-result]').getAttribute('data-status'), { timeout: 30_000 })
      .toBe('completed');
    await page.locator('[data-testid=palette] li').first().waitFor({ timeout: 15_000 });
    await shoot('app');
    await go('/templates/dt-001');
    await page.locator('[data-testid=recipe-try]').waitFor();
    await shoot('template');
    await go('/apps/dt-001');
    await page.locator('[data-testid=not-found]').waitFor();
    await go('/novels/no-such-book');
    await page.locator('[data-testid=not-found]').waitFor();
    await go('/workflows/wf-nope');
    await page.locator('[data-testid=not-found]').waitFor();
  });

  it('opens an e-book in the reader and turns its pages with buttons and keys', async () => {
    await go('/novels/ebk-001');
    const reader = page.locator('[data-testid=reader-page]');
    await reader.waitFor({ timeout: 15_000 });
    expect(await reader.getAttribute('data-page')).toBe('0');
    const first = await reader.textContent();
    await page.click('[data-testid=reader-next]');
    await expect.poll(() => reader.getAttribute('data-page')).toBe('1');
    expect(await reader.textContent()).not.toBe(first);
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => reader.getAttribute('data-page')).toBe('0');
    await page.keyboard.press('End');
    await expect.poll(() => reader.getAttribute('data-page')).not.toBe('0');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => reader.getAttribute('data-chapter'), { timeout: 10_000 }).toBe('2');
    await shoot('novel');
    expect(pageErrors).toEqual([]);
  });
});
