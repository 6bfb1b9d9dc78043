/**
 * The square's lists and pages (spec §2, §7, §9), what ./routes.ts answers with: the feed lists,
 * search by tab, tag suggestions and tag pages, models, item and post details, post creation and
 * tag editing.
 */
import { feed } from '../../domain/index.js';
import {
  ARTWORK_TYPE_OF_CARD,
  DEFAULT_ARTWORK_TYPES,
  FEED_CARD_TYPES,
  FEED_DEFAULT_LIMIT,
  FEED_MAX_LIMIT,
  FEED_PATHS,
  FeedRequest,
  OBJ_TYPE,
  PostCreateRequest,
  SEARCH_TAB_CARD_TYPES,
  SQUARE_FEED_BASE,
  SearchRequest,
  SquareModelListRequest,
  TAG_EDIT_KINDS,
  TagDetailRequest,
  TagEditRequest,
  TagHotRequest,
  TagSuggestRequest,
  type TagSuggestResponse,
  type CardType,
  type FeedOrder,
  type FeedPage,
  type FeedRoute,
  type ItemDetail,
  type ModelCard,
  type ModelDetail,
  type ModelListResponse,
  type PostDetail,
  type SearchResponse,
  type TagEditKind,
  type TimeType,
  type UserCard,
} from '../../infrastructure/contract/feed';
import { newId, requireAccount, type Caller } from '../auth';
import { avatarFrameColumn, frameUrlOf, wornAvatarBoxJoin } from '../decorations/frames';
import type { ServerContext } from '../context';
import { sizeFor } from '../engines/image';
import { ApiError, CODES } from '../envelope';
import {
  callerParams,
  extraOf,
  itemById,
  ITEM_SELECT,
  orderSql,
  pageOfItems,
  tagsOf,
  toContentItem,
  type ItemRow,
  type UrlOf,
} from './items';
import { enrichDetail } from '../details/details';
import { hasContent, htmlToText, sanitizeHtml } from '../moderation/sanitize';
import { containsPattern, DAY_MS, Params, prefixPattern } from '../db/sql';
import { normaliseTagNames, queryTags, setItemTags, tagDetail } from './tags';

/** The kinds a suggestion's works are drawn from: every content search tab's. */
const SUGGEST_CARD_TYPES = [...new Set(Object.values(SEARCH_TAB_CARD_TYPES).flat())];

const pageSize = (limit: number | undefined, fallback = FEED_DEFAULT_LIMIT): number =>
  Math.min(limit ?? fallback, FEED_MAX_LIMIT);

/** The domain's list tab whose route is this feed path (the client builds its queries from the same tab). */
const tabOfRoute = (route: FeedRoute): feed.ListTab => {
  const found = feed.LIST_TABS.find(
    (t) => feed.TABS[t].route !== null && SQUARE_FEED_BASE + feed.TABS[t].route === FEED_PATHS[route],
  );
  if (!found) throw new Error(`no feed tab has the route ${FEED_PATHS[route]}`);
  return found;
};

/** Spec §9 per-tab defaults, from the domain's rule (one table for client and server). */
export const routeDefaults = (route: FeedRoute): { readonly order: FeedOrder; readonly time: TimeType } => {
  const d = feed.feedDefaults(tabOfRoute(route));
  return { order: d.sort, time: d.time };
};

/** `order_by_time` decides both when sent; else `order_by`/`timeType`; else the tab's defaults. */
export const resolveOrder = (route: FeedRoute, body: FeedRequest): { order: FeedOrder; time: TimeType } => {
  if (body.order_by_time !== undefined) {
    const [time, order] = body.order_by_time.split('_') as [TimeType, FeedOrder];
    return { order, time };
  }
  const d = routeDefaults(route);
  return { order: body.order_by ?? d.order, time: body.timeType ?? d.time };
};

const artworkTypeOf = (kind: CardType): number | undefined =>
  (ARTWORK_TYPE_OF_CARD as Partial<Record<CardType, number>>)[kind];

