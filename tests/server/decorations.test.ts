/**
 * Issue 12 on the server: the last unit of a decoration raced by many buyers is sold once; coins
 * are the ledger's, never the client's; the account's avatar_frame follows the worn avatar box;
 * the spec §3 decoration stats and preview items; popup status's daily stamina and the
 * development switch that fixes an account's popups; hostile input answered with envelope codes.
 */
import { randomBytes } from 'node:crypto';
import * as E from 'fp-ts/Either';
import type * as t from 'io-ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountInfo } from '../../infrastructure/contract/account';
import { DecorationStats, OrnamentPreviewResponse } from '../../infrastructure/contract/decorations';
import {
  COMMENT_CREATE_PATH,
  COMMENT_LIST_PATH,
  CommentListResponse,
} from '../../infrastructure/contract/details';
import {
  FEED_PATHS,
  FeedPage,
  ITEM_DETAIL_PATH,
  ItemDetail,
  SEARCH_PATH,
  SearchResponse,
} from '../../infrastructure/contract/feed';
import {
  FOLLOWERS_PATH,
  FOLLOWING_PATH,
  PeoplePage,
  PROFILE_PATH,
  PROFILE_WORKS_PATH,
  Profile,
} from '../../infrastructure/contract/profile';
import { PopupStatusResponse } from '../../infrastructure/contract/telemetry';
import { credit } from '../../server/ledger';
import { startTestServer, type TestServer } from '../support/server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({}, false);
});
afterAll(() => s.stop());

const DAY = 24 * 3600 * 1000;
let serial = 0;

const decodes = <A, O>(codec: t.Type<A, O, unknown>, data: unknown): A => {
  const r = codec.decode(data);
  if (E.isLeft(r)) throw new Error(`${codec.name} does not decode ${JSON.stringify(data).slice(0, 300)}`);
  return r.right;
};

const account = async (coins = 0): Promise<{ id: string; token: string }> => {
  serial += 1;
  const id = `deco-${serial}-${randomBytes(3).toString('hex')}`;
  const db = s.server.ctx.db;
  await db.query(
    `INSERT INTO accounts (id, email, password_hash, account_name, name, created_at) VALUES ($1, $2, 'x', $1, $1, $3)`,
    [id, `${id}@atelier.test`, Date.now()],
  );
  if (coins > 0) await credit(db, id, 'free', coins, 'test funds', null, 0);
  const token = `tok-${id}`;
  await db.query('INSERT INTO sessions (token, account_id, created_at, expires_at) VALUES ($1, $2, 0, $3)', [
    token,
    id,
    Date.now() + DAY,
  ]);
  return { id, token };
};

const api = (path: string, body: unknown, token?: string) => s.post(path, body, token ? { token } : {});
const code = (r: { json: { status: { code: number } } }) => r.json.status.code;
const coinsOf = async (token: string) =>
  (await api('/api/v1/payment/info', {}, token)).json.data.calculate_coins as number;
const insertOrnament = (id: string, stock: number, price: number) =>
  s.server.ctx.db.query(
    `INSERT INTO ornaments (id, type, name, price, stock, sold, preview_key, preview_width, preview_height, sort, created_at)
     VALUES ($1, 'avatar_box', $1, $2, $3, 0, 'ornaments/orn-aurora-ring.png', 192, 192, 100, 0)`,
    [id, price, stock],
  );

