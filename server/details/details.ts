/**
 * What the detail pages need beyond a card (issue 11, spec §2, §3, §7): how a work was made and
 * the model it used, the playable file of a video or an audio work (rendered on the first GET,
 * server/feed/covers.ts), comments, related works, a model's sample images,
 * and the tags a person collects or the platform shows officially.
 */
import {
  COMMENTS_DEFAULT_LIMIT,
  CommentCreateRequest,
  CommentListRequest,
  ModelSamplesRequest,
  OfficialTagsRequest,
  RELATED_DEFAULT_LIMIT,
  RELATED_MAX_LIMIT,
  RelatedRequest,
  TagCollectRequest,
  type Comment,
  type CommentListResponse,
} from '../../infrastructure/contract/details';
import {
  FEED_DEFAULT_LIMIT,
  FEED_MAX_LIMIT,
  type CardType,
  type ItemDetail,
  type MediaFile,
  type UsedModel,
} from '../../infrastructure/contract/feed';
import { newId } from '../auth';
import { avatarFrameColumn, frameUrlOf, wornAvatarBoxJoin } from '../decorations/frames';
import type { ServerContext } from '../context';
import { VIDEO } from '../tasks/options';
import { ApiError, CODES } from '../envelope';
import {
  avatarKey,
  callerParams,
  coverKey,
  extraOf,
  HOT_SCORE,
  mediaKey,
  pageOfItems,
  type ItemRow,
} from '../feed/items';
import { audioSeconds } from '../feed/covers';
import { Params } from '../db/sql';
import { queryTags } from '../feed/tags';

/** The playable file a video or audio item has (its URL renders it on the first GET). */
export const mediaOf = (ctx: ServerContext, row: ItemRow): MediaFile | undefined => {
  if (row.kind === 'aiVideo') {
    const [w, h] = (Number(row.cover_width) >= Number(row.cover_height) ? [16, 9] : [9, 16]) as [
      number,
      number,
    ];
    const k = VIDEO.longSide / Math.max(w, h);
    return {
      kind: 'animation',
      url: ctx.blobs.urlOf(mediaKey(row.id, 'video')),
      content_type: 'image/gif',
      duration: VIDEO.frames / VIDEO.fps,
      width: Math.round((w * k) / 2) * 2,
      height: Math.round((h * k) / 2) * 2,
    };
  }
  if (row.kind === 'aiAudio')
    return {
      kind: 'audio',
      url: ctx.blobs.urlOf(mediaKey(row.id, 'audio')),
      content_type: 'audio/wav',
      duration: audioSeconds(row),
    };
  return undefined;
};

/** The models a work used, as spec §3 names them (one for the seeded works). */
const usedModels = async (ctx: ServerContext, modelId: string | undefined): Promise<UsedModel[]> => {
  if (modelId === undefined) return [];
  const [m] = await ctx.db.query<{
    id: string;
    title: string;
    model_type: string | null;
    extra: unknown;
    cover_width: number;
    cover_height: number;
  }>(
    `SELECT id, title, model_type, extra, cover_width, cover_height FROM content_items WHERE id = $1 AND kind = 'model'`,
    [modelId],
  );
  if (!m) return [];
  const version = extraOf(m.extra).versions?.[0];
  return [
    {
      id: m.id,
      model_ver_no: version?.id ?? m.id,
      type: m.model_type ?? 'Other',
      name: m.title,
      cover: {
        url: ctx.blobs.urlOf(coverKey(m.id)),
        width: Number(m.cover_width),
        height: Number(m.cover_height),
      },
    },
  ];
};

/** A card's detail with how it was made, the model it used and its playable file, where it has them. */
export const enrichDetail = async (
  ctx: ServerContext,
  row: ItemRow,
  detail: ItemDetail,
): Promise<ItemDetail> => {
  const extra = extraOf(row.extra);
  const out: ItemDetail = { ...detail };
  if (extra.meta) out.meta = extra.meta;
  const models = await usedModels(ctx, extra.model_id);
  if (models.length > 0) out.models = models;
  const media = mediaOf(ctx, row);
  if (media) out.media = media;
  return out;
};

// ---- comments -----------------------------------------------------------------------------------

interface CommentRow extends Record<string, unknown> {
  id: string;
  item_id: string;
  content: string;
  created_at: string | number;
  author_id: string;
  author_name: string;
  author_frame_key: string | null;
}

const toComment = (ctx: ServerContext, r: CommentRow): Comment => ({
  id: r.id,
  obj_id: r.item_id,
  content: r.content,
  create_at: Number(r.created_at),
  author: {
    id: r.author_id,
    name: r.author_name,
    avatar: ctx.blobs.urlOf(avatarKey(r.author_id)),
    avatar_frame: frameUrlOf(ctx.blobs.urlOf, r.author_frame_key),
  },
});

/** A comment with its author and the avatar box they wear (one row per comment). */
const COMMENT_SELECT = `SELECT c.id, c.item_id, c.content, c.created_at, c.author_id, a.name AS author_name,
    ${avatarFrameColumn('af')} AS author_frame_key
  FROM comments c JOIN accounts a ON a.id = c.author_id
  ${wornAvatarBoxJoin('c.author_id', 'af')}`;

const itemExists = async (ctx: ServerContext, id: string): Promise<boolean> =>
  (await ctx.db.query('SELECT 1 FROM content_items WHERE id = $1', [id])).length > 0;

