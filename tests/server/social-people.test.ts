/**
 * Issue 11 (social) over loopback: idempotent likes, collects and follows (a replayed request
 * with the same key never counts twice), people (profile, works, followers, following), the
 * caller's stats with creator earnings, the guide status and the settings update's mode 1.
 * One server for the whole file.
 */
import * as E from 'fp-ts/Either';
import type * as t from 'io-ts';
import { PathReporter } from 'io-ts/PathReporter';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LedgerListResponse } from '../../infrastructure/contract/commerce';
import { FeedPage } from '../../infrastructure/contract/feed';
import { AccountStats, GuideStatus, PeoplePage, Profile } from '../../infrastructure/contract/profile';
import {
  BEHAVIOR_LOG_PATH,
  BehaviorLogResponse,
  COLLECT_ADD_PATH,
  COLLECT_REMOVE_PATH,
  CollectAddResponse,
  FOLLOW_PATH,
  FollowResponse,
} from '../../infrastructure/contract/social';
import { hashPassword } from '../../server/auth';
import { CREATOR_REWARD_COINS } from '../../server/people/earnings';
import { startTestServer, type Json, type TestServer } from '../support/server';

let s: TestServer;
let demo: string;
let carol: string;
let dave: string;

const makeAccount = async (id: string): Promise<string> => {
  await s.server.ctx.db.query(
    `INSERT INTO accounts (id, email, password_hash, account_name, name, created_at) VALUES ($1, $2, $3, $1, $4, 0)`,
    [id, `${id}@atelier.test`, await hashPassword(`pw-${id}-1`), id[0]!.toUpperCase() + id.slice(1)],
  );
  return s.login(`${id}@atelier.test`, `pw-${id}-1`);
};

const call = async (path: string, body: unknown, token?: string, headers: Record<string, string> = {}) =>
  (await s.post(path, body, token ? { token, ...headers } : headers)).json as Json;

const decoded = <A>(codec: t.Type<A, unknown, unknown>, json: Json): A => {
  expect(json.status.code, JSON.stringify(json.status)).toBe(10000);
  const r = codec.decode(json.data);
  if (E.isLeft(r)) throw new Error(PathReporter.report(r).join('\n'));
  return r.right;
};

const likesOf = async (id: string): Promise<number> => {
  const [row] = await s.server.ctx.db.query<{ n: number }>(
    'SELECT num_of_like AS n FROM content_items WHERE id = $1',
    [id],
  );
  return Number(row!.n);
};

beforeAll(async () => {
  s = await startTestServer({}, false);
  demo = await s.login();
  carol = await makeAccount('carol');
  dave = await makeAccount('dave');
}, 60_000);

afterAll(async () => {
  await s.stop();
});

