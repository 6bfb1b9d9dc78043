/**
 * The community slot over loopback (spec §2, §3, §4, §7, §8, §9): feed lists, search, tags,
 * models, posts, collections, follows, likes, reports, appeals, notices and covers, against the
 * real server and its seeded database. One server for the whole file.
 */
import * as E from 'fp-ts/Either';
import type * as t from 'io-ts';
import { PathReporter } from 'io-ts/PathReporter';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BASE_MODELS,
  FEED_CARD_TYPES,
  FEED_PATHS,
  FeedPage,
  ItemDetail,
  MODEL_TYPES,
  ModelDetail,
  ModelListResponse,
  PostCreateResponse,
  PostDetail,
  SEARCH_TAB_CARD_TYPES,
  SearchResponse,
  TagDetail,
  TagEditResponse,
  TagListResponse,
  TagSuggestResponse,
  type ContentItem,
  type FeedRoute,
} from '../../infrastructure/contract/feed';
import { NoticeListResponse, UnreadCounts } from '../../infrastructure/contract/messages';
import {
  BehaviorLogResponse,
  CollectAddResponse,
  CollectFolder,
  FolderListResponse,
  FollowResponse,
  ReceiptResponse,
} from '../../infrastructure/contract/social';
import { feed } from '../../domain/index.js';
import { routeDefaults } from '../../server/feed/feed';
import { hashPassword } from '../../server/auth';
import { startTestServer, type TestServer } from '../support/server';

let s: TestServer;
let demo: string;
let alice: string;
let bob: string;

const makeAccount = async (id: string): Promise<string> => {
  await s.server.ctx.db.query(
    `INSERT INTO accounts (id, email, password_hash, account_name, name, created_at) VALUES ($1, $2, $3, $1, $4, 0)`,
    [id, `${id}@atelier.test`, await hashPassword(`pw-${id}-1`), id[0]!.toUpperCase() + id.slice(1)],
  );
  return s.login(`${id}@atelier.test`, `pw-${id}-1`);
};

beforeAll(async () => {
  s = await startTestServer({}, false);
  demo = await s.login();
  alice = await makeAccount('alice');
  bob = await makeAccount('bob');
});
afterAll(() => s.stop());

const call = async (
  path: string,
  body: unknown,
  token?: string | null,
  headers: Record<string, string> = {},
) =>
  (await s.post(path, body, token ? { token, ...headers } : headers)).json as {
    status: { code: number; msg: string };
    data: unknown;
  };

const data = async <A>(
  codec: t.Type<A, unknown, unknown>,
  path: string,
  body: unknown,
  token?: string | null,
): Promise<A> => {
  const r = await call(path, body, token);
  expect(r.status.code, `${path} ${JSON.stringify(body)} -> ${r.status.msg}`).toBe(10000);
  const decoded = codec.decode(r.data);
  if (E.isLeft(decoded)) throw new Error(`${path}: ${PathReporter.report(decoded).join('; ')}`);
  return decoded.right;
};

const code = async (path: string, body: unknown, token?: string | null, headers?: Record<string, string>) =>
  (await call(path, body, token, headers)).status.code;

/** A feed list by GET: the status code, and the page decoded with the contract codec (null when it fails). */
const getJson = async (
  path: string,
  token?: string,
): Promise<{ status: { code: number }; page: FeedPage | null }> => {
  const r = await fetch(s.baseUrl + path, { headers: token ? { token } : {} });
  const json = (await r.json()) as { status: { code: number }; data: unknown };
  const page = FeedPage.decode(json.data);
  return { status: json.status, page: E.isRight(page) ? page.right : null };
};
const idsOf = (page: FeedPage | null) => page!.items.map((i) => i.id);

const q = <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  s.server.ctx.db.query<T>(sql, params);
const one = async <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  (await q<T>(sql, params))[0]!;
const likesOf = async (id: string) =>
  Number((await one<{ n: number }>('SELECT num_of_like AS n FROM content_items WHERE id = $1', [id])).n);
const collectsOf = async (id: string) =>
  Number(
    (await one<{ n: number }>('SELECT num_of_collection AS n FROM content_items WHERE id = $1', [id])).n,
  );
const hot = (i: ContentItem) => i.stat.num_of_like + 2 * i.stat.num_of_collection;
const DAY = 24 * 3600 * 1000;

/** Pages through a list until has_more is false; fails on a repeated id or a cursor that does not follow the page. */
const pageAll = async (path: string, body: Record<string, unknown>, limit: number, token?: string) => {
  const items: ContentItem[] = [];
  let offset = 0;
  for (let guard = 0; guard < 200; guard++) {
    const page = await data(FeedPage, path, { ...body, offset, limit }, token);
    expect(page.items.length).toBeLessThanOrEqual(limit);
    expect(page.offset).toBe(offset + page.items.length);
    items.push(...page.items);
    offset = page.offset;
    if (!page.has_more) break;
    expect(page.items.length).toBe(limit);
  }
  const ids = items.map((i) => i.id);
  expect(new Set(ids).size, `duplicates in ${path}`).toBe(ids.length);
  return items;
};

const countKinds = async (kinds: readonly string[], sinceMs: number | null) => {
  const placeholders = kinds.map((_, i) => `$${i + 1}`).join(', ');
  const since = sinceMs === null ? '' : ` AND created_at >= $${kinds.length + 1}`;
  const [row] = await q<{ n: string | number }>(
    `SELECT count(*) AS n FROM content_items WHERE kind IN (${placeholders})${since}`,
    [...kinds, ...(sinceMs === null ? [] : [sinceMs])],
  );
  return Number(row!.n);
};

const ROUTES = Object.keys(FEED_PATHS) as FeedRoute[];
const defaultKinds = (route: FeedRoute) =>
  route === 'artwork' ? ['artwork', 'portfolio', 'lookBook'] : FEED_CARD_TYPES[route];

