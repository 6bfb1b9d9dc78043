/**
 * Square routes (spec §2, §7, §9): the feed lists under /api/v1/square/v3 (POST body or GET
 * query), search by tab, tag suggestions, hot tags and a tag's page, tag editing, models, item and
 * post details and post creation. The logic is ./feed.ts; paths and codecs are in
 * infrastructure/contract/feed.ts.
 */
import type { FastifyInstance } from 'fastify';
import {
  FEED_PATHS,
  FeedRequest,
  IdRequest,
  ITEM_DETAIL_PATH,
  MODEL_DETAIL_PATH,
  POST_CREATE_PATH,
  POST_DETAIL_PATH,
  PostCreateRequest,
  PostDetailRequest,
  SEARCH_PATH,
  SQUARE_MODEL_LIST_PATH,
  SearchRequest,
  SquareModelListRequest,
  TAG_DETAIL_PATH,
  TAG_EDIT_KINDS,
  TAG_HOT_PATH,
  TAG_SUGGEST_PATH,
  TagDetailRequest,
  TagEditRequest,
  TagHotRequest,
  TagSuggestRequest,
  tagEditPath,
  type FeedRoute,
  type TagEditKind,
  type TagSuggestResponse,
} from '../../infrastructure/contract/feed';
import type { ServerContext } from '../context';
import { decodeBody, ok } from '../envelope';
import {
  createPost,
  editTags,
  hotTags,
  itemDetail,
  listFeed,
  modelDetail,
  postDetail,
  search,
  squareModelList,
  suggest,
  tagOf,
} from './feed';
import { bodyFromQuery } from './query';

export const feedRoutes = (app: FastifyInstance, ctx: ServerContext): void => {
  for (const route of Object.keys(FEED_PATHS) as FeedRoute[]) {
    const path = FEED_PATHS[route];
    app.post(path, async (req) =>
      ok(await listFeed(ctx, req.caller, route, decodeBody(FeedRequest, req.body))),
    );
    app.get(path, async (req) =>
      ok(await listFeed(ctx, req.caller, route, decodeBody(FeedRequest, bodyFromQuery(req.query)))),
    );
  }

  app.post(SEARCH_PATH, async (req) =>
    ok(await search(ctx, req.caller, decodeBody(SearchRequest, req.body))),
  );
  app.post(TAG_SUGGEST_PATH, async (req) =>
    ok<TagSuggestResponse>(await suggest(ctx, req.caller, decodeBody(TagSuggestRequest, req.body))),
  );
  app.post(TAG_HOT_PATH, async (req) => ok(await hotTags(ctx, decodeBody(TagHotRequest, req.body))));
  app.post(TAG_DETAIL_PATH, async (req) =>
    ok(await tagOf(ctx, req.caller, decodeBody(TagDetailRequest, req.body))),
  );
  for (const kind of Object.keys(TAG_EDIT_KINDS) as TagEditKind[])
    app.post(tagEditPath(kind), async (req) =>
      ok(await editTags(ctx, req.caller, kind, decodeBody(TagEditRequest, req.body))),
    );

  app.post(SQUARE_MODEL_LIST_PATH, async (req) =>
    ok(await squareModelList(ctx, req.caller, decodeBody(SquareModelListRequest, req.body))),
  );
  app.post(MODEL_DETAIL_PATH, async (req) =>
    ok(await modelDetail(ctx, req.caller, decodeBody(IdRequest, req.body).id)),
  );
  app.post(ITEM_DETAIL_PATH, async (req) =>
    ok(await itemDetail(ctx, req.caller, decodeBody(IdRequest, req.body).id)),
  );
  app.post(POST_DETAIL_PATH, async (req) =>
    ok(await postDetail(ctx, req.caller, decodeBody(PostDetailRequest, req.body).id)),
  );
  app.post(POST_CREATE_PATH, async (req) =>
    ok(await createPost(ctx, req.caller, decodeBody(PostCreateRequest, req.body))),
  );
};
