/**
 * Issue 21 item 3: every card of every tab opens a real page. For each seeded item the feed lists
 * (every route, every page, artworks of every artwork type), the address the card opens
 * (`feed.cardDetailPath` over the card the client decodes) must be one of the web client's detail
 * pages, and the server must answer that page's call for that id with an item the page shows.
 */
import { isRight } from 'fp-ts/Either';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { details, feed } from '../../domain/index.js';
import { CHARACTER_DETAIL_PATH } from '../../infrastructure/contract/characters';
import {
  FEED_PATHS,
  FeedPage,
  ITEM_DETAIL_PATH,
  MODEL_DETAIL_PATH,
  POST_DETAIL_PATH,
  type FeedRoute,
} from '../../infrastructure/contract/feed';
import { toCard } from '../../infrastructure/feed/epics';
import { startTestServer, type TestServer } from '../support/server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({}, false);
});
afterAll(() => s.stop());

const ok = (r: { json: { status?: { code?: number }; data?: unknown } }) => r.json.status?.code === 10000;

/** The card types a studio or detail page shows (the route loaders' lists, src/routes). */
const PAGES: readonly {
  readonly pattern: RegExp;
  readonly types: readonly string[];
  readonly call?: string;
}[] = [
  { pattern: /^\/artwork\/([^/?]+)$/, types: details.DETAIL_PAGE_CARD_TYPES.artwork },
  { pattern: /^\/video\/([^/?]+)$/, types: details.DETAIL_PAGE_CARD_TYPES.video },
  { pattern: /^\/audio\/([^/?]+)$/, types: details.DETAIL_PAGE_CARD_TYPES.audio },
  { pattern: /^\/models\/([^/?]+)$/, types: details.DETAIL_PAGE_CARD_TYPES.model, call: MODEL_DETAIL_PATH },
  { pattern: /^\/posts\/([^/?]+)$/, types: details.DETAIL_PAGE_CARD_TYPES.post, call: POST_DETAIL_PATH },
  { pattern: /^\/characters\/([^/?]+)$/, types: ['character'], call: CHARACTER_DETAIL_PATH },
  { pattern: /^\/apps\/([^/?]+)$/, types: ['aiapp', 'comfyUIApp'] },
  { pattern: /^\/templates\/([^/?]+)$/, types: ['paletteTemplate'] },
  { pattern: /^\/novels\/([^/?]+)$/, types: ['ebook'] },
  { pattern: /^\/workflows\/([^/?]+)$/, types: ['workflow'] },
];

/** Whether `path` is a page of the client that shows something for its id; the reason when not. */
const resolves = async (path: string): Promise<string | null> => {
  for (const page of PAGES) {
    const m = page.pattern.exec(path);
    if (!m) continue;
    const id = decodeURIComponent(m[1]!);
    const item = await s.post(ITEM_DETAIL_PATH, { id });
    if (!ok(item)) return `${path}: no item ${id} (${JSON.stringify(item.json.status)})`;
    const type = (item.json.data as { card_type: string }).card_type;
    if (!page.types.includes(type)) return `${path}: ${id} is a ${type}, not shown there`;
    if (page.call !== undefined && !ok(await s.post(page.call, { id })))
      return `${path}: ${page.call} refused`;
    return null;
  }
  return `${path}: no such page`;
};

const walk = async (route: FeedRoute, extra: Record<string, unknown> = {}): Promise<feed.FeedCard[]> => {
  const cards: feed.FeedCard[] = [];
  for (let offset = 0; ;) {
    const r = await s.post(FEED_PATHS[route], { offset, limit: 50, ...extra });
    const page = FeedPage.decode(r.json.data);
    if (!isRight(page)) throw new Error(`${route}: the page does not decode`);
    cards.push(...page.right.items.map(toCard));
    if (!page.right.has_more || page.right.items.length === 0) return cards;
    offset = page.right.offset;
  }
};

describe('every card of every tab opens a real page (issue 21, spec §2 card behaviour per content type)', () => {
  it('walks every seeded card of every list: its address is a page that shows it', async () => {
    const routes = (Object.keys(FEED_PATHS) as FeedRoute[]).filter((r) => r !== 'recommend');
    const cards = [
      ...(await Promise.all(routes.map((r) => walk(r)))).flat(),
      ...(await walk('artwork', { artwork_types: [7] })),
    ];
    const seen = new Map<string, feed.FeedCard>(cards.map((c) => [feed.cardKey(c), c]));
    // The thirteen content types of spec §2, each with cards in a list (and the e-books).
    const types = new Set([...seen.values()].map((c) => c.cardType));
    expect([...types].sort()).toEqual([...feed.CARD_TYPES].sort());
    const failures: string[] = [];
    for (const card of seen.values()) {
      const reason = await resolves(feed.cardDetailPath(card));
      if (reason !== null) failures.push(`${card.cardType} ${card.id} → ${reason}`);
      for (const { intent } of feed.cardIntents(card))
        if (intent.kind === 'navigate' && /^\/(models|apps|templates|audio|video)\//.test(intent.to)) {
          const why = await resolves(intent.to);
          if (why !== null) failures.push(`${card.cardType} ${card.id} action → ${why}`);
        }
    }
    expect(failures.slice(0, 10)).toEqual([]);
  }, 120_000);
});