describe('the last unit (spec §4 "bought (owned, stock reduced by 1)"; §8 80304)', () => {
  it('twenty buyers racing one unit in parallel: exactly one owns it, the others get 80304 and keep their coins', async () => {
    await insertOrnament('last-one', 1, 90);
    const buyers = await Promise.all(Array.from({ length: 20 }, () => account(100)));
    const results = await Promise.all(
      buyers.map((b) => api('/api/v1/ornament/buy', { ornament_id: 'last-one' }, b.token)),
    );
    const codes = results.map(code);
    expect(codes.filter((c) => c === 10000)).toHaveLength(1);
    expect(codes.filter((c) => c === 80304)).toHaveLength(19);
    const [row] = await s.server.ctx.db.query<{ stock: number; sold: number }>(
      'SELECT stock, sold FROM ornaments WHERE id = $1',
      ['last-one'],
    );
    expect(row).toEqual({ stock: 0, sold: 1 });
    const balances = await Promise.all(buyers.map((b) => coinsOf(b.token)));
    expect(balances.sort((a, b) => a - b)).toEqual([10, ...Array.from({ length: 19 }, () => 100)]);
  });

  it('coins are never the client’s: a price or balance in the request is refused or ignored', async () => {
    await insertOrnament('pricey', 10, 500);
    const poor = await account(50);
    expect(code(await api('/api/v1/ornament/buy', { ornament_id: 'pricey', price: 1 }, poor.token))).toBe(
      80307,
    );
    expect(
      code(await api('/api/v1/ornament/buy', { ornament_id: 'pricey', calculate_coins: 99999 }, poor.token)),
    ).toBe(80307);
    expect(await coinsOf(poor.token)).toBe(50);
  });
});

describe('avatar_frame (spec §3) follows the worn avatar box', () => {
  it('null until one is worn, its image while worn, the new one after a swap, null after unloading', async () => {
    const a = await account(1000);
    const info = async () => decodes(AccountInfo, (await api('/api/v1/account/info', {}, a.token)).json.data);
    expect((await info()).avatar_frame).toBeNull();
    for (const id of ['orn-aurora-ring', 'orn-ember-halo'])
      expect(code(await api('/api/v1/ornament/buy', { ornament_id: id }, a.token))).toBe(10000);
    await api('/api/v1/ornament/use', { ornament_id: 'orn-aurora-ring' }, a.token);
    expect((await info()).avatar_frame).toMatch(/orn-aurora-ring\.png$/);
    await api('/api/v1/ornament/use', { ornament_id: 'orn-ember-halo' }, a.token);
    expect((await info()).avatar_frame).toMatch(/orn-ember-halo\.png$/);
    await api('/api/v1/ornament/unload', { ornament_id: 'orn-ember-halo' }, a.token);
    expect((await info()).avatar_frame).toBeNull();
  });
});

