/**
 * The square's cards (spec §2, §3): card, object, artwork, model and character types, the bounded
 * values requests are made of, the content item every list shows and a page of them. The rest of
 * the square's contract (routes, search, tags, models, posts) is in feed.ts, which re-exports this.
 */
import * as t from 'io-ts';
import { feed } from '../../domain/index.js';

export const FEED_DEFAULT_LIMIT = 20;
export const FEED_MAX_LIMIT = 50;

const keyOf = <K extends string>(keys: readonly K[], name: string) =>
  t.keyof(Object.fromEntries(keys.map((k) => [k, null])) as Record<K, null>, name);

/** Spec §2 card types, plus `ebook` (the spec lists e-books as a tab but names no card type). */
export const CARD_TYPES = [
  'artwork',
  'portfolio',
  'lookBook',
  'aiVideo',
  'aiAudio',
  'model',
  'character',
  'post',
  'paletteTemplate',
  'aiapp',
  'workflow',
  'lora_train',
  'ebook',
  'comfyUIApp',
] as const;
export const CardType = keyOf(CARD_TYPES, 'CardType');
export type CardType = t.TypeOf<typeof CardType>;

/** Spec §3 content obj_type, set B (the domain's catalogue holds the numbers). */
export const OBJ_TYPE = feed.CONTENT_OBJ_TYPE;
export const ObjType = t.union(
  [
    t.literal(1),
    t.literal(2),
    t.literal(3),
    t.literal(4),
    t.literal(5),
    t.literal(9),
    t.literal(11),
    t.literal(13),
    t.literal(15),
    t.literal(16),
    t.literal(21),
  ],
  'ObjType',
);
export type ObjType = t.TypeOf<typeof ObjType>;

/** The obj_type each card type carries (portfolios are artworks; LoRA templates are model-side). */
export const OBJ_TYPE_OF_CARD: { readonly [C in CardType]: ObjType } = {
  artwork: OBJ_TYPE.artwork,
  portfolio: OBJ_TYPE.artwork,
  lookBook: OBJ_TYPE.lookbook,
  aiVideo: OBJ_TYPE.aiVideo,
  aiAudio: OBJ_TYPE.aiAudio,
  model: OBJ_TYPE.model,
  character: OBJ_TYPE.character,
  post: OBJ_TYPE.post,
  paletteTemplate: OBJ_TYPE.palette,
  aiapp: OBJ_TYPE.swiftApp,
  workflow: OBJ_TYPE.swiftApp,
  comfyUIApp: OBJ_TYPE.swiftApp,
  lora_train: OBJ_TYPE.model,
  ebook: OBJ_TYPE.aiNovel,
};

/** `artwork_types` of /artwork/list: 1 image, 4 portfolio, 5 lookbook, 7 video (spec §7). */
export const ARTWORK_TYPE_OF_CARD = { artwork: 1, portfolio: 4, lookBook: 5, aiVideo: 7 } as const;
export const ArtworkType = t.union([t.literal(1), t.literal(4), t.literal(5), t.literal(7)], 'ArtworkType');
export type ArtworkType = t.TypeOf<typeof ArtworkType>;
/** Without `artwork_types`, /artwork/list lists the still works (no video). */
export const DEFAULT_ARTWORK_TYPES: readonly ArtworkType[] = [1, 4, 5];

/** Spec §3 model types: the domain's list, one source for the codec and the filters. */
export const MODEL_TYPES = feed.MODEL_TYPES;
export const ModelType = keyOf(MODEL_TYPES, 'ModelType');
export type ModelType = t.TypeOf<typeof ModelType>;

/** Spec §3 base model families (the product video models are unnamed, so filters take any name). */
export const BASE_MODELS = feed.BASE_MODEL_FAMILIES;

/** Spec §3 character types: 0 and 2 digital, 1 tool, 3 agent. */
export const CharacterType = t.union(
  [t.literal(0), t.literal(1), t.literal(2), t.literal(3)],
  'CharacterType',
);
export type CharacterType = t.TypeOf<typeof CharacterType>;

