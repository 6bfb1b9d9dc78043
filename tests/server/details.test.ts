/**
 * Detail pages, comments, related works, model samples, media files and tags over loopback
 * (issue 11, spec §2 detail pages, tag pages and search tabs, §3 preview item meta and models,
 * §7 tag calls), against the real server and its seeded database. One server for the file.
 */
import * as E from 'fp-ts/Either';
import type * as t from 'io-ts';
import { PathReporter } from 'io-ts/PathReporter';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Comment,
  CommentListResponse,
  RelatedResponse,
  TagCollectResponse,
} from '../../infrastructure/contract/details';
import {
  FeedPage,
  ItemDetail,
  ModelDetail,
  SearchResponse,
  TagDetail,
  TagListResponse,
} from '../../infrastructure/contract/feed';
import { AUDIO_MEDIA_MAX_S } from '../../server/feed/covers';
import { DEMO_COLLECTED_TAGS, OFFICIAL_TAGS, seedDetails, seedMetaOf } from '../../server/seeds/details';
import { startTestServer, type TestServer } from '../support/server';

let s: TestServer;
let demo: string;

beforeAll(async () => {
  s = await startTestServer({}, false);
  demo = await s.login();
});
afterAll(() => s.stop());

const call = async (path: string, body: unknown, token?: string | null) =>
  (await s.post(path, body, token ? { token } : {})).json as {
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
const code = async (path: string, body: unknown, token?: string | null) =>
  (await call(path, body, token)).status.code;
const q = <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  s.server.ctx.db.query<T>(sql, params);

describe('artwork detail (issue 11: image, prompt and parameters, the model used, spec §3 meta.prompt and models)', () => {
  it('carries how the work was made, deterministic per id, and names a model that exists', async () => {
    const detail = await data(ItemDetail, '/api/v1/square/item/detail', { id: 'art-005' });
    const [row] = await q<{ cover_prompt: string; cover_aspect: string }>(
      'SELECT cover_prompt, cover_aspect FROM content_items WHERE id = $1',
      ['art-005'],
    );
    const expected = seedMetaOf('art-005', row!.cover_prompt, row!.cover_aspect);
    expect(detail.meta).toEqual(expected.meta);
    expect(detail.meta!.prompt.startsWith(row!.cover_prompt)).toBe(true);
    expect(detail.models).toHaveLength(1);
    expect(detail.models![0]!.id).toBe(expected.modelId);
    const model = await data(ModelDetail, '/api/v1/model/detail', { id: detail.models![0]!.id });
    expect(model.title).toBe(detail.models![0]!.name);
    expect(detail.models![0]!.model_ver_no).toBe(model.versions[0]!.id);
    // Posts, models and audio have no generation record.
    for (const id of ['pst-002', 'mdl-003', 'aud-001']) {
      const other = await data(ItemDetail, '/api/v1/square/item/detail', { id });
      expect(other.meta).toBeUndefined();
    }
  });

  it('answers 10404 for an unknown id and 10400 for a malformed one', async () => {
    expect(await code('/api/v1/square/item/detail', { id: 'art-999' })).toBe(10404);
    expect(await code('/api/v1/square/item/detail', { id: '' })).toBe(10400);
    expect(await code('/api/v1/square/item/detail', { id: { $ne: 1 } })).toBe(10400);
  });
});

describe('playable files of video and audio works (issue 11 players)', () => {
  it('renders a video as an animated GIF on the first GET, the same bytes every time', async () => {
    const detail = await data(ItemDetail, '/api/v1/square/item/detail', { id: 'vid-002' });
    expect(detail.media).toMatchObject({ content_type: 'image/gif' });
    expect(detail.media!.duration).toBeGreaterThan(0);
    const first = await s.get(detail.media!.url);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/gif');
    const bytes = Buffer.from(await first.arrayBuffer());
    expect(bytes.subarray(0, 6).toString('latin1')).toBe('GIF89a');
    expect(bytes.readUInt16LE(6)).toBe(detail.media!.width);
    expect(bytes.readUInt16LE(8)).toBe(detail.media!.height);
    const again = Buffer.from(await (await s.get(detail.media!.url)).arrayBuffer());
    expect(again.equals(bytes)).toBe(true);
  });

  it('renders an audio work as a WAV excerpt of at most 20 s, as long as the detail says', async () => {
    const detail = await data(ItemDetail, '/api/v1/square/item/detail', { id: 'aud-003' });
    expect(detail.media).toMatchObject({ content_type: 'audio/wav' });
    expect(detail.media!.duration).toBeLessThanOrEqual(AUDIO_MEDIA_MAX_S);
    const r = await s.get(detail.media!.url);
    expect(r.status).toBe(200);
    const wav = Buffer.from(await r.arrayBuffer());
    expect(wav.subarray(0, 4).toString('latin1')).toBe('RIFF');
    const byteRate = wav.readUInt32LE(28);
    const seconds = (wav.length - 44) / byteRate;
    expect(Math.abs(seconds - detail.media!.duration)).toBeLessThan(0.6);
  });

  it('answers 404 for a file of the wrong kind, an unknown id or a hostile name', async () => {
    for (const p of [
      '/blobs/community/media/art-001.gif',
      '/blobs/community/media/vid-002.wav',
      '/blobs/community/media/vid-999.gif',
      '/blobs/community/media/..%2F..%2Fsecret.gif',
      '/blobs/community/media/vid-002.mp4',
    ])
      expect((await s.get(p)).status, p).toBe(404);
  });
});

describe('comments (issue 11 comments list with loading and empty states)', () => {
  it('lists an item’s comments newest first, paged without repeats, with the total', async () => {
    const [busiest] = await q<{ item_id: string; n: string | number }>(
      `SELECT item_id, count(*) AS n FROM comments GROUP BY item_id ORDER BY count(*) DESC, item_id LIMIT 1`,
    );
    const total = Number(busiest!.n);
    expect(total).toBeGreaterThanOrEqual(3);
    const seen: Comment[] = [];
    let offset = 0;
    for (let guard = 0; guard < 10; guard++) {
      const page = await data(CommentListResponse, '/api/v1/comment/list', {
        obj_id: busiest!.item_id,
        offset,
        limit: 2,
      });
      expect(page.total).toBe(total);
      seen.push(...page.items);
      offset = page.offset;
      if (!page.has_more) break;
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen.map((c) => c.id)).size).toBe(total);
    const times = seen.map((c) => c.create_at);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(seen.every((c) => c.obj_id === busiest!.item_id && c.author.name.length > 0)).toBe(true);
  });

  it('has items with no comment at all (an empty list, total 0)', async () => {
    const [quiet] = await q<{ id: string }>(
      `SELECT i.id FROM content_items i WHERE i.kind = 'artwork'
         AND NOT EXISTS (SELECT 1 FROM comments c WHERE c.item_id = i.id) ORDER BY i.id LIMIT 1`,
    );
    const page = await data(CommentListResponse, '/api/v1/comment/list', { obj_id: quiet!.id });
    expect(page).toEqual({ items: [], offset: 0, has_more: false, total: 0 });
  });

  it('adds a comment for a signed-in person (first in the list); guests log in; bad bodies are 10400', async () => {
    const before = await data(CommentListResponse, '/api/v1/comment/list', { obj_id: 'art-007' });
    const made = await data(
      Comment,
      '/api/v1/comment/create',
      { obj_id: 'art-007', content: '  Lovely  ' },
      demo,
    );
    expect(made).toMatchObject({ obj_id: 'art-007', content: 'Lovely', author: { id: 'demo' } });
    const after = await data(CommentListResponse, '/api/v1/comment/list', { obj_id: 'art-007' });
    expect(after.total).toBe(before.total + 1);
    expect(after.items[0]!.id).toBe(made.id);
    expect(await code('/api/v1/comment/create', { obj_id: 'art-007', content: 'hi' })).toBe(20000);
    expect(await code('/api/v1/comment/create', { obj_id: 'art-007', content: '   ' }, demo)).toBe(10400);
    expect(await code('/api/v1/comment/create', { obj_id: 'art-007', content: 'x'.repeat(501) }, demo)).toBe(
      10400,
    );
    expect(await code('/api/v1/comment/create', { obj_id: 'art-007', content: ['a'] }, demo)).toBe(10400);
    expect(await code('/api/v1/comment/create', { obj_id: 'nope-1', content: 'hi' }, demo)).toBe(10404);
    expect(await code('/api/v1/comment/list', { obj_id: 'nope-1' })).toBe(10404);
    expect(await code('/api/v1/comment/list', { obj_id: 'art-007', limit: 0 })).toBe(10400);
  });
});