describe('the decorations others see (spec §2, §3): every list and page carries what the author wears', () => {
  /** A finished task of the account and the artwork published from it (as server/tasks/publish.ts writes them). */
  const publishedWork = async (
    authorId: string,
    title: string,
  ): Promise<{ taskId: string; itemId: string }> => {
    serial += 1;
    const taskId = `task-frames-${serial}`;
    const itemId = `art-frames-${serial}`;
    const db = s.server.ctx.db;
    const now = Date.now();
    await db.query(
      `INSERT INTO tasks (id, account_id, domain_type, prompt, aspect_ratio, seed, status, process, duration_ms, created_at, updated_at)
       VALUES ($1, $2, 1, $3, '1:1', 7, 3, 100, 0, $4, $4)`,
      [taskId, authorId, title, now],
    );
    await db.query(
      `INSERT INTO content_items (id, kind, obj_type, author_id, title, cover_prompt, cover_aspect, cover_long_side,
         cover_width, cover_height, artwork_type, extra, created_at)
       VALUES ($1, 'artwork', 1, $2, $3, $3, '1:1', 512, 512, 512, 1, $4::jsonb, $5)`,
      [itemId, authorId, title, JSON.stringify({ task_id: taskId }), now],
    );
    return { taskId, itemId };
  };

  const feedItem = async (token: string, id: string) => {
    const page = decodes(
      FeedPage,
      (await api(FEED_PATHS.artwork, { order_by_time: 'all_new', limit: 50 }, token)).json.data,
    );
    const item = page.items.find((i) => i.id === id);
    if (!item) throw new Error(`${id} is not on the first page of the newest artworks`);
    return item;
  };
  const detail = async (token: string, id: string) =>
    decodes(ItemDetail, (await api(ITEM_DETAIL_PATH, { id }, token)).json.data);
  const works = async (token: string, accountNo: string) =>
    decodes(FeedPage, (await api(PROFILE_WORKS_PATH, { account_no: accountNo }, token)).json.data).items;
  const comments = async (token: string, id: string) =>
    decodes(CommentListResponse, (await api(COMMENT_LIST_PATH, { obj_id: id }, token)).json.data).items;
  const profile = async (token: string, accountNo: string) =>
    decodes(Profile, (await api(PROFILE_PATH, { account_no: accountNo }, token)).json.data);
  const followers = async (token: string, accountNo: string) =>
    decodes(PeoplePage, (await api(FOLLOWERS_PATH, { account_no: accountNo }, token)).json.data).items;
  const following = async (token: string, accountNo: string) =>
    decodes(PeoplePage, (await api(FOLLOWING_PATH, { account_no: accountNo }, token)).json.data).items;
  const searchUsers = async (token: string, keyword: string) => {
    const r = decodes(SearchResponse, (await api(SEARCH_PATH, { keyword, tab: 8 }, token)).json.data);
    if (r.result_type !== 'user') throw new Error('not a user result');
    return r.items;
  };
  const searchWorks = async (token: string, keyword: string) => {
    const r = decodes(SearchResponse, (await api(SEARCH_PATH, { keyword, tab: 1 }, token)).json.data);
    if (r.result_type !== 'content') throw new Error('not a content result');
    return r.items;
  };

  it('a production box worn on a work: the feed, its detail, the profile works and search show its frame to another account, and null once unloaded', async () => {
    const author = await account(1000);
    const viewer = await account();
    const framed = await publishedWork(author.id, `framed work of ${author.id}`);
    const plain = await publishedWork(author.id, `plain work of ${author.id}`);
    expect(code(await api('/api/v1/ornament/buy', { ornament_id: 'orn-neon-grid' }, author.token))).toBe(
      10000,
    );
    expect(
      code(
        await api(
          '/api/v1/ornament/use',
          { ornament_id: 'orn-neon-grid', work_id: framed.taskId },
          author.token,
        ),
      ),
    ).toBe(10000);

    const box = /orn-neon-grid\.png$/;
    expect((await feedItem(viewer.token, framed.itemId)).production_frame).toMatch(box);
    expect((await feedItem(viewer.token, plain.itemId)).production_frame).toBeNull();
    expect((await detail(viewer.token, framed.itemId)).production_frame).toMatch(box);
    expect((await detail(viewer.token, plain.itemId)).production_frame).toBeNull();
    const listed = await works(viewer.token, author.id);
    expect(listed.find((w) => w.id === framed.itemId)?.production_frame).toMatch(box);
    expect(listed.find((w) => w.id === plain.itemId)?.production_frame).toBeNull();
    const found = await searchWorks(viewer.token, `framed work of ${author.id}`);
    expect(found.find((w) => w.id === framed.itemId)?.production_frame).toMatch(box);
    // A guest sees it too: what one wears is public.
    expect((await detail('', framed.itemId)).production_frame).toMatch(box);
    // The owner's queue shows it on the task it is worn on (its list and its poll).
    const tasks = (await api('/api/v1/task/list', {}, author.token)).json.data.items as {
      id: string;
      production_frame?: string | null;
    }[];
    expect(tasks.find((t) => t.id === framed.taskId)?.production_frame).toMatch(box);
    expect(tasks.find((t) => t.id === plain.taskId)?.production_frame).toBeUndefined();
    const polled = (await api('/api/v1/task/detail', { id: framed.taskId }, author.token)).json.data.item as {
      production_frame?: string;
    };
    expect(polled.production_frame).toMatch(box);
    // Wearing a production box draws no avatar frame.
    expect((await detail(viewer.token, framed.itemId)).author.avatar_frame).toBeNull();

    // Another box on the same work replaces it; unloading leaves none.
    expect(code(await api('/api/v1/ornament/buy', { ornament_id: 'orn-ink-scroll' }, author.token))).toBe(
      10000,
    );
    await api(
      '/api/v1/ornament/use',
      { ornament_id: 'orn-ink-scroll', work_id: framed.taskId },
      author.token,
    );
    expect((await feedItem(viewer.token, framed.itemId)).production_frame).toMatch(/orn-ink-scroll\.png$/);
    await api(
      '/api/v1/ornament/unload',
      { ornament_id: 'orn-ink-scroll', work_id: framed.taskId },
      author.token,
    );
    expect((await feedItem(viewer.token, framed.itemId)).production_frame).toBeNull();
    expect((await detail(viewer.token, framed.itemId)).production_frame).toBeNull();
  });

  it('an avatar box worn: the author’s cards, detail, comments, profile, people lists, search and the messages they send carry it; null once unloaded', async () => {
    const author = await account(1000);
    const viewer = await account();
    const work = await publishedWork(author.id, `avatar work of ${author.id}`);
    const db = s.server.ctx.db;
    await db.query(
      'INSERT INTO follows (follower_id, followee_id, created_at) VALUES ($1, $2, 1), ($2, $1, 2)',
      [author.id, viewer.id],
    );
    // The viewer's message centre has a follow from the author.
    await db.query(
      `INSERT INTO notices (id, account_id, type, action, actor_id, created_at) VALUES ($1, $2, 'fol', 'follow', $3, 3)`,
      [`fol-${author.id}`, viewer.id, author.id],
    );
    expect(
      code(await api(COMMENT_CREATE_PATH, { obj_id: work.itemId, content: 'a framed hello' }, author.token)),
    ).toBe(10000);
    expect(code(await api(COMMENT_CREATE_PATH, { obj_id: work.itemId, content: 'nice' }, viewer.token))).toBe(
      10000,
    );
    expect(code(await api('/api/v1/ornament/buy', { ornament_id: 'orn-sakura-wreath' }, author.token))).toBe(
      10000,
    );

    const seen = async () => {
      const card = await feedItem(viewer.token, work.itemId);
      const d = await detail(viewer.token, work.itemId);
      const list = await comments(viewer.token, work.itemId);
      const p = await profile(viewer.token, author.id);
      const theirWorks = await works(viewer.token, author.id);
      const viewersFollowers = await followers(viewer.token, viewer.id);
      const viewersFollowing = await following(viewer.token, viewer.id);
      const users = await searchUsers(viewer.token, author.id);
      const notices = (await api('/api/v1/message/notice/list', { type: 'fol' }, viewer.token)).json.data
        .items as { actor: { id: string; avatar_frame?: string | null } | null }[];
      const mine = list.filter((c) => c.author.id === author.id);
      const theirs = list.filter((c) => c.author.id === viewer.id);
      expect(mine).toHaveLength(1);
      expect(theirs).toHaveLength(1);
      // What the viewer wears is never drawn on the author, whatever the author wears.
      expect(theirs[0]?.author.avatar_frame).toBeNull();
      return [
        card.author.avatar_frame,
        d.author.avatar_frame,
        mine[0]?.author.avatar_frame,
        p.avatar_frame,
        theirWorks.find((w) => w.id === work.itemId)?.author.avatar_frame,
        viewersFollowers.find((u) => u.id === author.id)?.avatar_frame,
        viewersFollowing.find((u) => u.id === author.id)?.avatar_frame,
        users.find((u) => u.id === author.id)?.avatar_frame,
        notices.find((n) => n.actor?.id === author.id)?.actor?.avatar_frame,
      ];
    };
    expect(await seen()).toEqual(Array.from({ length: 9 }, () => null));
    await api('/api/v1/ornament/use', { ornament_id: 'orn-sakura-wreath' }, author.token);
    const worn = await seen();
    expect(worn).toHaveLength(9);
    for (const frame of worn) expect(frame).toMatch(/orn-sakura-wreath\.png$/);
    // The same URL the account itself reads as its avatar_frame.
    const info = decodes(AccountInfo, (await api('/api/v1/account/info', {}, author.token)).json.data);
    expect(worn[0]).toBe(info.avatar_frame);
    // The production box of the work stays none.
    expect((await detail(viewer.token, work.itemId)).production_frame).toBeNull();
    await api('/api/v1/ornament/unload', { ornament_id: 'orn-sakura-wreath' }, author.token);
    expect(await seen()).toEqual(Array.from({ length: 9 }, () => null));
  });

  it('one query per list: a page of many framed cards is answered without a query per card', async () => {
    const author = await account(1000);
    const viewer = await account();
    const db = s.server.ctx.db;
    await db.query(
      `INSERT INTO ornaments (id, type, name, price, stock, sold, preview_key, preview_width, preview_height, sort, created_at)
       VALUES ('many-ring', 'avatar_box', 'Many ring', 0, 5, 0, 'ornaments/orn-frost-circlet.png', 192, 192, 100, 0),
              ('many-box', 'production_box', 'Many box', 0, 5, 0, 'ornaments/orn-moss-garden.png', 192, 256, 100, 0)`,
    );
    for (const id of ['many-ring', 'many-box'])
      expect(code(await api('/api/v1/ornament/buy', { ornament_id: id }, author.token))).toBe(10000);
    await api('/api/v1/ornament/use', { ornament_id: 'many-ring' }, author.token);
    const made = [];
    for (let i = 0; i < 12; i += 1) {
      const w = await publishedWork(author.id, `many ${i}`);
      await api('/api/v1/ornament/use', { ornament_id: 'many-box', work_id: w.taskId }, author.token);
      made.push(w);
    }
    const original = db.query.bind(db);
    let queries = 0;
    db.query = ((...args: Parameters<typeof db.query>) => {
      queries += 1;
      return original(...args);
    }) as typeof db.query;
    let listed;
    try {
      listed = await works(viewer.token, author.id);
    } finally {
      db.query = original;
    }
    expect(listed).toHaveLength(12);
    for (const w of listed) {
      expect(w.production_frame).toMatch(/orn-moss-garden\.png$/);
      expect(w.author.avatar_frame).toMatch(/orn-frost-circlet\.png$/);
    }
    // The person, the page of items and their tags, and the session's own reads: never one per card.
    expect(queries).toBeLessThan(made.length);
  });
});

