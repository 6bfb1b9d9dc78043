/**
 * LoRA training routes (spec §7 model training): the data-set form's config, create, detail,
 * history, rename, stop, the result and its download, save, publish, the square's LoRA templates
 * and image tags. What each does: server/studio/training.ts. Codecs: infrastructure/contract/creation.ts.
 */
import type { FastifyInstance } from 'fastify';
import {
  IdRequest,
  LORA_TEMPLATE_PATH,
  TRAIN_DATASET_CONFIG_PATH,
  TRAIN_DETAIL_PATH,
  TRAIN_HISTORY_PATH,
  TRAIN_PUBLISH_PATH,
  TRAIN_RENAME_PATH,
  TRAIN_RESULT_DETAIL_PATH,
  TRAIN_RESULT_DOWNLOAD_PATH,
  TRAIN_SAVE_PATH,
  TRAIN_SQUARE_CREATE_PATH,
  TRAIN_SQUARE_DETAIL_PATH,
  TRAIN_STOP_PATH,
  TRAIN_TAGS_PATH,
  TrainCreateRequest,
  TrainHistoryRequest,
  TrainPublishRequest,
  TrainRenameRequest,
  TrainTagsRequest,
} from '../../infrastructure/contract/creation';
import { requireAccount } from '../auth';
import type { ServerContext } from '../context';
import { decodeBody, ok } from '../envelope';
import {
  LORA_TEMPLATES,
  createTraining,
  datasetConfig,
  finishedRow,
  ownRow,
  publishTraining,
  renameTraining,
  saveTraining,
  squareTrainDetail,
  stopTraining,
  tagImages,
  toRecord,
  trainingHistory,
  trainingResult,
} from './training';

export const trainingRoutes = (app: FastifyInstance, ctx: ServerContext): void => {
  const now = () => ctx.clock.now();

  app.post(TRAIN_DATASET_CONFIG_PATH, async (req) =>
    ok(await datasetConfig(ctx, requireAccount(req.caller), now())),
  );

  app.post(TRAIN_SQUARE_CREATE_PATH, async (req) => {
    const body = decodeBody(TrainCreateRequest, req.body);
    return ok({ record: await createTraining(ctx, req.caller, body, now()) });
  });

  app.post(TRAIN_DETAIL_PATH, async (req) => {
    const accountId = requireAccount(req.caller);
    const { id } = decodeBody(IdRequest, req.body);
    return ok({ record: toRecord(await ownRow(ctx.db, accountId, id), now()) });
  });

  app.post(TRAIN_HISTORY_PATH, async (req) => {
    const accountId = requireAccount(req.caller);
    const body = decodeBody(TrainHistoryRequest, req.body);
    return ok(await trainingHistory(ctx, accountId, body, now));
  });

  app.post(TRAIN_RENAME_PATH, async (req) => {
    const accountId = requireAccount(req.caller);
    const body = decodeBody(TrainRenameRequest, req.body);
    return ok({ record: await renameTraining(ctx, accountId, body, now) });
  });

  app.post(TRAIN_STOP_PATH, async (req) => {
    const accountId = requireAccount(req.caller);
    const { id } = decodeBody(IdRequest, req.body);
    return ok({ record: await stopTraining(ctx, accountId, id, now()) });
  });

  app.post(TRAIN_RESULT_DETAIL_PATH, async (req) => {
    const accountId = requireAccount(req.caller);
    const { id } = decodeBody(IdRequest, req.body);
    return ok(await trainingResult(ctx, accountId, id, now()));
  });

  app.post(TRAIN_RESULT_DOWNLOAD_PATH, async (req) => {
    const accountId = requireAccount(req.caller);
    const { id } = decodeBody(IdRequest, req.body);
    const { result } = await finishedRow(ctx.db, accountId, id);
    return ok({ url: result.file.url, file_name: result.file.file_name, size: result.file.size });
  });

  app.post(TRAIN_SAVE_PATH, async (req) => {
    const accountId = requireAccount(req.caller);
    const { id } = decodeBody(IdRequest, req.body);
    return ok(await saveTraining(ctx, accountId, id, now));
  });

  app.post(TRAIN_PUBLISH_PATH, async (req) => {
    const accountId = requireAccount(req.caller);
    const body = decodeBody(TrainPublishRequest, req.body);
    return ok(await publishTraining(ctx, accountId, body, now()));
  });

  app.post(TRAIN_SQUARE_DETAIL_PATH, async (req) =>
    ok(await squareTrainDetail(ctx, decodeBody(IdRequest, req.body).id)),
  );

  app.post(LORA_TEMPLATE_PATH, async () => ok({ items: [...LORA_TEMPLATES] }));

  app.post(TRAIN_TAGS_PATH, async (req) => {
    requireAccount(req.caller);
    return ok(await tagImages(ctx, req.caller, decodeBody(TrainTagsRequest, req.body)));
  });
};
