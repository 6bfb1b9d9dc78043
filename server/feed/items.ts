/**
 * Content items as the square shows them: one query shape with the caller's like, collect and
 * follow joined in, a stable order (every order ends with the id), and the mapping to the
 * contract's `ContentItem`.
 */
import {
  CARD_TYPES,
  type CardType,
  type CharacterType,
  type ContentItem,
  type FeedPage,
  type GenerationMeta,
  type ModelVersion,
  type ObjType,
  type TagRef,
} from '../../infrastructure/contract/feed';
import * as images from '../../domain/images/index.js';
import {
  avatarFrameColumn,
  frameUrlOf,
  wornAvatarBoxJoin,
  wornProductionBoxJoin,
} from '../decorations/frames';
import type { Queryable } from '../db/database';
import { hashString } from '../engines/random';
import { Params } from '../db/sql';

/** Where an item's cover lives in the blob store (rendered on first GET, see covers.ts). */
export const coverKey = (id: string): string => `community/covers/${id}.png`;
export const avatarKey = (accountId: string): string => `community/avatars/${accountId}.png`;
/** Where a video's animation or an audio item's sound lives (rendered on first GET, see covers.ts). */
export const mediaKey = (id: string, kind: 'video' | 'audio'): string =>
  `community/media/${id}.${kind === 'video' ? 'gif' : 'wav'}`;

export type UrlOf = (key: string) => string;

/** Type-specific values that need no filtering, kept in `content_items.extra`. */
export interface ItemExtra {
  readonly video_type?: number;
  readonly duration?: number;
  readonly support_voice?: boolean;
  readonly chapters?: number;
  readonly summary?: string;
  readonly versions?: readonly ModelVersion[];
  readonly trigger_words?: readonly string[];
  readonly num_of_token?: number;
  /** How a seeded work was made, and the model it used (server/seeds/details.ts). */
  readonly meta?: GenerationMeta;
  readonly model_id?: string;
  /** The cover's dominant colour (`#rrggbb`), kept when the cover is rendered (covers.ts). */
  readonly cover_color?: string;
  /** A LoRA training of the square: the model it produced (spec §2 "lora_train: a model-navigation action"). */
  readonly trained_model_id?: string;
}

export interface ItemRow extends Record<string, unknown> {
  id: string;
  kind: string;
  obj_type: number;
  author_id: string;
  title: string;
  description: string;
  cover_width: number;
  cover_height: number;
  cover_prompt: string;
  cover_aspect: string;
  artwork_type: number | null;
  model_type: string | null;
  base_model: string | null;
  character_type: number | null;
  sub_channel: string | null;
  nodes_type: string | null;
  run_available: boolean | null;
  extra: unknown;
  num_of_like: number;
  num_of_collection: number;
  num_of_play: number;
  num_of_task: number;
  created_at: string | number;
  author_name: string;
  author_avatar: string;
  /** The preview key of the avatar box the author wears, or null. */
  author_frame_key: string | null;
  /** The preview key of the production box the author wears on this work, or null. */
  production_frame_key: string | null;
  liked: boolean;
  collect_id: string | null;
  folder_id: string | null;
  folder_name: string | null;
  is_follow: boolean;
}

/**
 * The columns of a card (never the post body) with the caller's state and the decorations its
 * author wears (their avatar box, the production box on this work); `$1` is the caller.
 */
export const ITEM_SELECT = `
  SELECT i.id, i.kind, i.obj_type, i.author_id, i.title, i.description, i.cover_width, i.cover_height,
         i.cover_prompt, i.cover_aspect, i.artwork_type, i.model_type, i.base_model, i.character_type, i.sub_channel, i.nodes_type,
         i.run_available, i.extra, i.num_of_like, i.num_of_collection, i.num_of_play, i.num_of_task,
         i.created_at, a.name AS author_name, a.avatar AS author_avatar,
         ${avatarFrameColumn('af')} AS author_frame_key, ${avatarFrameColumn('pf')} AS production_frame_key,
         (l.account_id IS NOT NULL) AS liked, c.id AS collect_id, f.id AS folder_id, f.name AS folder_name,
         (fo.follower_id IS NOT NULL) AS is_follow
    FROM content_items i
    JOIN accounts a ON a.id = i.author_id
    LEFT JOIN likes l ON l.item_id = i.id AND l.account_id = $1
    LEFT JOIN collects c ON c.item_id = i.id AND c.account_id = $1
    LEFT JOIN collect_folders f ON f.id = c.folder_id
    LEFT JOIN follows fo ON fo.followee_id = i.author_id AND fo.follower_id = $1
    ${wornAvatarBoxJoin('i.author_id', 'af')}
    ${wornProductionBoxJoin('i', 'pf')}`;

/** The score "hot" sorts by: likes, and collections weighted double. */
export const HOT_SCORE = '(i.num_of_like + 2 * i.num_of_collection)';

/**
 * The recommend order: popularity on a log scale plus freshness (one point per three days of
 * creation time) and an editorial boost. It depends on no clock, so pages of one query never
 * reshuffle between requests.
 */