describe('feed lists under /api/v1/square/v3 (spec §7 feed lists, §9 feed defaults)', () => {
  it('seeds at least 500 items across every tab, every model type and base family, and character types 0..3 (seed)', async () => {
    const total = Number((await one<{ n: number }>('SELECT count(*) AS n FROM content_items')).n);
    expect(total).toBeGreaterThanOrEqual(500);
    const kinds = (await q<{ kind: string }>('SELECT DISTINCT kind FROM content_items'))
      .map((r) => r.kind)
      .sort();
    expect(kinds).toEqual(
      [
        'aiAudio',
        'aiVideo',
        'aiapp',
        'artwork',
        'character',
        'comfyUIApp',
        'ebook',
        'lookBook',
        'lora_train',
        'model',
        'paletteTemplate',
        'portfolio',
        'post',
        'workflow',
      ].sort(),
    );
    const types = (
      await q<{ v: string }>("SELECT DISTINCT model_type AS v FROM content_items WHERE kind = 'model'")
    ).map((r) => r.v);
    expect(types.sort()).toEqual([...MODEL_TYPES].sort());
    const bases = (
      await q<{ v: string }>("SELECT DISTINCT base_model AS v FROM content_items WHERE kind = 'model'")
    ).map((r) => r.v);
    expect(bases.sort()).toEqual([...BASE_MODELS].sort());
    const chars = (
      await q<{ v: number }>(
        "SELECT DISTINCT character_type AS v FROM content_items WHERE kind = 'character'",
      )
    ).map((r) => Number(r.v));
    expect(chars.sort()).toEqual([0, 1, 2, 3]);
    const authors = Number(
      (await one<{ n: number }>("SELECT count(*) AS n FROM accounts WHERE id LIKE 'author-%'")).n,
    );
    expect(authors).toBe(20);
  });

  it.each(ROUTES)(
    '%s answers POST with a JSON body and GET with query params with the same page',
    async (route) => {
      const post = await data(FeedPage, FEED_PATHS[route], { limit: 5 });
      const get = await getJson(`${FEED_PATHS[route]}?limit=5`);
      expect(get.status.code).toBe(10000);
      expect(get.page).not.toBeNull();
      expect(idsOf(get.page)).toEqual(post.items.map((i) => i.id));
      expect(post.items.length).toBeGreaterThan(0);
    },
  );

  it.each(ROUTES)(
    '%s pages through every item of its default query once: no repeat, no skip (stable sort, id tie-break)',
    async (route) => {
      const d = routeDefaults(route);
      const days = feed.TIME_FILTER_DAYS[d.time];
      const before = await countKinds(defaultKinds(route), days === null ? null : Date.now() - days * DAY);
      const items = await pageAll(FEED_PATHS[route], {}, route === 'recommend' ? 50 : 13);
      const after = await countKinds(defaultKinds(route), days === null ? null : Date.now() - days * DAY);
      expect(items.length).toBeLessThanOrEqual(before);
      expect(items.length).toBeGreaterThanOrEqual(after);
      expect(items.length).toBeGreaterThan(0);
      const allowed = new Set<string>(defaultKinds(route));
      expect(items.every((i) => allowed.has(i.card_type))).toBe(true);
    },
  );

  it('applies per-tab defaults: recommend all-time by recommend order, post hot by week, audio/template/e-book hot all-time, others hot by month', async () => {
    for (const route of ROUTES) {
      const d = routeDefaults(route);
      const implicit = await data(FeedPage, FEED_PATHS[route], { limit: 30 });
      const explicit = await data(FeedPage, FEED_PATHS[route], {
        limit: 30,
        order_by: d.order,
        timeType: d.time,
      });
      expect(
        implicit.items.map((i) => i.id),
        route,
      ).toEqual(explicit.items.map((i) => i.id));
      const days = feed.TIME_FILTER_DAYS[d.time];
      if (days !== null)
        expect(
          implicit.items.every((i) => i.pt >= Date.now() - days * DAY - 1000),
          route,
        ).toBe(true);
      if (d.order === 'hot')
        for (let k = 1; k < implicit.items.length; k++)
          expect(hot(implicit.items[k - 1]!)).toBeGreaterThanOrEqual(hot(implicit.items[k]!));
    }
    expect(routeDefaults('post')).toEqual({ order: 'hot', time: 'week' });
    expect(routeDefaults('recommend')).toEqual({ order: 'recommend', time: 'all' });
    expect(routeDefaults('timbre')).toEqual({ order: 'hot', time: 'all' });
    // All-time tabs reach items older than a month.
    const audio = await pageAll(FEED_PATHS.timbre, {}, 50);
    expect(audio.some((i) => i.pt < Date.now() - 31 * DAY)).toBe(true);
    const recommend = await data(FeedPage, FEED_PATHS.recommend, { limit: 50 });
    expect(new Set(recommend.items.map((i) => i.card_type)).size).toBeGreaterThan(3);
  });

  it('sorts new by publish time and honours time filters and order_by_time (month_hot, week_new, day_hot)', async () => {
    const fresh = await pageAll(FEED_PATHS.model, { order_by: 'new', timeType: 'all' }, 25);
    for (let k = 1; k < fresh.length; k++) expect(fresh[k - 1]!.pt).toBeGreaterThanOrEqual(fresh[k]!.pt);
    expect(fresh.length).toBe(await countKinds(['model'], null));
    for (const [time, days] of [
      ['day', 1],
      ['week', 7],
      ['month', 30],
    ] as const) {
      const page = await pageAll(FEED_PATHS.artwork, { timeType: time, order_by: 'hot' }, 50);
      expect(page.every((i) => i.pt >= Date.now() - days * DAY - 1000)).toBe(true);
    }
    const viaObt = await data(FeedPage, FEED_PATHS.model, {
      order_by_time: 'week_new',
      order_by: 'hot',
      timeType: 'all',
      limit: 50,
    });
    const explicit = await data(FeedPage, FEED_PATHS.model, { order_by: 'new', timeType: 'week', limit: 50 });
    expect(viaObt.items.map((i) => i.id)).toEqual(explicit.items.map((i) => i.id));
    const monthHot = await getJson(`${FEED_PATHS.model}?order_by_time=month_hot&limit=50`);
    expect(idsOf(monthHot.page)).toEqual(
      (await data(FeedPage, FEED_PATHS.model, { limit: 50 })).items.map((i) => i.id),
    );
  });

  it('filters models by base_models and model_types, posts by sub_channel, workflows by nodes_type and run_available', async () => {
    for (const type of MODEL_TYPES) {
      const page = await data(FeedPage, FEED_PATHS.model, {
        model_types: [type],
        timeType: 'all',
        limit: 50,
      });
      expect(page.items.length, type).toBeGreaterThan(0);
      expect(page.items.every((i) => i.model_type === type)).toBe(true);
    }
    for (const base of BASE_MODELS) {
      const page = await data(FeedPage, FEED_PATHS.model, {
        base_models: [base],
        timeType: 'all',
        limit: 50,
      });
      expect(page.items.length, base).toBeGreaterThan(0);
      expect(page.items.every((i) => i.base_model === base && i.card_type === 'model')).toBe(true);
    }
    const both = await getJson(
      `${FEED_PATHS.model}?base_models=SDXL,Flux&base_models=Pony&model_types[]=LORA&model_types[]=Checkpoint&timeType=all&limit=50`,
    );
    expect(both.status.code).toBe(10000);
    for (const i of both.page!.items) {
      expect(['SDXL', 'Flux', 'Pony']).toContain(i.base_model);
      expect(['LORA', 'Checkpoint']).toContain(i.model_type);
    }
    const tutorials = await data(FeedPage, FEED_PATHS.post, {
      sub_channel: 'tutorial',
      timeType: 'all',
      limit: 50,
    });
    expect(tutorials.items.length).toBeGreaterThan(0);
    expect(tutorials.items.every((i) => i.sub_channel === 'tutorial')).toBe(true);
    const runnable = await getJson(
      `${FEED_PATHS.comfy_ui}?nodes_type=video&run_available=true&timeType=all&limit=50`,
    );
    expect(runnable.page!.items.length).toBeGreaterThan(0);
    expect(runnable.page!.items.every((i) => i.nodes_type === 'video' && i.run_available === true)).toBe(
      true,
    );
    const notRunnable = await data(FeedPage, FEED_PATHS.comfy_ui, {
      run_available: false,
      timeType: 'all',
      limit: 50,
    });
    expect(notRunnable.items.every((i) => i.run_available === false)).toBe(true);
  });

  it('lists videos for artwork_types [7] (with ai_video.video_type) and still works without it; filters by tag', async () => {
    const videos = await data(FeedPage, FEED_PATHS.artwork, {
      artwork_types: [7],
      timeType: 'all',
      limit: 50,
    });
    expect(videos.items.length).toBeGreaterThan(0);
    expect(
      videos.items.every(
        (i) =>
          i.card_type === 'aiVideo' &&
          i.obj_type === 15 &&
          i.artwork_type === 7 &&
          typeof i.ai_video?.video_type === 'number',
      ),
    ).toBe(true);
    const viaGet = await getJson(`${FEED_PATHS.artwork}?artwork_types[]=7&timeType=all&limit=50`);
    expect(idsOf(viaGet.page)).toEqual(videos.items.map((i) => i.id));
    const stills = await data(FeedPage, FEED_PATHS.artwork, { timeType: 'all', limit: 50 });
    expect(stills.items.some((i) => i.card_type === 'aiVideo')).toBe(false);
    const lookbooks = await data(FeedPage, FEED_PATHS.artwork, {
      artwork_types: [5],
      timeType: 'all',
      limit: 50,
    });
    expect(lookbooks.items.every((i) => i.card_type === 'lookBook' && i.obj_type === 5)).toBe(true);
    const tagged = await data(FeedPage, FEED_PATHS.recommend, { tag_id: 'tag-ocean', limit: 50 });
    expect(tagged.items.length).toBeGreaterThan(0);
    expect(tagged.items.every((i) => i.tags.some((tg) => tg.id === 'tag-ocean'))).toBe(true);
  });

  it('carries spec §3 content item fields, with type-specific ones', async () => {
    const all = await pageAll(FEED_PATHS.recommend, {}, 50);
    const byType = new Map(all.map((i) => [i.card_type, i]));
    const model = byType.get('model')!;
    expect(model.obj_type).toBe(2);
    expect(MODEL_TYPES).toContain(model.model_type);
    expect(typeof model.base_model).toBe('string');
    const character = byType.get('character')!;
    expect([0, 1, 2, 3]).toContain(character.character_type);
    expect(character.obj_type).toBe(9);
    expect(byType.get('ebook')!.obj_type).toBe(21);
    expect(byType.get('aiAudio')!.stat.num_of_play).toBeGreaterThanOrEqual(0);
    expect(byType.get('post')!.obj_type).toBe(4);
    for (const i of all) {
      expect(i.cover!.width).toBeGreaterThan(0);
      expect(Math.max(i.cover!.width, i.cover!.height)).toBeGreaterThanOrEqual(256);
      expect(Math.max(i.cover!.width, i.cover!.height)).toBeLessThanOrEqual(384);
      expect(i.num_of_praise).toBe(i.stat.num_of_like);
      expect(i.pt).toBeLessThanOrEqual(Date.now());
      expect(i.pt).toBeGreaterThan(Date.now() - 61 * DAY);
    }
  });

  it('fills liked, collect and author.is_follow for the caller only (demo follows author-01; guests see none)', async () => {
    const mine = await pageAll(FEED_PATHS.recommend, {}, 50, demo);
    const byAuthor1 = mine.filter((i) => i.author.id === 'author-01');
    expect(byAuthor1.length).toBeGreaterThan(0);
    expect(byAuthor1.every((i) => i.author.is_follow)).toBe(true);
    expect(mine.filter((i) => i.author.id === 'author-19').every((i) => !i.author.is_follow)).toBe(true);
    const guest = await pageAll(FEED_PATHS.recommend, {}, 50);
    expect(guest.some((i) => i.author.is_follow || i.liked || i.collect !== null)).toBe(false);
    const art10 = await data(ItemDetail, '/api/v1/square/item/detail', { id: 'art-010' }, demo);
    expect(art10.collect).toEqual({
      id: 'c-demo-1',
      collection_id: 'f-demo-default',
      collection_name: 'Default',
    });
    expect(art10.folder_no).toEqual({ collection_id: 'f-demo-default', collection_name: 'Default' });
    expect(
      (await data(ItemDetail, '/api/v1/square/item/detail', { id: 'art-010' }, alice)).collect,
    ).toBeNull();
  });

  it('breaks exact ties (same score, same time) by id, so small pages never repeat or skip', async () => {
    const at = Date.now() - DAY;
    const ids = Array.from({ length: 37 }, (_, i) => `tie-${String(i).padStart(2, '0')}`);
    for (const id of ids)
      await q(
        `INSERT INTO content_items (id, kind, obj_type, author_id, title, cover_prompt, cover_aspect, cover_long_side, cover_width, cover_height, created_at)
         VALUES ($1, 'ebook', 21, 'author-01', 'Tied tale', 'tied', '2:3', 256, 168, 256, $2)`,
        [id, at],
      );
    for (const order of ['hot', 'new', 'recommend'])
      for (const limit of [3, 4, 7]) {
        const items = await pageAll(FEED_PATHS.ebook, { order_by: order, timeType: 'all' }, limit);
        const tied = items.filter((i) => i.id.startsWith('tie-')).map((i) => i.id);
        expect(tied.sort(), `${order} ${limit}`).toEqual(ids);
        expect(items.length).toBe(await countKinds(['ebook'], null));
      }
  });

  it('caps limit at 50, defaults it to 20, and rejects malformed params with 10400 (POST and GET)', async () => {
    expect((await data(FeedPage, FEED_PATHS.recommend, { limit: 500 })).items).toHaveLength(50);
    expect((await data(FeedPage, FEED_PATHS.recommend, {})).items).toHaveLength(20);
    for (const body of [
      { limit: 0 },
      { offset: -1 },
      { offset: 1.5 },
      { order_by: 'best' },
      { timeType: 'year' },
      { order_by_time: 'year_hot' },
      { artwork_types: [3] },
      { model_types: ['Nope'] },
      { run_available: 'yes' },
      'not json',
      [1, 2],
    ])
      expect(await code(FEED_PATHS.model, body), JSON.stringify(body)).toBe(10400);
    for (const query of [
      'limit=abc',
      'offset=-1',
      'order_by=best',
      'model_types=Nope',
      'run_available=maybe',
      'timeType=all&timeType=day',
    ])
      expect((await getJson(`${FEED_PATHS.model}?${query}`)).status.code, query).toBe(10400);
  });
});

