/**
 * Tasks on the server, every domain type of domain/tasks/domainTypes.ts: creation (kind
 * fields, owned inputs, models; the tier's queue limit 70002 and the daily limit 70001 of
 * guests and non-members; a coin debit by kind in the same transaction, 80307 when short),
 * estimates without side effects, detail/list/progress for their owner only, soft deletion
 * (a task still queued is refunded), and the runner that advances progress over
 * `estimate_time`, names the workflow node being executed, renders the outputs with the
 * simulated engines (server/creation/render.ts) and refunds a failed task.
 *
 * Order of checks on create: the body (10400), the kind's fields (10400), the model (10404,
 * 70009), the inputs (10404, 70008, 10400), then in one transaction with the account row
 * locked: the balance (80307), the queue (70002, with the tier in the message), the daily
 * limit (70001), the debit and the insert.
 */
import {
  IMAGE_TASK_COST,
  TASK_LIST_DEFAULT_PAGE_SIZE,
  type DeductionDetail,
  type TaskCreateRequest,
  type TaskCancelResponse,
  type TaskDeleteResponse,
  type TaskEstimateResponse,
  type TaskItem,
  type TaskListRequest,
  type TaskListResponse,
  type TaskMedia,
} from '../infrastructure/contract/tasks';
import type { ComfyGraph } from '../infrastructure/contract/creation';
import { billing } from '../domain/index.js';
import type { BlobStore } from './blobs/store';
import type { Caller } from './auth';
import { newId } from './auth';
import { taskProductionBoxColumn } from './decorations/frames';
import { CREATION_CODES } from './creation/codes';
import { ownerOf, probeInput, resolveOwnedUrl, type Owner } from './creation/inputs';
import { costOf, durationOf, kindOf, type KindSpec } from './creation/kinds';
import { IMAGE_LONG_SIDE, type RenderOutput, type StoredParams } from './creation/render';
import { findModel } from './creation/options';
import { renderTask } from './creation/renderTask';
import { TIER_LIMITS, TIER_NAMES, tierOf, type Tier } from './creation/tiers';
import { claimWork, withLease, type ClaimSettings } from './creation/claims';
import { advanceTrainings } from './creation/trainer';
import { validateGraph } from './creation/workflows';
import type { Database, Queryable } from './db/database';
import { ApiError, CODES } from './envelope';
import { EngineError, MAX_OUTPUT_SIDE } from './engines/bitmap';
import { hashString } from './engines/random';
import { tasks } from '../domain/index.js';
import { balances, debit, refund, totalOf } from './ledger';

export const TASK_COST = IMAGE_TASK_COST;
/** The non-member queue limit (kept for callers of the first version; tiers: creation/tiers.ts). */
export const QUEUE_LIMIT = TIER_LIMITS.none.queue;
/** Guests' daily generations (spec §8 70001 when exceeded). */
export const GUEST_DAILY_LIMIT = TIER_LIMITS.guest.daily ?? 10;
/** A prompt with this marker makes the simulated engine fail halfway: a hook for tests and demos. */
export const FAIL_MARKER = '#fail';

interface LedgerEntry {
  readonly kind: string;
  readonly delta: number | string;
}

interface TaskRow extends Record<string, unknown> {
  id: string;
  account_id: string | null;
  device_id: string | null;
  domain_type: number;
  prompt: string;
  aspect_ratio: string;
  seed: string | number;
  status: number;
  process: number;
  status_desc: string;
  img_uris: TaskItem['img_uris'] | string;
  media: TaskMedia[] | string;
  params: StoredParams | string;
  current_node: string | null;
  task_return: string | null;
  speed_type: number;
  cost: number;
  duration_ms: number;
  created_at: string | number;
  deleted_at: string | number | null;
}

const json = <A>(v: A | string): A => (typeof v === 'string' ? (JSON.parse(v) as A) : v);

const DAY_MS = 24 * 3600 * 1000;

/** The stored fields a client may see again (what it sent, resolved): no blob keys, no workflow graph. */
const PUBLIC_PARAM_KEYS = [
  'negative_prompt',
  'aspect_ratio',
  'batch_size',
  'speed_type',
  'input_url',
  'ref_url',
  'mask_url',
  'scale',
  'upscale_method',
  'filter',
  'rect',
  'style',
  'emotion',
  'instrument',
  'voice',
  'duration',
  'strength',
  'model_id',
  'sampler_name',
  'steps',
  'cfg_scale',
  'size',
  'width',
  'height',
  'loras',
  'control_units',
  'vae',
  'upscaler',
  'prompt_style',
  'tier',
] as const;

