/**
 * Membership marketing and campaigns on the reference server (spec §1 testimonials, §9 campaigns),
 * over loopback against one server, plus the pure campaign status rule at fixed times and a
 * round-trip of the contract's codecs.
 */
import * as E from 'fp-ts/Either';
import * as fc from 'fast-check';
import type * as t from 'io-ts';
import { PathReporter } from 'io-ts/PathReporter';
import { PNG } from 'pngjs';
import { firstValueFrom } from 'rxjs';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { format } from '../../domain/index.js';
import {
  CAMPAIGN_LIST_PATH,
  Campaign,
  CampaignListRequest,
  CampaignListResponse,
  TESTIMONIAL_LIST_PATH,
  Testimonial,
  TestimonialListRequest,
  TestimonialListResponse,
  testimonialAvatarUrl,
} from '../../infrastructure/contract/marketing';
import { makeHttpClient } from '../../infrastructure/http/client';
import { makeMarketingApi } from '../../infrastructure/marketing/api';
import { TESTIMONIAL_AVATAR_SIDE, campaignList, campaignStatus } from '../../server/campaigns/routes';
import { SEED_TESTIMONIALS, seasonCampaigns, seedMarketing } from '../../server/seeds/marketing';
import { startTestServer, type Json, type TestServer } from '../support/server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({}, false);
});
afterAll(() => s.stop());
afterEach(() => {
  vi.restoreAllMocks();
});

const DAY = 24 * 60 * 60 * 1000;
const SPEC_TYPES = [
  'aiVideoRush',
  'starryNight',
  'finalCountdown',
  'childrensColor',
  'oceanicArt',
  'summerVideo',
  'midyearFest',
];
const MAY_8 = Date.UTC(2025, 4, 8);
const END_OF_JULY_1 = Date.UTC(2025, 6, 2);
const CJK = /[\u4e00-\u9fff]/;

