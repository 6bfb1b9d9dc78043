/**
 * Profile decorations (ornaments, spec §3, §4, §7, §8, §9): list, buy, use, unload and the
 * purchase history. The paths are "not shown" in the spec; we chose POST
 * `/api/v1/ornament/{list,buy,use,unload,history}`. "Bind" (spec §7) is `use` with a work id:
 * a production box is bound to one of the caller's works, an avatar box to the profile.
 *
 * Types are the strings 'production_box' and 'avatar_box'. Refusals: 80304 sold out,
 * 80307 not enough coins, 10403 not owned / already owned, 10404 no such ornament or work.
 */
import * as t from 'io-ts';

export const ORNAMENT_LIST_PATH = '/api/v1/ornament/list';
export const ORNAMENT_BUY_PATH = '/api/v1/ornament/buy';
export const ORNAMENT_USE_PATH = '/api/v1/ornament/use';
export const ORNAMENT_UNLOAD_PATH = '/api/v1/ornament/unload';
export const ORNAMENT_HISTORY_PATH = '/api/v1/ornament/history';

/** Spec §9 page sizes: the list up to 1000, the purchase history 5. */
export const ORNAMENT_LIST_MAX_PAGE_SIZE = 1000;
export const ORNAMENT_HISTORY_MAX_PAGE_SIZE = 5;

export const DECORATION_SOLD_OUT = 80304;
export const DECORATION_NO_COINS = 80307;

export const OrnamentType = t.keyof({ production_box: null, avatar_box: null }, 'OrnamentType');
export type OrnamentType = t.TypeOf<typeof OrnamentType>;

export const OrnamentPreview = t.type(
  { url: t.string, width: t.number, height: t.number },
  'OrnamentPreview',
);
export type OrnamentPreview = t.TypeOf<typeof OrnamentPreview>;

/** Spec §3 decoration, as the caller sees it (is_owned, is_wearing and buy_at are the caller's). */
export const Ornament = t.type(
  {
    id: t.string,
    type: OrnamentType,
    name: t.string,
    /** In coins. */
    price: t.number,
    /** Left for sale; 0 is sold out. */
    stock: t.number,
    /** How many have been sold. */
    sold: t.number,
    is_owned: t.boolean,
    is_wearing: t.boolean,
    /** Epoch ms of the caller's purchase, null when not owned. */
    buy_at: t.union([t.number, t.null]),
    preview: OrnamentPreview,
    /** The caller's works this production box is bound to (empty for avatar boxes). */
    work_ids: t.array(t.string),
  },
  'Ornament',
);
export type Ornament = t.TypeOf<typeof Ornament>;

interface PageBrand {
  readonly Page: unique symbol;
}
/** A 1-based page number. */
export const Page = t.brand(
  t.number,
  (n): n is t.Branded<number, PageBrand> => Number.isInteger(n) && n >= 1 && n <= 1_000_000,
  'Page',
);
export type Page = t.TypeOf<typeof Page>;

interface ListPageSizeBrand {
  readonly ListPageSize: unique symbol;
}
export const ListPageSize = t.brand(
  t.number,
  (n): n is t.Branded<number, ListPageSizeBrand> =>
    Number.isInteger(n) && n >= 1 && n <= ORNAMENT_LIST_MAX_PAGE_SIZE,
  'ListPageSize',
);
export type ListPageSize = t.TypeOf<typeof ListPageSize>;

interface HistoryPageSizeBrand {
  readonly HistoryPageSize: unique symbol;
}
export const HistoryPageSize = t.brand(
  t.number,
  (n): n is t.Branded<number, HistoryPageSizeBrand> =>
    Number.isInteger(n) && n >= 1 && n <= ORNAMENT_HISTORY_MAX_PAGE_SIZE,
  'HistoryPageSize',
);
export type HistoryPageSize = t.TypeOf<typeof HistoryPageSize>;

interface OrnamentIdBrand {
  readonly OrnamentId: unique symbol;
}
export const OrnamentId = t.brand(
  t.string,
  (s): s is t.Branded<string, OrnamentIdBrand> => /^[A-Za-z0-9_-]{1,64}$/.test(s),
  'OrnamentId',
);
export type OrnamentId = t.TypeOf<typeof OrnamentId>;

interface WorkIdBrand {
  readonly WorkId: unique symbol;
}
export const WorkId = t.brand(
  t.string,
  (s): s is t.Branded<string, WorkIdBrand> => /^[A-Za-z0-9_-]{1,64}$/.test(s),
  'WorkId',
);
export type WorkId = t.TypeOf<typeof WorkId>;

/** Guests may list (nothing is owned); `type` filters, `owned` keeps only the caller's. */
export const OrnamentListRequest = t.partial(
  { type: OrnamentType, page: Page, page_size: ListPageSize, owned: t.boolean },
  'OrnamentListRequest',
);
export type OrnamentListRequest = t.TypeOf<typeof OrnamentListRequest>;

export const OrnamentListResponse = t.type(
  { items: t.array(Ornament), total: t.number, page: t.number, page_size: t.number },
  'OrnamentListResponse',
);
export type OrnamentListResponse = t.TypeOf<typeof OrnamentListResponse>;