export const publicParams = (p: StoredParams): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  for (const key of PUBLIC_PARAM_KEYS) if (p[key] !== undefined) out[key] = p[key];
  if (p.workflow) out['workflow_id'] = p.workflow.id;
  return out;
};

export interface TaskService {
  create(caller: Caller, req: TaskCreateRequest, now: number): Promise<TaskItem>;
  estimate(caller: Caller, req: TaskCreateRequest, now: number): Promise<TaskEstimateResponse>;
  progress(caller: Caller, ids: readonly string[], guest: boolean, now: number): Promise<TaskItem[]>;
  detail(caller: Caller, id: string, guest: boolean, now: number): Promise<TaskItem>;
  list(caller: Caller, req: TaskListRequest, now: number): Promise<TaskListResponse>;
  remove(caller: Caller, ids: readonly string[], guest: boolean, now: number): Promise<TaskDeleteResponse>;
  /** Stops tasks still running: status 5 ("cancelled"), their coins back. */
  cancel(caller: Caller, ids: readonly string[], guest: boolean, now: number): Promise<TaskCancelResponse>;
  /** Advances every running task and training; returns how many changed. */
  tick(now: number): Promise<number>;
}

const ownerSql = (owner: Owner, at = 1): { sql: string; param: string } => {
  if (owner.accountId !== null) return { sql: `account_id = $${at}`, param: owner.accountId };
  if (owner.deviceId !== null)
    return { sql: `account_id IS NULL AND device_id = $${at}`, param: owner.deviceId };
  throw new ApiError(CODES.notLoggedIn, 'a guest needs a device id');
};

/**
 * Guest-ness comes from the session, never from the body: a signed-in caller sending g_mode 1 is
 * still the account (and is charged). The request's g_mode is accepted and ignored.
 */
const isGuest = (caller: Caller, _gMode: number | undefined): boolean => caller.accountId === null;

/** The request fields each kind needs, beyond the codec (10400 when missing). */
const checkKindFields = (spec: KindSpec, req: TaskCreateRequest): void => {
  const need = (ok: boolean, what: string) => {
    if (!ok) throw new ApiError(CODES.invalidRequest, `${spec.key} needs ${what}`);
  };
  if (!spec.creatable)
    throw new ApiError(
      CODES.invalidRequest,
      `${spec.key} is created through /api/v1/model/train/square/create`,
    );
  if (spec.prompt === 'required') need(req.prompt !== undefined, 'a prompt');
  if (spec.image === 'required' && spec.engine !== 'workflow')
    need(req.input_url !== undefined, 'input_url (an image you own)');
  if (spec.refImage === 'required') need(req.ref_url !== undefined, 'ref_url (a second image you own)');
  if (spec.key === 'aiFilter') need(req.filter !== undefined, 'a filter');
  if (spec.key === 'magicEraser')
    need(req.rect !== undefined || req.mask_url !== undefined, 'a rect or a mask_url to erase');
  if (spec.engine === 'workflow') need(req.workflow_id !== undefined, 'a workflow_id');
  if (spec.engine === 'song' || spec.engine === 'speech' || spec.key === 'lipSync') {
    const speechKinds = ['happy', 'sad', 'angry', 'fearful', 'disgusted', 'surprised', 'neutral'];
    const songKinds = [
      'relaxed',
      'angry',
      'happy',
      'sad',
      'calm',
      'mysterious',
      'romantic',
      'passionate',
      'melancholy',
      'dark',
    ];
    if (req.emotion !== undefined)
      need(
        (spec.engine === 'song' ? songKinds : speechKinds).includes(req.emotion),
        `an emotion of its list`,
      );
  }
};

const reduceRatio = (w: number, h: number): string => {
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  const g = gcd(w, h) || 1;
  return `${w / g}:${h / g}`;
};

