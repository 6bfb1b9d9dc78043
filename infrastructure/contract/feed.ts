/**
 * The community square (spec §2, §3, §7, §9): feed lists, search, tags, models and posts.
 *
 * Choices where the spec says "not shown":
 * - Feed lists under /api/v1/square/v3 answer both `POST` with a JSON body (like every other
 *   call) and `GET` with the same fields as query parameters (arrays as repeated keys or
 *   comma-separated; `artwork_types[]=7` works too). Both decode into `FeedRequest`.
 * - `order_by_time` (`month_hot`, `week_new`, ... : window then order) decides both the order and
 *   the window when sent; otherwise `order_by` and `timeType`; otherwise the tab's defaults
 *   (the domain's `feed.feedDefaults` of the route's tab, spec §9). `limit` defaults to 20 and is capped at 50.
 * - Search is `POST /api/v1/square/search` `{ keyword, tab, offset, limit }` and answers a page of
 *   content items, tags (tab 6) or users (tab 8), told apart by `result_type`.
 * - Model detail is `POST /api/v1/model/detail` `{ id }`; any card's detail is
 *   `POST /api/v1/square/item/detail` `{ id }`; posts are created with
 *   `POST /api/v1/post/article/create` (the server sanitises the HTML against a fixed allow-list).
 * - `ContentItem` carries the spec §3 fields plus `card_type` (spec §2 card types; `ebook` added
 *   for e-books, which the spec's list leaves out), `tags`, and type-specific fields.
 *   `pt` and every time are epoch milliseconds. `num_of_praise` equals `stat.num_of_like`.
 */
import * as t from 'io-ts';
import {
  AvatarFrame,
  CARD_TYPES,
  CardType,
  ContentAuthor,
  ContentItem,
  ContentMedia,
  ContentStat,
  Cover,
  FeedOrder,
  ModelType,
  NonNegativeInt,
  PositiveInt,
  ShortText,
  TagRef,
  boundedString,
  shortList,
} from './cards';

export * from './cards';

export const SQUARE_FEED_BASE = '/api/v1/square/v3';

/** Spec §7 feed list routes, by tab. */
export const FEED_PATHS = {
  recommend: `${SQUARE_FEED_BASE}/recommend`,
  app: `${SQUARE_FEED_BASE}/app/list`,
  character: `${SQUARE_FEED_BASE}/character/list`,
  post: `${SQUARE_FEED_BASE}/post/list`,
  artwork: `${SQUARE_FEED_BASE}/artwork/list`,
  timbre: `${SQUARE_FEED_BASE}/timbre/list`,
  model: `${SQUARE_FEED_BASE}/model/list`,
  lora: `${SQUARE_FEED_BASE}/lora/template`,
  comfy_ui: `${SQUARE_FEED_BASE}/comfy_ui`,
  design_template: `${SQUARE_FEED_BASE}/design_template/list`,
  ebook: `${SQUARE_FEED_BASE}/ebook/list`,
} as const;
export type FeedRoute = keyof typeof FEED_PATHS;

export const SEARCH_PATH = '/api/v1/square/search';
export const TAG_SUGGEST_PATH = '/api/v1/tag/suggest';
export const TAG_HOT_PATH = '/api/v1/tag/v2/hot';
export const TAG_DETAIL_PATH = '/api/v1/tag/detail';
export const SQUARE_MODEL_LIST_PATH = '/api/v1/square/model/list';
export const MODEL_DETAIL_PATH = '/api/v1/model/detail';
export const ITEM_DETAIL_PATH = '/api/v1/square/item/detail';
export const POST_DETAIL_PATH = '/api/v1/post/article/detail';
export const POST_CREATE_PATH = '/api/v1/post/article/create';

