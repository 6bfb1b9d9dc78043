/**
 * LoRA training (spec §7 model training, §8 codes 120000-120013): a job over a data set of
 * 9 to 50 images the caller owns, one running training per account, a per-tier limit of
 * trainings per 30 days, a coin debit (refunded when the training fails or is stopped while
 * still queued), progress over seconds, and a result: a model card (spec §3), sample images,
 * a loss curve and a real `.safetensors` file holding rank-4 LoRA matrices derived from the
 * data set's pixels. A finished training can be saved to the caller's models (then listed
 * by the task options and usable as `model_id` in text to image) and published to the
 * community as a LORA model card (a `content_items` row of kind `model`, through plain SQL on
 * the community's table). Its routes: server/studio/trainingRoutes.ts.
 *
 * Decisions where the spec is silent: the training takes 3x TASK_DURATION_MS at the default
 * 1000 steps (proportionally more or less with steps, at least half); it costs 30 coins; the
 * trigger word defaults to the name's letters and digits; stopping a finished training
 * changes nothing; result calls before the end answer 10403; a name of "#fail" in it makes the
 * simulated trainer fail halfway (a hook for tests and demos, like tasks' prompt marker).
 */
import {
  type DatasetConfig,
  TRAIN_BASE_MODELS,
  TRAIN_MAX_IMAGES,
  TRAIN_MIN_IMAGES,
  TRAIN_NAME_MAX_LENGTH,
  TRAIN_STATUS,
  TRAIN_STEPS,
  TRAIN_TYPES,
  type TrainCreateRequest,
  type TrainHistoryRequest,
  type TrainPublishRequest,
  type TrainRenameRequest,
  type TrainTagsRequest,
  type LoraTemplate,
  type SquareTrainDetail,
  type TrainRecord,
  type TrainResult,
} from '../../infrastructure/contract/creation';
import { OBJ_TYPE_OF_CARD } from '../../infrastructure/contract/feed';
import { newId, requireAccount, type Caller } from '../auth';
import { coverKey } from '../feed/items';
import type { ServerContext } from '../context';
import type { Queryable } from '../db/database';
import { ApiError, CODES } from '../envelope';
import { EngineError } from '../engines/bitmap';
import { runEngine } from '../engines/pool';
import { sizeFor } from '../engines/image';
import { hashString } from '../engines/random';
import { balances, debit, refund, totalOf } from '../ledger';
import { CREATION_CODES } from '../tasks/codes';
import { ownerOf, probeInput, resolveOwnedUrl } from '../tasks/inputs';
import { TIER_LIMITS, TIER_NAMES, tierOf } from '../tasks/tiers';
import { json, slug, type StoredResult, type TrainingRow } from './trainer';

export const TRAIN_COST = 30;
const WINDOW_MS = 30 * 24 * 3600 * 1000;

export const LORA_TEMPLATES: readonly LoraTemplate[] = [
  {
    id: 'tpl-character',
    name: 'Character',
    train_type: 'character',
    base_model: 'SDXL',
    steps: 1200,
    learning_rate: 0.0004,
    network_dim: 16,
    recommended_images: 20,
    description: 'One character from several angles and outfits.',
  },
  {
    id: 'tpl-style',
    name: 'Art style',
    train_type: 'style',
    base_model: 'SDXL',
    steps: 1500,
    learning_rate: 0.0003,
    network_dim: 32,
    recommended_images: 30,
    description: 'A consistent look across different subjects.',
  },
  {
    id: 'tpl-object',
    name: 'Object',
    train_type: 'object',
    base_model: 'SD 1.x',
    steps: 800,
    learning_rate: 0.0005,
    network_dim: 8,
    recommended_images: 15,
    description: 'A product or prop on plain backgrounds.',
  },
  {
    id: 'tpl-face',
    name: 'Face',
    train_type: 'face',
    base_model: 'Flux',
    steps: 1000,
    learning_rate: 0.0004,
    network_dim: 16,
    recommended_images: 12,
    description: 'A face in varied light; crop close.',
  },
  {
    id: 'tpl-anime',
    name: 'Anime character',
    train_type: 'character',
    base_model: 'Illustrious',
    steps: 1200,
    learning_rate: 0.0004,
    network_dim: 16,
    recommended_images: 20,
    description: 'An anime character for Illustrious and NoobAI.',
  },
];