export const listFeed = async (
  ctx: ServerContext,
  caller: Caller,
  route: FeedRoute,
  body: FeedRequest,
): Promise<FeedPage> => {
  const { order, time } = resolveOrder(route, body);
  const p = callerParams(caller.accountId);
  const where: string[] = [];
  let kinds = FEED_CARD_TYPES[route];
  if (route === 'artwork') {
    const types: readonly number[] =
      body.artwork_types && body.artwork_types.length > 0 ? body.artwork_types : DEFAULT_ARTWORK_TYPES;
    kinds = kinds.filter((k) => types.includes(artworkTypeOf(k) ?? -1));
  }
  where.push(`i.kind IN ${p.list(kinds)}`);
  const days = feed.TIME_FILTER_DAYS[time];
  if (days !== null) where.push(`i.created_at >= ${p.add(ctx.clock.now() - days * DAY_MS)}`);
  if (route === 'model') {
    if (body.base_models && body.base_models.length > 0)
      where.push(`i.base_model IN ${p.list(body.base_models)}`);
    if (body.model_types && body.model_types.length > 0)
      where.push(`i.model_type IN ${p.list(body.model_types)}`);
  }
  if (route === 'post' && body.sub_channel !== undefined)
    where.push(`i.sub_channel = ${p.add(body.sub_channel)}`);
  if (route === 'comfy_ui') {
    if (body.nodes_type !== undefined) where.push(`i.nodes_type = ${p.add(body.nodes_type)}`);
    if (body.run_available !== undefined) where.push(`i.run_available = ${p.add(body.run_available)}`);
  }
  if (body.tag_id !== undefined)
    where.push(
      `EXISTS (SELECT 1 FROM content_tags ct WHERE ct.item_id = i.id AND ct.tag_id = ${p.add(body.tag_id)})`,
    );
  return pageOfItems(
    ctx.db,
    { params: p, where, order: orderSql(order), offset: body.offset ?? 0, limit: pageSize(body.limit) },
    ctx.blobs.urlOf,
  );
};

/** People whose name (or account name) matches `pattern`, most followed first. */
const queryUsers = async (
  ctx: ServerContext,
  caller: Caller,
  pattern: string,
  offset: number,
  limit: number,
): Promise<{ items: UserCard[]; hasMore: boolean }> => {
  const rows = await ctx.db.query<{
    id: string;
    name: string;
    avatar: string;
    is_follow: boolean;
    followers: string | number;
    works: string | number;
    frame_key: string | null;
  }>(
    `SELECT a.id, a.name, a.avatar, (fo.follower_id IS NOT NULL) AS is_follow,
            (SELECT count(*) FROM follows f WHERE f.followee_id = a.id) AS followers,
            (SELECT count(*) FROM content_items i WHERE i.author_id = a.id) AS works,
            ${avatarFrameColumn('af')} AS frame_key
       FROM accounts a
       LEFT JOIN follows fo ON fo.followee_id = a.id AND fo.follower_id = $1
       ${wornAvatarBoxJoin('a.id', 'af')}
      WHERE a.name ILIKE $2 OR a.account_name ILIKE $2
      ORDER BY followers DESC, a.id ASC LIMIT $3 OFFSET $4`,
    [caller.accountId, pattern, limit + 1, offset],
  );
  const items: UserCard[] = rows.slice(0, limit).map((r) => ({
    id: r.id,
    name: r.name,
    avatar: r.avatar,
    is_follow: r.is_follow === true,
    num_of_followers: Number(r.followers),
    num_of_works: Number(r.works),
    avatar_frame: frameUrlOf(ctx.blobs.urlOf, r.frame_key),
  }));
  return { items, hasMore: rows.length > limit };
};

