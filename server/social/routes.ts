/**
 * Social routes (spec §4, §7): collections in folders (./collections.ts), follows (./follows.ts),
 * likes through the behaviour log (./likes.ts), reports and appeals (./reports.ts). Every write
 * runs in one transaction, so a refused request changes nothing. Paths and codecs are in
 * infrastructure/contract/social.ts.
 */
import type { FastifyInstance } from 'fastify';
import {
  APPEAL_PATH,
  AppealRequest,
  BEHAVIOR_LOG_PATH,
  BehaviorLogRequest,
  COLLECT_ADD_PATH,
  COLLECT_BATCH_REMOVE_PATH,
  COLLECT_FOLDER_CREATE_PATH,
  COLLECT_FOLDER_LIST_PATH,
  COLLECT_LIST_PATH,
  COLLECT_MOVE_PATH,
  COLLECT_REMOVE_PATH,
  CollectAddRequest,
  CollectBatchRemoveRequest,
  CollectListRequest,
  CollectMoveRequest,
  CollectRemoveRequest,
  FOLLOW_PATH,
  FolderCreateRequest,
  FollowRequest,
  REPORT_PATH,
  ReportRequest,
  UNFOLLOW_PATH,
  type BehaviorLogResponse,
} from '../../infrastructure/contract/social';
import type { ServerContext } from '../context';
import { decodeBody, ok } from '../envelope';
import {
  addCollect,
  createFolder,
  listCollects,
  listFolders,
  moveCollects,
  removeCollect,
  removeCollects,
} from './collections';
import { follow } from './follows';
import { idempotencyKeyOf } from './idempotency';
import { logBehavior } from './likes';
import { appeal, report } from './reports';

export const socialRoutes = (app: FastifyInstance, ctx: ServerContext): void => {
  app.post(COLLECT_ADD_PATH, async (req) =>
    ok(await addCollect(ctx, req, decodeBody(CollectAddRequest, req.body))),
  );
  app.post(COLLECT_REMOVE_PATH, async (req) =>
    ok(await removeCollect(ctx, req, decodeBody(CollectRemoveRequest, req.body))),
  );
  app.post(COLLECT_BATCH_REMOVE_PATH, async (req) =>
    ok(await removeCollects(ctx, req, decodeBody(CollectBatchRemoveRequest, req.body))),
  );
  app.post(COLLECT_MOVE_PATH, async (req) =>
    ok(await moveCollects(ctx, req, decodeBody(CollectMoveRequest, req.body))),
  );
  app.post(COLLECT_LIST_PATH, async (req) =>
    ok(await listCollects(ctx, req, decodeBody(CollectListRequest, req.body))),
  );
  app.post(COLLECT_FOLDER_LIST_PATH, async (req) => ok(await listFolders(ctx, req)));
  app.post(COLLECT_FOLDER_CREATE_PATH, async (req) =>
    ok(await createFolder(ctx, req, decodeBody(FolderCreateRequest, req.body))),
  );

  app.post(FOLLOW_PATH, async (req) => {
    const body = decodeBody(FollowRequest, req.body);
    return ok(await follow(ctx, req.caller, body, true, idempotencyKeyOf(req.headers, body.idempotency_key)));
  });
  app.post(UNFOLLOW_PATH, async (req) => {
    const body = decodeBody(FollowRequest, req.body);
    return ok(
      await follow(ctx, req.caller, body, false, idempotencyKeyOf(req.headers, body.idempotency_key)),
    );
  });

  app.post(BEHAVIOR_LOG_PATH, async (req) =>
    ok<BehaviorLogResponse>(await logBehavior(ctx, req, decodeBody(BehaviorLogRequest, req.body))),
  );
  app.post(REPORT_PATH, async (req) => ok(await report(ctx, req, decodeBody(ReportRequest, req.body))));
  app.post(APPEAL_PATH, async (req) => ok(await appeal(ctx, req, decodeBody(AppealRequest, req.body))));
};