describe('search by tab (spec §2 search tabs: works 1, models 2, posts 4, tags 6, users 8, characters 9, workflow 13, apps 14, video 15, audio 16)', () => {
  it('finds content of each content tab by title, description or tag, and nothing of other types', async () => {
    for (const [tab, kinds] of Object.entries(SEARCH_TAB_CARD_TYPES)) {
      const titled = await one<{ title: string }>(
        `SELECT title FROM content_items WHERE kind = $1 ORDER BY id LIMIT 1`,
        [kinds[0]],
      );
      const word = titled.title.split(' ')[1]!;
      const r = await data(SearchResponse, '/api/v1/square/search', {
        keyword: word.toLowerCase(),
        tab: Number(tab),
      });
      expect(r.result_type).toBe('content');
      expect(r.items.length, `${tab} ${word}`).toBeGreaterThan(0);
      for (const item of r.items as ContentItem[])
        expect(kinds as readonly string[]).toContain(item.card_type);
    }
    const byTag = await data(SearchResponse, '/api/v1/square/search', {
      keyword: 'cyberpunk',
      tab: 1,
      limit: 50,
    });
    expect((byTag.items as ContentItem[]).some((i) => i.tags.some((tg) => tg.name === 'cyberpunk'))).toBe(
      true,
    );
  });

  it('pages search results without repeats', async () => {
    const seen = new Set<string>();
    let offset = 0;
    for (;;) {
      const r = await data(SearchResponse, '/api/v1/square/search', {
        keyword: 'a',
        tab: 2,
        offset,
        limit: 7,
      });
      for (const i of r.items) {
        expect(seen.has(i.id)).toBe(false);
        seen.add(i.id);
      }
      offset = r.offset;
      if (!r.has_more) break;
    }
    expect(seen.size).toBe(
      Number(
        (
          await one<{ n: number }>(
            "SELECT count(*) AS n FROM content_items WHERE kind = 'model' AND (title ILIKE '%a%' OR description ILIKE '%a%' OR EXISTS (SELECT 1 FROM content_tags ct JOIN tags t ON t.id = ct.tag_id WHERE ct.item_id = content_items.id AND t.name ILIKE '%a%'))",
          )
        ).n,
      ),
    );
  });

  it('answers tags for tab 6 and users for tab 8, and treats % and _ literally', async () => {
    const tags = await data(SearchResponse, '/api/v1/square/search', { keyword: 'art', tab: 6 });
    expect(tags.result_type).toBe('tag');
    expect(tags.items.map((i) => (i as { name: string }).name)).toEqual(
      expect.arrayContaining(['pixel art', 'concept art']),
    );
    const users = await data(SearchResponse, '/api/v1/square/search', { keyword: 'mira', tab: 8 }, demo);
    expect(users.result_type).toBe('user');
    expect(users.items).toEqual([
      {
        id: 'author-01',
        name: 'Mira Sol',
        avatar: '/blobs/community/avatars/author-01.png',
        is_follow: true,
        num_of_followers: expect.any(Number),
        num_of_works: expect.any(Number),
        avatar_frame: null,
      },
    ]);
    expect(
      (await data(SearchResponse, '/api/v1/square/search', { keyword: '%', tab: 1 })).items,
    ).toHaveLength(0);
    expect(
      (await data(SearchResponse, '/api/v1/square/search', { keyword: '_', tab: 6 })).items,
    ).toHaveLength(0);
  });

  it('rejects an unknown tab or an empty keyword with 10400', async () => {
    for (const body of [
      { keyword: 'x', tab: 3 },
      { keyword: '   ', tab: 1 },
      { tab: 1 },
      { keyword: 'x', tab: '1' },
      { keyword: 'x'.repeat(101), tab: 1 },
    ])
      expect(await code('/api/v1/square/search', body), JSON.stringify(body)).toBe(10400);
  });
});