export const search = async (
  ctx: ServerContext,
  caller: Caller,
  body: SearchRequest,
): Promise<SearchResponse> => {
  const offset = body.offset ?? 0;
  const limit = pageSize(body.limit);
  const keyword = body.keyword.trim();
  if (body.tab === 6) {
    const p = new Params();
    const { items, hasMore } = await queryTags(
      ctx.db,
      {
        params: p,
        where: [`t.name ILIKE ${p.add(containsPattern(keyword))}`],
        order: 'count',
        offset,
        limit,
      },
      ctx.blobs.urlOf,
    );
    return { result_type: 'tag', items, offset: offset + items.length, has_more: hasMore };
  }
  if (body.tab === 8) {
    const { items, hasMore } = await queryUsers(ctx, caller, containsPattern(keyword), offset, limit);
    return { result_type: 'user', items, offset: offset + items.length, has_more: hasMore };
  }
  const p = callerParams(caller.accountId);
  const pattern = p.add(containsPattern(keyword));
  const page = await pageOfItems(
    ctx.db,
    {
      params: p,
      where: [
        `i.kind IN ${p.list(SEARCH_TAB_CARD_TYPES[body.tab])}`,
        `(i.title ILIKE ${pattern} OR i.description ILIKE ${pattern} OR a.name ILIKE ${pattern} OR EXISTS (
            SELECT 1 FROM content_tags ct JOIN tags t ON t.id = ct.tag_id WHERE ct.item_id = i.id AND t.name ILIKE ${pattern}))`,
      ],
      order: orderSql('hot'),
      offset,
      limit,
    },
    ctx.blobs.urlOf,
  );
  return { result_type: 'content', ...page };
};

const toModelCard = (r: ItemRow, urlOf: UrlOf): ModelCard => {
  const item = toContentItem(r, [], urlOf);
  return {
    id: r.id,
    title: r.title,
    content_type: r.model_type ?? 'Other',
    content_sub_type: r.base_model ?? '',
    child: [...(extraOf(r.extra).versions ?? [])],
    cover: item.cover,
    author: item.author,
    stat: item.stat,
  };
};

export const squareModelList = async (
  ctx: ServerContext,
  caller: Caller,
  body: SquareModelListRequest,
): Promise<ModelListResponse> => {
  const p = callerParams(caller.accountId);
  const where = [`i.kind = 'model'`];
  if (body.model_types && body.model_types.length > 0)
    where.push(`i.model_type IN ${p.list(body.model_types)}`);
  if (body.base_models && body.base_models.length > 0)
    where.push(`i.base_model IN ${p.list(body.base_models)}`);
  if (body.keyword !== undefined) where.push(`i.title ILIKE ${p.add(containsPattern(body.keyword.trim()))}`);
  const offset = body.offset ?? 0;
  const limit = pageSize(body.limit);
  const rows = await ctx.db.query<ItemRow>(
    `${ITEM_SELECT} WHERE ${where.join(' AND ')} ORDER BY ${orderSql(body.order_by ?? 'hot')}
      LIMIT ${p.add(limit + 1)} OFFSET ${p.add(offset)}`,
    p.values,
  );
  const items = rows.slice(0, limit).map((r) => toModelCard(r, ctx.blobs.urlOf));
  return { items, offset: offset + items.length, has_more: rows.length > limit };
};

const detailOf = async (
  ctx: ServerContext,
  caller: Caller,
  id: string,
  kinds: readonly CardType[] | null,
): Promise<{ row: ItemRow; detail: ItemDetail }> => {
  const row = await itemById(ctx.db, caller.accountId, id);
  if (!row || (kinds !== null && !kinds.includes(row.kind as CardType)))
    throw new ApiError(CODES.notFound, 'no such item');
  const tags = (await tagsOf(ctx.db, [row.id])).get(row.id) ?? [];
  // The card's media is replaced by the detail's (with its type and length) in enrichDetail.
  const { media: _cardMedia, ...card } = toContentItem(row, tags, ctx.blobs.urlOf);
  const base: ItemDetail = { ...card, description: row.description };
  return { row, detail: await enrichDetail(ctx, row, base) };
};

const SUMMARY_LENGTH = 140;