export const FeedOrder = keyOf(['hot', 'new', 'recommend'] as const, 'FeedOrder');
export type FeedOrder = t.TypeOf<typeof FeedOrder>;
export const TimeType = keyOf(['all', 'day', 'week', 'month'] as const, 'TimeType');
export type TimeType = t.TypeOf<typeof TimeType>;

interface OrderByTimeBrand {
  readonly OrderByTime: unique symbol;
}
/** Spec §7 `order_by_time`: a window and an order, e.g. `month_hot`, `week_hot`, `all_new`. */
export const OrderByTime = t.brand(
  t.string,
  (s): s is t.Branded<string, OrderByTimeBrand> => /^(all|day|week|month)_(hot|new)$/.test(s),
  'OrderByTime',
);
export type OrderByTime = t.TypeOf<typeof OrderByTime>;

interface NonNegativeIntBrand {
  readonly NonNegativeInt: unique symbol;
}
export const NonNegativeInt = t.brand(
  t.number,
  (n): n is t.Branded<number, NonNegativeIntBrand> => Number.isInteger(n) && n >= 0 && n <= 1_000_000,
  'NonNegativeInt',
);
export type NonNegativeInt = t.TypeOf<typeof NonNegativeInt>;

interface PositiveIntBrand {
  readonly PositiveInt: unique symbol;
}
/** A page size of at least 1; the server caps it at its maximum. */
export const PositiveInt = t.brand(
  t.number,
  (n): n is t.Branded<number, PositiveIntBrand> => Number.isInteger(n) && n >= 1 && n <= 1_000_000,
  'PositiveInt',
);
export type PositiveInt = t.TypeOf<typeof PositiveInt>;

/** A string of `min..max` characters that is not only whitespace, branded by `name`. */
export const boundedString = <N extends string>(min: number, max: number, name: N) =>
  t.brand(
    t.string,
    (s): s is t.Branded<string, { readonly [K in N]: symbol }> => s.trim().length >= min && s.length <= max,
    name,
  );

/** A short free-text value (a filter name, an id): 1..80 characters. */
export const ShortText = boundedString(1, 80, 'ShortText');
export type ShortText = t.TypeOf<typeof ShortText>;

export const shortList = <C extends t.Mixed>(item: C, max: number, name: string) =>
  t.refinement(t.array(item), (xs) => xs.length <= max, name);

/** Spec §7 feed params. Filters a route does not take are ignored. */
export const FeedRequest = t.partial(
  {
    offset: NonNegativeInt,
    limit: PositiveInt,
    order_by: FeedOrder,
    timeType: TimeType,
    order_by_time: OrderByTime,
    artwork_types: shortList(ArtworkType, 4, 'ArtworkTypes'),
    base_models: shortList(ShortText, 20, 'BaseModels'),
    model_types: shortList(ModelType, 14, 'ModelTypes'),
    sub_channel: ShortText,
    nodes_type: ShortText,
    run_available: t.boolean,
    /** Our addition: narrow any list to one tag (the explore sections of spec §2). */
    tag_id: ShortText,
  },
  'FeedRequest',
);
export type FeedRequest = t.TypeOf<typeof FeedRequest>;

/** A cover, and its dominant colour (`#rrggbb`) once the server has rendered it (painted before it loads). */
export const Cover = t.intersection(
  [t.type({ url: t.string, width: t.number, height: t.number }), t.partial({ color: t.string })],
  'Cover',
);
export type Cover = t.TypeOf<typeof Cover>;

/** Spec §3 content item `collect`: the viewer's collection record and its folder. */
export const CollectRef = t.type(
  { id: t.string, collection_id: t.string, collection_name: t.string },
  'CollectRef',
);
export type CollectRef = t.TypeOf<typeof CollectRef>;

export const FolderRef = t.type({ collection_id: t.string, collection_name: t.string }, 'FolderRef');
export type FolderRef = t.TypeOf<typeof FolderRef>;

