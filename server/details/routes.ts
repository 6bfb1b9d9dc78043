/**
 * Detail page routes (issue 11, spec §7): comments, related works, a model's samples, and the tags a
 * person collects or the platform shows officially. The logic is ./details.ts; paths and codecs
 * are in infrastructure/contract/details.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  COMMENT_CREATE_PATH,
  COMMENT_LIST_PATH,
  CommentCreateRequest,
  CommentListRequest,
  MODEL_SAMPLES_PATH,
  ModelSamplesRequest,
  OfficialTagsRequest,
  RELATED_PATH,
  RelatedRequest,
  TAG_COLLECT_ADD_PATH,
  TAG_COLLECT_REMOVE_PATH,
  TAG_COLLECTED_PATH,
  TAG_OFFICIAL_PATH,
  TagCollectRequest,
} from '../../infrastructure/contract/details';
import { requireAccount } from '../auth';
import type { ServerContext } from '../context';
import { decodeBody, ok } from '../envelope';
import {
  collectedTags,
  collectTag,
  createComment,
  listComments,
  officialTags,
  relatedOf,
  samplesOf,
} from './details';

export const detailRoutes = (app: FastifyInstance, ctx: ServerContext): void => {
  app.post(COMMENT_LIST_PATH, async (req) =>
    ok(await listComments(ctx, decodeBody(CommentListRequest, req.body))),
  );

  app.post(COMMENT_CREATE_PATH, async (req) => {
    const accountId = requireAccount(req.caller);
    return ok(await createComment(ctx, accountId, decodeBody(CommentCreateRequest, req.body)));
  });

  app.post(RELATED_PATH, async (req) =>
    ok(await relatedOf(ctx, req.caller.accountId, decodeBody(RelatedRequest, req.body))),
  );

  app.post(MODEL_SAMPLES_PATH, async (req) =>
    ok(await samplesOf(ctx, req.caller.accountId, decodeBody(ModelSamplesRequest, req.body))),
  );

  app.post(TAG_COLLECTED_PATH, async (req) => ok(await collectedTags(ctx, requireAccount(req.caller))));

  const collect = (on: boolean) => async (req: FastifyRequest) => {
    const accountId = requireAccount(req.caller);
    return ok(await collectTag(ctx, accountId, decodeBody(TagCollectRequest, req.body), on));
  };
  app.post(TAG_COLLECT_ADD_PATH, collect(true));
  app.post(TAG_COLLECT_REMOVE_PATH, collect(false));

  app.post(TAG_OFFICIAL_PATH, async (req) =>
    ok(await officialTags(ctx, decodeBody(OfficialTagsRequest, req.body))),
  );
};