export const toRecord = (r: TrainingRow, now: number): TrainRecord => {
  const running = r.status === TRAIN_STATUS.queued || r.status === TRAIN_STATUS.training;
  const images = json<string[]>(r.images);
  return {
    id: r.id,
    name: r.name,
    base_model: r.base_model,
    train_type: r.train_type,
    trigger_word: r.trigger_word,
    image_count: images.length,
    images,
    steps: r.steps,
    status: r.status,
    process: r.process,
    status_desc: r.status_desc,
    estimate_time: running ? Math.ceil(Math.max(0, r.duration_ms - (now - Number(r.created_at))) / 1000) : 0,
    cost: r.cost,
    create_at: Number(r.created_at),
    finished_at: r.finished_at === null ? null : Number(r.finished_at),
    saved: r.saved_at !== null,
    published_model_id: r.published_item_id,
    tags: r.tags === undefined || r.tags === null ? [] : json<string[]>(r.tags),
  };
};

const checkName = (name: string): string => {
  const trimmed = name.trim();
  if ([...trimmed].length > TRAIN_NAME_MAX_LENGTH)
    throw new ApiError(
      CREATION_CODES.nameTooLong,
      `the name is longer than ${TRAIN_NAME_MAX_LENGTH} characters`,
    );
  return trimmed;
};

export const ownRow = async (
  db: Queryable,
  accountId: string,
  id: string,
  lock = false,
): Promise<TrainingRow> => {
  const [row] = await db.query<TrainingRow>(
    `SELECT * FROM lora_trainings WHERE id = $1 AND account_id = $2${lock ? ' FOR UPDATE' : ''}`,
    [id, accountId],
  );
  if (!row) throw new ApiError(CODES.notFound, 'no such training of yours');
  return row;
};

export const finishedRow = async (
  db: Queryable,
  accountId: string,
  id: string,
): Promise<TrainingRow & { result: StoredResult }> => {
  const row = await ownRow(db, accountId, id);
  if (row.status !== TRAIN_STATUS.done || row.result === null)
    throw new ApiError(CODES.forbidden, 'the training has not finished');
  return { ...row, result: json<StoredResult>(row.result) };
};

const usedInWindow = async (db: Queryable, accountId: string, now: number): Promise<number> => {
  // Trainings that were refunded (failed, or stopped while queued) do not count.
  const [row] = await db.query<{ n: string | number }>(
    `SELECT count(*) AS n FROM lora_trainings t WHERE account_id = $1 AND created_at > $2
       AND NOT EXISTS (SELECT 1 FROM coin_ledger l WHERE l.ref = t.id AND l.delta > 0)`,
    [accountId, now - WINDOW_MS],
  );
  return Number(row?.n ?? 0);
};

const templateOf = async (db: Queryable, id: string): Promise<LoraTemplate | null> => {
  const preset = LORA_TEMPLATES.find((t) => t.id === id);
  if (preset) return preset;
  const [item] = await db.query<{ id: string; title: string; base_model: string | null }>(
    `SELECT id, title, base_model FROM content_items WHERE id = $1 AND kind = 'lora_train'`,
    [id],
  );
  if (!item) return null;
  const type = TRAIN_TYPES[hashString(item.id) % TRAIN_TYPES.length]!;
  const base = LORA_TEMPLATES.find((t) => t.train_type === type) ?? LORA_TEMPLATES[0]!;
  return { ...base, id: item.id, name: item.title, base_model: item.base_model ?? base.base_model };
};