/** Spec §7 `/api/v1/{kind}/tag/edit`: the kinds, and the card type each edits. */
export const TAG_EDIT_KINDS = {
  model: 'model',
  artwork: 'artwork',
  portfolio: 'portfolio',
  lookbook: 'lookBook',
  'ai-video': 'aiVideo',
} as const;
export type TagEditKind = keyof typeof TAG_EDIT_KINDS;
export const tagEditPath = (kind: TagEditKind): string => `/api/v1/${kind}/tag/edit`;

/** The card types each feed route lists (the artwork route narrows by `artwork_types`). */
export const FEED_CARD_TYPES: { readonly [R in FeedRoute]: readonly CardType[] } = {
  recommend: CARD_TYPES,
  app: ['aiapp', 'comfyUIApp'],
  character: ['character'],
  post: ['post'],
  artwork: ['artwork', 'portfolio', 'lookBook', 'aiVideo'],
  timbre: ['aiAudio'],
  model: ['model'],
  lora: ['lora_train'],
  comfy_ui: ['workflow'],
  design_template: ['paletteTemplate'],
  ebook: ['ebook'],
};

/** Spec §2 search tabs (value). */
export const SEARCH_TAB_VALUES = [1, 2, 4, 6, 8, 9, 13, 14, 15, 16] as const;
export const SearchTab = t.union(
  [
    t.literal(1),
    t.literal(2),
    t.literal(4),
    t.literal(6),
    t.literal(8),
    t.literal(9),
    t.literal(13),
    t.literal(14),
    t.literal(15),
    t.literal(16),
  ],
  'SearchTab',
);
export type SearchTab = t.TypeOf<typeof SearchTab>;

/** What each content search tab finds (6 tags and 8 users have their own result types). */
export const SEARCH_TAB_CARD_TYPES: { readonly [K in Exclude<SearchTab, 6 | 8>]: readonly CardType[] } = {
  1: ['artwork', 'portfolio', 'lookBook'],
  2: ['model'],
  4: ['post'],
  9: ['character'],
  13: ['workflow'],
  14: ['aiapp', 'comfyUIApp'],
  15: ['aiVideo'],
  16: ['aiAudio'],
};

export const Keyword = boundedString(1, 100, 'Keyword');
export type Keyword = t.TypeOf<typeof Keyword>;

export const SearchRequest = t.intersection(
  [t.type({ keyword: Keyword, tab: SearchTab }), t.partial({ offset: NonNegativeInt, limit: PositiveInt })],
  'SearchRequest',
);
export type SearchRequest = t.TypeOf<typeof SearchRequest>;

export const TagItem = t.type(
  { id: t.string, name: t.string, num_of_items: t.number, cover: t.union([Cover, t.null]) },
  'TagItem',
);
export type TagItem = t.TypeOf<typeof TagItem>;

export const UserCard = t.intersection(
  [
    t.type({
      id: t.string,
      name: t.string,
      avatar: t.string,
      is_follow: t.boolean,
      num_of_followers: t.number,
      num_of_works: t.number,
    }),
    AvatarFrame,
  ],
  'UserCard',
);
export type UserCard = t.TypeOf<typeof UserCard>;

export const SearchResponse = t.union(
  [
    t.type({
      result_type: t.literal('content'),
      items: t.array(ContentItem),
      offset: t.number,
      has_more: t.boolean,
    }),
    t.type({ result_type: t.literal('tag'), items: t.array(TagItem), offset: t.number, has_more: t.boolean }),
    t.type({
      result_type: t.literal('user'),
      items: t.array(UserCard),
      offset: t.number,
      has_more: t.boolean,
    }),
  ],
  'SearchResponse',
);
export type SearchResponse = t.TypeOf<typeof SearchResponse>;

/** A suggest prefix: 1..32 characters, not blank, no control characters (they never name anything). */
export const TagPrefix = t.brand(
  t.string,
  (s): s is t.Branded<string, { readonly TagPrefix: symbol }> =>
    // eslint-disable-next-line no-control-regex
    s.trim().length >= 1 && s.length <= 32 && !/[\u0000-\u001f\u007f]/.test(s),
  'TagPrefix',
);
export type TagPrefix = t.TypeOf<typeof TagPrefix>;