describe('idempotent social writes', () => {
  it('a like sent twice with one body key counts once, and a dislike after it is not undone by a replay', async () => {
    const before = await likesOf('art-005');
    const like = {
      items: [{ event_name: 'like', obj_id: 'art-005', obj_type: 1 }],
      idempotency_key: 'like-key-0001',
    };
    const first = decoded(BehaviorLogResponse, await call(BEHAVIOR_LOG_PATH, like, carol));
    expect(first.likes[0]).toMatchObject({ liked: true, num_of_like: before + 1 });
    const dislike = {
      items: [{ event_name: 'dislike', obj_id: 'art-005', obj_type: 1 }],
      idempotency_key: 'dislike-key-001',
    };
    decoded(BehaviorLogResponse, await call(BEHAVIOR_LOG_PATH, dislike, carol));
    expect(await likesOf('art-005')).toBe(before);
    // The first like's answer was lost; the client sends it again with the same key.
    const replay = decoded(BehaviorLogResponse, await call(BEHAVIOR_LOG_PATH, like, carol));
    expect(replay).toEqual(first);
    expect(await likesOf('art-005')).toBe(before);
  });

  it('honours the Idempotency-Key header, and the header wins over the body', async () => {
    const before = await likesOf('art-006');
    const body = {
      items: [{ event_name: 'like', obj_id: 'art-006', obj_type: 1 }],
      idempotency_key: 'body-key-0001',
    };
    decoded(
      BehaviorLogResponse,
      await call(BEHAVIOR_LOG_PATH, body, carol, { 'Idempotency-Key': 'head-key-0001' }),
    );
    decoded(
      BehaviorLogResponse,
      await call(
        BEHAVIOR_LOG_PATH,
        { items: [{ event_name: 'dislike', obj_id: 'art-006', obj_type: 1 }] },
        carol,
      ),
    );
    // Same header key, another body key: the header's answer comes back, nothing changes.
    decoded(
      BehaviorLogResponse,
      await call(BEHAVIOR_LOG_PATH, { ...body, idempotency_key: 'body-key-0002' }, carol, {
        'Idempotency-Key': 'head-key-0001',
      }),
    );
    expect(await likesOf('art-006')).toBe(before);
  });

  it('a collect replayed after its removal does not collect again; the count moved by one each way', async () => {
    const add = { artwork_no: 'art-007', idempotency_key: 'collect-key-01' };
    const first = decoded(CollectAddResponse, await call(COLLECT_ADD_PATH, add, carol));
    decoded(CollectAddResponse, await call(COLLECT_ADD_PATH, add, carol));
    const gone = await call(COLLECT_REMOVE_PATH, { id: first.id, idempotency_key: 'uncollect-key1' }, carol);
    expect(gone.status.code).toBe(10000);
    expect(gone.data.num_of_collection).toBe(first.num_of_collection - 1);
    const again = decoded(CollectAddResponse, await call(COLLECT_ADD_PATH, add, carol));
    expect(again).toEqual(first);
    const [row] = await s.server.ctx.db.query(
      'SELECT 1 FROM collects WHERE account_id = $1 AND item_id = $2',
      ['carol', 'art-007'],
    );
    expect(row).toBeUndefined();
  });

  it('a follow replayed answers the first follow; the key on another path is 10400; a bad header is 10400', async () => {
    const body = { follow_account_no: 'author-03', idempotency_key: 'follow-key-001' };
    const first = decoded(FollowResponse, await call(FOLLOW_PATH, body, dave));
    expect(decoded(FollowResponse, await call(FOLLOW_PATH, body, dave))).toEqual(first);
    expect(
      (await call(COLLECT_ADD_PATH, { artwork_no: 'art-008', idempotency_key: 'follow-key-001' }, dave))
        .status.code,
    ).toBe(10400);
    expect(
      (await call(FOLLOW_PATH, { follow_account_no: 'author-04' }, dave, { 'Idempotency-Key': 'bad key!' }))
        .status.code,
    ).toBe(10400);
    // Keys are per caller: carol may use dave's key for her own follow.
    expect(decoded(FollowResponse, await call(FOLLOW_PATH, body, carol)).is_follow).toBe(true);
  });

  it('a refused write does not keep its key: the same key works once the request is valid', async () => {
    const missing = await call(
      COLLECT_ADD_PATH,
      { artwork_no: 'no-such-item', idempotency_key: 'retry-key-001' },
      dave,
    );
    expect(missing.status.code).toBe(10404);
    expect(
      decoded(
        CollectAddResponse,
        await call(COLLECT_ADD_PATH, { artwork_no: 'art-009', idempotency_key: 'retry-key-001' }, dave),
      ).item_id,
    ).toBe('art-009');
  });
});