/** Creates (starts) a training: spec §8 order "limit, already training, at least 9 images, name too long". */
export const createTraining = async (
  ctx: ServerContext,
  caller: Caller,
  req: TrainCreateRequest,
  now: number,
): Promise<TrainRecord> => {
  const accountId = requireAccount(caller);
  const name = checkName(req.name);
  const urls = [...new Set(req.images)];
  if (urls.length < TRAIN_MIN_IMAGES)
    throw new ApiError(
      CREATION_CODES.tooFewImages,
      `a data set needs at least ${TRAIN_MIN_IMAGES} images (${urls.length} given)`,
    );
  if (urls.length > TRAIN_MAX_IMAGES)
    throw new ApiError(CREATION_CODES.datasetLimit, `a data set holds at most ${TRAIN_MAX_IMAGES} images`);
  const template = req.template_id === undefined ? null : await templateOf(ctx.db, req.template_id);
  if (req.template_id !== undefined && template === null)
    throw new ApiError(CODES.notFound, 'no such LoRA template');
  const owner = ownerOf(caller, false);
  const keys: string[] = [];
  for (const url of urls) {
    const input = await resolveOwnedUrl(ctx.db, ctx.blobs, owner, url);
    await probeInput(ctx.blobs, input.key);
    keys.push(input.key);
  }
  const steps = req.steps ?? template?.steps ?? TRAIN_STEPS.default;
  const duration = Math.round(ctx.config.taskDurationMs * 3 * Math.max(0.5, steps / TRAIN_STEPS.default));
  const id = newId(12);
  const record = await ctx.db.transaction(async (tx) => {
    await tx.query('SELECT id FROM accounts WHERE id = $1 FOR UPDATE', [accountId]);
    const running = await tx.query(
      `SELECT id FROM lora_trainings WHERE account_id = $1 AND status IN (1, 2)`,
      [accountId],
    );
    if (running.length > 0)
      throw new ApiError(CREATION_CODES.alreadyTraining, 'a training of yours is already running');
    const tier = await tierOf(tx, accountId, now);
    const limit = TIER_LIMITS[tier].trainingsPer30Days;
    if ((await usedInWindow(tx, accountId, now)) >= limit)
      throw new ApiError(
        CREATION_CODES.trainingLimit,
        `${TIER_NAMES[tier]} accounts train ${limit} LoRA${limit === 1 ? '' : 's'} per 30 days`,
      );
    if (totalOf(await balances(tx, accountId)) < TRAIN_COST)
      throw new ApiError(CODES.noCoins, 'not enough coins');
    await debit(tx, accountId, TRAIN_COST, 'lora training', id, now);
    const [row] = await tx.query<TrainingRow>(
      `INSERT INTO lora_trainings (id, account_id, name, base_model, train_type, trigger_word, images, image_keys, steps, template_id, status, process,
         status_desc, cost, duration_ms, created_at, updated_at, tags)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9, $10, 1, 0, 'queued', $11, $12, $13, $13, $14::jsonb) RETURNING *`,
      [
        id,
        accountId,
        name,
        req.base_model,
        req.train_type,
        req.trigger_word ?? slug(name),
        JSON.stringify(urls),
        JSON.stringify(keys),
        steps,
        req.template_id ?? null,
        TRAIN_COST,
        duration,
        now,
        JSON.stringify([...new Set(req.tags ?? [])]),
      ],
    );
    if (template !== null && !LORA_TEMPLATES.some((t) => t.id === template.id))
      await tx.query(
        `UPDATE content_items SET num_of_task = num_of_task + 1 WHERE id = $1 AND kind = 'lora_train'`,
        [template.id],
      );
    return toRecord(row!, now);
  });
  return record;
};

/** The data-set form's limits, the caller's tier and its trainings this month, and a running one. */
export const datasetConfig = async (
  ctx: ServerContext,
  accountId: string,
  now: number,
): Promise<DatasetConfig> => {
  const tier = await tierOf(ctx.db, accountId, now);
  const [running] = await ctx.db.query<{ id: string }>(
    'SELECT id FROM lora_trainings WHERE account_id = $1 AND status IN (1, 2)',
    [accountId],
  );
  return {
    min_images: TRAIN_MIN_IMAGES,
    max_images: TRAIN_MAX_IMAGES,
    name_max_length: TRAIN_NAME_MAX_LENGTH,
    train_types: [...TRAIN_TYPES],
    base_models: [...TRAIN_BASE_MODELS],
    steps: { ...TRAIN_STEPS },
    cost: TRAIN_COST,
    tier: TIER_NAMES[tier],
    monthly_limit: TIER_LIMITS[tier].trainingsPer30Days,
    used_this_month: await usedInWindow(ctx.db, accountId, now),
    training: running?.id ?? null,
  };
};