export const TagSuggestRequest = t.intersection(
  [t.type({ prefix: TagPrefix }), t.partial({ limit: PositiveInt })],
  'TagSuggestRequest',
);
export type TagSuggestRequest = t.TypeOf<typeof TagSuggestRequest>;

export const TagHotRequest = t.partial({ limit: PositiveInt }, 'TagHotRequest');
export type TagHotRequest = t.TypeOf<typeof TagHotRequest>;

export const TagListResponse = t.type({ items: t.array(TagItem) }, 'TagListResponse');
export type TagListResponse = t.TypeOf<typeof TagListResponse>;

/** Spec §7 tag suggest: the tags (`items`, as before), and since issue 21 the people and works too. */
export const TagSuggestResponse = t.intersection(
  [TagListResponse, t.partial({ users: t.array(UserCard), works: t.array(ContentItem) })],
  'TagSuggestResponse',
);
export type TagSuggestResponse = t.TypeOf<typeof TagSuggestResponse>;

/** A tag by its id, or by its name (case-insensitive; the address `/tag/:name` names it). */
export const TagDetailRequest = t.union(
  [t.type({ id: ShortText }), t.type({ name: ShortText })],
  'TagDetailRequest',
);
export type TagDetailRequest = t.TypeOf<typeof TagDetailRequest>;

/**
 * `is_collect` is the caller's (false for a guest); `show_area` is set on official tags (spec §7
 * "official tags (show_area)").
 */
export const TagDetail = t.intersection(
  [
    TagItem,
    t.type({ num_of_like: t.number, create_at: t.number }),
    t.partial({ description: t.string, is_collect: t.boolean, show_area: t.union([t.string, t.null]) }),
  ],
  'TagDetail',
);
export type TagDetail = t.TypeOf<typeof TagDetail>;

export const TAG_NAME_MAX = 32;
export const TAGS_PER_ITEM_MAX = 10;

interface TagNameBrand {
  readonly TagName: unique symbol;
}
/** Letters and digits first, then letters, digits, spaces, `-` and `_`; up to 32 characters. */
export const TagName = t.brand(
  t.string,
  (s): s is t.Branded<string, TagNameBrand> =>
    s.length <= TAG_NAME_MAX && /^[\p{L}\p{N}][\p{L}\p{N} _-]*$/u.test(s.trim()),
  'TagName',
);
export type TagName = t.TypeOf<typeof TagName>;

/** Spec §7 `/api/v1/{kind}/tag/edit`: replaces the item's tags (the owner only). */
export const TagEditRequest = t.type(
  { id: ShortText, tags: shortList(TagName, TAGS_PER_ITEM_MAX, 'TagNames') },
  'TagEditRequest',
);
export type TagEditRequest = t.TypeOf<typeof TagEditRequest>;

export const TagEditResponse = t.type({ id: t.string, tags: t.array(TagRef) }, 'TagEditResponse');
export type TagEditResponse = t.TypeOf<typeof TagEditResponse>;

/** Spec §3 model card: `content_type` is the model type, `content_sub_type` the base model. */
export const ModelVersion = t.type({ id: t.string, name: t.string, base_model: t.string }, 'ModelVersion');
export type ModelVersion = t.TypeOf<typeof ModelVersion>;

export const ModelCard = t.type(
  {
    id: t.string,
    title: t.string,
    content_type: t.string,
    content_sub_type: t.string,
    child: t.array(ModelVersion),
    cover: t.union([Cover, t.null]),
    author: ContentAuthor,
    stat: ContentStat,
  },
  'ModelCard',
);
export type ModelCard = t.TypeOf<typeof ModelCard>;

export const SquareModelListRequest = t.partial(
  {
    offset: NonNegativeInt,
    limit: PositiveInt,
    keyword: Keyword,
    order_by: FeedOrder,
    model_types: shortList(ModelType, 14, 'ModelTypes'),
    base_models: shortList(ShortText, 20, 'BaseModels'),
  },
  'SquareModelListRequest',
);
export type SquareModelListRequest = t.TypeOf<typeof SquareModelListRequest>;