export const createPost = async (
  ctx: ServerContext,
  caller: Caller,
  body: PostCreateRequest,
): Promise<{ id: string }> => {
  const accountId = requireAccount(caller);
  const html = sanitizeHtml(body.content);
  const text = htmlToText(html);
  if (!hasContent(html, text))
    throw new ApiError(CODES.invalidRequest, 'the post has no content once sanitised');
  const summary = text.length > SUMMARY_LENGTH ? `${text.slice(0, SUMMARY_LENGTH - 1)}…` : text;
  const id = `p-${newId(9)}`;
  const now = ctx.clock.now();
  const { width, height } = sizeFor('4:3', 320);
  await ctx.db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO content_items (id, kind, obj_type, author_id, title, description, body_html, cover_prompt, cover_aspect,
         cover_long_side, cover_width, cover_height, sub_channel, extra, created_at)
       VALUES ($1, 'post', $2, $3, $4, $5, $6, $7, '4:3', 320, $8, $9, $10, $11, $12)`,
      [
        id,
        OBJ_TYPE.post,
        accountId,
        body.title.trim(),
        summary,
        html,
        body.title,
        width,
        height,
        body.sub_channel ?? 'discussion',
        JSON.stringify({ summary }),
        now,
      ],
    );
    if (body.tags) await setItemTags(tx, id, body.tags, now);
  });
  return { id };
};

export const editTags = async (
  ctx: ServerContext,
  caller: Caller,
  kind: TagEditKind,
  body: TagEditRequest,
) => {
  const accountId = requireAccount(caller);
  const names = normaliseTagNames(body.tags);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.query<{ author_id: string; kind: string }>(
      'SELECT author_id, kind FROM content_items WHERE id = $1 FOR UPDATE',
      [body.id],
    );
    if (!row || row.kind !== TAG_EDIT_KINDS[kind]) throw new ApiError(CODES.notFound, `no such ${kind}`);
    if (row.author_id !== accountId) throw new ApiError(CODES.forbidden, 'only the owner edits its tags');
    return { id: body.id, tags: await setItemTags(tx, body.id, names, ctx.clock.now()) };
  });
};

/** Spec §7 tag suggest, widened (issue 21): tags, people and works whose name or title starts with
 * the prefix, at most `limit` of each. */
export const suggest = async (
  ctx: ServerContext,
  caller: Caller,
  body: TagSuggestRequest,
): Promise<TagSuggestResponse> => {
  const prefix = prefixPattern(body.prefix.trim());
  const limit = pageSize(body.limit, 10);
  const p = new Params();
  const { items } = await queryTags(
    ctx.db,
    { params: p, where: [`t.name ILIKE ${p.add(prefix)}`], order: 'count', offset: 0, limit },
    ctx.blobs.urlOf,
  );
  const users = await queryUsers(ctx, caller, prefix, 0, limit);
  const w = callerParams(caller.accountId);
  const works = await pageOfItems(
    ctx.db,
    {
      params: w,
      where: [`i.kind IN ${w.list(SUGGEST_CARD_TYPES)}`, `i.title ILIKE ${w.add(prefix)}`],
      order: orderSql('hot'),
      offset: 0,
      limit,
    },
    ctx.blobs.urlOf,
  );
  return { items, users: users.items, works: works.items };
};

export const hotTags = async (ctx: ServerContext, body: TagHotRequest) => {
  const { items } = await queryTags(
    ctx.db,
    { params: new Params(), where: [], order: 'heat', offset: 0, limit: pageSize(body.limit) },
    ctx.blobs.urlOf,
  );
  return { items };
};

export const tagOf = async (ctx: ServerContext, caller: Caller, body: TagDetailRequest) => {
  const tag = await tagDetail(
    ctx.db,
    'id' in body ? { id: body.id } : { name: body.name.trim() },
    caller.accountId,
    ctx.blobs.urlOf,
  );
  if (!tag) throw new ApiError(CODES.notFound, 'no such tag');
  return tag;
};

export const modelDetail = async (ctx: ServerContext, caller: Caller, id: string): Promise<ModelDetail> => {
  const { row, detail } = await detailOf(ctx, caller, id, ['model']);
  const extra = extraOf(row.extra);
  return {
    ...detail,
    versions: [...(extra.versions ?? [])],
    trigger_words: [...(extra.trigger_words ?? [])],
  };
};

export const itemDetail = async (ctx: ServerContext, caller: Caller, id: string): Promise<ItemDetail> =>
  (await detailOf(ctx, caller, id, null)).detail;

export const postDetail = async (ctx: ServerContext, caller: Caller, id: string): Promise<PostDetail> => {
  const { detail } = await detailOf(ctx, caller, id, ['post']);
  const [row] = await ctx.db.query<{ body_html: string | null }>(
    'SELECT body_html FROM content_items WHERE id = $1',
    [id],
  );
  return { ...detail, content: row?.body_html ?? '' };
};