describe('tags (spec §7 tag suggest, v2/hot, detail, {kind}/tag/edit)', () => {
  it('suggests tags by prefix, lists hot tags by heat, and details a tag', async () => {
    const suggest = await data(TagListResponse, '/api/v1/tag/suggest', { prefix: 'Po' });
    expect(suggest.items.map((i) => i.name).sort()).toEqual(['portrait', 'poster']);
    const hotTags = await data(TagListResponse, '/api/v1/tag/v2/hot', { limit: 5 });
    expect(hotTags.items).toHaveLength(5);
    expect(hotTags.items.every((i) => i.num_of_items > 0 && i.cover !== null)).toBe(true);
    const detail = await data(TagDetail, '/api/v1/tag/detail', { id: 'tag-ocean' });
    expect(detail.name).toBe('ocean');
    expect(detail.num_of_items).toBe(
      Number(
        (await one<{ n: number }>("SELECT count(*) AS n FROM content_tags WHERE tag_id = 'tag-ocean'")).n,
      ),
    );
  });

  it('suggests people and works by the prefix of their name or title too, at most `limit` of each (issue 21)', async () => {
    const work = await one<{ title: string }>(
      "SELECT title FROM content_items WHERE kind = 'artwork' ORDER BY id LIMIT 1",
    );
    const prefix = work.title.slice(0, 4);
    const answer = await data(TagSuggestResponse, '/api/v1/tag/suggest', { prefix, limit: 3 });
    expect(answer.works?.length).toBeGreaterThan(0);
    expect(answer.works?.length).toBeLessThanOrEqual(3);
    for (const w of answer.works ?? [])
      expect(w.title.toLowerCase().startsWith(prefix.toLowerCase())).toBe(true);
    const people = await data(TagSuggestResponse, '/api/v1/tag/suggest', { prefix: ' demo ' });
    expect(people.users?.map((u) => u.name)).toContain('Demo Creator');
    // A pattern's wildcards are literal: "%" names nothing rather than everything.
    const wild = await data(TagSuggestResponse, '/api/v1/tag/suggest', { prefix: '%_' });
    expect([...wild.items, ...(wild.users ?? []), ...(wild.works ?? [])]).toEqual([]);
  });

  it('refuses a hostile suggest prefix with 10400, never 500', async () => {
    for (const body of [
      { prefix: '   ' },
      { prefix: 'a\u0000b' },
      { prefix: 'ab\u001b[2J' },
      { prefix: 'x'.repeat(33) },
      { prefix: 42 },
      { prefix: ['ab'] },
      { prefix: 'ab', limit: -1 },
      { prefix: 'ab', limit: 'all' },
      {},
    ])
      expect(await code('/api/v1/tag/suggest', body), JSON.stringify(body)).toBe(10400);
  });

  it('answers 10404 for an unknown tag and 10400 for malformed bodies', async () => {
    expect(await code('/api/v1/tag/detail', { id: 'tag-nope' })).toBe(10404);
    expect(await code('/api/v1/tag/detail', {})).toBe(10400);
    expect(await code('/api/v1/tag/suggest', { prefix: '' })).toBe(10400);
    expect(await code('/api/v1/tag/v2/hot', { limit: -3 })).toBe(10400);
  });

  it("lets the owner replace an item's tags, creating new ones; nobody else may (10403), guests log in (20000)", async () => {
    const edited = await data(
      TagEditResponse,
      '/api/v1/artwork/tag/edit',
      { id: 'art-001', tags: ['Harbour Lights', 'landscape', 'harbour lights'] },
      demo,
    );
    expect(edited.tags.map((tg) => tg.name)).toEqual(['Harbour Lights', 'landscape']);
    expect(
      (await data(TagListResponse, '/api/v1/tag/suggest', { prefix: 'harb' })).items.map((i) => i.name),
    ).toEqual(['Harbour Lights']);
    const detail = await data(ItemDetail, '/api/v1/square/item/detail', { id: 'art-001' });
    expect(detail.tags.map((tg) => tg.name)).toEqual(['Harbour Lights', 'landscape']);
    const model = await call('/api/v1/model/tag/edit', { id: 'mdl-001', tags: ['flux'] }, demo);
    expect(model.status.code).toBe(10000);

    const before = detail.tags;
    expect(await code('/api/v1/artwork/tag/edit', { id: 'art-001', tags: ['mine now'] }, alice)).toBe(10403);
    expect(await code('/api/v1/artwork/tag/edit', { id: 'art-001', tags: ['mine now'] })).toBe(20000);
    expect(await code('/api/v1/model/tag/edit', { id: 'art-001', tags: ['x'] }, demo)).toBe(10404);
    expect(await code('/api/v1/artwork/tag/edit', { id: 'art-999', tags: ['x'] }, demo)).toBe(10404);
    for (const body of [
      { id: 'art-001', tags: ['<script>'] },
      { id: 'art-001', tags: Array.from({ length: 11 }, (_, i) => `t${i}`) },
      { id: 'art-001' },
      { id: 'art-001', tags: ['x'.repeat(33)] },
    ])
      expect(await code('/api/v1/artwork/tag/edit', body, demo)).toBe(10400);
    expect((await data(ItemDetail, '/api/v1/square/item/detail', { id: 'art-001' })).tags).toEqual(before);
    expect((await data(TagListResponse, '/api/v1/tag/suggest', { prefix: 'mine' })).items).toHaveLength(0);
    for (const [kind, id] of [
      ['portfolio', 'pf-001'],
      ['lookbook', 'lb-001'],
      ['ai-video', 'vid-001'],
    ] as const)
      expect(await code(`/api/v1/${kind}/tag/edit`, { id, tags: ['x'] }, alice), kind).toBe(10403);
  });
});

describe('models (spec §7 /api/v1/square/model/list; model detail, §3 model card)', () => {
  it('lists model cards (content_type, content_sub_type, child versions) with filters and keyword, paged without repeats', async () => {
    const seen = new Set<string>();
    let offset = 0;
    for (;;) {
      const page = await data(ModelListResponse, '/api/v1/square/model/list', { offset, limit: 9 });
      for (const card of page.items) {
        expect(seen.has(card.id)).toBe(false);
        seen.add(card.id);
        expect(MODEL_TYPES).toContain(card.content_type);
        expect(card.child.length).toBeGreaterThan(0);
        expect(card.child[0]!.id).toMatch(new RegExp(`^${card.id}-v1$`));
      }
      offset = page.offset;
      if (!page.has_more) break;
    }
    expect(seen.size).toBe(await countKinds(['model'], null));
    const vae = await data(ModelListResponse, '/api/v1/square/model/list', {
      model_types: ['VAE'],
      base_models: [
        'SD 1.x',
        'SDXL',
        'Flux',
        'Wan',
        'Pony',
        'SD 3',
        'SD 3.5',
        'SD 2.x',
        'Illustrious',
        'NoobAI',
        'Hunyuan',
      ],
    });
    expect(vae.items.length).toBeGreaterThan(0);
    expect(vae.items.every((c) => c.content_type === 'VAE')).toBe(true);
    const kw = await data(ModelListResponse, '/api/v1/square/model/list', { keyword: 'lora' });
    expect(kw.items.every((c) => c.title.toLowerCase().includes('lora'))).toBe(true);
    expect(await code('/api/v1/square/model/list', { model_types: ['SDXL'] })).toBe(10400);
  });

  it('details a model with versions and trigger words; other ids are 10404', async () => {
    const m = await data(ModelDetail, '/api/v1/model/detail', { id: 'mdl-005' });
    expect(m.card_type).toBe('model');
    expect(m.versions.length).toBeGreaterThan(0);
    expect(m.trigger_words.length).toBeGreaterThan(0);
    expect(m.description.length).toBeGreaterThan(0);
    expect(await code('/api/v1/model/detail', { id: 'art-005' })).toBe(10404);
    expect(await code('/api/v1/model/detail', { id: 'mdl-999' })).toBe(10404);
    expect(await code('/api/v1/model/detail', { id: 5 })).toBe(10400);
    expect(await code('/api/v1/square/item/detail', { id: 'nope' })).toBe(10404);
  });
});

describe('posts with rich text (spec §7 post/article/detail with ss, §5 rich text sanitised)', () => {
  it('details a seeded post with its sanitised HTML body, with or without ss', async () => {
    const p = await data(PostDetail, '/api/v1/post/article/detail', { id: 'pst-002', ss: 'share-1' });
    expect(p.content).toContain('<ol>');
    expect(p.content).toContain('target="_blank"');
    expect(p.content).not.toMatch(/<script|javascript:/i);
    expect(p.summary!.length).toBeGreaterThan(0);
    expect((await data(PostDetail, '/api/v1/post/article/detail', { id: 'pst-002' })).content).toBe(
      p.content,
    );
    expect(await code('/api/v1/post/article/detail', { id: 'art-002' })).toBe(10404);
    expect(await code('/api/v1/post/article/detail', { id: 'pst-002', ss: 3 })).toBe(10400);
  });

  it('creates a post whose HTML is stripped to the allow-list; it leads the post tab by new', async () => {
    const created = await data(
      PostCreateResponse,
      '/api/v1/post/article/create',
      {
        title: 'My first guide',
        content:
          '<p onclick="x()">Hello <b>square</b></p><script>alert(1)</script><a href="javascript:alert(1)">bad</a><a href="https://example.com">good</a><img src="data:image/png;base64,AA" onerror="x()">',
        sub_channel: 'tutorial',
        tags: ['guides'],
      },
      alice,
    );
    const post = await data(PostDetail, '/api/v1/post/article/detail', { id: created.id });
    expect(post.content).toBe(
      '<p>Hello <b>square</b></p><a>bad</a><a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">good</a><img>',
    );
    expect(post.author.id).toBe('alice');
    expect(post.tags.map((tg) => tg.name)).toEqual(['guides']);
    expect(post.summary).toBe('Hello square badgood');
    const newest = await data(FeedPage, FEED_PATHS.post, { order_by: 'new', limit: 1 });
    expect(newest.items[0]!.id).toBe(created.id);
  });

  it('refuses guests (20000), malformed bodies and posts empty once sanitised (10400), creating nothing', async () => {
    const before = await countKinds(['post'], null);
    expect(await code('/api/v1/post/article/create', { title: 'x', content: '<p>x</p>' })).toBe(20000);
    for (const body of [
      { title: '', content: '<p>x</p>' },
      { title: 'x' },
      { title: 'x', content: '<script>alert(1)</script>' },
      { title: 'x', content: '<p> </p>' },
      { title: 'x'.repeat(101), content: 'y' },
    ])
      expect(await code('/api/v1/post/article/create', body, alice), JSON.stringify(body)).toBe(10400);
    expect(await countKinds(['post'], null)).toBe(before);
  });
});

