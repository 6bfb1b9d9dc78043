/**
 * XSS in Chromium (issue 25 figure 8): the known vectors of tests/support/xssVectors.ts are written
 * through the server's real API by other accounts into every place that shows someone else's text,
 * then each of those pages is visited by the demo account with `alert`, `confirm`, `prompt` and
 * `print` hooked in every frame (each call reported to this process at once and counted in the
 * page), dialogs counted too, and the server's Content-Security-Policy taken down (`bypassCSP`):
 * the CSP is a second wall; what is measured here is the first, the sanitisers and the rendering.
 * A positive control, an inline handler put in the page, must fire exactly once.
 *
 * The places: a post's rich text, a post's title (its tile and its title attribute), comments,
 * display names (on comments, followers and notices), notices, a character's name, description
 * and greeting (search cards, profile, chat list, chat room), the chat's messages (a greeting
 * opens each conversation) and tags (which the API refuses). A text place must show every vector
 * verbatim, as text. Every visited page is also searched for what a vector would leave behind
 * without running at once: an `on*` attribute, a javascript:, vbscript: or data: URL, a frame,
 * object, embed, base, refresh or foreign script.
 *
 * Rich text: vectors share a post where the server's sanitiser keeps every vector's marker
 * paragraph (one that swallows what follows, an unclosed `<script` or `<plaintext>`, ends its
 * post), so no vector hides another; the page must show every marker.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LOGIN_PATH, REGISTER_PATH } from '../../infrastructure/contract/account';
import { CHARACTER_CREATE_PATH, CHAT_SESSION_OPEN_PATH } from '../../infrastructure/contract/characters';
import { COMMENT_CREATE_PATH } from '../../infrastructure/contract/details';
import { POST_CREATE_PATH, POST_TITLE_MAX } from '../../infrastructure/contract/feed';
import { FOLLOW_PATH } from '../../infrastructure/contract/social';
import { NAME_MAX_LENGTH } from '../../domain/session/rules';
import { sanitizeHtml } from '../../server/moderation/sanitize';
import { ALL_XSS_VECTORS } from '../support/xssVectors';
import { DEMO, e2eFile, signInThroughApi } from './support';

// Sign-ups: one account per name-sized vector, from one address. Replies streamed at a quick pace.
const f = e2eFile('xss', { SIGN_UPS_PER_ADDRESS: '1000', CHAT_TOKEN_INTERVAL_MS: '5' });

const VECTORS = ALL_XSS_VECTORS;
const PASSWORD = 'xss e2e password 1';
const SUCCESS = 10000;
/** The contract's limits of a character's name and greeting, and a description's part used here. */
const CHARACTER_NAME_MAX = 40;
const GREETING_MAX = 300;
const INTRO_PACK_MAX = 960;

interface Envelope {
  readonly status: { readonly code: number; readonly msg?: string };
  readonly data: Record<string, unknown>;
}

/** One call of the API as the holder of `token` (null: a guest). */
const call = async (token: string | null, path: string, body: unknown): Promise<Envelope> => {
  const r = await fetch(f.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token === null ? {} : { token }) },
    body: JSON.stringify(body),
  });
  return (await r.json()) as Envelope;
};

/** `call`, which must succeed. */
const must = async (token: string, path: string, body: unknown): Promise<Envelope['data']> => {
  const r = await call(token, path, body);
  if (r.status.code !== SUCCESS) throw new Error(`${path}: ${r.status.code} ${r.status.msg ?? ''}`);
  return r.data;
};

/** Runs `work` over `items`, `width` at a time (the server hashes passwords on a small pool). */
const inBatches = async <A, B>(
  items: readonly A[],
  width: number,
  work: (a: A, i: number) => Promise<B>,
): Promise<B[]> => {
  const out: B[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await work(items[i]!, i);
      }
    }),
  );
  return out;
};

const token = (r: Envelope): string => (r.data as { token: string }).token;
const signUp = (name: string, email: string) =>
  call(null, REGISTER_PATH, { name, email, password: PASSWORD });