export const RECOMMEND_SCORE =
  '(ln((1 + i.num_of_like + 2 * i.num_of_collection + i.recommend_boost)::double precision) + i.created_at::double precision / 259200000.0)';

export type SortOrder = 'hot' | 'new' | 'recommend';

/** Every order ends with the id, so equal scores never swap between pages. */
export const orderSql = (order: SortOrder): string => {
  switch (order) {
    case 'hot':
      return `${HOT_SCORE} DESC, i.created_at DESC, i.id ASC`;
    case 'new':
      return 'i.created_at DESC, i.id ASC';
    case 'recommend':
      return `${RECOMMEND_SCORE} DESC, i.id ASC`;
  }
};

const isCardType = (s: string): s is CardType => (CARD_TYPES as readonly string[]).includes(s);

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** Reads `extra` whether the driver answers jsonb parsed (PGlite, pg) or as text. */
export const extraOf = (raw: unknown): ItemExtra => {
  let v: unknown = raw;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      return {};
    }
  }
  if (typeof v !== 'object' || v === null) return {};
  const o = v as Record<string, unknown>;
  const versions = Array.isArray(o['versions'])
    ? o['versions'].flatMap((x: unknown): ModelVersion[] => {
        if (typeof x !== 'object' || x === null) return [];
        const r = x as Record<string, unknown>;
        const id = str(r['id']);
        const name = str(r['name']);
        return id !== undefined && name !== undefined
          ? [{ id, name, base_model: str(r['base_model']) ?? '' }]
          : [];
      })
    : undefined;
  const words = Array.isArray(o['trigger_words'])
    ? o['trigger_words'].filter((w): w is string => typeof w === 'string')
    : undefined;
  const out: { -readonly [K in keyof ItemExtra]: ItemExtra[K] } = {};
  if (num(o['video_type']) !== undefined) out.video_type = num(o['video_type']);
  if (num(o['duration']) !== undefined) out.duration = num(o['duration']);
  if (typeof o['support_voice'] === 'boolean') out.support_voice = o['support_voice'];
  if (num(o['chapters']) !== undefined) out.chapters = num(o['chapters']);
  if (str(o['summary']) !== undefined) out.summary = str(o['summary']);
  if (num(o['num_of_token']) !== undefined) out.num_of_token = num(o['num_of_token']);
  if (versions) out.versions = versions;
  if (words) out.trigger_words = words;
  const meta = metaOf(o['meta']);
  if (meta) out.meta = meta;
  if (str(o['model_id']) !== undefined) out.model_id = str(o['model_id']);
  const colour = images.placeholderColour(str(o['cover_color']));
  if (colour !== undefined) out.cover_color = colour;
  if (str(o['trained_model_id']) !== undefined) out.trained_model_id = str(o['trained_model_id']);
  return out;
};

const metaOf = (v: unknown): GenerationMeta | undefined => {
  if (typeof v !== 'object' || v === null) return undefined;
  const m = v as Record<string, unknown>;
  const prompt = str(m['prompt']);
  const steps = num(m['steps']);
  const cfg = num(m['cfg_scale']);
  const seed = num(m['seed']);
  const width = num(m['width']);
  const height = num(m['height']);
  if (prompt === undefined || steps === undefined || cfg === undefined || seed === undefined)
    return undefined;
  if (width === undefined || height === undefined) return undefined;
  return {
    prompt,
    negative_prompt: str(m['negative_prompt']) ?? '',
    sampler_name: str(m['sampler_name']) ?? '',
    steps,
    cfg_scale: cfg,
    seed,
    aspect_ratio: str(m['aspect_ratio']) ?? '1:1',
    width,
    height,
  };
};
/** The works whose cover is what the engine made of their prompt (their generation can be remixed). */
const GENERATED_KINDS: readonly CardType[] = ['artwork', 'portfolio', 'lookBook', 'aiVideo'];

const isCharacterType = (n: number | null): n is CharacterType => n === 0 || n === 1 || n === 2 || n === 3;