describe('collections with folders (spec §7 collect-v2 add/remove, batch un-collect, move; §4 collect; §8 40020)', () => {
  it('adds to a lazily created default folder, answers data.id, bumps the count once and notifies the author', async () => {
    expect(
      Number(
        (await one<{ n: number }>("SELECT count(*) AS n FROM collect_folders WHERE account_id = 'bob'")).n,
      ),
    ).toBe(0);
    const count = await collectsOf('art-002');
    const unread = await data(UnreadCounts, '/api/v1/message/unread-count', {}, demo);
    const added = await data(CollectAddResponse, '/api/v1/collect-v2/add', { artwork_no: 'art-002' }, bob);
    expect(added.collection_name).toBe('Default');
    expect(added.num_of_collection).toBe(count + 1);
    expect(await collectsOf('art-002')).toBe(count + 1);
    const folders = await data(FolderListResponse, '/api/v1/collect-v2/folder/list', {}, bob);
    expect(folders.items).toEqual([
      expect.objectContaining({ collection_id: added.collection_id, is_default: true, num_of_items: 1 }),
    ]);
    const item = await data(ItemDetail, '/api/v1/square/item/detail', { id: 'art-002' }, bob);
    expect(item.collect).toEqual({
      id: added.id,
      collection_id: added.collection_id,
      collection_name: 'Default',
    });
    const after = await data(UnreadCounts, '/api/v1/message/unread-count', {}, demo);
    expect(after.likeCol).toBe(unread.likeCol + 1);
    // Collecting again into another folder moves it: same id, same count.
    const folder = await data(CollectFolder, '/api/v1/collect-v2/folder/create', { name: 'Refs' }, bob);
    const again = await data(
      CollectAddResponse,
      '/api/v1/collect-v2/add',
      { collection_no: folder.collection_id, artwork_no: 'art-002' },
      bob,
    );
    expect(again.id).toBe(added.id);
    expect(again.collection_id).toBe(folder.collection_id);
    expect(await collectsOf('art-002')).toBe(count + 1);
    expect((await data(UnreadCounts, '/api/v1/message/unread-count', {}, demo)).likeCol).toBe(after.likeCol);
  });

  it('collects every kind through its own key and refuses the wrong key (10404)', async () => {
    const keys = {
      art_model_no: 'mdl-002',
      post_no: 'pst-003',
      tpl_no: 'dt-001',
      comfy_ui_no: 'wf-001',
      character_no: 'chr-001',
      video_no: 'vid-002',
      timbre_no: 'aud-001',
      ebook_no: 'ebk-001',
    };
    for (const [key, id] of Object.entries(keys))
      expect(await code('/api/v1/collect-v2/add', { [key]: id }, bob), key).toBe(10000);
    expect(await code('/api/v1/collect-v2/add', { tpl_no: 'lora-001' }, bob)).toBe(10000);
    expect(await code('/api/v1/collect-v2/add', { comfy_ui_no: 'app-001' }, bob)).toBe(10000);
    const count = await collectsOf('art-003');
    expect(await code('/api/v1/collect-v2/add', { art_model_no: 'art-003' }, bob)).toBe(10404);
    expect(await code('/api/v1/collect-v2/add', { artwork_no: 'nope' }, bob)).toBe(10404);
    expect(await collectsOf('art-003')).toBe(count);
  });

  it('needs exactly one item key and a folder of ones own; guests log in; nothing changes on refusal', async () => {
    const count = await collectsOf('art-004');
    const rows = Number((await one<{ n: number }>('SELECT count(*) AS n FROM collects')).n);
    expect(await code('/api/v1/collect-v2/add', {}, bob)).toBe(10400);
    expect(await code('/api/v1/collect-v2/add', { artwork_no: 'art-004', post_no: 'pst-001' }, bob)).toBe(
      10400,
    );
    expect(await code('/api/v1/collect-v2/add', { artwork_no: 5 }, bob)).toBe(10400);
    expect(
      await code(
        '/api/v1/collect-v2/add',
        { artwork_no: 'art-004', collection_no: 'f-demo-inspiration' },
        bob,
      ),
    ).toBe(10404);
    expect(await code('/api/v1/collect-v2/add', { artwork_no: 'art-004' })).toBe(20000);
    expect(await collectsOf('art-004')).toBe(count);
    expect(Number((await one<{ n: number }>('SELECT count(*) AS n FROM collects')).n)).toBe(rows);
  });

  it("removes by id, once; another account cannot remove someone's collection (10404, still collected)", async () => {
    const added = await data(CollectAddResponse, '/api/v1/collect-v2/add', { artwork_no: 'art-005' }, bob);
    const count = await collectsOf('art-005');
    expect(await code('/api/v1/collect-v2/remove', { id: added.id }, alice)).toBe(10404);
    expect(await code('/api/v1/collect-v2/remove', { id: added.id })).toBe(20000);
    expect(await code('/api/v1/collect-v2/remove', {}, bob)).toBe(10400);
    expect(await collectsOf('art-005')).toBe(count);
    const removed = await call('/api/v1/collect-v2/remove', { id: added.id }, bob);
    expect(removed.data).toEqual({ id: added.id, item_id: 'art-005', num_of_collection: count - 1 });
    expect(await code('/api/v1/collect-v2/remove', { id: added.id }, bob)).toBe(10404);
    expect(await collectsOf('art-005')).toBe(count - 1);
  });

  it("batch un-collects the caller's ids of one category; over 100 ids is 40020 with nothing removed", async () => {
    const a = await data(CollectAddResponse, '/api/v1/collect-v2/add', { artwork_no: 'art-006' }, alice);
    const b = await data(CollectAddResponse, '/api/v1/collect-v2/add', { artwork_no: 'art-007' }, alice);
    const m = await data(CollectAddResponse, '/api/v1/collect-v2/add', { art_model_no: 'mdl-003' }, alice);
    const bobs = await data(CollectAddResponse, '/api/v1/collect-v2/add', { artwork_no: 'art-008' }, bob);
    const tooMany = [a.id, ...Array.from({ length: 100 }, (_, i) => `x-${i}`)];
    expect(await code('/api/v1/collect-v2/batch-remove', { ids: tooMany, category: 'artwork' }, alice)).toBe(
      40020,
    );
    expect(await code('/api/v1/collect-v2/batch-remove', { ids: [], category: 'artwork' }, alice)).toBe(
      10400,
    );
    expect(await code('/api/v1/collect-v2/batch-remove', { ids: [a.id], category: 'pictures' }, alice)).toBe(
      10400,
    );
    expect(await code('/api/v1/collect-v2/batch-remove', { ids: [a.id], category: 'artwork' })).toBe(20000);
    const counts = [
      await collectsOf('art-006'),
      await collectsOf('art-007'),
      await collectsOf('mdl-003'),
      await collectsOf('art-008'),
    ];
    const r = await call(
      '/api/v1/collect-v2/batch-remove',
      { ids: [a.id, b.id, m.id, bobs.id], category: 'artwork' },
      alice,
    );
    expect(r.data).toEqual({ removed: 2 });
    expect([
      await collectsOf('art-006'),
      await collectsOf('art-007'),
      await collectsOf('mdl-003'),
      await collectsOf('art-008'),
    ]).toEqual([counts[0]! - 1, counts[1]! - 1, counts[2], counts[3]]);
    const left = await q<{ id: string }>(
      "SELECT id FROM collects WHERE account_id IN ('alice', 'bob') AND id IN ($1, $2, $3, $4)",
      [a.id, b.id, m.id, bobs.id],
    );
    expect(left.map((x) => x.id).sort()).toEqual([m.id, bobs.id].sort());
  });

  it("moves the caller's collections of one category into one of its folders, lists folders and folder contents", async () => {
    const x = await data(CollectAddResponse, '/api/v1/collect-v2/add', { artwork_no: 'art-011' }, alice);
    const y = await data(CollectAddResponse, '/api/v1/collect-v2/add', { video_no: 'vid-011' }, alice);
    const folder = await data(
      CollectFolder,
      '/api/v1/collect-v2/folder/create',
      { name: 'Moodboard' },
      alice,
    );
    expect(
      (await data(CollectFolder, '/api/v1/collect-v2/folder/create', { name: ' moodboard ' }, alice))
        .collection_id,
    ).toBe(folder.collection_id);
    expect(
      await code(
        '/api/v1/collect-v2/move',
        { folder_no: 'f-demo-inspiration', ids: [x.id], category: 'artwork' },
        alice,
      ),
    ).toBe(10404);
    expect(
      await code(
        '/api/v1/collect-v2/move',
        { folder_no: folder.collection_id, ids: [x.id], category: 'artwork' },
        bob,
      ),
    ).toBe(10404);
    expect(
      await code(
        '/api/v1/collect-v2/move',
        { folder_no: folder.collection_id, ids: [], category: 'artwork' },
        alice,
      ),
    ).toBe(10400);
    const moved = await call(
      '/api/v1/collect-v2/move',
      { folder_no: folder.collection_id, ids: [x.id, y.id], category: 'artwork' },
      alice,
    );
    expect(moved.data).toEqual({ moved: 1 });
    const inFolder = await data(
      FeedPage,
      '/api/v1/collect-v2/list',
      { folder_no: folder.collection_id },
      alice,
    );
    expect(inFolder.items.map((i) => i.id)).toEqual(['art-011']);
    expect(inFolder.items[0]!.collect).toEqual({
      id: x.id,
      collection_id: folder.collection_id,
      collection_name: 'Moodboard',
    });
    const videos = await data(FeedPage, '/api/v1/collect-v2/list', { category: 'video' }, alice);
    expect(videos.items.map((i) => i.id)).toEqual(['vid-011']);
    const folders = await data(FolderListResponse, '/api/v1/collect-v2/folder/list', {}, alice);
    expect(folders.items[0]!.is_default).toBe(true);
    expect(folders.items.find((f) => f.collection_id === folder.collection_id)!.num_of_items).toBe(1);
    expect(await code('/api/v1/collect-v2/list', { folder_no: folder.collection_id }, bob)).toBe(10404);
    expect(await code('/api/v1/collect-v2/folder/create', { name: '   ' }, alice)).toBe(10400);
    expect(await code('/api/v1/collect-v2/folder/create', { name: 'x' })).toBe(20000);
    expect(await code('/api/v1/collect-v2/folder/list', {})).toBe(20000);
  });

  it('shows the demo its seeded folders and collections', async () => {
    const folders = await data(FolderListResponse, '/api/v1/collect-v2/folder/list', {}, demo);
    expect(folders.items.map((f) => [f.collection_name, f.num_of_items])).toEqual([
      ['Default', 3],
      ['Inspiration', 2],
    ]);
    const all = await data(FeedPage, '/api/v1/collect-v2/list', {}, demo);
    expect(all.items.map((i) => i.id).sort()).toEqual([
      'art-010',
      'art-020',
      'mdl-010',
      'pst-010',
      'vid-010',
    ]);
  });
});