/** Consecutive vectors, one a line, as many as fit in `max` characters; together they hold every vector. */
const packs = (max: number): number[][] => {
  const out: number[][] = [];
  for (const [i, v] of VECTORS.entries()) {
    const last = out.at(-1);
    const length = last === undefined ? Infinity : last.reduce((n, k) => n + VECTORS[k]!.length + 1, 0);
    if (last !== undefined && length + v.length <= max) last.push(i);
    else out.push([i]);
  }
  return out;
};
const lines = (indexes: readonly number[]) => indexes.map((i) => VECTORS[i]!).join('\n');

const marker = (i: number) => `<p>xss vector ${i}</p>`;
const postBody = (group: readonly number[]) => group.map((i) => `${marker(i)}${VECTORS[i]}`).join('');
/** Vectors a post holds at most (planning a post re-sanitises it whole for every vector it takes). */
const POST_GROUP_MAX = 25;
/**
 * Vectors in posts: a vector joins the post before it while the server's sanitiser keeps every
 * marker paragraph and one after the last vector; one that swallows what follows (an unclosed
 * `<script`, `<plaintext>`, `<select>`) ends its post. The page must then show every marker.
 */
const postGroups = (): number[][] => {
  const intact = (group: readonly number[]) => {
    const out = sanitizeHtml(`${postBody(group)}<p>end</p>`);
    return group.every((i) => out.includes(marker(i))) && out.includes('<p>end</p>');
  };
  const out: number[][] = [];
  for (const i of VECTORS.keys()) {
    const last = out.at(-1);
    if (last !== undefined && last.length < POST_GROUP_MAX && intact([...last, i])) last.push(i);
    else out.push([i]);
  }
  return out;
};

/** What runs reports here, from any frame of the viewer's page, at once. */
const executions: string[] = [];
const findings: string[] = [];

/** Hooks the dialog functions in every frame before any script of the page runs. */
const HOOKS = () => {
  const w = window as unknown as { __xssCount: number; __xssReport?: (what: string) => void };
  w.__xssCount = 0;
  for (const name of ['alert', 'confirm', 'prompt', 'print'] as const) {
    const hooked = (arg?: unknown) => {
      w.__xssCount += 1;
      w.__xssReport?.(`${name}(${String(arg)}) at ${location.href}`);
      return name === 'confirm' ? false : name === 'prompt' ? null : undefined;
    };
    Object.defineProperty(window, name, { value: hooked, writable: false, configurable: false });
  }
};

/**
 * What a vector leaves in the DOM without running at once: a handler attribute, a URL that runs
 * script or replaces the page, an element that embeds or redirects. The app itself writes none.
 */