export const listComments = async (
  ctx: ServerContext,
  body: CommentListRequest,
): Promise<CommentListResponse> => {
  if (!(await itemExists(ctx, body.obj_id))) throw new ApiError(CODES.notFound, 'no such item');
  const offset = body.offset ?? 0;
  const limit = Math.min(body.limit ?? COMMENTS_DEFAULT_LIMIT, FEED_MAX_LIMIT);
  const rows = await ctx.db.query<CommentRow>(
    `${COMMENT_SELECT} WHERE c.item_id = $1 ORDER BY c.created_at DESC, c.id ASC LIMIT $2 OFFSET $3`,
    [body.obj_id, limit + 1, offset],
  );
  const [count] = await ctx.db.query<{ n: string | number }>(
    'SELECT count(*) AS n FROM comments WHERE item_id = $1',
    [body.obj_id],
  );
  const items = rows.slice(0, limit).map((r) => toComment(ctx, r));
  return {
    items,
    offset: offset + items.length,
    has_more: rows.length > limit,
    total: Number(count?.n ?? 0),
  };
};

// ---- related works and samples ---------------------------------------------------------------

export const relatedOf = async (ctx: ServerContext, accountId: string | null, body: RelatedRequest) => {
  const [item] = await ctx.db.query<{ kind: string }>('SELECT kind FROM content_items WHERE id = $1', [
    body.id,
  ]);
  if (!item) throw new ApiError(CODES.notFound, 'no such item');
  const p = callerParams(accountId);
  const self = p.add(body.id);
  const shared = `(SELECT count(*) FROM content_tags mine JOIN content_tags theirs ON theirs.tag_id = mine.tag_id
                    WHERE mine.item_id = ${self} AND theirs.item_id = i.id)`;
  const limit = Math.min(body.limit ?? RELATED_DEFAULT_LIMIT, RELATED_MAX_LIMIT);
  const page = await pageOfItems(
    ctx.db,
    {
      params: p,
      where: [`i.kind = ${p.add(item.kind as CardType)}`, `i.id <> ${self}`],
      order: `${shared} DESC, ${HOT_SCORE} DESC, i.id ASC`,
      offset: 0,
      limit,
    },
    ctx.blobs.urlOf,
  );
  return { items: page.items, offset: page.items.length, has_more: false };
};

export const samplesOf = async (ctx: ServerContext, accountId: string | null, body: ModelSamplesRequest) => {
  const [model] = await ctx.db.query('SELECT 1 FROM content_items WHERE id = $1 AND kind = $2', [
    body.id,
    'model',
  ]);
  if (!model) throw new ApiError(CODES.notFound, 'no such model');
  const p = callerParams(accountId);
  return pageOfItems(
    ctx.db,
    {
      params: p,
      where: [`i.extra->>'model_id' = ${p.add(body.id)}`],
      order: `${HOT_SCORE} DESC, i.created_at DESC, i.id ASC`,
      offset: body.offset ?? 0,
      limit: Math.min(body.limit ?? FEED_DEFAULT_LIMIT, FEED_MAX_LIMIT),
    },
    ctx.blobs.urlOf,
  );
};

export const createComment = async (
  ctx: ServerContext,
  accountId: string,
  body: CommentCreateRequest,
): Promise<Comment> => {
  if (!(await itemExists(ctx, body.obj_id))) throw new ApiError(CODES.notFound, 'no such item');
  const id = `cm-${newId(9)}`;
  await ctx.db.query(
    'INSERT INTO comments (id, item_id, author_id, content, created_at) VALUES ($1, $2, $3, $4, $5)',
    [id, body.obj_id, accountId, body.content.trim(), ctx.clock.now()],
  );
  const [row] = await ctx.db.query<CommentRow>(`${COMMENT_SELECT} WHERE c.id = $1`, [id]);
  return toComment(ctx, row!);
};

/** The tags the caller collects. */
export const collectedTags = async (ctx: ServerContext, accountId: string) => {
  const p = new Params();
  const { items } = await queryTags(
    ctx.db,
    {
      params: p,
      where: [
        `EXISTS (SELECT 1 FROM tag_collects tc WHERE tc.tag_id = t.id AND tc.account_id = ${p.add(accountId)})`,
      ],
      order: 'count',
      offset: 0,
      limit: FEED_MAX_LIMIT,
    },
    ctx.blobs.urlOf,
  );
  return { items };
};

/** Collects a tag (`on`) or takes the collect back. */
export const collectTag = async (
  ctx: ServerContext,
  accountId: string,
  body: TagCollectRequest,
  on: boolean,
) => {
  const [tag] = await ctx.db.query('SELECT 1 FROM tags WHERE id = $1', [body.tag_id]);
  if (!tag) throw new ApiError(CODES.notFound, 'no such tag');
  if (on)
    await ctx.db.query(
      'INSERT INTO tag_collects (account_id, tag_id, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
      [accountId, body.tag_id, ctx.clock.now()],
    );
  else
    await ctx.db.query('DELETE FROM tag_collects WHERE account_id = $1 AND tag_id = $2', [
      accountId,
      body.tag_id,
    ]);
  return { tag_id: body.tag_id, is_collect: on };
};

/** The tags the platform shows officially, in one show area or all. */
export const officialTags = async (ctx: ServerContext, body: OfficialTagsRequest) => {
  const p = new Params();
  const where =
    body.show_area === undefined ? ['t.show_area IS NOT NULL'] : [`t.show_area = ${p.add(body.show_area)}`];
  const { items } = await queryTags(
    ctx.db,
    { params: p, where, order: 'heat', offset: 0, limit: FEED_MAX_LIMIT },
    ctx.blobs.urlOf,
  );
  return { items };
};
