/**
 * Feed rules (spec §2, §7, §9): per-tab default order and time window, the query a tab sends,
 * the canonical key of a query, what a card offers on hover and which statistics it shows.
 */
import { assertNever } from '../kernel/event.js';
import {
  SQUARE_FEED_BASE,
  TABS,
  VIDEO_ARTWORK_TYPES,
  type CardType,
  type ContentObjType,
  type ListTab,
  type ModelType,
} from './catalog.js';

/** Spec §2 sort options are hot and new; the recommend tab orders by recommendation (spec §9). */
export const SORT_OPTIONS = ['hot', 'new'] as const;
export type FeedSort = (typeof SORT_OPTIONS)[number] | 'recommend';

/** Spec §2 time filters. */
export const TIME_FILTERS = ['all', 'day', 'week', 'month'] as const;
export type TimeFilter = (typeof TIME_FILTERS)[number];

/** Spec §2 shows the windows also as 24h / 7 days / 30 days; all-time has none. */
export const TIME_FILTER_DAYS: { readonly [T in TimeFilter]: number | null } = {
  all: null,
  day: 1,
  week: 7,
  month: 30,
};

export interface FeedDefaults {
  readonly sort: FeedSort;
  readonly time: TimeFilter;
}

/**
 * Spec §9 "recommend uses recommend order with all-time. Other tabs use hot by month, week
 * (post), or all-time (audio, design template, e-book)".
 */
export const feedDefaults = (tab: ListTab): FeedDefaults => {
  switch (tab) {
    case 'recommend':
      return { sort: 'recommend', time: 'all' };
    case 'post':
      return { sort: 'hot', time: 'week' };
    case 'audio':
    case 'designTemplate':
    case 'ebook':
      return { sort: 'hot', time: 'all' };
    case 'model':
    case 'character':
    case 'video':
    case 'app':
    case 'loraTrain':
    case 'workflow':
      return { sort: 'hot', time: 'month' };
    default:
      return assertNever(tab);
  }
};

/** Spec §7 filters, by tab: only these tabs take filters. */
export interface FeedFilterMap {
  readonly model: { readonly base_models?: readonly string[]; readonly model_types?: readonly ModelType[] };
  readonly post: { readonly sub_channel?: string };
  readonly workflow: { readonly nodes_type?: string; readonly run_available?: boolean };
}
export type FeedFiltersOf<T extends ListTab> = T extends keyof FeedFilterMap
  ? FeedFilterMap[T]
  : Readonly<Record<string, never>>;

export interface FeedQueryOptions<T extends ListTab> {
  readonly offset?: number;
  readonly sort?: FeedSort;
  readonly time?: TimeFilter;
  readonly filters?: FeedFiltersOf<T>;
}

/** The params of spec §7 "Feed lists"; absent keys are not sent. */
export interface FeedParams {
  readonly offset: number;
  readonly order_by: FeedSort;
  readonly timeType: TimeFilter;
  readonly order_by_time?: string;
  readonly artwork_types?: readonly number[];
  readonly base_models?: readonly string[];
  readonly model_types?: readonly ModelType[];
  readonly sub_channel?: string;
  readonly nodes_type?: string;
  readonly run_available?: boolean;
  /** The reference server's narrowing of a list to one tag (what the anime page sends). */
  readonly tag_id?: string;
}

export interface FeedQuery {
  readonly tab: ListTab;
  /** Full path, e.g. /api/v1/square/v3/model/list. */
  readonly path: string;
  readonly params: FeedParams;
}

/**
 * Spec §7 `order_by_time` (e.g. month_hot, week_hot): window then order. The recommend order
 * has no window, so it sends none.
 */
export const orderByTime = (sort: FeedSort, time: TimeFilter): string | undefined =>
  sort === 'recommend' ? undefined : `${time}_${sort}`;

const normaliseOffset = (offset: number | undefined): number =>
  offset !== undefined && Number.isFinite(offset) && offset > 0 ? Math.floor(offset) : 0;

const filterParams = (tab: ListTab, filters: object | undefined): Partial<FeedParams> => {
  if (filters === undefined) return {};
  const out: { -readonly [K in keyof FeedParams]?: FeedParams[K] } = {};
  if (tab === 'model') {
    const f = filters as FeedFilterMap['model'];
    if (f.base_models !== undefined && f.base_models.length > 0) out.base_models = f.base_models;
    if (f.model_types !== undefined && f.model_types.length > 0) out.model_types = f.model_types;
  } else if (tab === 'post') {
    const f = filters as FeedFilterMap['post'];
    if (f.sub_channel !== undefined && f.sub_channel !== '') out.sub_channel = f.sub_channel;
  } else if (tab === 'workflow') {
    const f = filters as FeedFilterMap['workflow'];
    if (f.nodes_type !== undefined && f.nodes_type !== '') out.nodes_type = f.nodes_type;
    if (f.run_available !== undefined) out.run_available = f.run_available;
  }
  return out;
};

/**
 * The request one page of a tab sends: the tab's defaults unless the options override them,
 * the video tab's artwork type, and the filters the tab takes (others are dropped). Empty
 * filter values are not sent.
 */
export const buildFeedQuery = <T extends ListTab>(tab: T, options: FeedQueryOptions<T> = {}): FeedQuery => {
  const defaults = feedDefaults(tab);
  const sort = options.sort ?? defaults.sort;
  const time = options.time ?? defaults.time;
  const obt = orderByTime(sort, time);
  const params: FeedParams = {
    offset: normaliseOffset(options.offset),
    order_by: sort,
    timeType: time,
    ...(obt === undefined ? {} : { order_by_time: obt }),
    ...(tab === 'video' ? { artwork_types: VIDEO_ARTWORK_TYPES } : {}),
    ...filterParams(tab, options.filters),
  };
  return { tab, path: `${SQUARE_FEED_BASE}${TABS[tab].route ?? ''}`, params };
};