const AUDIT = () => {
  const out: string[] = [];
  const unsafe = (value: string, image: boolean): boolean => {
    let url: URL;
    try {
      url = new URL(value, location.href);
    } catch {
      return false;
    }
    if (url.protocol === 'data:')
      return !(image && /^data:image\/(png|jpe?g|gif|webp|avif)[;,]/i.test(url.href));
    return !['http:', 'https:', 'mailto:', 'tel:', 'blob:'].includes(url.protocol);
  };
  for (const el of Array.from(document.body.querySelectorAll('*'))) {
    const tag = el.localName;
    if (['iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'portal', 'base'].includes(tag))
      out.push(`<${tag}>`);
    if (tag === 'meta' && el.hasAttribute('http-equiv')) out.push(`<meta http-equiv>`);
    if (tag === 'script') out.push(`<script> ${(el.textContent ?? '').slice(0, 40)}`);
    for (const a of Array.from(el.attributes)) {
      const name = a.name.toLowerCase();
      if (name.startsWith('on') || name === 'srcdoc') out.push(`${name} on <${tag}>`);
      if (
        ['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'poster', 'background'].includes(name)
      )
        if (unsafe(a.value, tag === 'img' || tag === 'source'))
          out.push(`${name}=${a.value.slice(0, 60)} on <${tag}>`);
    }
  }
  return out;
};

/** Moves the page to `path` without a load, as the app's own links do (history and popstate). */
const go = (page: Page, path: string) =>
  page.evaluate((to) => {
    // Absolute: a <base> a vector left would move a relative path elsewhere.
    history.pushState(null, '', new URL(to, location.origin).href);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);

const audit = async (page: Page, where: string) => {
  for (const what of await page.evaluate(AUDIT)) findings.push(`${where}: ${what}`);
};

/** Presses the list's "more" button until `count` entries show or the button is gone. */
const loadAll = async (page: Page, entries: string, more: string, count: number): Promise<number> => {
  const button = page.locator('button', { hasText: more });
  for (;;) {
    const shown = await page.locator(entries).count();
    if (shown >= count || (await button.count()) === 0) return shown;
    await button.click();
    await expect.poll(() => page.locator(entries).count(), { timeout: 15_000 }).toBeGreaterThan(shown);
  }
};

/** The texts of `texts` that do not show verbatim, as text, inside the elements of `selector`. */
const missing = async (page: Page, selector: string, texts: readonly string[]): Promise<string[]> => {
  const shown = (await page.locator(selector).allTextContents()).join('\n');
  return texts.filter((t) => !shown.includes(t.trim()));
};
/** Waits until every text shows (a list may still hold its previous page). */
const showsAll = (page: Page, selector: string, texts: readonly string[]) =>
  expect.poll(() => missing(page, selector, texts), { timeout: 15_000 }).toEqual([]);

describe('XSS vectors through every place that shows someone else’s text', () => {
  it(`${VECTORS.length} vectors, no execution`, async () => {
    expect(VECTORS.length).toBeGreaterThanOrEqual(150);
    const stamp = Date.now().toString(36);
    const places: Record<string, { readonly shown: number; readonly refused: number }> = {};
    const place = (name: string, shown: number, refused = 0) => (places[name] = { shown, refused });

    // ---- writers: Mallory, and one account for every vector short enough to be a display name
    const mallory = await signUp('Mallory', `xss-mallory-${stamp}@example.test`);
    expect(mallory.status.code).toBe(SUCCESS);
    const m = token(mallory);
    const malloryId = (mallory.data as { user: { id: string } }).user.id;
    const viewer = await call(null, LOGIN_PATH, DEMO);
    const viewerId = (viewer.data as { user: { id: string } }).user.id;
    // The sign-ups hash passwords on the server's thread pool while Mallory writes.
    const signedUp = inBatches(VECTORS, 4, async (v, i) => {
      const r = await signUp(v, `xss-name-${i}-${stamp}@example.test`);
      return r.status.code === SUCCESS ? token(r) : null;
    });

    // ---- posts: rich text (grouped), titles (one a post) and a thread
    const groups = postGroups();
    const richPosts = await inBatches(groups, 4, async (group) =>
      String((await must(m, POST_CREATE_PATH, { title: `xss ${group[0]}`, content: postBody(group) })).id),
    );
    const titles = VECTORS.filter((v) => v.trim() !== '' && v.length <= POST_TITLE_MAX);
    await inBatches(titles, 4, (title) => must(m, POST_CREATE_PATH, { title, content: '<p>t</p>' }));
    const thread = String(
      (await must(m, POST_CREATE_PATH, { title: 'Thread', content: '<p>thread</p>' })).id,
    );
    // Tags take letters, digits, spaces, _ and - only: every vector is refused.
    const tagged = await inBatches(VECTORS, 4, (v) =>
      call(m, POST_CREATE_PATH, { title: 'tags', content: '<p>t</p>', tags: [v] }),
    );
    const tagsKept = tagged.filter((r) => r.status.code === SUCCESS).length;
    expect(tagsKept).toBe(0);
    place('tags', tagsKept, VECTORS.length);

    // ---- characters: one per name-sized vector; descriptions and greetings hold every vector
    const short = VECTORS.flatMap((v, i) => (v.trim() !== '' && v.length <= CHARACTER_NAME_MAX ? [i] : []));
    const intros = packs(INTRO_PACK_MAX);
    const greetings = packs(GREETING_MAX);
    const count = Math.max(short.length, intros.length, greetings.length);
    const characters = await inBatches(
      Array.from({ length: count }, (_, k) => k),
      4,
      async (k) => {
        const data = await must(m, CHARACTER_CREATE_PATH, {
          name: short[k] === undefined ? `Card ${k}` : VECTORS[short[k]]!,
          intro: `xsscard ${k}\n${lines(intros[k] ?? [])}`,
          greeting: greetings[k] === undefined ? `Hello ${k}` : lines(greetings[k]),
          // A tool: its replies start with its name.
          character_type: 1,
          is_public: true,
        });
        return (data as { item: { id: string } }).item.id;
      },
    );
    // The viewer opens a chat with each: every chat starts with the character's greeting.
    await inBatches(characters, 4, (id) => must(token(viewer), CHAT_SESSION_OPEN_PATH, { character_id: id }));

    // ---- comments (by the account named after the vector where there is one) and follows
    const named = await signedUp;
    // The server refuses what breaks the display-name rule (too long) and nothing else.
    expect(named.map((t) => t === null)).toEqual(VECTORS.map((v) => [...v.trim()].length > NAME_MAX_LENGTH));
    const names = VECTORS.filter((_, i) => named[i] !== null);
    await inBatches(VECTORS, 4, async (v, i) => {
      const writer = named[i];
      await must(writer ?? m, COMMENT_CREATE_PATH, { obj_id: thread, content: v });
      if (writer) await must(writer, FOLLOW_PATH, { follow_account_no: viewerId });
    });

    // ---- the viewer
    const page = await f.newPage({ bypassCSP: true });
    const context = page.context();
    await context.exposeBinding('__xssReport', (_source, what: string) => void executions.push(what));
    await context.addInitScript(HOOKS);
    page.on('dialog', (d) => {
      executions.push(`dialog ${d.type()}: ${d.message()}`);
      void d.dismiss();
    });
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame() && !frame.url().startsWith(f.url))
        findings.push(`left for ${frame.url()}`);
    });
    // Covers and avatars are the server's own pictures: not loading them spares its CPU.
    await context.route(
      (url) => /^\/(blobs|img)\//.test(url.pathname),
      (r) => r.abort(),
    );
    await signInThroughApi(page, f.url);
    await page.goto(f.url + '/');
    await page.getByTestId('account-menu').waitFor();

    // Rich text: every marker of every post shows (the vectors between them went through).
    for (const [g, id] of richPosts.entries()) {
      await go(page, `/posts/${id}`);
      await showsAll(
        page,
        '[data-testid=post-content]',
        groups[g]!.map((i) => `xss vector ${i}`),
      );
      await audit(page, `post ${g}`);
    }
    place('post rich text', VECTORS.length);

    // Titles: Mallory's works (a tile shows its title, and has it as its title attribute).
    await go(page, `/user/${malloryId}`);
    await page.getByTestId('works-grid').waitFor();
    await loadAll(page, '[data-testid=work-tile]', 'Show more', titles.length + richPosts.length + 1);
    await showsAll(page, '[data-testid=works-grid]', titles);
    await audit(page, 'works');
    place('post title', titles.length, VECTORS.length - titles.length);

    // Comments and their authors' names.
    await go(page, `/posts/${thread}`);
    await page.getByTestId('comment').first().waitFor();
    await loadAll(page, '[data-testid=comment]', 'More comments', VECTORS.length);
    await showsAll(page, '[data-testid=comment] p', VECTORS);
    await showsAll(page, '[data-testid=comment] strong', names);
    await audit(page, 'comments');
    place('comments', VECTORS.length);

    // Followers and notices: one of each per account named after a vector.
    await go(page, '/personal?tab=followers');
    await page.getByTestId('followers-list').waitFor();
    await loadAll(page, '[data-testid=followers-list] > li', 'Show more', names.length);
    await showsAll(page, '[data-testid=followers-list]', names);
    await audit(page, 'followers');
    await go(page, '/messages?type=fol');
    await page.getByTestId('message').first().waitFor();
    await loadAll(page, '[data-testid=message]', 'Show more', names.length);
    await showsAll(page, '[data-testid=message]', names);
    await audit(page, 'notices');
    place('display names', names.length, VECTORS.length - names.length);
    place('notices', names.length, VECTORS.length - names.length);

    // Character cards: name and description, in the tavern's search.
    await go(page, '/tavern/search?q=xsscard');
    await page.getByTestId('character-card').first().waitFor();
    await loadAll(page, '[data-testid=character-card]', 'Show more', count);
    await showsAll(page, '[data-testid=character-card]', VECTORS);
    await audit(page, 'character cards');
    place('character name', short.length, VECTORS.length - short.length);
    place('character description', VECTORS.length);

    // Greetings: each chat opened starts with one; the chat list shows it as the latest line.
    await go(page, '/tavern/chats');
    await showsAll(page, '[data-testid=tavern-chats]', [...VECTORS, ...short.map((i) => VECTORS[i]!)]);
    await audit(page, 'chats');
    place('character greeting', VECTORS.length);

    // Chat rooms (name, description, greeting bubble) and profiles of the characters holding the packs.
    for (const [k, id] of characters.entries()) {
      if (k >= greetings.length) break;
      await go(page, `/chat/${id}`);
      await showsAll(
        page,
        '[data-testid=chat-log]',
        greetings[k]!.map((i) => VECTORS[i]!),
      );
      if (k === 0) {
        // A reply streamed into the room: a tool's reply starts with its name (a vector).
        await page.getByTestId('chat-input').fill('Draw a lighthouse');
        await page.getByTestId('chat-send').click();
        const reply = page.locator('[data-testid=chat-message][data-role=assistant][data-status=delivered]');
        await expect
          .poll(() => reply.last().textContent(), { timeout: 30_000 })
          .toContain(VECTORS[short[0]!]);
      }
      await audit(page, `chat room ${k}`);
      if (k >= intros.length) continue;
      await go(page, `/characters/${id}`);
      await page.getByTestId('character-greeting').waitFor();
      await showsAll(page, '[data-testid=character-detail]', [
        ...greetings[k]!.map((i) => VECTORS[i]!),
        ...intros[k]!.map((i) => VECTORS[i]!),
      ]);
      await audit(page, `character ${k}`);
    }
    place('chat messages', VECTORS.length);

    // Whatever fires late (a timer, an image error, an animation) has had its time.
    await page.waitForTimeout(1_000);
    const fired = [...executions];
    // The positive control: an inline handler put in the page runs, and is counted once.
    await page.evaluate(() => {
      const img = document.createElement('img');
      img.setAttribute('onerror', 'alert("control")');
      img.src = '/blobs/xss-control.png';
      document.body.append(img);
    });
    await expect.poll(() => executions.length).toBe(fired.length + 1);
    const controls = executions.filter((e) => e.startsWith('alert(control)')).length;
    expect(controls).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { __xssCount: number }).__xssCount)).toBe(
      fired.length + 1,
    );

    expect(fired).toEqual([]);
    expect(findings).toEqual([]);
    expect(f.pageErrors).toEqual([]);
    console.log(
      `xss: ${VECTORS.length} vectors x ${Object.keys(places).length} places, ${fired.length} executions (control fired ${controls})`,
    );
    console.log(
      `xss places: ${Object.entries(places)
        .map(([name, p]) => `${name} ${p.shown}${p.refused > 0 ? ` (${p.refused} refused by the API)` : ''}`)
        .join(', ')}`,
    );
  }, 600_000);
});
