/**
 * The chat socket through a 10 s outage in Chromium (issue 25 figure 6; socket.io's
 * connection-state-recovery tests are the model: messages sent while the connection is down, and
 * a reply being written when it went, all arrive once and in order after the reconnection).
 *
 * The page reaches the server through a TCP proxy (tests/support/tcpProxy.ts) that drops every
 * connection and resets new ones for the outage; nothing of the server is switched for the test.
 * The page's clock is Playwright's: the outage is 10 s of it (the reconnection backoff runs on the
 * page's timers), with real network failures in it. Messages go before the outage, while a reply
 * streams when it starts, during it, and after the reconnection. Then every message the person
 * sent is on the page once, in the order sent, each reply once, none of them after a later
 * question; the server stored each message once, in the same order; a reload shows the same.
 */
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { CHAT_HISTORY_PATH, CHAT_SESSION_OPEN_PATH } from '../../infrastructure/contract/characters';
import { RECONNECT_MAX_MS } from '../../infrastructure/chat/backoff';
import { startTcpProxy, type TcpProxy } from '../support/tcpProxy';
import { e2eFile, signInThroughApi } from './support';

// Slower tokens than the default 15 ms: a reply is still being written when the outage begins.
const f = e2eFile('chat-outage', { CHAT_TOKEN_INTERVAL_MS: '60' });
const CHARACTER = 'chr_muse';
const OUTAGE_MS = 10_000;

let proxy: TcpProxy | null = null;
afterAll(async () => {
  await proxy?.close();
});

interface Shown {
  readonly role: string;
  readonly status: string;
  readonly text: string;
}

const shown = (page: Page): Promise<Shown[]> =>
  page.locator('[data-testid=chat-message]').evaluateAll((items) =>
    items.map((li) => ({
      role: li.getAttribute('data-role') ?? '',
      status: li.getAttribute('data-status') ?? '',
      text: li.querySelector('[data-testid=bubble-text]')?.textContent ?? '',
    })),
  );

const connection = (page: Page) => page.getByTestId('chat-connection').textContent();

const send = async (page: Page, text: string) => {
  await page.getByTestId('chat-input').fill(text);
  await page.getByTestId('chat-input').press('Enter');
  await expect.poll(async () => (await shown(page)).some((m) => m.text === text)).toBe(true);
};

/**
 * From the first of `sent` on: the questions in the order sent, each once; as many replies as
 * questions; never more replies than questions so far (a reply follows what it answers).
 */
const inOrder = (messages: readonly Shown[], sent: readonly string[]) => {
  const from = messages.findIndex((m) => m.text === sent[0]);
  const tail = messages.slice(from);
  const questions = tail.filter((m) => m.role === 'user').map((m) => m.text);
  let balance = 0;
  let replyBeforeQuestion = false;
  for (const m of tail) {
    balance += m.role === 'user' ? 1 : -1;
    if (balance < 0) replyBeforeQuestion = true;
  }
  return {
    questions,
    replies: tail.filter((m) => m.role === 'assistant').length,
    replyBeforeQuestion,
  };
};

describe('the chat socket through a 10 s outage', () => {
  it('delivers every message once, in order, after the reconnection', async () => {
    proxy = await startTcpProxy(f.url);
    const page = await f.newPage();
    await page.clock.install();
    await signInThroughApi(page, proxy.url);
    await page.goto(`${proxy.url}/chat/${CHARACTER}`);
    await expect.poll(() => connection(page), { timeout: 20_000 }).toBe('Online');
    // The history (starting with the greeting) is in before anything is sent.
    await page
      .locator('[data-testid=chat-message][data-role=assistant]')
      .first()
      .waitFor({ timeout: 15_000 });

    const sent = [
      'Before the outage: what do you paint first?',
      'Just as it starts: tell me about a harbour at dawn.',
      'During the outage: are you still there?',
      'During the outage: what colour is the sea tonight?',
      'Late in the outage: one more thing, a lighthouse.',
      'After the reconnection: thank you, goodbye.',
    ];
    const settled = async (n: number) => {
      const messages = await shown(page);
      const mine = messages.filter((m) => m.role === 'user' && sent.slice(0, n).includes(m.text));
      const { replies } = inOrder(messages, sent);
      return mine.length === n && replies === n && messages.every((m) => m.status === 'delivered');
    };

    // Before: one exchange, whole.
    await send(page, sent[0]!);
    await expect.poll(() => settled(1), { timeout: 30_000 }).toBe(true);

    // The outage begins while the next reply is being written.
    await send(page, sent[1]!);
    await expect
      .poll(async () => (await shown(page)).at(-1)?.status, { timeout: 20_000, interval: 50 })
      .toBe('streaming');
    proxy.cut();
    await expect.poll(() => connection(page), { timeout: 10_000 }).not.toBe('Online');
    await send(page, sent[2]!);
    await send(page, sent[3]!);
    expect((await shown(page)).filter((m) => m.status === 'sending')).toHaveLength(2);
    // 10 s of the page's clock without a network: its reconnection attempts fail.
    await page.clock.fastForward(OUTAGE_MS / 2);
    await send(page, sent[4]!);
    await page.clock.fastForward(OUTAGE_MS / 2);
    await expect.poll(() => proxy!.refused(), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await connection(page)).not.toBe('Online');
    proxy.restore();
    // The next attempt is at most the longest backoff away.
    await page.clock.fastForward(RECONNECT_MAX_MS);
    await expect.poll(() => connection(page), { timeout: 30_000 }).toBe('Online');
    await send(page, sent[5]!);
    await expect.poll(() => settled(sent.length), { timeout: 60_000 }).toBe(true);
    // Nothing comes late: what is shown stays as it is.
    const live = await shown(page);
    await page.waitForTimeout(1_000);
    expect(await shown(page)).toEqual(live);

    const onPage = inOrder(live, sent);
    expect(onPage.questions).toEqual(sent);
    expect(onPage.replies).toBe(sent.length);
    expect(onPage.replyBeforeQuestion).toBe(false);
    const replyTexts = live.filter((m) => m.role === 'assistant').map((m) => m.text);
    expect(new Set(replyTexts).size).toBe(replyTexts.length);

    // The server stored each once, in the order sent.
    const opened = await page.request.post(proxy.url + CHAT_SESSION_OPEN_PATH, {
      data: { character_id: CHARACTER },
    });
    const sessionId = ((await opened.json()) as { data: { session_id: string } }).data.session_id;
    const history = await page.request.post(proxy.url + CHAT_HISTORY_PATH, {
      data: { session_id: sessionId, page_size: 100 },
    });
    const items = ((await history.json()) as { data: { items: { role: string; content: string }[] } }).data
      .items;
    const stored = inOrder(
      items.map((m) => ({ role: m.role, status: 'delivered', text: m.content })),
      sent,
    );
    expect(stored.questions).toEqual(sent);
    expect(stored.replies).toBe(sent.length);
    expect(stored.replyBeforeQuestion).toBe(false);

    // A reload shows the server's conversation: the same messages, once each.
    await page.reload();
    await expect
      .poll(async () => inOrder(await shown(page), sent).replies, { timeout: 20_000 })
      .toBe(sent.length);
    const reloaded = inOrder(await shown(page), sent);
    expect(reloaded.questions).toEqual(sent);
    expect(reloaded.replyBeforeQuestion).toBe(false);
    expect(f.pageErrors).toEqual([]);
    await f.shot(page, 'after-outage');

    const total = onPage.questions.length + onPage.replies;
    console.log(
      `chat-outage: ${OUTAGE_MS / 1000} s outage, ${total} messages, each delivered once, in order`,
    );
  });
});