describe('related works and model samples (issue 11 related works; sample images of a model)', () => {
  it('answers works of the same type, never the work itself, most shared tags first', async () => {
    const page = await data(RelatedResponse, '/api/v1/square/item/related', { id: 'art-010', limit: 8 });
    expect(page.items.length).toBe(8);
    expect(page.has_more).toBe(false);
    expect(page.items.every((i) => i.card_type === 'artwork' && i.id !== 'art-010')).toBe(true);
    const mine = new Set(
      (await data(ItemDetail, '/api/v1/square/item/detail', { id: 'art-010' })).tags.map((t) => t.id),
    );
    const shared = page.items.map((i) => i.tags.filter((t) => mine.has(t.id)).length);
    expect([...shared].sort((a, b) => b - a)).toEqual(shared);
    expect(shared[0]).toBeGreaterThan(0);
    // The same answer twice (deterministic over the seed).
    const again = await data(RelatedResponse, '/api/v1/square/item/related', { id: 'art-010', limit: 8 });
    expect(again.items.map((i) => i.id)).toEqual(page.items.map((i) => i.id));
    expect(await code('/api/v1/square/item/related', { id: 'art-999' })).toBe(10404);
    expect(await code('/api/v1/square/item/related', { id: 'art-010', limit: -1 })).toBe(10400);
  });

  it('lists the works made with a model, each naming it; an unknown or non-model id is 10404', async () => {
    const [used] = await q<{ id: string; n: string | number }>(
      `SELECT extra->>'model_id' AS id, count(*) AS n FROM content_items WHERE extra ? 'model_id'
        GROUP BY extra->>'model_id' ORDER BY count(*) DESC, 1 LIMIT 1`,
    );
    const page = await data(FeedPage, '/api/v1/model/samples', { id: used!.id, limit: 50 });
    expect(page.items).toHaveLength(Number(used!.n));
    for (const item of page.items.slice(0, 3)) {
      const d = await data(ItemDetail, '/api/v1/square/item/detail', { id: item.id });
      expect(d.models?.[0]?.id).toBe(used!.id);
    }
    expect(await code('/api/v1/model/samples', { id: 'art-001' })).toBe(10404);
  });
});