export const ContentStat = t.intersection(
  [
    t.type({ num_of_like: t.number, num_of_collection: t.number }),
    t.partial({ num_of_play: t.number, num_of_task: t.number, num_of_token: t.number }),
  ],
  'ContentStat',
);
export type ContentStat = t.TypeOf<typeof ContentStat>;

/**
 * Spec §3 avatar_frame: the preview image of the avatar box a person wears, null when none (absent
 * in answers older than decorations on the square).
 */
export const AvatarFrame = t.partial({ avatar_frame: t.union([t.string, t.null]) }, 'AvatarFrame');
export type AvatarFrame = t.TypeOf<typeof AvatarFrame>;

export const ContentAuthor = t.intersection(
  [t.type({ id: t.string, name: t.string, avatar: t.string, is_follow: t.boolean }), AvatarFrame],
  'ContentAuthor',
);
export type ContentAuthor = t.TypeOf<typeof ContentAuthor>;

export const TagRef = t.type({ id: t.string, name: t.string }, 'TagRef');
export type TagRef = t.TypeOf<typeof TagRef>;

/** What made a work: its prompt, seed, aspect ratio and size (and model, when one was named). */
export const ContentGeneration = t.intersection(
  [
    t.type({ prompt: t.string, seed: t.number, aspect_ratio: t.string, width: t.number, height: t.number }),
    t.partial({ model: t.string }),
  ],
  'ContentGeneration',
);
export type ContentGeneration = t.TypeOf<typeof ContentGeneration>;

/**
 * A file a card plays in place: an animated image (`animation`, shown as an image), a video file
 * (`video`) or a sound (`audio`).
 */
export const ContentMedia = t.type(
  { kind: t.union([t.literal('animation'), t.literal('video'), t.literal('audio')]), url: t.string },
  'ContentMedia',
);
export type ContentMedia = t.TypeOf<typeof ContentMedia>;

/** Spec §3 content item; `liked`, `collect`, `folder_no` and `author.is_follow` are the caller's. */
export const ContentItem = t.intersection(
  [
    t.type({
      id: t.string,
      obj_type: ObjType,
      card_type: CardType,
      title: t.string,
      cover: t.union([Cover, t.null]),
      liked: t.boolean,
      collect: t.union([CollectRef, t.null]),
      folder_no: t.union([FolderRef, t.null]),
      stat: ContentStat,
      num_of_praise: t.number,
      author: ContentAuthor,
      pt: t.number,
      tags: t.array(TagRef),
    }),
    t.partial({
      /** Artworks, portfolios, lookbooks and videos: 1, 4, 5 or 7. */
      artwork_type: t.number,
      /** Videos: 1 text-to-video, 2 image-to-video. */
      ai_video: t.type({ video_type: t.number }),
      /** Videos and audio, in seconds. */
      duration: t.number,
      model_type: t.string,
      base_model: t.string,
      character_type: CharacterType,
      support_voice: t.boolean,
      sub_channel: t.string,
      /** Posts: the first words of the body, as plain text. */
      summary: t.string,
      nodes_type: t.string,
      run_available: t.boolean,
      /** E-books. */
      chapters: t.number,
      /**
       * LoRA trainings: the model the training produced, which the card opens (spec §2
       * "lora_train: a model-navigation action").
       */
      trained_model_id: t.string,
      /** Works: what made the image (kept inside a downloaded PNG, filled in by a remix). */
      generation: ContentGeneration,
      /** Videos and audio: the file a card plays in place. */
      media: ContentMedia,
      /**
       * The preview image of the production box its author wears on the work (spec §2, §3
       * decorations), drawn around its cover; null when none.
       */
      production_frame: t.union([t.string, t.null]),
    }),
  ],
  'ContentItem',
);
export type ContentItem = t.TypeOf<typeof ContentItem>;

/** One page of a list; `offset` is where the next page starts. */
export const FeedPage = t.type(
  { items: t.array(ContentItem), offset: t.number, has_more: t.boolean },
  'FeedPage',
);
export type FeedPage = t.TypeOf<typeof FeedPage>;