describe('decoration stats and preview items (spec §3; §9 avatar recommendation 4)', () => {
  it("counts how often the caller's works were collected, follows and followers, and creator earnings (the personal page's definitions)", async () => {
    const a = await account();
    const b = await account();
    const db = s.server.ctx.db;
    await db.query(
      'INSERT INTO follows (follower_id, followee_id, created_at) VALUES ($1, $2, 0), ($2, $1, 0)',
      [a.id, b.id],
    );
    await credit(db, a.id, 'free', 40, 'creator_reward', 'collect-reward:x:y', Date.now());
    await credit(db, a.id, 'free', 7, 'award: weekly challenge', null, Date.now());
    await credit(db, a.id, 'paid', 300, 'recharge pack', null, Date.now());
    const stats = decodes(DecorationStats, (await api('/api/v1/ornament/stats', {}, a.token)).json.data);
    expect(stats).toEqual({ colleted_cnt: 0, following_cnt: 1, follower_cnt: 1, earnings: 40 });
    expect(code(await api('/api/v1/ornament/stats', {}))).toBe(20000);
  });

  it('four works to preview on, with real cover URLs', async () => {
    const a = await account();
    const data = decodes(
      OrnamentPreviewResponse,
      (await api('/api/v1/ornament/preview', {}, a.token)).json.data,
    );
    expect(data.items).toHaveLength(4);
    for (const item of data.items) expect(item.banner.url).toMatch(/^\/|^http/);
    expect(code(await api('/api/v1/ornament/preview', {}))).toBe(20000);
  });
});