/** A page of the caller's trainings, newest first. */
export const trainingHistory = async (
  ctx: ServerContext,
  accountId: string,
  body: TrainHistoryRequest,
  now: () => number,
) => {
  const page = body.page ?? 1;
  const pageSize = body.page_size ?? 20;
  const [count] = await ctx.db.query<{ n: string | number }>(
    'SELECT count(*) AS n FROM lora_trainings WHERE account_id = $1',
    [accountId],
  );
  const rows = await ctx.db.query<TrainingRow>(
    'SELECT * FROM lora_trainings WHERE account_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3',
    [accountId, pageSize, (page - 1) * pageSize],
  );
  return {
    items: rows.map((r) => toRecord(r, now())),
    total: Number(count?.n ?? 0),
    page,
    page_size: pageSize,
  };
};

export const renameTraining = async (
  ctx: ServerContext,
  accountId: string,
  body: TrainRenameRequest,
  now: () => number,
): Promise<TrainRecord> => {
  const name = checkName(body.name);
  await ownRow(ctx.db, accountId, body.id);
  const [row] = await ctx.db.query<TrainingRow>(
    'UPDATE lora_trainings SET name = $3, updated_at = $4 WHERE id = $1 AND account_id = $2 RETURNING *',
    [body.id, accountId, name, now()],
  );
  return toRecord(row!, now());
};

/** Stops a running training (status 5); one still queued gets its coins back. A finished one is left as it is. */
export const stopTraining = async (
  ctx: ServerContext,
  accountId: string,
  id: string,
  at: number,
): Promise<TrainRecord> =>
  ctx.db.transaction(async (tx) => {
    await tx.query('SELECT id FROM accounts WHERE id = $1 FOR UPDATE', [accountId]);
    const row = await ownRow(tx, accountId, id, true);
    if (row.status !== TRAIN_STATUS.queued && row.status !== TRAIN_STATUS.training) return toRecord(row, at);
    const [stopped] = await tx.query<TrainingRow>(
      `UPDATE lora_trainings SET status = 5, status_desc = 'stopped', updated_at = $2, finished_at = $2 WHERE id = $1 RETURNING *`,
      [id, at],
    );
    if (row.status === TRAIN_STATUS.queued && row.cost > 0)
      await refund(tx, accountId, id, 'training stopped while queued', at);
    return toRecord(stopped!, at);
  });

/** A finished training's result: its model card, file, samples and loss curve (10403 before the end). */
export const trainingResult = async (
  ctx: ServerContext,
  accountId: string,
  id: string,
  now: number,
): Promise<TrainResult> => {
  const row = await finishedRow(ctx.db, accountId, id);
  const r = row.result;
  return {
    record: toRecord(row, now),
    model_card: r.model_card,
    file: { url: r.file.url, file_name: r.file.file_name, size: r.file.size, format: 'safetensors' },
    samples: [...r.samples],
    loss: [...r.loss],
    trigger_word: row.trigger_word,
  };
};

/** Saves a finished training to the caller's models (once: a second save keeps the first time). */
export const saveTraining = async (ctx: ServerContext, accountId: string, id: string, now: () => number) => {
  await finishedRow(ctx.db, accountId, id);
  const [row] = await ctx.db.query<TrainingRow>(
    'UPDATE lora_trainings SET saved_at = COALESCE(saved_at, $3), updated_at = $3 WHERE id = $1 AND account_id = $2 RETURNING *',
    [id, accountId, now()],
  );
  return { model_id: `train-${id}`, record: toRecord(row!, now()) };
};