const canonical = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  return value;
};

/**
 * What makes two requests "the same query" for paging: everything but the offset. Key order
 * is canonical, so equal queries give equal keys.
 */
export const feedQueryKey = (query: FeedQuery): string => {
  const { offset: _offset, ...rest } = query.params;
  return JSON.stringify(canonical({ path: query.path, params: rest }));
};

/** Spec §2 hover actions. */
export type CardAction = 'remix' | 'download' | 'imageToVideo' | 'play' | 'try' | 'chat' | 'modelNavigation';

/**
 * Spec §2 hover actions by card type. The spec names none for post, lookBook and aiVideo;
 * a video card is an artwork of type 7 (the video tab lists /artwork/list), so it gets the
 * artwork actions that make sense for a video (no image-to-video). post and lookBook open
 * their detail on click and have no hover action.
 */
export const CARD_ACTIONS: { readonly [T in CardType]: readonly CardAction[] } = {
  artwork: ['remix', 'download', 'imageToVideo', 'play'],
  portfolio: ['remix', 'download', 'imageToVideo', 'play'],
  aiVideo: ['remix', 'download', 'play'],
  aiapp: ['try'],
  workflow: ['try'],
  comfyUIApp: ['try'],
  // Spec §2 gives audio Try; it also plays in place, like a video.
  aiAudio: ['play', 'try'],
  paletteTemplate: ['try'],
  character: ['chat'],
  model: ['remix'],
  lora_train: ['modelNavigation'],
  post: [],
  lookBook: [],
  ebook: [],
};

/** Spec §2 card statistics. */
export type CardStatistic = 'like' | 'collection' | 'task' | 'token' | 'play';

/**
 * Spec §2 names the statistics but not which type shows which. Our choice: what can be run
 * (apps, workflows, models, templates, LoRA templates) shows how often it ran (task); a
 * character shows the tokens chatted; what plays (video, audio) shows plays; every
 * collectable type also shows likes and collections.
 */
export const CARD_STATISTICS: { readonly [T in CardType]: readonly CardStatistic[] } = {
  artwork: ['like', 'collection'],
  portfolio: ['like', 'collection'],
  post: ['like', 'collection'],
  lookBook: ['like', 'collection'],
  aiVideo: ['play', 'like', 'collection'],
  aiAudio: ['play', 'like', 'collection'],
  aiapp: ['task', 'like', 'collection'],
  workflow: ['task', 'like', 'collection'],
  comfyUIApp: ['task', 'like', 'collection'],
  paletteTemplate: ['task', 'like', 'collection'],
  model: ['task', 'like', 'collection'],
  character: ['token', 'like', 'collection'],
  lora_train: ['task'],
  ebook: ['like', 'collection'],
};

export const cardActions = (type: CardType): readonly CardAction[] => CARD_ACTIONS[type];
export const cardStatistics = (type: CardType): readonly CardStatistic[] => CARD_STATISTICS[type];

/** Who made a card's work, as its author row shows them. */
export interface CardAuthor {
  readonly name: string;
  readonly avatar: string;
  /** The preview image of the avatar box the person wears (spec §3 avatar_frame), null when none. */
  readonly avatarFrame?: string | null;
}

/** The counts of a card beyond likes and collections (spec §2 statistics task, token, play). */
export interface CardCounts {
  readonly play?: number;
  readonly task?: number;
  /** The statistic `token`: tokens written with a character (a count; no field of an event is named like a credential). */
  readonly usage?: number;
}

/** What a card plays in place: an animated image, a video file or a sound. */
export interface CardMedia {
  readonly kind: 'animation' | 'video' | 'audio';
  readonly url: string;
}

/** What made a work (its prompt and settings), kept with a downloaded image. */
export interface CardGeneration {
  readonly prompt: string;
  readonly seed: number;
  readonly aspectRatio: string;
  readonly width: number;
  readonly height: number;
  readonly model?: string;
}

/** A card of a feed page, in the shape the domain keeps (decoded at the API edge). */
export interface FeedCard {
  readonly id: string;
  readonly obj_type: ContentObjType;
  readonly cardType: CardType;
  readonly title: string;
  readonly cover: {
    readonly url: string;
    readonly width: number;
    readonly height: number;
    /** Its dominant colour, painted before it loads (`images.placeholderColour` checks it). */
    readonly color?: string;
  } | null;
  readonly authorId: string;
  readonly author?: CardAuthor;
  readonly counts?: CardCounts;
  readonly media?: CardMedia;
  readonly generation?: CardGeneration;
  /** The preview image of the production box its author wears on the work, drawn around its cover; null when none. */
  readonly productionFrame?: string | null;
  /** A LoRA training: the model it produced, which the card opens (spec §2 model navigation). */
  readonly trainedModelId?: string;
}

/**
 * The identity of a card in a feed. A mixed feed (recommend) can hold an artwork and a
 * model with the same id, so an id is only unique together with its obj_type; this is the
 * same key the social context uses.
 */
export const cardKey = (card: Pick<FeedCard, 'id' | 'obj_type'>): string => `${card.obj_type}:${card.id}`;

/** Appends a page, dropping cards already held and duplicates within the page; order kept. */
export const appendUnique = (held: readonly FeedCard[], page: readonly FeedCard[]): readonly FeedCard[] => {
  const seen = new Set(held.map(cardKey));
  const fresh: FeedCard[] = [];
  for (const card of page) {
    const key = cardKey(card);
    if (seen.has(key)) continue;
    seen.add(key);
    fresh.push(card);
  }
  return fresh.length === 0 ? held : [...held, ...fresh];
};