describe('popup status: daily stamina and the development switch', () => {
  it('a non-member has daily stamina while generations are left; the switch fixes the answer and clears', async () => {
    const a = await account();
    const status = decodes(
      PopupStatusResponse,
      (await api('/api/v1/popup/status', { plat: 'web' }, a.token)).json.data,
    );
    expect(status.daily_stamina).toEqual({ used: 0, limit: 30 });
    expect(status.discount_popup?.pop_type).toBe(1);
    const fixed = {
      discount_popup: { pop_type: 1, end_at: Date.now() + 60_000 },
      face_photo_popup: null,
      show_temp_coins_popup: false,
      wakeup_user_popup: null,
      user_activity_award_list: [],
      hot_popup_cnt: 0,
      daily_stamina: { used: 2, limit: 30 },
    };
    expect(code(await api('/dev/popups', { status: fixed }, a.token))).toBe(10000);
    expect((await api('/api/v1/popup/status', { plat: 'web' }, a.token)).json.data).toEqual(fixed);
    const other = await account();
    expect((await api('/api/v1/popup/status', { plat: 'web' }, other.token)).json.data.hot_popup_cnt).toBe(
      status.hot_popup_cnt,
    );
    expect(code(await api('/dev/popups', { status: null }, a.token))).toBe(10000);
    expect((await api('/api/v1/popup/status', { plat: 'web' }, a.token)).json.data.daily_stamina).toEqual({
      used: 0,
      limit: 30,
    });
  });

  it('the switch needs a session and a well-formed status (20000, 10400)', async () => {
    const a = await account();
    expect(code(await api('/dev/popups', { status: null }))).toBe(20000);
    for (const bad of [{}, { status: { hot_popup_cnt: 'x' } }, { status: 7 }, '[]'])
      expect(code(await api('/dev/popups', bad, a.token))).toBe(10400);
  });
});