/** Publishes a finished training as a LORA model card of the community (once: again answers the first card). */
export const publishTraining = async (
  ctx: ServerContext,
  accountId: string,
  body: TrainPublishRequest,
  at: number,
): Promise<{ model_id: string; record: TrainRecord }> =>
  ctx.db.transaction(async (tx) => {
    const row = await ownRow(tx, accountId, body.id, true);
    if (row.status !== TRAIN_STATUS.done)
      throw new ApiError(CODES.forbidden, 'the training has not finished');
    if (row.published_item_id !== null) return { model_id: row.published_item_id, record: toRecord(row, at) };
    const itemId = `mdl-${newId(9)}`;
    const { width, height } = sizeFor('3:4', 512);
    const title = body.title?.trim() ?? row.name;
    await tx.query(
      `INSERT INTO content_items (id, kind, obj_type, author_id, title, description, cover_prompt, cover_aspect, cover_long_side, cover_width, cover_height,
         model_type, base_model, extra, created_at)
       VALUES ($1, 'model', $2, $3, $4, $5, $6, '3:4', 512, $7, $8, 'LORA', $9, $10::jsonb, $11)`,
      [
        itemId,
        OBJ_TYPE_OF_CARD.model,
        accountId,
        title,
        body.description ??
          `A ${row.train_type} LoRA trained on ${json<string[]>(row.images).length} images. Trigger: ${row.trigger_word}.`,
        `${row.trigger_word}, ${row.train_type}, ${row.name}`,
        width,
        height,
        row.base_model,
        JSON.stringify({
          versions: [{ id: `${itemId}-v1`, name: 'v1.0', base_model: row.base_model }],
          trigger_words: [row.trigger_word],
        }),
        at,
      ],
    );
    const [updated] = await tx.query<TrainingRow>(
      'UPDATE lora_trainings SET published_item_id = $2, updated_at = $3 WHERE id = $1 RETURNING *',
      [row.id, itemId, at],
    );
    return { model_id: itemId, record: toRecord(updated!, at) };
  });

/** A LoRA template card of the square, with its author and how often it was used. */
export const squareTrainDetail = async (ctx: ServerContext, id: string): Promise<SquareTrainDetail> => {
  const [item] = await ctx.db.query<{
    id: string;
    title: string;
    base_model: string | null;
    author_id: string;
    author_name: string;
    num_of_task: number;
    cover_width: number;
    cover_height: number;
  }>(
    `SELECT i.id, i.title, i.base_model, i.author_id, a.name AS author_name, i.num_of_task, i.cover_width, i.cover_height
     FROM content_items i JOIN accounts a ON a.id = i.author_id WHERE i.id = $1 AND i.kind = 'lora_train'`,
    [id],
  );
  const template = item ? await templateOf(ctx.db, item.id) : null;
  if (!item || !template) throw new ApiError(CODES.notFound, 'no such LoRA template in the square');
  return {
    id: item.id,
    title: item.title,
    base_model: template.base_model,
    train_type: template.train_type,
    steps: template.steps,
    cover: { url: ctx.blobs.urlOf(coverKey(item.id)), width: item.cover_width, height: item.cover_height },
    author: { id: item.author_id, name: item.author_name },
    num_of_task: Number(item.num_of_task),
    template,
  };
};

/** Suggested tags of each data-set image the caller owns (10400 naming an image that does not decode). */
export const tagImages = async (ctx: ServerContext, caller: Caller, body: TrainTagsRequest) => {
  const owner = ownerOf(caller, false);
  const items = [];
  for (const url of body.image_urls) {
    const input = await resolveOwnedUrl(ctx.db, ctx.blobs, owner, url);
    await probeInput(ctx.blobs, input.key);
    try {
      const bytes = await ctx.blobs.get(input.key);
      if (!bytes) throw new EngineError('the input file is gone');
      items.push({ url, tags: await runEngine('tagImage', bytes) });
    } catch (err) {
      if (err instanceof EngineError) throw new ApiError(CODES.invalidRequest, `${url}: ${err.message}`);
      throw err;
    }
  }
  return { items };
};