export const ModelListResponse = t.type(
  { items: t.array(ModelCard), offset: t.number, has_more: t.boolean },
  'ModelListResponse',
);
export type ModelListResponse = t.TypeOf<typeof ModelListResponse>;

export const IdRequest = t.type({ id: ShortText }, 'IdRequest');
export type IdRequest = t.TypeOf<typeof IdRequest>;

/**
 * How a work was made (spec §3 preview item `meta.prompt`, with the generation parameters a
 * remix fills in): artworks, portfolios, lookbooks and videos carry it.
 */
export const GenerationMeta = t.type(
  {
    prompt: t.string,
    negative_prompt: t.string,
    sampler_name: t.string,
    steps: t.number,
    cfg_scale: t.number,
    seed: t.number,
    aspect_ratio: t.string,
    width: t.number,
    height: t.number,
  },
  'GenerationMeta',
);
export type GenerationMeta = t.TypeOf<typeof GenerationMeta>;

/** Spec §3 preview item `models (id, model_ver_no, type, name, cover)`: the models a work used. */
export const UsedModel = t.type(
  {
    id: t.string,
    model_ver_no: t.string,
    type: t.string,
    name: t.string,
    cover: t.union([Cover, t.null]),
  },
  'UsedModel',
);
export type UsedModel = t.TypeOf<typeof UsedModel>;

/** The playable file of a video (an animated GIF) or an audio work (WAV); `duration` in seconds. */
/** A detail page's playable file: the card's media with its type, length and size. */
export const MediaFile = t.intersection(
  [
    ContentMedia,
    t.type({ content_type: t.string, duration: t.number }),
    t.partial({ width: t.number, height: t.number }),
  ],
  'MediaFile',
);
export type MediaFile = t.TypeOf<typeof MediaFile>;

export const ItemDetail = t.intersection(
  [
    ContentItem,
    t.type({ description: t.string }),
    t.partial({ meta: GenerationMeta, models: t.array(UsedModel), media: MediaFile }),
  ],
  'ItemDetail',
);
export type ItemDetail = t.TypeOf<typeof ItemDetail>;

export const ModelDetail = t.intersection(
  [ItemDetail, t.type({ versions: t.array(ModelVersion), trigger_words: t.array(t.string) })],
  'ModelDetail',
);
export type ModelDetail = t.TypeOf<typeof ModelDetail>;

/** Spec §7 post detail "with ss": `ss` (a share source) is accepted and not needed to read. */
export const PostDetailRequest = t.intersection(
  [t.type({ id: ShortText }), t.partial({ ss: t.string })],
  'PostDetailRequest',
);
export type PostDetailRequest = t.TypeOf<typeof PostDetailRequest>;

/** `content` is HTML the server has sanitised (spec §5 rich text). */
export const PostDetail = t.intersection([ItemDetail, t.type({ content: t.string })], 'PostDetail');
export type PostDetail = t.TypeOf<typeof PostDetail>;

export const POST_TITLE_MAX = 100;
export const POST_CONTENT_MAX = 50_000;

export const PostCreateRequest = t.intersection(
  [
    t.type({
      title: boundedString(1, POST_TITLE_MAX, 'PostTitle'),
      content: boundedString(1, POST_CONTENT_MAX, 'PostContent'),
    }),
    t.partial({ sub_channel: ShortText, tags: shortList(TagName, TAGS_PER_ITEM_MAX, 'TagNames') }),
  ],
  'PostCreateRequest',
);
export type PostCreateRequest = t.TypeOf<typeof PostCreateRequest>;

export const PostCreateResponse = t.type({ id: t.string }, 'PostCreateResponse');
export type PostCreateResponse = t.TypeOf<typeof PostCreateResponse>;