/** How this process claims engine work (creation/claims.ts) and the clock its leases renew by. */
export interface WorkSettings extends ClaimSettings {
  readonly clock: () => number;
  /** Told once a task of an account ended (done or failed), after its transaction committed. */
  readonly settled?: (accountId: string, taskId: string) => void;
}

export const makeTaskService = (
  db: Database,
  blobs: BlobStore,
  durationMs: number,
  work: WorkSettings,
): TaskService => {
  const deductionOf = (entries: readonly LedgerEntry[]): DeductionDetail =>
    entries.reduce<DeductionDetail>(
      (d, l) => {
        const delta = Number(l.delta);
        return delta < 0
          ? { ...d, coins: d.coins - delta, parts: [...d.parts, { kind: l.kind, amount: -delta }] }
          : { ...d, refunded: true };
      },
      { coins: 0, parts: [], refunded: false },
    );

  const deductions = async (rows: readonly TaskRow[]): Promise<Map<string, DeductionDetail>> => {
    const ids = rows.filter((r) => r.account_id !== null && r.cost > 0).map((r) => r.id);
    const out = new Map<string, DeductionDetail>();
    if (ids.length === 0) return out;
    const ledger = await db.query<{ ref: string; kind: string; delta: number }>(
      'SELECT ref, kind, delta FROM coin_ledger WHERE ref = ANY($1::text[]) ORDER BY id',
      [ids],
    );
    for (const l of ledger) {
      const d = out.get(l.ref) ?? { coins: 0, parts: [], refunded: false };
      const delta = Number(l.delta);
      out.set(
        l.ref,
        delta < 0
          ? { ...d, coins: d.coins - delta, parts: [...d.parts, { kind: l.kind, amount: -delta }] }
          : { ...d, refunded: true },
      );
    }
    return out;
  };

  /** The production box worn on a task, for the task queries that show the queue. */
  const PRODUCTION_FRAME_COLUMN = taskProductionBoxColumn('t', 'production_frame_key');

  const toItem = (row: TaskRow, now: number, deduction: DeductionDetail | null): TaskItem => {
    const elapsed = now - Number(row.created_at);
    const running = row.status === 1 || row.status === 2;
    const remaining = running ? Math.max(0, row.duration_ms - elapsed) : 0;
    const params = json<StoredParams>(row.params);
    const published = params.published_artwork_id;
    return {
      id: row.id,
      status: row.status,
      process: row.process,
      status_desc: row.status_desc,
      img_uris: json<TaskItem['img_uris']>(row.img_uris),
      estimate_time: Math.ceil(remaining / 1000),
      create_at: Number(row.created_at),
      domain_type: row.domain_type,
      prompt: row.prompt,
      aspect_ratio: row.aspect_ratio,
      media: json<TaskMedia[]>(row.media),
      comfyui_current_node: row.current_node,
      task_return: row.task_return,
      pub_community: params.pub_community ?? 0,
      deduction_detail: deduction,
      expiration_time: null,
      speed_type: row.speed_type,
      g_mode: row.account_id === null ? 1 : 0,
      seed: Number(row.seed),
      params: publicParams(params),
      ...(published === undefined ? {} : { artwork_id: published }),
      ...(typeof row.production_frame_key === 'string'
        ? { production_frame: blobs.urlOf(row.production_frame_key) }
        : {}),
    };
  };

  const itemsOf = async (rows: readonly TaskRow[], now: number): Promise<TaskItem[]> => {
    const d = await deductions(rows);
    return rows.map((r) => toItem(r, now, d.get(r.id) ?? null));
  };

  /**
   * Tasks and their ledger rows in one query (a poll is this query and, when signed in, the
   * session's): each row carries `ledger`, its debits and refunds in order (coin_ledger_ref index).
   */
  const tasksWithLedger = async (
    where: string,
    params: readonly unknown[],
    now: number,
  ): Promise<TaskItem[]> => {
    const rows = await db.query<TaskRow & { ledger: LedgerEntry[] | string | null }>(
      `SELECT t.*, (SELECT json_agg(json_build_object('kind', l.kind, 'delta', l.delta) ORDER BY l.id)
         FROM coin_ledger l WHERE l.ref = t.id AND t.account_id IS NOT NULL AND t.cost > 0) AS ledger,
         ${PRODUCTION_FRAME_COLUMN}
       FROM tasks t WHERE ${where}`,
      params,
    );
    return rows.map((r) =>
      toItem(r, now, r.ledger === null ? null : deductionOf(json<LedgerEntry[]>(r.ledger))),
    );
  };

  /** Everything about a request that needs no lock: kind fields, model, inputs, workflow. */
  const prepare = async (caller: Caller, req: TaskCreateRequest, resolveInputs: boolean) => {
    const guest = isGuest(caller, req.g_mode);
    const owner = ownerOf(caller, guest);
    ownerSql(owner);
    const spec = kindOf(req.domain_type);
    checkKindFields(spec, req);
    if (guest && !spec.guestAllowed)
      throw new ApiError(CODES.notLoggedIn, `please log in to use ${spec.key}`);
    const params: { -readonly [K in keyof StoredParams]: StoredParams[K] } = {};
    for (const key of [
      'negative_prompt',
      'aspect_ratio',
      'batch_size',
      'speed_type',
      'input_url',
      'ref_url',
      'scale',
      'upscale_method',
      'filter',
      'rect',
      'style',
      'emotion',
      'instrument',
      'voice',
      'duration',
      'strength',
      'model_id',
      'sampler_name',
      'steps',
      'cfg_scale',
      'pub_community',
      'size',
      'width',
      'height',
      'loras',
      'control_units',
      'vae',
      'upscaler',
      'prompt_style',
      'tier',
    ] as const) {
      const v = req[key];
      if (v !== undefined) (params as Record<string, unknown>)[key] = v;
    }
    if (req.model_id !== undefined) {
      const model = await findModel(db, req.model_id);
      if (model === null) throw new ApiError(CODES.notFound, `no model ${req.model_id}`);
      if (model.disabled || (model.ownerId !== null && model.ownerId !== caller.accountId))
        throw new ApiError(CREATION_CODES.modelForbidden, `${model.type} ${model.name} (disabled)`);
      params.model_triggers = model.triggerWords;
    }
    if ((req.width === undefined) !== (req.height === undefined))
      throw new ApiError(CODES.invalidRequest, 'a custom size needs both width and height');
    if (req.width !== undefined && req.height !== undefined) {
      if (!tasks.customSizeFits(req.width, req.height))
        throw new ApiError(
          CODES.invalidRequest,
          'a custom size must fit one range: both sides 512-1024 or both 768-1536, in steps of 8',
        );
      if (req.size !== undefined)
        throw new ApiError(CODES.invalidRequest, 'choose a size mode or a custom size');
    }
    if (req.upscaler !== undefined) {
      const side =
        req.width !== undefined && req.height !== undefined
          ? Math.max(req.width, req.height)
          : (req.size ?? IMAGE_LONG_SIDE);
      if (side * req.upscaler.scale > MAX_OUTPUT_SIDE)
        throw new ApiError(
          CODES.invalidRequest,
          `the upscaled picture would exceed ${MAX_OUTPUT_SIDE} pixels`,
        );
    }
    for (const lora of req.loras ?? []) {
      const model = await findModel(db, lora.model_id);
      if (model === null) throw new ApiError(CODES.notFound, `no model ${lora.model_id}`);
      if (model.disabled || (model.ownerId !== null && model.ownerId !== caller.accountId))
        throw new ApiError(CREATION_CODES.modelForbidden, `${model.type} ${model.name} (disabled)`);
      params.model_triggers = [...(params.model_triggers ?? []), ...model.triggerWords];
    }
    let aspectRatio: string = req.aspect_ratio ?? '1:1';
    if (resolveInputs) {
      if (req.input_url !== undefined && spec.image !== 'none') {
        const input = await resolveOwnedUrl(db, blobs, owner, req.input_url);
        const size = await probeInput(blobs, input.key);
        params.input_url = input.url;
        params.input_key = input.key;
        if (req.aspect_ratio === undefined || spec.key !== 'imageExpand')
          aspectRatio = reduceRatio(size.width, size.height);
        const scale = spec.key === 'ultraHd' ? 4 : spec.key === 'upscale' ? (req.scale ?? 2) : 1;
        if (Math.max(size.width, size.height) * scale > MAX_OUTPUT_SIDE)
          throw new ApiError(
            CREATION_CODES.outputTooLarge,
            `a ${size.width}x${size.height} image upscaled ${scale}x exceeds ${MAX_OUTPUT_SIDE} pixels`,
          );
      }
      if (req.mask_url !== undefined && spec.key === 'magicEraser') {
        const mask = await resolveOwnedUrl(db, blobs, owner, req.mask_url);
        await probeInput(blobs, mask.key);
        params.mask_url = mask.url;
        params.mask_key = mask.key;
      }
      if (req.ref_url !== undefined && spec.refImage !== 'none') {
        const ref = await resolveOwnedUrl(db, blobs, owner, req.ref_url);
        await probeInput(blobs, ref.key);
        params.ref_url = ref.url;
        params.ref_key = ref.key;
      }
      if (spec.engine === 'workflow' && req.workflow_id !== undefined) {
        const [wf] = await db.query<{ graph: ComfyGraph | string }>(
          'SELECT graph FROM comfy_workflows WHERE id = $1 AND account_id = $2 AND deleted_at IS NULL',
          [req.workflow_id, caller.accountId],
        );
        if (!wf) throw new ApiError(CODES.notFound, 'no such workflow of yours');
        const graph = json<ComfyGraph>(wf.graph);
        const valid = validateGraph(graph);
        if (!valid.ok) throw new ApiError(CODES.invalidRequest, valid.message);
        const imageKeys: Record<string, string> = {};
        for (const url of valid.graph.imageUrls)
          imageKeys[url] = (await resolveOwnedUrl(db, blobs, owner, url)).key;
        params.workflow = { id: req.workflow_id, graph, order: valid.graph.order, image_keys: imageKeys };
      }
    }
    return {
      guest,
      owner,
      spec,
      params,
      aspectRatio,
      cost: guest ? 0 : costOf(spec, req),
      duration: durationOf(spec, req, durationMs),
    };
  };

  const activeCount = async (tx: Queryable, owner: Owner): Promise<number> => {
    const o = ownerSql(owner);
    const [row] = await tx.query<{ n: string | number }>(
      `SELECT count(*) AS n FROM tasks WHERE ${o.sql} AND status IN (1, 2) AND deleted_at IS NULL`,
      [o.param],
    );
    return Number(row?.n ?? 0);
  };

  const todayCount = async (tx: Queryable, owner: Owner, now: number): Promise<number> => {
    const o = ownerSql(owner);
    const [row] = await tx.query<{ n: string | number }>(
      `SELECT count(*) AS n FROM tasks WHERE ${o.sql} AND created_at > $2`,
      [o.param, now - DAY_MS],
    );
    return Number(row?.n ?? 0);
  };

  const deductionsIn = async (tx: Queryable, id: string): Promise<DeductionDetail> => {
    const parts = await tx.query<{ kind: string; delta: number }>(
      'SELECT kind, delta FROM coin_ledger WHERE ref = $1 AND delta < 0 ORDER BY id',
      [id],
    );
    return {
      coins: parts.reduce((s, x) => s - Number(x.delta), 0),
      parts: parts.map((x) => ({ kind: x.kind, amount: -Number(x.delta) })),
      refunded: false,
    };
  };

  const create: TaskService['create'] = async (caller, req, now) => {
    const p = await prepare(caller, req, true);
    const id = newId(12);
    const seed = req.seed ?? hashString(`${id}`) % 2_147_483_647;
    return db.transaction(async (tx) => {
      const accountId = p.owner.accountId;
      if (accountId !== null) await tx.query('SELECT id FROM accounts WHERE id = $1 FOR UPDATE', [accountId]);
      const tier: Tier = await tierOf(tx, accountId, now);
      const limits = TIER_LIMITS[tier];
      // The tier's speed (billing.TIER_BENEFITS): a member's task renders faster.
      const duration = billing.taskDurationFor(p.duration, tier);
      if (accountId !== null && totalOf(await balances(tx, accountId)) < p.cost)
        throw new ApiError(CODES.noCoins, 'not enough coins');
      if ((await activeCount(tx, p.owner)) >= limits.queue)
        throw new ApiError(
          CODES.queueFull,
          `the task queue is full: ${TIER_NAMES[tier]} accounts run ${limits.queue} tasks at once`,
        );
      if (limits.daily !== null && (await todayCount(tx, p.owner, now)) >= limits.daily)
        throw new ApiError(
          CODES.dailyLimit,
          `the daily generation limit is reached (${limits.daily} a day for ${TIER_NAMES[tier]} accounts)`,
        );
      if (accountId !== null && p.cost > 0) await debit(tx, accountId, p.cost, 'task', id, now);
      const rows = await tx.query<TaskRow>(
        `INSERT INTO tasks (id, account_id, device_id, domain_type, prompt, aspect_ratio, seed, status, process, status_desc, cost, duration_ms,
           params, speed_type, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 1, 0, 'queued', $8, $9, $10::jsonb, $11, $12, $12) RETURNING *`,
        [
          id,
          accountId,
          caller.deviceId,
          req.domain_type,
          req.prompt ?? '',
          p.aspectRatio,
          seed,
          p.cost,
          duration,
          JSON.stringify(p.params),
          req.speed_type ?? 1,
          now,
        ],
      );
      const row = rows[0] as TaskRow;
      const d = p.cost > 0 ? await deductionsIn(tx, id) : null;
      return toItem(row, now, d);
    });
  };

  const estimate: TaskService['estimate'] = async (caller, req, now) => {
    const p = await prepare(caller, req, false);
    const tier = await tierOf(db, p.owner.accountId, now);
    const limits = TIER_LIMITS[tier];
    const balance = p.owner.accountId === null ? null : totalOf(await balances(db, p.owner.accountId));
    return {
      coins: p.cost,
      estimate_time: Math.ceil(billing.taskDurationFor(p.duration, tier) / 1000),
      balance,
      can_afford: balance === null || balance >= p.cost,
      queue: { active: await activeCount(db, p.owner), limit: limits.queue, tier: TIER_NAMES[tier] },
      daily: { used: limits.daily === null ? 0 : await todayCount(db, p.owner, now), limit: limits.daily },
    };
  };

  const progress: TaskService['progress'] = async (caller, ids, guest, now) => {
    if (ids.length === 0) return [];
    const o = ownerSql(ownerOf(caller, guest));
    return tasksWithLedger(
      `${o.sql} AND id = ANY($2::text[]) AND deleted_at IS NULL`,
      [o.param, [...ids]],
      now,
    );
  };

  const detail: TaskService['detail'] = async (caller, id, guest, now) => {
    const o = ownerSql(ownerOf(caller, guest));
    const [item] = await tasksWithLedger(`${o.sql} AND id = $2 AND deleted_at IS NULL`, [o.param, id], now);
    if (!item) throw new ApiError(CODES.notFound, 'no such task');
    return item;
  };

  const list: TaskService['list'] = async (caller, req, now) => {
    const o = ownerSql(ownerOf(caller, isGuest(caller, req.g_mode)));
    const page = req.page ?? 1;
    const pageSize = req.page_size ?? TASK_LIST_DEFAULT_PAGE_SIZE;
    const types = req.domain_types && req.domain_types.length > 0 ? [...req.domain_types] : null;
    const where = `${o.sql} AND deleted_at IS NULL AND ($2::int[] IS NULL OR domain_type = ANY($2::int[]))`;
    const [count] = await db.query<{ n: string | number }>(`SELECT count(*) AS n FROM tasks WHERE ${where}`, [
      o.param,
      types,
    ]);
    const rows = await db.query<TaskRow>(
      `SELECT t.*, ${PRODUCTION_FRAME_COLUMN} FROM tasks t WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4`,
      [o.param, types, pageSize, (page - 1) * pageSize],
    );
    return { items: await itemsOf(rows, now), total: Number(count?.n ?? 0), page, page_size: pageSize };
  };

  const remove: TaskService['remove'] = async (caller, ids, guest, now) => {
    const owner = ownerOf(caller, guest);
    const o = ownerSql(owner);
    return db.transaction(async (tx) => {
      if (owner.accountId !== null)
        await tx.query('SELECT id FROM accounts WHERE id = $1 FOR UPDATE', [owner.accountId]);
      const rows = await tx.query<TaskRow>(
        `SELECT * FROM tasks WHERE ${o.sql} AND id = ANY($2::text[]) AND deleted_at IS NULL FOR UPDATE`,
        [o.param, [...ids]],
      );
      if (rows.length === 0) throw new ApiError(CODES.notFound, 'no such task of yours');
      let refunded = 0;
      for (const row of rows) {
        await tx.query(
          `UPDATE tasks SET deleted_at = $2, updated_at = $2,
             status = CASE WHEN status IN (1, 2) THEN 4 ELSE status END,
             status_desc = CASE WHEN status IN (1, 2) THEN 'deleted' ELSE status_desc END
           WHERE id = $1`,
          [row.id, now],
        );
        if (row.status === 1 && row.account_id !== null && row.cost > 0) {
          const before = totalOf(await balances(tx, row.account_id));
          await refund(tx, row.account_id, row.id, 'task deleted while queued', now);
          refunded += totalOf(await balances(tx, row.account_id)) - before;
        }
      }
      return { deleted: rows.map((r) => r.id), refunded_coins: refunded };
    });
  };

  const cancel: TaskService['cancel'] = async (caller, ids, guest, now) => {
    const owner = ownerOf(caller, guest);
    const o = ownerSql(owner);
    return db.transaction(async (tx) => {
      if (owner.accountId !== null)
        await tx.query('SELECT id FROM accounts WHERE id = $1 FOR UPDATE', [owner.accountId]);
      const rows = await tx.query<TaskRow>(
        `SELECT * FROM tasks WHERE ${o.sql} AND id = ANY($2::text[]) AND deleted_at IS NULL FOR UPDATE`,
        [o.param, [...ids]],
      );
      if (rows.length === 0) throw new ApiError(CODES.notFound, 'no such task of yours');
      let refunded = 0;
      const cancelled: string[] = [];
      for (const row of rows) {
        if (row.status !== 1 && row.status !== 2) continue;
        await tx.query(
          `UPDATE tasks SET status = $3, status_desc = 'cancelled', current_node = NULL, updated_at = $2 WHERE id = $1`,
          [row.id, now, tasks.TASK_CANCELLED_STATUS],
        );
        cancelled.push(row.id);
        if (row.account_id !== null && row.cost > 0) {
          const before = totalOf(await balances(tx, row.account_id));
          await refund(tx, row.account_id, row.id, 'task cancelled', now);
          refunded += totalOf(await balances(tx, row.account_id)) - before;
        }
      }
      return { cancelled, refunded_coins: refunded };
    });
  };

  /** The claim guard of every runner write: the row is still live and still this worker's. */
  const MINE = 'status IN (1, 2) AND deleted_at IS NULL AND claimed_by = $2';

  /** Ends a task with its outputs; false when the row was not this worker's any more. */
  const finish = async (tx: Queryable, row: TaskRow, out: RenderOutput, now: number): Promise<boolean> =>
    (
      await tx.query(
        `UPDATE tasks SET status = 3, process = 100, status_desc = 'done', img_uris = $3::jsonb, media = $4::jsonb, task_return = $5,
         current_node = NULL, updated_at = $6, claimed_by = NULL, lease_until = NULL WHERE id = $1 AND ${MINE} RETURNING id`,
        [row.id, work.worker, JSON.stringify(out.images), JSON.stringify(out.media), out.taskReturn, now],
      )
    ).length > 0;

  /** Fails a task and refunds it; false when the row was not this worker's any more. */
  const fail = async (tx: Queryable, row: TaskRow, reason: string, now: number): Promise<boolean> => {
    const updated = await tx.query(
      `UPDATE tasks SET status = 4, status_desc = $4, current_node = NULL, updated_at = $3, claimed_by = NULL, lease_until = NULL
       WHERE id = $1 AND ${MINE} RETURNING id`,
      [row.id, work.worker, now, reason],
    );
    if (updated.length > 0 && row.account_id && row.cost > 0)
      await refund(tx, row.account_id, row.id, 'task refund', now);
    return updated.length > 0;
  };

  const currentNodeOf = (row: TaskRow, fraction: number): string | null => {
    const wf = json<StoredParams>(row.params).workflow;
    if (!wf || wf.order.length === 0) return null;
    const i = Math.min(wf.order.length - 1, Math.max(0, Math.floor(fraction * wf.order.length)));
    const id = wf.order[i]!;
    return `${id} ${wf.graph[id]?._meta?.title ?? wf.graph[id]?.class_type ?? '?'}`;
  };

  const failsOnPurpose = (row: TaskRow): boolean => {
    if (row.prompt.includes(FAIL_MARKER)) return true;
    const wf = json<StoredParams>(row.params).workflow;
    return wf !== undefined && JSON.stringify(wf.graph).includes(FAIL_MARKER);
  };

  /** Renders a due row while renewing its lease; a failure is the reason, never a throw. */
  const render = async (row: TaskRow): Promise<RenderOutput | string> => {
    try {
      return await withLease(db, 'tasks', work, row.id, work.clock, () =>
        renderTask(blobs, {
          id: row.id,
          domainType: row.domain_type,
          prompt: row.prompt,
          aspectRatio: row.aspect_ratio,
          seed: Number(row.seed),
          params: json<StoredParams>(row.params),
        }),
      );
    } catch (err) {
      if (!(err instanceof EngineError)) console.error('task render failed', row.id, err);
      return `the engine failed: ${err instanceof EngineError ? err.message : 'internal error'}`;
    }
  };

  /** A running row's progress at `fraction` of its duration; null when nothing would change. */
  const progressOf = (row: TaskRow, fraction: number) => {
    const process = Math.max(row.process, Math.min(99, Math.floor(fraction * 100)));
    const status = fraction < 0.1 ? 1 : 2;
    const node = currentNodeOf(row, fraction);
    if (process === row.process && status === row.status && node === row.current_node) return null;
    const desc = status === 1 ? 'queued' : node ? `running ${node}` : 'rendering';
    return { id: row.id, status, process, desc, node };
  };

  /**
   * Writes the progress of every running row of a tick in one statement. One write per row was a
   * transaction per row every 250 ms: with 200 tasks running, the embedded database's synchronous
   * writes held the event loop for ~250 ms of each second (the pollers soak timed out behind them).
   */
  const writeProgress = async (
    updates: readonly NonNullable<ReturnType<typeof progressOf>>[],
    now: number,
  ) =>
    updates.length === 0
      ? 0
      : (
          await db.query(
            `UPDATE tasks t SET status = u.status, process = u.process, status_desc = u.descr, current_node = u.node, updated_at = $7
             FROM unnest($1::text[], $3::int[], $4::int[], $5::text[], $6::text[]) AS u(id, status, process, descr, node)
             WHERE t.id = u.id AND t.status IN (1, 2) AND t.deleted_at IS NULL AND t.claimed_by = $2 RETURNING t.id`,
            [
              updates.map((u) => u.id),
              work.worker,
              updates.map((u) => u.status),
              updates.map((u) => u.process),
              updates.map((u) => u.desc),
              updates.map((u) => u.node),
              now,
            ],
          )
        ).length;

  /** Works on the rows this process holds (renewed and newly claimed); returns how many changed. */
  const tickTasks = async (now: number): Promise<number> => {
    const rows = await claimWork<TaskRow>(db, 'tasks', work, now);
    const ending: { row: TaskRow; fails: boolean }[] = [];
    const running: NonNullable<ReturnType<typeof progressOf>>[] = [];
    for (const row of rows) {
      const fraction = (now - Number(row.created_at)) / row.duration_ms;
      if (failsOnPurpose(row) && fraction >= 0.5) ending.push({ row, fails: true });
      else if (fraction >= 1) ending.push({ row, fails: false });
      else {
        const update = progressOf(row, fraction);
        if (update) running.push(update);
      }
    }
    // Progress first: the rows still running are not held back by the renders below.
    let changed = await writeProgress(running, now);
    for (const { row, fails } of ending) {
      const outcome = fails ? 'the engine failed' : await render(row);
      // An end is stamped when it is written, after the render (the tick's time, if that is later).
      const endedAt = Math.max(now, work.clock());
      const wrote = await db.transaction((tx) =>
        typeof outcome === 'string' ? fail(tx, row, outcome, endedAt) : finish(tx, row, outcome, endedAt),
      );
      if (!wrote) continue;
      changed += 1;
      if (row.account_id !== null) work.settled?.(row.account_id, row.id);
    }
    return changed;
  };

  const tick: TaskService['tick'] = async (now) =>
    (await tickTasks(now)) + (await advanceTrainings(db, blobs, work, now));

  return { create, estimate, progress, detail, list, remove, cancel, tick };
};
