/**
 * Campaign routes (the marketing calls): the membership page's testimonials (spec §1) with their
 * avatars, and the weekly campaigns of the season (spec §9) with statuses from the server clock.
 * Both calls are public and read-only. Paths and shapes are in infrastructure/contract/marketing.ts.
 *
 * A testimonial's avatar is rendered by the image engine on its first GET (128 px square) and
 * kept in the blob store afterwards, like the square's avatars (server/feed/covers.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { format } from '../../domain/index.js';
import {
  CAMPAIGN_LIST_PATH,
  CampaignListRequest,
  TESTIMONIAL_AVATAR_BASE,
  TESTIMONIAL_LIST_PATH,
  TestimonialListRequest,
  testimonialAvatarUrl,
  type Campaign,
  type CampaignListResponse,
  type CampaignStatus,
  type CampaignType,
  type TestimonialListResponse,
} from '../../infrastructure/contract/marketing';
import { contentTypeOf } from '../blobs/store';
import type { ServerContext } from '../context';
import { CODES, decodeBody, failure, ok } from '../envelope';
import { asBuffer, runEngine } from '../engines/pool';
import { hashString } from '../engines/random';

/** Every domain campaign type is one the contract can carry (a compile-time check). */
const contractType = (type: format.CampaignType): CampaignType => type;

export const TESTIMONIAL_AVATAR_SIDE = 128;
const SAFE_ID = /^[A-Za-z0-9_-]{1,80}$/;
const avatarKey = (id: string): string => `marketing/testimonials/${id}.png`;

export interface CampaignRow {
  readonly type: format.CampaignType;
  readonly startsAt: number;
  readonly endsAt: number;
}

/** Spec §9 windows are [starts_at, ends_at): upcoming before, active inside, ended from ends_at on. */
export const campaignStatus = (c: Pick<CampaignRow, 'startsAt' | 'endsAt'>, nowMs: number): CampaignStatus =>
  nowMs < c.startsAt ? 'upcoming' : nowMs < c.endsAt ? 'active' : 'ended';

/** The campaign list answer for the season's windows (in order) at `nowMs`. */
export const campaignList = (rows: readonly CampaignRow[], nowMs: number): CampaignListResponse => {
  const items: Campaign[] = rows.map((r) => ({
    type: contractType(r.type),
    starts_at: r.startsAt,
    ends_at: r.endsAt,
    status: campaignStatus(r, nowMs),
  }));
  return { items, current: items.find((c) => c.status === 'active') ?? null, server_time: nowMs };
};

export const ensureTestimonialAvatar = async (ctx: ServerContext, id: string): Promise<Buffer | null> => {
  if (!SAFE_ID.test(id)) return null;
  const key = avatarKey(id);
  const stored = await ctx.blobs.get(key);
  if (stored) return stored;
  const [row] = await ctx.db.query<{ avatar_prompt: string }>(
    'SELECT avatar_prompt FROM testimonials WHERE id = $1',
    [id],
  );
  if (!row) return null;
  const png = asBuffer(
    (
      await runEngine('image', {
        prompt: row.avatar_prompt,
        seed: hashString(`testimonial:${id}`),
        aspectRatio: '1:1',
        longSide: TESTIMONIAL_AVATAR_SIDE,
      })
    ).png,
  );
  await ctx.blobs.put(key, png);
  return png;
};

export const campaignRoutes = (app: FastifyInstance, ctx: ServerContext): void => {
  app.post(TESTIMONIAL_LIST_PATH, async (req) => {
    decodeBody(TestimonialListRequest, req.body);
    const rows = await ctx.db.query<{
      id: string;
      name: string;
      title_en: string;
      title_zh: string;
      content_en: string;
      content_zh: string;
    }>(
      'SELECT id, name, title_en, title_zh, content_en, content_zh FROM testimonials ORDER BY sort ASC, id ASC',
    );
    const data: TestimonialListResponse = {
      items: rows.map((r) => ({
        id: r.id,
        name: r.name,
        avatar: testimonialAvatarUrl(r.id),
        title_en: r.title_en,
        title_zh: r.title_zh,
        content_en: r.content_en,
        content_zh: r.content_zh,
      })),
    };
    return ok(data);
  });

  app.post(CAMPAIGN_LIST_PATH, async (req) => {
    decodeBody(CampaignListRequest, req.body);
    const rows = await ctx.db.query<{
      type: format.CampaignType;
      starts_at: string | number;
      ends_at: string | number;
    }>('SELECT type, starts_at, ends_at FROM campaigns ORDER BY sort ASC');
    const season = rows.map((r) => ({
      type: r.type,
      startsAt: Number(r.starts_at),
      endsAt: Number(r.ends_at),
    }));
    return ok(campaignList(season, ctx.clock.now()));
  });

  app.get<{ Params: { file: string } }>(`${TESTIMONIAL_AVATAR_BASE}/:file`, async (req, reply) => {
    const m = /^(.+)\.png$/.exec(req.params.file);
    const bytes = m ? await ensureTestimonialAvatar(ctx, m[1]!) : null;
    if (!m || !bytes) return reply.status(404).send(failure(CODES.notFound, 'no such file'));
    return reply
      .header('content-type', contentTypeOf(avatarKey(m[1]!)))
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(bytes);
  });
};