export const OrnamentBuyRequest = t.type({ ornament_id: OrnamentId }, 'OrnamentBuyRequest');
export type OrnamentBuyRequest = t.TypeOf<typeof OrnamentBuyRequest>;

/** The bought ornament and the caller's coin balance after the debit. */
export const OrnamentBuyResponse = t.type(
  { item: Ornament, calculate_coins: t.number },
  'OrnamentBuyResponse',
);
export type OrnamentBuyResponse = t.TypeOf<typeof OrnamentBuyResponse>;

/** A production box needs the work it goes on; an avatar box takes none. */
export const OrnamentUseRequest = t.intersection(
  [t.type({ ornament_id: OrnamentId }), t.partial({ work_id: WorkId })],
  'OrnamentUseRequest',
);
export type OrnamentUseRequest = t.TypeOf<typeof OrnamentUseRequest>;

/** Without a work id, a production box comes off every work. */
export const OrnamentUnloadRequest = OrnamentUseRequest;
export type OrnamentUnloadRequest = OrnamentUseRequest;

export const OrnamentItemResponse = t.type({ item: Ornament }, 'OrnamentItemResponse');
export type OrnamentItemResponse = t.TypeOf<typeof OrnamentItemResponse>;

export const OrnamentHistoryRequest = t.partial(
  { page: Page, page_size: HistoryPageSize },
  'OrnamentHistoryRequest',
);
export type OrnamentHistoryRequest = t.TypeOf<typeof OrnamentHistoryRequest>;

export const OrnamentPurchase = t.type(
  {
    ornament_id: t.string,
    type: OrnamentType,
    name: t.string,
    /** Coins paid at the time (a later price change does not rewrite history). */
    price: t.number,
    buy_at: t.number,
    preview: OrnamentPreview,
  },
  'OrnamentPurchase',
);
export type OrnamentPurchase = t.TypeOf<typeof OrnamentPurchase>;

export const OrnamentHistoryResponse = t.type(
  { items: t.array(OrnamentPurchase), total: t.number, page: t.number, page_size: t.number },
  'OrnamentHistoryResponse',
);
export type OrnamentHistoryResponse = t.TypeOf<typeof OrnamentHistoryResponse>;

// ---- decoration stats and avatar preview items (spec §2 avatar preview tabs, §3, §9) ----------

/** Spec §3 decoration stats of the caller, shown in the self-centre preview. */
export const ORNAMENT_STATS_PATH = '/api/v1/ornament/stats';
/** Works to preview an avatar box on (spec §2 recommend and detail tabs; §9 page size 4). */
export const ORNAMENT_PREVIEW_PATH = '/api/v1/ornament/preview';
export const ORNAMENT_PREVIEW_PAGE_SIZE = 4;

/**
 * Spec §3 decoration stats, spelled as the spec spells them, with the same definitions as the
 * account stats (`/api/v1/account/stats`): colleted_cnt is how many times the caller's works were
 * collected, following_cnt and follower_cnt their follows, earnings the coins the caller earned
 * as a creator.
 */
export const DecorationStats = t.type(
  { colleted_cnt: t.number, following_cnt: t.number, follower_cnt: t.number, earnings: t.number },
  'DecorationStats',
);
export type DecorationStats = t.TypeOf<typeof DecorationStats>;

export const OrnamentStatsRequest = t.type({}, 'OrnamentStatsRequest');
export type OrnamentStatsRequest = t.TypeOf<typeof OrnamentStatsRequest>;

export const PreviewBanner = t.type(
  {
    url: t.string,
    width: t.number,
    height: t.number,
    nsfw: t.boolean,
    is_nsfw_plus: t.boolean,
    has_meta: t.boolean,
  },
  'PreviewBanner',
);

export const PreviewModel = t.type(
  { id: t.string, model_ver_no: t.string, type: t.string, name: t.string, cover: t.string },
  'PreviewModel',
);

export const PreviewTag = t.type(
  { id: t.string, title: t.string, cover: t.string, is_collect: t.boolean, show_in: t.number },
  'PreviewTag',
);

/** Spec §3 decoration preview item: a work the avatar box is previewed on. */
export const DecorationPreviewItem = t.type(
  {
    id: t.string,
    model_id: t.string,
    title: t.string,
    model_name: t.string,
    sub_channel: t.string,
    banner: PreviewBanner,
    created_at: t.number,
    meta: t.type({ prompt: t.string }),
    channel: t.string,
    models: t.array(PreviewModel),
    tags: t.array(PreviewTag),
  },
  'DecorationPreviewItem',
);
export type DecorationPreviewItem = t.TypeOf<typeof DecorationPreviewItem>;

export const OrnamentPreviewRequest = t.type({}, 'OrnamentPreviewRequest');
export type OrnamentPreviewRequest = t.TypeOf<typeof OrnamentPreviewRequest>;

export const OrnamentPreviewResponse = t.type(
  { items: t.array(DecorationPreviewItem) },
  'OrnamentPreviewResponse',
);
export type OrnamentPreviewResponse = t.TypeOf<typeof OrnamentPreviewResponse>;
