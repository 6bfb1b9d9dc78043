/**
 * Membership marketing (spec §1 "a list of 12 testimonial entries. Each has a name, avatar, and a
 * title and content in Chinese and English") and the weekly campaigns (spec §9 "Campaigns: weekly,
 * 8 May to 1 July 2025", seven types in a fixed order).
 *
 * Every path and shape here is "not shown" in the spec; we chose, in the style of the shown ones
 * (POST under /api/v1/..., snake_case fields):
 *   POST /api/v1/marketing/testimonials   {} → items[{id, name, avatar, title_en, title_zh, content_en, content_zh}]
 *   GET  /blobs/marketing/testimonials/{id}.png   a testimonial's avatar (PNG, rendered on first GET)
 *   POST /api/v1/campaign/list            {} → items[{type, starts_at, ends_at, status}], current, server_time
 *
 * Choices:
 * - Testimonials always carry both languages (title_en/title_zh, content_en/content_zh) rather than
 *   one chosen by a `lang` field: twelve short entries, and switching the page's language needs no
 *   refetch. The request is an empty object; anything that is not an object is malformed (10400).
 *   `avatar` is a site-relative URL (testimonialAvatarUrl). Items come in display order.
 * - Campaigns: every campaign of the season in the spec's order, each week from 8 May 2025 00:00 UTC;
 *   the seventh runs to the end of 1 July 2025 (UTC). Times are epoch milliseconds, `ends_at`
 *   exclusive. `status` is computed from the server clock when answering: 'upcoming' before
 *   `starts_at`, 'active' from `starts_at` until `ends_at`, 'ended' after. `current` is the active
 *   campaign (null outside the season) and `server_time` the clock used, so a client can count
 *   down without trusting its own clock. Both calls are public (guests included): they hold no
 *   account data.
 */
import * as t from 'io-ts';

export const TESTIMONIAL_LIST_PATH = '/api/v1/marketing/testimonials';
export const CAMPAIGN_LIST_PATH = '/api/v1/campaign/list';
export const TESTIMONIAL_AVATAR_BASE = '/blobs/marketing/testimonials';
/** `GET` the PNG avatar of one testimonial. */
export const testimonialAvatarUrl = (id: string): string => `${TESTIMONIAL_AVATAR_BASE}/${id}.png`;

// ---- testimonials (spec §1) ------------------------------------------------------------------

export const TestimonialListRequest = t.type({}, 'TestimonialListRequest');
export type TestimonialListRequest = t.TypeOf<typeof TestimonialListRequest>;

export const Testimonial = t.type(
  {
    id: t.string,
    name: t.string,
    /** Site-relative URL of a PNG. */
    avatar: t.string,
    title_en: t.string,
    title_zh: t.string,
    content_en: t.string,
    content_zh: t.string,
  },
  'Testimonial',
);
export type Testimonial = t.TypeOf<typeof Testimonial>;

export const TestimonialListResponse = t.type(
  { items: t.readonlyArray(Testimonial) },
  'TestimonialListResponse',
);
export type TestimonialListResponse = t.TypeOf<typeof TestimonialListResponse>;

// ---- campaigns (spec §9) ---------------------------------------------------------------------

/** Spec §9 campaign types (the season's order is the domain's format.CAMPAIGN_TYPES). */
export const CampaignType = t.keyof(
  {
    aiVideoRush: null,
    starryNight: null,
    finalCountdown: null,
    childrensColor: null,
    oceanicArt: null,
    summerVideo: null,
    midyearFest: null,
  },
  'CampaignType',
);
export type CampaignType = t.TypeOf<typeof CampaignType>;

export const CampaignStatus = t.keyof({ upcoming: null, active: null, ended: null }, 'CampaignStatus');
export type CampaignStatus = t.TypeOf<typeof CampaignStatus>;

export const Campaign = t.type(
  {
    type: CampaignType,
    /** Epoch ms, inclusive. */
    starts_at: t.number,
    /** Epoch ms, exclusive. */
    ends_at: t.number,
    status: CampaignStatus,
  },
  'Campaign',
);
export type Campaign = t.TypeOf<typeof Campaign>;

export const CampaignListRequest = t.type({}, 'CampaignListRequest');
export type CampaignListRequest = t.TypeOf<typeof CampaignListRequest>;

export const CampaignListResponse = t.type(
  {
    items: t.readonlyArray(Campaign),
    current: t.union([Campaign, t.null]),
    /** The server clock the statuses were computed from, epoch ms. */
    server_time: t.number,
  },
  'CampaignListResponse',
);
export type CampaignListResponse = t.TypeOf<typeof CampaignListResponse>;