describe('follow and unfollow (spec §7 follow_account_no, §4 follow toggles is_follow)', () => {
  it('follows once (idempotent), notifies the followed account once, and unfollows', async () => {
    const first = await call('/api/v1/account/follow', { follow_account_no: 'alice' }, bob);
    expect(first.data).toEqual({ account_id: 'alice', is_follow: true, num_of_followers: 1 });
    expect(
      (await data(FollowResponse, '/api/v1/account/follow', { follow_account_no: 'alice' }, bob))
        .num_of_followers,
    ).toBe(1);
    const notices = await data(NoticeListResponse, '/api/v1/message/notice/list', { type: 'fol' }, alice);
    expect(notices.items).toHaveLength(1);
    expect(notices.items[0]).toMatchObject({
      action: 'follow',
      actor: { id: 'bob', name: 'Bob' },
      is_read: false,
    });
    expect((await call('/api/v1/account/unfollow', { follow_account_no: 'alice' }, bob)).data).toEqual({
      account_id: 'alice',
      is_follow: false,
      num_of_followers: 0,
    });
    await call('/api/v1/account/follow', { follow_account_no: 'alice' }, bob);
    expect(
      (await data(NoticeListResponse, '/api/v1/message/notice/list', { type: 'fol' }, alice)).items,
    ).toHaveLength(1);
    const feed = await data(ItemDetail, '/api/v1/square/item/detail', { id: 'art-012' }, bob);
    const author = feed.author.id;
    await call('/api/v1/account/follow', { follow_account_no: author }, bob);
    expect(
      (await data(ItemDetail, '/api/v1/square/item/detail', { id: 'art-012' }, bob)).author.is_follow,
    ).toBe(true);
    expect(
      (await data(ItemDetail, '/api/v1/square/item/detail', { id: 'art-012' }, alice)).author.is_follow,
    ).toBe(false);
  });

  it('refuses following yourself (10400), unknown accounts (20001), guests (20000) and malformed bodies (10400)', async () => {
    const rows = Number((await one<{ n: number }>('SELECT count(*) AS n FROM follows')).n);
    expect(await code('/api/v1/account/follow', { follow_account_no: 'bob' }, bob)).toBe(10400);
    expect(await code('/api/v1/account/follow', { follow_account_no: 'ghost' }, bob)).toBe(20001);
    expect(await code('/api/v1/account/follow', { follow_account_no: 'alice' })).toBe(20000);
    expect(await code('/api/v1/account/follow', {}, bob)).toBe(10400);
    expect(await code('/api/v1/account/unfollow', { follow_account_no: 7 }, bob)).toBe(10400);
    expect(Number((await one<{ n: number }>('SELECT count(*) AS n FROM follows')).n)).toBe(rows);
  });
});

describe('likes through behaviour log items (spec §7 like/dislike via behavior log, §4 like toggles and counts by one)', () => {
  const log = (items: unknown[], token?: string | null) => call('/api/v1/behavior/log', { items }, token);
  const liked = (items: unknown[], token: string) =>
    data(BehaviorLogResponse, '/api/v1/behavior/log', { items }, token);

  it('likes idempotently per account and item, dislikes back, and shows liked to the liker only', async () => {
    const base = await likesOf('chr-002');
    const first = await liked([{ event_name: 'like', obj_id: 'chr-002', obj_type: 9 }], alice);
    expect(first.likes).toEqual([{ obj_id: 'chr-002', obj_type: 9, liked: true, num_of_like: base + 1 }]);
    await log(
      [
        { event_name: 'like', obj_id: 'chr-002', obj_type: 9 },
        { event_name: 'like', obj_id: 'chr-002', obj_type: 9 },
      ],
      alice,
    );
    expect(await likesOf('chr-002')).toBe(base + 1);
    expect((await data(ItemDetail, '/api/v1/square/item/detail', { id: 'chr-002' }, alice)).liked).toBe(true);
    expect((await data(ItemDetail, '/api/v1/square/item/detail', { id: 'chr-002' }, bob)).liked).toBe(false);
    expect(
      (await data(ItemDetail, '/api/v1/square/item/detail', { id: 'chr-002' }, alice)).stat.num_of_like,
    ).toBe(base + 1);
    const second = await liked([{ event_name: 'like', obj_id: 'chr-002', obj_type: 9 }], bob);
    expect(second.likes[0]!.num_of_like).toBe(base + 2);
    const undo = await liked([{ event_name: 'dislike', obj_id: 'chr-002', obj_type: 9 }], alice);
    expect(undo.likes[0]).toEqual({ obj_id: 'chr-002', obj_type: 9, liked: false, num_of_like: base + 1 });
    await log([{ event_name: 'dislike', obj_id: 'chr-002', obj_type: 9 }], alice);
    expect(await likesOf('chr-002')).toBe(base + 1);
  });

  it('counts parallel likes of one account once', async () => {
    const base = await likesOf('ebk-002');
    const results = await Promise.all(
      Array.from({ length: 6 }, () => log([{ event_name: 'like', obj_id: 'ebk-002', obj_type: 21 }], bob)),
    );
    expect(results.every((r) => r.status.code === 10000)).toBe(true);
    expect(await likesOf('ebk-002')).toBe(base + 1);
  });

  it('notifies the author once per liker, never for liking your own work', async () => {
    const before = await data(UnreadCounts, '/api/v1/message/unread-count', {}, demo);
    await log([{ event_name: 'like', obj_id: 'art-003', obj_type: 1 }], alice);
    await log([{ event_name: 'dislike', obj_id: 'art-003', obj_type: 1 }], alice);
    await log([{ event_name: 'like', obj_id: 'art-003', obj_type: 1 }], alice);
    await log([{ event_name: 'like', obj_id: 'art-003', obj_type: 1 }], demo);
    const after = await data(UnreadCounts, '/api/v1/message/unread-count', {}, demo);
    expect(after.likeCol).toBe(before.likeCol + 1);
    const list = await data(
      NoticeListResponse,
      '/api/v1/message/notice/list',
      { type: 'likeCol', limit: 1 },
      demo,
    );
    expect(list.items[0]).toMatchObject({
      action: 'like',
      obj_id: 'art-003',
      obj_type: 1,
      actor: { id: 'alice' },
    });
    expect(list.items[0]!.cover!.url).toBe('/blobs/community/covers/art-003.png');
  });

  it('rolls back the whole batch on an unknown item or a wrong obj_type (10404)', async () => {
    const base = await likesOf('aud-002');
    const r = await log(
      [
        { event_name: 'like', obj_id: 'aud-002', obj_type: 16 },
        { event_name: 'like', obj_id: 'nope-1', obj_type: 1 },
      ],
      alice,
    );
    expect(r.status.code).toBe(10404);
    expect(await likesOf('aud-002')).toBe(base);
    expect((await log([{ event_name: 'like', obj_id: 'aud-002', obj_type: 1 }], alice)).status.code).toBe(
      10404,
    );
    expect(await likesOf('aud-002')).toBe(base);
  });

  it('needs an account for likes (20000) but accepts other events from guests; rejects malformed batches (10400)', async () => {
    const base = await likesOf('aud-003');
    expect((await log([{ event_name: 'like', obj_id: 'aud-003', obj_type: 16 }])).status.code).toBe(20000);
    const view = await log([{ event_name: 'view', obj_id: 'aud-003', obj_type: 16 }]);
    expect(view.data).toEqual({ accepted: 1, likes: [] });
    for (const items of [
      [],
      [{ event_name: 'like', obj_type: 16 }],
      [{ event_name: 'like', obj_id: 'aud-003' }],
      [{ obj_id: 'aud-003' }],
      Array.from({ length: 51 }, () => ({ event_name: 'view' })),
    ])
      expect((await log(items, alice)).status.code, JSON.stringify(items).slice(0, 60)).toBe(10400);
    expect(await code('/api/v1/behavior/log', { items: 'like' }, alice)).toBe(10400);
    expect(await likesOf('aud-003')).toBe(base);
  });
});

