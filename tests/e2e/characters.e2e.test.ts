/**
 * Characters and chat in Chromium (issue 14), against the real server: create a character with an
 * uploaded cover, chat with it, reload in the middle of a reply and see the reply caught up and
 * shown once, hear a voice character's reply start over the SSE audio stream, attach a PDF, delete
 * a message and undo it (the undo window in Playwright's clock), the tavern gate decided on the
 * real flags on a first visit, and every character screen at 1280 and 390 px.
 *
 * The server assigns the ST-tavern A/B test by a hash of the account (or, for a guest, the device)
 * and turns the tavern config items on for everyone (server/ops/flags.ts): the test picks a device
 * on each side of the test and an account in it, with the same hash.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page, Request } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHAT_MESSAGE_DELETE_PATH } from '../../infrastructure/contract/characters';
import { REGISTER_PATH } from '../../infrastructure/contract/account';
import { AUDIO_TTS_STREAM_PATH } from '../../infrastructure/contract/streaming';
import { inStTavernGroup } from '../../server/ops/flags';
import { settleNewAccount, e2eFile, shotFile } from './support';

const f = e2eFile('characters', { CHAT_TOKEN_INTERVAL_MS: '120', SIGN_UPS_PER_ADDRESS: '60' });
let files: string;

const PASSWORD = 'characters e2e 1';
/** The server's own rule (a copy of its old one, bucket parity, drifted from it and picked accounts outside). */
const inTavernTest = inStTavernGroup;

/** A guest device on the chosen side of the ST-tavern test. */
const deviceWith = (inTest: boolean): string => {
  for (let i = 0; ; i++) {
    const id = `web_e2e_device_${i}`;
    if (inTavernTest('device', id) === inTest) return id;
  }
};

/** Signs up accounts until one is in the ST-tavern test (each account is a coin flip). */
const tavernAccount = async (): Promise<string> => {
  for (let i = 0; i < 40; i++) {
    const email = `chr-${Date.now().toString(36)}-${i}@example.test`;
    const r = await fetch(f.url + REGISTER_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-device-id': 'web_e2e_signup' },
      body: JSON.stringify({ name: 'Ada Lovelace', email, password: PASSWORD }),
    });
    const body = (await r.json()) as { status: { code: number }; data: { user: { id: string } } };
    expect(body.status.code).toBe(10000);
    if (inTavernTest('account', body.data.user.id)) {
      await settleNewAccount(f.url, email, PASSWORD);
      return email;
    }
  }
  throw new Error('no account in the ST-tavern test');
};

beforeAll(async () => {
  // A reply of ~40 tokens takes a few seconds, so a reload lands in the middle of it.
  files = await mkdtemp(path.join(os.tmpdir(), 'atelier-chr-'));
  await sharp({ create: { width: 96, height: 128, channels: 3, background: { r: 120, g: 70, b: 200 } } })
    .png()
    .toFile(path.join(files, 'cover.png'));
  // A small but well-formed PDF.
  await writeFile(
    path.join(files, 'report.pdf'),
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  );
  await writeFile(path.join(files, 'notes.md'), '# Observing notes\n\nJupiter rose at 21:40.\n');
});