export const toContentItem = (r: ItemRow, tags: readonly TagRef[], urlOf: UrlOf): ContentItem => {
  const kind: CardType = isCardType(r.kind) ? r.kind : 'artwork';
  const extra = extraOf(r.extra);
  const likes = Number(r.num_of_like);
  const stat: ContentItem['stat'] = { num_of_like: likes, num_of_collection: Number(r.num_of_collection) };
  if (kind === 'aiVideo' || kind === 'aiAudio') stat.num_of_play = Number(r.num_of_play);
  if (['aiapp', 'comfyUIApp', 'workflow', 'paletteTemplate', 'model', 'lora_train'].includes(kind))
    stat.num_of_task = Number(r.num_of_task);
  if (kind === 'character') stat.num_of_token = extra.num_of_token ?? 0;
  const item: ContentItem = {
    id: r.id,
    obj_type: r.obj_type as ObjType,
    card_type: kind,
    title: r.title,
    cover: {
      url: urlOf(coverKey(r.id)),
      width: Number(r.cover_width),
      height: Number(r.cover_height),
      ...(extra.cover_color === undefined ? {} : { color: extra.cover_color }),
    },
    liked: r.liked === true,
    collect:
      r.collect_id !== null && r.folder_id !== null
        ? { id: r.collect_id, collection_id: r.folder_id, collection_name: r.folder_name ?? '' }
        : null,
    folder_no:
      r.folder_id !== null ? { collection_id: r.folder_id, collection_name: r.folder_name ?? '' } : null,
    stat,
    num_of_praise: likes,
    author: {
      id: r.author_id,
      name: r.author_name,
      avatar: r.author_avatar,
      is_follow: r.is_follow === true,
      avatar_frame: frameUrlOf(urlOf, r.author_frame_key),
    },
    pt: Number(r.created_at),
    tags: [...tags],
    production_frame: frameUrlOf(urlOf, r.production_frame_key),
  };
  if (r.artwork_type !== null) item.artwork_type = Number(r.artwork_type);
  if (kind === 'aiVideo') item.ai_video = { video_type: extra.video_type ?? 1 };
  if (extra.duration !== undefined) item.duration = extra.duration;
  if (r.model_type !== null) item.model_type = r.model_type;
  if (r.base_model !== null) item.base_model = r.base_model;
  if (isCharacterType(r.character_type)) item.character_type = r.character_type;
  if (extra.support_voice !== undefined) item.support_voice = extra.support_voice;
  if (r.sub_channel !== null) item.sub_channel = r.sub_channel;
  if (extra.summary !== undefined) item.summary = extra.summary;
  if (r.nodes_type !== null) item.nodes_type = r.nodes_type;
  if (r.run_available !== null) item.run_available = r.run_available;
  if (extra.chapters !== undefined) item.chapters = extra.chapters;
  if (kind === 'lora_train' && extra.trained_model_id !== undefined)
    item.trained_model_id = extra.trained_model_id;
  if (GENERATED_KINDS.includes(kind))
    item.generation = {
      prompt: r.cover_prompt,
      seed: hashString(r.id),
      aspect_ratio: r.cover_aspect,
      width: Number(r.cover_width),
      height: Number(r.cover_height),
    };
  if (kind === 'aiVideo') item.media = { kind: 'animation', url: urlOf(mediaKey(r.id, 'video')) };
  if (kind === 'aiAudio') item.media = { kind: 'audio', url: urlOf(mediaKey(r.id, 'audio')) };
  return item;
};

/** The tags of each item, in their order on the item. */
export const tagsOf = async (db: Queryable, ids: readonly string[]): Promise<Map<string, TagRef[]>> => {
  const out = new Map<string, TagRef[]>();
  if (ids.length === 0) return out;
  const p = new Params();
  const rows = await db.query<{ item_id: string; id: string; name: string }>(
    `SELECT ct.item_id, t.id, t.name FROM content_tags ct JOIN tags t ON t.id = ct.tag_id
      WHERE ct.item_id IN ${p.list(ids)} ORDER BY ct.position, t.name`,
    p.values,
  );
  for (const r of rows) {
    const list = out.get(r.item_id) ?? [];
    list.push({ id: r.id, name: r.name });
    out.set(r.item_id, list);
  }
  return out;
};

export const toContentItems = async (
  db: Queryable,
  rows: readonly ItemRow[],
  urlOf: UrlOf,
): Promise<ContentItem[]> => {
  const tags = await tagsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toContentItem(r, tags.get(r.id) ?? [], urlOf));
};

export interface PageQuery {
  /** Built with the caller already at `$1`. */
  readonly params: Params;
  readonly where: readonly string[];
  readonly order: string;
  readonly offset: number;
  readonly limit: number;
  /** Extra joins after ITEM_SELECT's. */
  readonly join?: string;
}

/** A new parameter list whose `$1` is the caller (null for a guest, which matches nothing). */
export const callerParams = (accountId: string | null): Params => {
  const p = new Params();
  p.add(accountId);
  return p;
};

/** One page: `limit + 1` rows tell whether there is more; the next offset follows the last item. */
export const pageOfItems = async (db: Queryable, q: PageQuery, urlOf: UrlOf): Promise<FeedPage> => {
  const where = q.where.length > 0 ? `WHERE ${q.where.join(' AND ')}` : '';
  const rows = await db.query<ItemRow>(
    `${ITEM_SELECT} ${q.join ?? ''} ${where} ORDER BY ${q.order} LIMIT ${q.params.add(q.limit + 1)} OFFSET ${q.params.add(q.offset)}`,
    q.params.values,
  );
  const hasMore = rows.length > q.limit;
  const page = rows.slice(0, q.limit);
  return { items: await toContentItems(db, page, urlOf), offset: q.offset + page.length, has_more: hasMore };
};

/** One item with the caller's state, or null. */
export const itemById = async (
  db: Queryable,
  accountId: string | null,
  id: string,
): Promise<ItemRow | null> => {
  const rows = await db.query<ItemRow>(`${ITEM_SELECT} WHERE i.id = $2`, [accountId, id]);
  return rows[0] ?? null;
};