describe('tags (spec §7 hot tags, my collected tags, official tags (show_area), tag detail)', () => {
  it('details a tag by name, case-insensitively, with the caller’s collect state', async () => {
    const guest = await data(TagDetail, '/api/v1/tag/detail', { name: 'Night City' });
    expect(guest).toMatchObject({ id: 'tag-night-city', name: 'night city', is_collect: false });
    const mine = await data(TagDetail, '/api/v1/tag/detail', { name: 'night city' }, demo);
    expect(mine.is_collect).toBe(true);
    expect(mine.num_of_items).toBeGreaterThan(0);
    expect(await code('/api/v1/tag/detail', { name: 'no such tag here' })).toBe(10404);
    expect(await code('/api/v1/tag/detail', { name: '' })).toBe(10400);
    expect(await code('/api/v1/tag/detail', {})).toBe(10400);
  });

  it('lists the demo’s collected tags; collecting and un-collecting change the list; guests log in', async () => {
    const list = await data(TagListResponse, '/api/v1/tag/collect/list', {}, demo);
    expect(list.items.map((t) => t.id).sort()).toEqual([...DEMO_COLLECTED_TAGS].sort());
    expect(await data(TagCollectResponse, '/api/v1/tag/collect/add', { tag_id: 'tag-ocean' }, demo)).toEqual({
      tag_id: 'tag-ocean',
      is_collect: true,
    });
    // Idempotent.
    await data(TagCollectResponse, '/api/v1/tag/collect/add', { tag_id: 'tag-ocean' }, demo);
    const more = await data(TagListResponse, '/api/v1/tag/collect/list', {}, demo);
    expect(more.items.map((t) => t.id)).toContain('tag-ocean');
    expect(more.items).toHaveLength(DEMO_COLLECTED_TAGS.length + 1);
    await data(TagCollectResponse, '/api/v1/tag/collect/remove', { tag_id: 'tag-ocean' }, demo);
    const back = await data(TagListResponse, '/api/v1/tag/collect/list', {}, demo);
    expect(back.items.map((t) => t.id)).not.toContain('tag-ocean');
    expect(await code('/api/v1/tag/collect/list', {})).toBe(20000);
    expect(await code('/api/v1/tag/collect/add', { tag_id: 'tag-ocean' })).toBe(20000);
    expect(await code('/api/v1/tag/collect/add', { tag_id: 'tag-nothing' }, demo)).toBe(10404);
    expect(await code('/api/v1/tag/collect/add', { tag_id: 7 }, demo)).toBe(10400);
  });

  it('lists official tags, all or of one show area, hottest first', async () => {
    const all = await data(TagListResponse, '/api/v1/tag/official', {});
    expect(all.items.map((t) => t.id).sort()).toEqual(Object.keys(OFFICIAL_TAGS).sort());
    const create = await data(TagListResponse, '/api/v1/tag/official', { show_area: 'create' });
    expect(create.items.map((t) => t.id).sort()).toEqual(
      Object.entries(OFFICIAL_TAGS)
        .filter(([, a]) => a === 'create')
        .map(([id]) => id)
        .sort(),
    );
    expect(await code('/api/v1/tag/official', { show_area: '' })).toBe(10400);
  });
});

describe('search by a person’s name (spec §2 search tabs: users 8, and works 1 by their author)', () => {
  it('finds the user on tab 8 and their works on tab 1', async () => {
    const users = await data(SearchResponse, '/api/v1/square/search', { keyword: 'Mira Sol', tab: 8 });
    expect(users.result_type).toBe('user');
    expect(users.items.map((u) => ('name' in u ? u.name : ''))).toContain('Mira Sol');
    const works = await data(SearchResponse, '/api/v1/square/search', { keyword: 'mira sol', tab: 1 });
    expect(works.result_type).toBe('content');
    expect(works.items.length).toBeGreaterThan(0);
    if (works.result_type === 'content')
      expect(
        works.items.every(
          (i) =>
            i.author.name === 'Mira Sol' || /mira sol/i.test(i.title + i.tags.map((t) => t.name).join(' ')),
        ),
      ).toBe(true);
  });
});

describe('seeding (idempotent)', () => {
  it('adds nothing when run again', async () => {
    const count = async () =>
      Number((await q<{ n: string | number }>('SELECT count(*) AS n FROM comments'))[0]!.n);
    const before = await count();
    await seedDetails(s.server.ctx);
    expect(await count()).toBe(before);
  });
});