const shot = async (page: Page, name: string) => {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 860 });
    await page.screenshot({ path: shotFile(`characters-${width}-${name}`), fullPage: true });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${name} at ${width} px`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1280, height: 860 });
};

const pathOf = (page: Page) => new URL(page.url()).pathname;

const newContext = async (device: string): Promise<BrowserContext> => {
  const context = await f.browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 860 } });
  await context.addInitScript((id) => window.localStorage.setItem('device_id', id), device);
  return context;
};

describe('characters and chat end to end', () => {
  it('guards the tavern on the real flags of a first visit: out of the test goes home, in it stays', async () => {
    const out = await newContext(deviceWith(false));
    const inn = await newContext(deviceWith(true));
    const outPage = await out.newPage();
    const inPage = await inn.newPage();
    await Promise.all([
      outPage.goto(f.url + '/tavern/search?q=muse'),
      inPage.goto(f.url + '/tavern/search?q=muse'),
    ]);
    await expect.poll(() => pathOf(outPage), { timeout: 15_000 }).toBe('/');
    await inPage
      .getByTestId('search-results')
      .getByTestId('character-card')
      .first()
      .waitFor({ timeout: 15_000 });
    expect(pathOf(inPage)).toBe('/tavern/search');
    // A character route needs the tavern permission, which both have.
    await outPage.goto(f.url + '/characters/chr_muse');
    await outPage.getByTestId('character-detail').waitFor({ timeout: 15_000 });
    await shot(inPage, 'tavern-search');
    await inPage.getByTestId('character-card').first().click();
    await expect.poll(() => pathOf(inPage)).toMatch(/^\/tavern\/.+/);
    await inPage.getByTestId('character-detail').waitFor();
    await shot(inPage, 'tavern-detail');
    // The square's character cards open the character's page.
    await outPage.goto(f.url + '/cyberpub');
    const card = outPage.locator('[data-testid=feed-card][data-card-type=character]').first();
    await card.waitFor({ timeout: 15_000 });
    await shot(outPage, 'browse');
    await card.getByTestId('card-link').click();
    await expect.poll(() => pathOf(outPage)).toMatch(/^\/characters\/chr-\d+$/);
    await outPage.getByTestId('character-detail').waitFor({ timeout: 15_000 });
    await shot(outPage, 'detail-square');
    await Promise.all([out.close(), inn.close()]);
  });

  it('creates a character, chats, catches up a reply across a reload, speaks, attaches a PDF, deletes and undoes', async () => {
    const email = await tavernAccount();
    const context = await newContext(deviceWith(true));
    const page = await context.newPage();
    await page.clock.install();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const requests: Request[] = [];
    page.on('request', (r) => requests.push(r));

    await page.goto(f.url + '/login');
    await page.getByTestId('email').fill(email);
    await page.getByTestId('password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    // Signed in, the login page goes home; the characters are opened from there (a click made
    // while that navigation is still on its way would be overtaken by it).
    await page.getByTestId('account-menu').waitFor({ timeout: 15_000 });
    await expect.poll(() => pathOf(page)).toBe('/');
    await page.getByTestId('nav-characters').click({ timeout: 15_000 });
    await expect.poll(() => pathOf(page)).toBe('/myCharacters');
    await page.getByText('You have not made a character yet.').waitFor({ timeout: 15_000 });
    await shot(page, 'mine-empty');

    // New digital person: type 2, a template of the chosen gender, voice on, an uploaded cover.
    await page.getByTestId('new-character').click();
    await expect.poll(() => pathOf(page)).toBe('/newCharacter');
    await page.getByTestId('presets').waitFor({ timeout: 15_000 });
    await page.getByTestId('type-2').click();
    await page.getByTestId('character-name').fill('Nova');
    await page.getByTestId('character-intro').fill('A friendly astronomer who loves comets and long walks.');
    await page.getByTestId('character-greeting-input').fill('Hi, I am Nova. Look up tonight!');
    await page.getByRole('switch', { name: 'Speaks its replies' }).click();
    await page
      .locator('[data-testid=uploader-characterCover] input[type=file]')
      .setInputFiles(path.join(files, 'cover.png'));
    await page.getByTestId('upload-done').waitFor({ timeout: 20_000 });
    await shot(page, 'new');
    // An empty name is refused by the domain's rule, in the form.
    await page.getByTestId('character-name').fill('');
    await page.getByTestId('character-save').click();
    await page.getByText('Give the character a name.').waitFor();
    await page.getByTestId('character-name').fill('Nova');
    await page.getByTestId('character-save').click();
    await expect.poll(() => pathOf(page), { timeout: 15_000 }).toMatch(/^\/characters\/chr_/);
    const characterId = pathOf(page).split('/')[2] ?? '';
    await page.getByTestId('character-detail').waitFor();
    expect(await page.locator('#character-title').textContent()).toBe('Nova');
    expect(await page.locator('[data-testid=character-detail] img').getAttribute('src')).toMatch(
      /^\/blobs\/uploads\//,
    );
    await shot(page, 'detail');
    await page.getByTestId('character-edit').click();
    await page.getByTestId('character-form').waitFor();
    expect(await page.getByTestId('character-name').inputValue()).toBe('Nova');
    await shot(page, 'edit');
    await page.goBack();

    // Chat: the reply streams; a reload in its middle catches it up from the server, shown once.
    await page.getByTestId('character-chat').click();
    await expect.poll(() => pathOf(page)).toBe(`/chat/${characterId}`);
    await expect
      .poll(() => page.getByTestId('chat-connection').textContent(), { timeout: 15_000 })
      .toBe('Online');
    const assistants = page.locator('[data-testid=chat-message][data-role=assistant]');
    await assistants.first().waitFor({ timeout: 15_000 });
    const before = await assistants.count();
    await page.getByTestId('chat-input').fill('Tell me about comets and the night sky, please.');
    await page.getByTestId('chat-input').press('Enter');
    const reply = assistants.nth(before);
    await expect.poll(() => reply.getAttribute('data-status'), { timeout: 15_000 }).toBe('streaming');
    await expect
      .poll(async () => ((await reply.textContent()) ?? '').length, { timeout: 10_000 })
      .toBeGreaterThan(5);
    await page.reload();
    // After the reload the reply is there while it is still being written (caught up, not waited for).
    const caught = page.locator('[data-testid=chat-message][data-role=assistant][data-status=streaming]');
    await caught.waitFor({ timeout: 15_000 });
    expect(((await caught.textContent()) ?? '').length).toBeGreaterThan(5);
    await expect.poll(() => caught.count(), { timeout: 30_000 }).toBe(0);
    const texts = await page
      .locator('[data-testid=chat-message][data-role=assistant] [data-testid=bubble-text]')
      .allTextContents();
    expect(texts).toHaveLength(before + 1);
    expect(new Set(texts).size).toBe(texts.length);

    // The character speaks: its finished reply starts the SSE audio stream.
    await expect
      .poll(() => requests.some((r) => r.url().endsWith(AUDIO_TTS_STREAM_PATH)), { timeout: 20_000 })
      .toBe(true);
    await expect
      .poll(() => page.locator('[data-voice-status]').getAttribute('data-voice-status'), { timeout: 20_000 })
      .toMatch(/^(start|over)$/);
    await shot(page, 'chat');

    // A PDF and a Markdown file go with one message (spec §5: up to 4): each upload shows its
    // progress, the message shows both files.
    await page
      .getByTestId('chat-file')
      .setInputFiles([path.join(files, 'report.pdf'), path.join(files, 'notes.md')]);
    await expect.poll(() => page.getByTestId('attachment-ready').count(), { timeout: 20_000 }).toBe(2);
    await page.getByTestId('chat-input').fill('Here is my observing report.');
    await page.getByTestId('chat-send').click();
    const mine = page.locator('[data-testid=chat-message][data-role=user]').last();
    await expect.poll(() => mine.getAttribute('data-status'), { timeout: 15_000 }).toBe('delivered');
    expect(await mine.getByTestId('message-attachments').textContent()).toContain('report.pdf');
    expect(await mine.getByTestId('message-attachments').textContent()).toContain('notes.md');
    // Sent: the composer is empty again.
    expect(await page.getByTestId('attachment-draft').count()).toBe(0);
    await expect
      .poll(() => page.locator('[data-testid=chat-message][data-role=assistant]').last().textContent(), {
        timeout: 30_000,
      })
      .toContain('I looked at "report.pdf"');

    // Delete and undo: nothing is sent within the window; a delete left alone is sent after it.
    const deletes = () => requests.filter((r) => r.url().endsWith(CHAT_MESSAGE_DELETE_PATH)).length;
    const count = () => page.locator('[data-testid=chat-message]').count();
    const shown = await count();
    await mine.hover();
    await mine.getByTestId('delete-message').click();
    await expect.poll(count).toBe(shown - 1);
    await page.getByTestId('undo-toast').waitFor();
    await page.clock.runFor(4000);
    expect(deletes()).toBe(0);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(count).toBe(shown);
    await page.clock.runFor(6000);
    expect(deletes()).toBe(0);
    const again = page.locator('[data-testid=chat-message][data-role=user]').last();
    await again.hover();
    await again.getByTestId('delete-message').click();
    await expect.poll(count).toBe(shown - 1);
    await page.clock.runFor(5100);
    await expect.poll(deletes, { timeout: 10_000 }).toBe(1);
    await page.reload();
    await page.locator('[data-testid=chat-message]').first().waitFor({ timeout: 15_000 });
    await expect.poll(count, { timeout: 15_000 }).toBe(shown - 1);

    // The chats home lists the conversation.
    await page.goto(f.url + '/tavern/chats');
    await page.getByTestId('tavern-chat').first().waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('tavern-chats').textContent()).toContain('Nova');
    await shot(page, 'chats');
    await page.goto(f.url + '/myCharacters');
    await page.getByTestId('character-card').first().waitFor({ timeout: 15_000 });
    await shot(page, 'mine');
    expect(errors).toEqual([]);
    await context.close();
  });
});