describe('hostile input on the new calls', () => {
  it('answers envelope codes, never a 500', async () => {
    const a = await account();
    for (const path of ['/api/v1/ornament/stats', '/api/v1/ornament/preview']) {
      for (const bad of ['not json', '[]', 'null', '{"__proto__":{"x":1}}']) {
        const r = await api(path, bad, a.token);
        expect(r.status).toBeLessThan(500);
        expect(typeof r.json.status.code).toBe('number');
      }
    }
  });
});

describe('one definition of each figure (issue 21 item 10: /decorations and /personal agree)', () => {
  it('the decoration stats and the account stats answer the same four figures for the seeded demo account and a fresh one', async () => {
    const login = await api('/api/v1/account/login', {
      email: 'demo@atelier.test',
      password: 'atelier-demo',
    });
    expect(code(login)).toBe(10000);
    const token = login.json.data.token as string;
    const pick = (d: Record<string, unknown>) => ({
      colleted_cnt: d.colleted_cnt,
      following_cnt: d.following_cnt,
      follower_cnt: d.follower_cnt,
      earnings: d.earnings,
    });
    const deco = (await api('/api/v1/ornament/stats', {}, token)).json.data;
    const personal = (await api('/api/v1/account/stats', {}, token)).json.data;
    expect(pick(deco)).toEqual(pick(personal));
    // The demo account's works were collected and earned coins: the figures are not trivially zero.
    expect(personal.colleted_cnt).toBeGreaterThan(0);
    expect(personal.earnings).toBeGreaterThan(0);
    const fresh = await account(50);
    expect(pick((await api('/api/v1/ornament/stats', {}, fresh.token)).json.data)).toEqual(
      pick((await api('/api/v1/account/stats', {}, fresh.token)).json.data),
    );
  });
});