describe('report and resource appeal (spec §7 report artwork (id, obj_type); resource appeal (remark))', () => {
  it('stores a report once per reporter, from accounts and from guests with a device id', async () => {
    const r = await data(
      ReceiptResponse,
      '/api/v1/report/artwork',
      { id: 'art-013', obj_type: 1, reason: 'spam' },
      alice,
    );
    expect(
      (await data(ReceiptResponse, '/api/v1/report/artwork', { id: 'art-013', obj_type: 1 }, alice)).id,
    ).toBe(r.id);
    const guest = await call('/api/v1/report/artwork', { id: 'art-013', obj_type: 1 }, null, {
      'x-device-id': 'guest-reporter-1',
    });
    expect(guest.status.code).toBe(10000);
    const rows = await q<{ account_id: string | null; device_id: string | null; reason: string }>(
      "SELECT account_id, device_id, reason FROM content_reports WHERE item_id = 'art-013' ORDER BY created_at, id",
    );
    expect(rows).toHaveLength(2);
    expect(rows.find((x) => x.account_id === 'alice')!.reason).toBe('spam');
    expect(rows.some((x) => x.account_id === null && x.device_id === 'guest-reporter-1')).toBe(true);
  });

  it('keeps the reason picked from the fixed list; any other reason is 10400 and stores nothing', async () => {
    const before = Number((await one<{ n: number }>('SELECT count(*) AS n FROM content_reports')).n);
    for (const reason of ['I do not like it', 'SPAM', '', 42, null, 'spam '])
      expect(
        await code('/api/v1/report/artwork', { id: 'art-014', obj_type: 1, reason }, bob),
        JSON.stringify(reason),
      ).toBe(10400);
    expect(Number((await one<{ n: number }>('SELECT count(*) AS n FROM content_reports')).n)).toBe(before);
    const r = await data(
      ReceiptResponse,
      '/api/v1/report/artwork',
      { id: 'art-014', obj_type: 1, reason: 'copyright' },
      bob,
    );
    const stored = await one<{ reason: string }>('SELECT reason FROM content_reports WHERE id = $1', [r.id]);
    expect(stored.reason).toBe('copyright');
  });

  it('refuses unknown items (10404), bad obj_types (10400) and guests without a device (20000)', async () => {
    const rows = Number((await one<{ n: number }>('SELECT count(*) AS n FROM content_reports')).n);
    expect(await code('/api/v1/report/artwork', { id: 'nope', obj_type: 1 }, alice)).toBe(10404);
    expect(await code('/api/v1/report/artwork', { id: 'art-013', obj_type: 2 }, bob)).toBe(10404);
    expect(await code('/api/v1/report/artwork', { id: 'art-013', obj_type: 7 }, bob)).toBe(10400);
    expect(
      await code('/api/v1/report/artwork', { id: 'art-013', obj_type: 1 }, null, { 'x-device-id': '' }),
    ).toBe(20000);
    expect(Number((await one<{ n: number }>('SELECT count(*) AS n FROM content_reports')).n)).toBe(rows);
  });

  it('stores an appeal with its remark; about an item only by its owner (10403); guests log in; empty remarks are 10400', async () => {
    const a = await data(
      ReceiptResponse,
      '/api/v1/report/appeal',
      { remark: 'My post was hidden by mistake.' },
      alice,
    );
    const own = await call(
      '/api/v1/report/appeal',
      { remark: 'Please restore', obj_id: 'art-001', obj_type: 1 },
      demo,
    );
    expect(own.status.code).toBe(10000);
    const rows = Number((await one<{ n: number }>('SELECT count(*) AS n FROM resource_appeals')).n);
    expect(rows).toBe(2);
    expect(
      await code('/api/v1/report/appeal', { remark: 'mine', obj_id: 'art-001', obj_type: 1 }, alice),
    ).toBe(10403);
    expect(await code('/api/v1/report/appeal', { remark: 'mine', obj_id: 'nope' }, alice)).toBe(10404);
    expect(await code('/api/v1/report/appeal', { remark: 'x' })).toBe(20000);
    expect(await code('/api/v1/report/appeal', { remark: '  ' }, alice)).toBe(10400);
    expect(Number((await one<{ n: number }>('SELECT count(*) AS n FROM resource_appeals')).n)).toBe(rows);
    const stored = await one<{ remark: string; account_id: string }>(
      'SELECT remark, account_id FROM resource_appeals WHERE id = $1',
      [a.id],
    );
    expect(stored).toEqual({ remark: 'My post was hidden by mistake.', account_id: 'alice' });
  });
});