const code = (r: { json: Json }): number => r.json?.status?.code;
const decoded = <A, O>(codec: t.Type<A, O, unknown>, value: unknown): A => {
  const r = codec.decode(value);
  if (E.isLeft(r)) throw new Error(PathReporter.report(r).join('; '));
  return r.right;
};
const count = async (table: 'testimonials' | 'campaigns'): Promise<number> =>
  Number((await s.server.ctx.db.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`))[0]!.n);
const campaignsAt = async (nowMs: number): Promise<CampaignListResponse> => {
  vi.spyOn(s.server.ctx.clock, 'now').mockReturnValue(nowMs);
  const r = await s.post(CAMPAIGN_LIST_PATH, {});
  expect(code(r)).toBe(10000);
  return decoded(CampaignListResponse, r.json.data);
};

describe('testimonials (spec §1 "a list of 12 testimonial entries. Each has a name, avatar, and a title and content in Chinese and English")', () => {
  it('a guest gets 12 entries with distinct sample names, en and zh titles and contents, in seed order', async () => {
    const r = await s.post(TESTIMONIAL_LIST_PATH, {});
    expect(code(r)).toBe(10000);
    const { items } = decoded(TestimonialListResponse, r.json.data);
    expect(items).toHaveLength(12);
    expect(items.map((i) => i.id)).toEqual(SEED_TESTIMONIALS.map((x) => x.id));
    expect(new Set(items.map((i) => i.name)).size).toBe(12);
    for (const i of items) {
      expect(i.name.trim()).not.toBe('');
      expect(i.avatar).toBe(testimonialAvatarUrl(i.id));
      for (const text of [i.title_en, i.content_en]) {
        expect(text.trim().length).toBeGreaterThan(0);
        expect(text).not.toMatch(CJK);
      }
      for (const text of [i.title_zh, i.content_zh]) {
        expect(text.trim().length).toBeGreaterThan(0);
        expect(text).toMatch(CJK);
      }
    }
  });

  it('a signed-in account gets the same list (public data, nothing per account)', async () => {
    const token = await s.login();
    const guest = await s.post(TESTIMONIAL_LIST_PATH, {});
    const member = await s.post(TESTIMONIAL_LIST_PATH, {}, { token });
    expect(code(member)).toBe(10000);
    expect(member.json.data).toEqual(guest.json.data);
  });

  it('every avatar GETs as a valid square PNG, the same bytes each time; unknown ids are 404', async () => {
    const { items } = decoded(TestimonialListResponse, (await s.post(TESTIMONIAL_LIST_PATH, {})).json.data);
    for (const i of items) {
      const res = await s.get(i.avatar);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      const bytes = Buffer.from(await res.arrayBuffer());
      const png = PNG.sync.read(bytes);
      expect([png.width, png.height]).toEqual([TESTIMONIAL_AVATAR_SIDE, TESTIMONIAL_AVATAR_SIDE]);
      if (i === items[0])
        expect(Buffer.from(await (await s.get(i.avatar)).arrayBuffer()).equals(bytes)).toBe(true);
    }
    expect((await s.get(testimonialAvatarUrl('tst-nobody'))).status).toBe(404);
    expect((await s.get('/blobs/marketing/testimonials/tst-elodie.jpg')).status).toBe(404);
    expect((await s.get(testimonialAvatarUrl('..%2Fsecret'))).status).toBe(404);
  });

  it('malformed bodies are rejected with 10400 and nothing changes (spec §8, 10400 malformed input)', async () => {
    for (const body of ['"x"', '[1,2]', '42', 'true'])
      for (const path of [TESTIMONIAL_LIST_PATH, CAMPAIGN_LIST_PATH])
        expect(code(await s.post(path, body))).toBe(10400);
    expect(await count('testimonials')).toBe(12);
    expect(await count('campaigns')).toBe(7);
  });

  it('seeding again adds nothing (seeds are idempotent)', async () => {
    await seedMarketing(s.server.ctx);
    expect(await count('testimonials')).toBe(12);
    expect(await count('campaigns')).toBe(7);
  });
});

describe('campaigns (spec §9 "weekly, 8 May to 1 July 2025", seven types in order)', () => {
  it('lists the seven types in the spec order, contiguous weeks from 8 May 2025, the last ending at the end of 1 July 2025', async () => {
    const { items } = await campaignsAt(Date.now());
    expect(items.map((c) => c.type)).toEqual(SPEC_TYPES);
    expect(items.map((c) => c.type)).toEqual([...format.CAMPAIGN_TYPES]);
    expect(items[0]!.starts_at).toBe(MAY_8);
    items.forEach((c, i) => {
      if (i > 0) expect(c.starts_at).toBe(items[i - 1]!.ends_at);
      if (i < items.length - 1) expect(c.ends_at - c.starts_at).toBe(7 * DAY);
    });
    expect(items[6]!.starts_at).toBe(Date.UTC(2025, 5, 19));
    expect(items[6]!.ends_at).toBe(END_OF_JULY_1);
  });

  it('statuses follow the server clock today and agree with format.activeCampaign', async () => {
    vi.restoreAllMocks();
    const r = await s.post(CAMPAIGN_LIST_PATH, {});
    const data = decoded(CampaignListResponse, r.json.data);
    expect(Math.abs(data.server_time - Date.now())).toBeLessThan(5000);
    const active = format.activeCampaign(data.server_time);
    expect(data.current?.type ?? null).toBe(active?.type ?? null);
    for (const c of data.items)
      expect(c.status).toBe(campaignStatus({ startsAt: c.starts_at, endsAt: c.ends_at }, data.server_time));
  });

  it('with the server clock set: upcoming before the season, one active week inside it, all ended after', async () => {
    const before = await campaignsAt(Date.UTC(2025, 4, 1));
    expect(before.items.every((c) => c.status === 'upcoming')).toBe(true);
    expect(before.current).toBeNull();

    const first = await campaignsAt(MAY_8);
    expect(first.items.map((c) => c.status)).toEqual([
      'active',
      'upcoming',
      'upcoming',
      'upcoming',
      'upcoming',
      'upcoming',
      'upcoming',
    ]);
    expect(first.current?.type).toBe('aiVideoRush');
    expect(first.server_time).toBe(MAY_8);

    const may29 = Date.UTC(2025, 4, 29, 12);
    const mid = await campaignsAt(may29);
    expect(mid.items.map((c) => c.status)).toEqual([
      'ended',
      'ended',
      'ended',
      'active',
      'upcoming',
      'upcoming',
      'upcoming',
    ]);
    expect(mid.current?.type).toBe(format.activeCampaign(may29)?.type);
    expect(mid.current?.type).toBe('childrensColor');

    const lastMs = await campaignsAt(END_OF_JULY_1 - 1);
    expect(lastMs.current).toEqual({
      type: 'midyearFest',
      starts_at: Date.UTC(2025, 5, 19),
      ends_at: END_OF_JULY_1,
      status: 'active',
    });

    const after = await campaignsAt(END_OF_JULY_1);
    expect(after.items.every((c) => c.status === 'ended')).toBe(true);
    expect(after.current).toBeNull();
  });

  it('a signed-in account gets the same answer as a guest', async () => {
    const token = await s.login();
    vi.spyOn(s.server.ctx.clock, 'now').mockReturnValue(Date.UTC(2025, 5, 1));
    const guest = await s.post(CAMPAIGN_LIST_PATH, {});
    const member = await s.post(CAMPAIGN_LIST_PATH, {}, { token });
    expect(code(member)).toBe(10000);
    expect(member.json.data).toEqual(guest.json.data);
  });
});

describe('the campaign status rule at fixed times (spec §9; windows from format.activeCampaign)', () => {
  const season = seasonCampaigns();

  it('the season is the domain rotation walked from its start: seven windows, 8 May to the end of 1 July', () => {
    expect(season.map((c) => c.type)).toEqual(SPEC_TYPES);
    expect(season[0]!.startsAt).toBe(format.CAMPAIGN_SEASON_START);
    expect(season[6]!.endsAt).toBe(format.CAMPAIGN_SEASON_END);
  });

  it('windows are [starts_at, ends_at)', () => {
    const w = { startsAt: 1000, endsAt: 2000 };
    expect(campaignStatus(w, 999)).toBe('upcoming');
    expect(campaignStatus(w, 1000)).toBe('active');
    expect(campaignStatus(w, 1999)).toBe('active');
    expect(campaignStatus(w, 2000)).toBe('ended');
  });

  it('outside the season nothing is current; inside it exactly one window is active, the domain active campaign', () => {
    expect(campaignList(season, Date.UTC(2024, 11, 31)).current).toBeNull();
    expect(campaignList(season, Date.UTC(2026, 0, 1)).current).toBeNull();
    const edges = fc.constantFrom(
      ...season.flatMap((c) => [c.startsAt - 1, c.startsAt, c.endsAt - 1, c.endsAt]),
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({
            min: format.CAMPAIGN_SEASON_START - 30 * DAY,
            max: format.CAMPAIGN_SEASON_END + 30 * DAY,
          }),
          edges,
        ),
        (now) => {
          const list = campaignList(season, now);
          const active = format.activeCampaign(now);
          expect(list.items.filter((c) => c.status === 'active')).toHaveLength(active ? 1 : 0);
          expect(
            list.current === null
              ? null
              : { type: list.current.type, startsAt: list.current.starts_at, endsAt: list.current.ends_at },
          ).toEqual(active);
          // Ended, then (at most one) active, then upcoming: statuses never go backwards in time.
          const rank = list.items.map((c) => ({ ended: 0, active: 1, upcoming: 2 })[c.status]);
          expect(rank).toEqual([...rank].sort((a, b) => a - b));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('the web client calls (makeMarketingApi over makeHttpClient and Node fetch; spec §7)', () => {
  it('both calls decode with their contract codecs', async () => {
    const http = makeHttpClient({
      baseUrl: s.baseUrl,
      fetch: (input, init) => fetch(input, init),
      headers: () => ({ 'x-device-id': 'marketing-client-1' }),
    });
    const api = makeMarketingApi(http);
    const testimonials = await firstValueFrom(api.listTestimonials());
    if (E.isLeft(testimonials)) throw new Error(JSON.stringify(testimonials.left));
    expect(testimonials.right.items).toHaveLength(12);
    vi.spyOn(s.server.ctx.clock, 'now').mockReturnValue(Date.UTC(2025, 5, 20));
    const campaigns = await firstValueFrom(api.listCampaigns());
    if (E.isLeft(campaigns)) throw new Error(JSON.stringify(campaigns.left));
    expect(campaigns.right.items).toHaveLength(7);
    expect(campaigns.right.current?.type).toBe('midyearFest');
  });
});

describe('the marketing contract codecs round-trip through JSON (issue 4 "every request and response is an io-ts codec")', () => {
  const text = fc.string({ maxLength: 40 });
  const testimonial = fc.record({
    id: text,
    name: text,
    avatar: text,
    title_en: text,
    title_zh: text,
    content_en: text,
    content_zh: text,
  });
  const campaign = fc.record({
    type: fc.constantFrom(...format.CAMPAIGN_TYPES),
    starts_at: fc.integer({ min: 0, max: 2 ** 45 }),
    ends_at: fc.integer({ min: 0, max: 2 ** 45 }),
    status: fc.constantFrom('upcoming' as const, 'active' as const, 'ended' as const),
  });
  const roundTrip = <A, O>(codec: t.Type<A, O, unknown>, value: A): A =>
    decoded(codec, JSON.parse(JSON.stringify(codec.encode(value))));

  it('responses', () => {
    fc.assert(
      fc.property(fc.array(testimonial, { maxLength: 12 }), (items) => {
        expect(roundTrip(TestimonialListResponse, { items })).toEqual({ items });
        for (const i of items) expect(roundTrip(Testimonial, i)).toEqual(i);
      }),
    );
    fc.assert(
      fc.property(
        fc.array(campaign, { maxLength: 7 }),
        fc.option(campaign, { nil: null }),
        fc.nat(),
        (items, current, server_time) => {
          const value = { items, current, server_time };
          expect(roundTrip(CampaignListResponse, value)).toEqual(value);
          for (const c of items) expect(roundTrip(Campaign, c)).toEqual(c);
        },
      ),
    );
  });

  it('requests: any object decodes, anything else is malformed', () => {
    for (const codec of [TestimonialListRequest, CampaignListRequest]) {
      expect(roundTrip(codec, {})).toEqual({});
      fc.assert(
        fc.property(fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.array(fc.integer())), (bad) =>
          E.isLeft(codec.decode(bad)),
        ),
      );
    }
  });

  it('campaign types outside the spec list are rejected', () => {
    expect(
      E.isLeft(Campaign.decode({ type: 'winterFest', starts_at: 0, ends_at: 1, status: 'active' })),
    ).toBe(true);
    expect(
      E.isLeft(Campaign.decode({ type: 'aiVideoRush', starts_at: 0, ends_at: 1, status: 'paused' })),
    ).toBe(true);
  });
});