describe('people', () => {
  it('a profile answers counts and the follow flag; an unknown id is 10404', async () => {
    const p = decoded(Profile, await call('/api/v1/account/profile', { account_no: 'author-03' }, dave));
    expect(p).toMatchObject({ id: 'author-03', is_follow: true, is_self: false });
    expect(p.num_of_works).toBeGreaterThan(0);
    const guest = decoded(Profile, await call('/api/v1/account/profile', { account_no: 'author-03' }));
    expect(guest.is_follow).toBe(false);
    expect(guest.num_of_followers).toBe(p.num_of_followers);
    expect(
      decoded(Profile, await call('/api/v1/account/profile', { account_no: 'demo' }, demo)).is_self,
    ).toBe(true);
    expect((await call('/api/v1/account/profile', { account_no: 'nobody-here' })).status.code).toBe(10404);
    expect((await call('/api/v1/account/profile', { account_no: '' })).status.code).toBe(10400);
  });

  it('works are the person’s own items, newest first, paged', async () => {
    const page = decoded(
      FeedPage,
      await call('/api/v1/account/works', { account_no: 'author-03', limit: 3 }),
    );
    expect(page.items).toHaveLength(3);
    expect(page.items.every((i) => i.author.id === 'author-03')).toBe(true);
    expect(page.items.map((i) => i.pt)).toEqual([...page.items.map((i) => i.pt)].sort((a, b) => b - a));
    expect(page.has_more).toBe(true);
    const next = decoded(
      FeedPage,
      await call('/api/v1/account/works', { account_no: 'author-03', limit: 3, offset: 3 }),
    );
    expect(next.items.map((i) => i.id)).not.toContain(page.items[0]!.id);
  });

  it('followers and following list people with the caller’s follow flag', async () => {
    const followers = decoded(
      PeoplePage,
      await call('/api/v1/account/followers', { account_no: 'author-03' }, carol),
    );
    expect(followers.items.map((u) => u.id)).toEqual(expect.arrayContaining(['dave', 'carol']));
    const following = decoded(
      PeoplePage,
      await call('/api/v1/account/following', { account_no: 'dave' }, dave),
    );
    expect(following.items.find((u) => u.id === 'author-03')).toMatchObject({ is_follow: true });
    expect((await call('/api/v1/account/followers', { account_no: 'nobody-here' })).status.code).toBe(10404);
  });
});

describe('stats and earnings', () => {
  it('a first collect of a work earns its author the creator reward once, counted in earnings and by day', async () => {
    const before = decoded(AccountStats, await call('/api/v1/account/stats', {}, demo));
    expect(before.earnings_by_day.length).toBeGreaterThan(0);
    const added = decoded(CollectAddResponse, await call(COLLECT_ADD_PATH, { artwork_no: 'art-001' }, dave));
    await call(COLLECT_REMOVE_PATH, { id: added.id }, dave);
    decoded(CollectAddResponse, await call(COLLECT_ADD_PATH, { artwork_no: 'art-001' }, dave));
    const after = decoded(AccountStats, await call('/api/v1/account/stats', {}, demo));
    expect(after.earnings).toBe(before.earnings + CREATOR_REWARD_COINS);
    const today = Math.floor(after.as_of / 86_400_000) * 86_400_000;
    const todayBefore = before.earnings_by_day.find((d) => d.day === today)?.amount ?? 0;
    expect(after.earnings_by_day.find((d) => d.day === today)?.amount).toBe(
      todayBefore + CREATOR_REWARD_COINS,
    );
    expect(after.colleted_cnt).toBe(before.colleted_cnt + 1);
    expect(after.follower_cnt).toBeGreaterThan(0);
    // The author's coins history names the reward as creator earnings, not "Other".
    const ledger = decoded(
      LedgerListResponse,
      await call('/api/v1/payment/ledger/list', { page_size: 1 }, demo),
    );
    expect(ledger.items[0]).toMatchObject({
      direction: 'credit',
      category: 'creatorReward',
      coins: CREATOR_REWARD_COINS,
    });
    expect((await call('/api/v1/account/stats', {})).status.code).toBe(20000);
  });
});

describe('guide status and settings mode', () => {
  it('reads and sets the guide status; anything but 0 or 1 is 10400', async () => {
    expect(decoded(GuideStatus, await call('/api/v1/account/guide/status', {}, carol))).toEqual({
      guide_status: 0,
    });
    expect(
      decoded(GuideStatus, await call('/api/v1/account/guide/status/set', { guide_status: 1 }, carol)),
    ).toEqual({
      guide_status: 1,
    });
    expect((await call('/api/v1/account/guide/status/set', { guide_status: 2 }, carol)).status.code).toBe(
      10400,
    );
    expect((await call('/api/v1/account/guide/status', {})).status.code).toBe(20000);
  });

  it('the settings update takes mode 1 with the task flow version and stores no mode', async () => {
    const r = await call('/api/v1/account/settings/update', { mode: 1, task_flow_version: 'v2' }, carol);
    expect(r.status.code).toBe(10000);
    expect(r.data.task_flow_version).toBe('v2');
    expect(r.data).not.toHaveProperty('mode');
    expect((await call('/api/v1/account/settings/update', { mode: 2 }, carol)).status.code).toBe(10400);
  });
});