describe('notices and unread counts (spec §3 unread counts likeCol/com/fol/sys/total, §4 marking read lowers the count and the total, read-all zeroes)', () => {
  it('has total = sum of the types, pages the notice list without repeats, and filters by type', async () => {
    const counts = await data(UnreadCounts, '/api/v1/message/unread-count', {}, demo);
    expect(counts.total).toBe(counts.likeCol + counts.com + counts.fol + counts.sys);
    expect(counts.com).toBe(2);
    expect(counts.sys).toBe(1);
    const seen: string[] = [];
    let offset = 0;
    for (;;) {
      const page = await data(NoticeListResponse, '/api/v1/message/notice/list', { offset, limit: 4 }, demo);
      seen.push(...page.items.map((n) => n.id));
      for (let k = 1; k < page.items.length; k++)
        expect(page.items[k - 1]!.create_at).toBeGreaterThanOrEqual(page.items[k]!.create_at);
      offset = page.offset;
      if (!page.has_more) break;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(
      Number((await one<{ n: number }>("SELECT count(*) AS n FROM notices WHERE account_id = 'demo'")).n),
    );
    const unreadInList = Number(
      (
        await one<{ n: number }>(
          "SELECT count(*) AS n FROM notices WHERE account_id = 'demo' AND NOT is_read",
        )
      ).n,
    );
    expect(unreadInList).toBe(counts.total);
    const sys = await data(NoticeListResponse, '/api/v1/message/notice/list', { type: 'sys' }, demo);
    expect(sys.items.every((n) => n.type === 'sys' && n.actor === null)).toBe(true);
    expect(sys.items.map((n) => n.title)).toContain('Welcome to Atelier');
  });

  it('reads one type (lowering it and the total), some notices by id, and nothing of another account', async () => {
    const before = await data(UnreadCounts, '/api/v1/message/unread-count', {}, demo);
    const com = await data(NoticeListResponse, '/api/v1/message/notice/list', { type: 'com' }, demo);
    const foreign = await data(
      UnreadCounts,
      '/api/v1/message/read',
      { type: 'com', ids: [com.items[0]!.id] },
      alice,
    );
    expect(foreign.total).toBe((await data(UnreadCounts, '/api/v1/message/unread-count', {}, alice)).total);
    expect((await data(UnreadCounts, '/api/v1/message/unread-count', {}, demo)).com).toBe(before.com);
    const one1 = await data(
      UnreadCounts,
      '/api/v1/message/read',
      { type: 'com', ids: [com.items[0]!.id] },
      demo,
    );
    expect(one1.com).toBe(before.com - 1);
    expect(one1.total).toBe(before.total - 1);
    const sys = await data(UnreadCounts, '/api/v1/message/read', { type: 'sys' }, demo);
    expect(sys.sys).toBe(0);
    expect(sys.total).toBe(sys.likeCol + sys.com + sys.fol);
    expect(sys.fol).toBe(before.fol);
    expect(await code('/api/v1/message/read', { type: 'comments' }, demo)).toBe(10400);
    expect(await code('/api/v1/message/read', {}, demo)).toBe(10400);
    expect(await code('/api/v1/message/read', { type: 'com', ids: [] }, demo)).toBe(10400);
    expect((await data(UnreadCounts, '/api/v1/message/unread-count', {}, demo)).total).toBe(sys.total);
  });

  it('read-all zeroes every count; a new like raises likeCol and total again', async () => {
    const zero = await data(UnreadCounts, '/api/v1/message/read-all', {}, demo);
    expect(zero).toEqual({ likeCol: 0, com: 0, fol: 0, sys: 0, total: 0 });
    expect(await data(UnreadCounts, '/api/v1/message/unread-count', {}, demo)).toEqual(zero);
    const list = await data(NoticeListResponse, '/api/v1/message/notice/list', { limit: 50 }, demo);
    expect(list.items.every((n) => n.is_read)).toBe(true);
    await call(
      '/api/v1/behavior/log',
      { items: [{ event_name: 'like', obj_id: 'mdl-001', obj_type: 2 }] },
      bob,
    );
    expect(await data(UnreadCounts, '/api/v1/message/unread-count', {}, demo)).toEqual({
      likeCol: 1,
      com: 0,
      fol: 0,
      sys: 0,
      total: 1,
    });
  });

  it('needs an account for every message call (20000) and rejects malformed paging (10400)', async () => {
    for (const path of [
      '/api/v1/message/notice/list',
      '/api/v1/message/unread-count',
      '/api/v1/message/read-all',
    ])
      expect(await code(path, {}), path).toBe(20000);
    expect(await code('/api/v1/message/read', { type: 'sys' })).toBe(20000);
    expect(await code('/api/v1/message/notice/list', { offset: -1 }, demo)).toBe(10400);
    expect(await code('/api/v1/message/notice/list', { type: 'all' }, demo)).toBe(10400);
  });
});

describe('covers and avatars (seed: generated PNGs, long side 256-384, deterministic by id, rendered on first GET)', () => {
  it('serves a PNG of the advertised size, the same bytes every time, and 404 for unknown ids', async () => {
    const item = (await data(ItemDetail, '/api/v1/square/item/detail', { id: 'vid-003' })).cover!;
    const first = await s.get(item.url);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await first.arrayBuffer());
    const png = PNG.sync.read(bytes);
    expect([png.width, png.height]).toEqual([item.width, item.height]);
    const again = Buffer.from(await (await s.get(item.url)).arrayBuffer());
    expect(again.equals(bytes)).toBe(true);
    const { renderImage } = await import('../../server/engines/image');
    const { hashString } = await import('../../server/engines/random');
    const row = await one<{ cover_prompt: string; cover_aspect: string; cover_long_side: number }>(
      "SELECT cover_prompt, cover_aspect, cover_long_side FROM content_items WHERE id = 'vid-003'",
    );
    expect(
      renderImage({
        prompt: row.cover_prompt,
        seed: hashString('vid-003'),
        aspectRatio: row.cover_aspect,
        longSide: row.cover_long_side,
      }).png.equals(bytes),
    ).toBe(true);
    const avatar = await s.get('/blobs/community/avatars/author-02.png');
    expect(avatar.status).toBe(200);
    expect(PNG.sync.read(Buffer.from(await avatar.arrayBuffer())).width).toBe(128);
    expect((await s.get('/blobs/community/covers/nope-404.png')).status).toBe(404);
    expect((await s.get('/blobs/community/covers/..%2Fsecret.png')).status).toBe(404);
    expect((await s.get('/blobs/community/avatars/ghost.png')).status).toBe(404);
  });

  it('a video card plays its animation and an audio card its sound; a work carries what made its cover', async () => {
    const video = await data(ItemDetail, '/api/v1/square/item/detail', { id: 'vid-004' });
    expect(video.media).toMatchObject({ kind: 'animation', url: '/blobs/community/media/vid-004.gif' });
    const gif = await s.get(video.media!.url);
    expect(gif.status).toBe(200);
    expect(gif.headers.get('content-type')).toBe('image/gif');
    expect(
      Buffer.from(await gif.arrayBuffer())
        .subarray(0, 6)
        .toString('latin1'),
    ).toBe('GIF89a');
    const audio = await data(ItemDetail, '/api/v1/square/item/detail', { id: 'aud-002' });
    expect(audio.media).toMatchObject({ kind: 'audio', url: '/blobs/community/media/aud-002.wav' });
    const wav = await s.get(audio.media!.url);
    expect(wav.headers.get('content-type')).toBe('audio/wav');
    const bytes = Buffer.from(await wav.arrayBuffer());
    expect([bytes.subarray(0, 4).toString('latin1'), bytes.subarray(8, 12).toString('latin1')]).toEqual([
      'RIFF',
      'WAVE',
    ]);
    expect(Buffer.from(await (await s.get(audio.media!.url)).arrayBuffer()).equals(bytes)).toBe(true);
    // The wrong kind, an unknown id or a path trick is a 404.
    expect((await s.get('/blobs/community/media/art-001.gif')).status).toBe(404);
    expect((await s.get('/blobs/community/media/aud-002.gif')).status).toBe(404);
    expect((await s.get('/blobs/community/media/..%2Fsecret.wav')).status).toBe(404);
    expect((await s.get('/blobs/community/media/vid-004.mp3')).status).toBe(404);

    const { hashString } = await import('../../server/engines/random');
    const art = await data(ItemDetail, '/api/v1/square/item/detail', { id: 'art-005' });
    const row = await one<{ cover_prompt: string; cover_aspect: string }>(
      "SELECT cover_prompt, cover_aspect FROM content_items WHERE id = 'art-005'",
    );
    expect(art.generation).toEqual({
      prompt: row.cover_prompt,
      seed: hashString('art-005'),
      aspect_ratio: row.cover_aspect,
      width: art.cover!.width,
      height: art.cover!.height,
    });
    expect(art.media).toBeUndefined();
    const model = await data(ItemDetail, '/api/v1/square/item/detail', { id: 'mdl-003' });
    expect(model.generation).toBeUndefined();
  });

  it('warms covers in the background in the recommend order, skipping stored ones, and stops when asked', async () => {
    const { warmCovers } = await import('../../server/feed/covers');
    const { coverKey } = await import('../../server/feed/items');
    const page = await data(FeedPage, FEED_PATHS.recommend, { offset: 0, limit: 12 });
    const ids = page.items.map((i) => i.id);
    const budget = (n: number) => {
      let left = n;
      return () => left-- <= 0;
    };
    await warmCovers(s.server.ctx, budget(6));
    const stored = async (id: string) => (await s.server.ctx.blobs.get(coverKey(id))) !== null;
    // The first page's covers are the first ones rendered (a few may have been served already).
    for (const id of ids.slice(0, 6)) expect(await stored(id), id).toBe(true);
    const rendered = await warmCovers(s.server.ctx, budget(6));
    expect(rendered).toBe(6);
    for (const id of ids.slice(6, 12)) expect(await stored(id), id).toBe(true);
    expect(await warmCovers(s.server.ctx, () => true)).toBe(0);
  });

  it('seeds idempotently: running the seed again adds nothing', async () => {
    const { seedCommunity } = await import('../../server/seeds/community');
    const count = async () =>
      Number(
        (
          await one<{ n: number }>(
            'SELECT (SELECT count(*) FROM content_items) + (SELECT count(*) FROM tags) + (SELECT count(*) FROM notices) AS n',
          )
        ).n,
      );
    const before = await count();
    await seedCommunity(s.server.ctx);
    expect(await count()).toBe(before);
  });
});
