/**
 * Everything about a create (or estimate) request that needs no lock, in the order of the checks
 * of server/tasks/create.ts: the body's kind fields (10400), guest access, the model (10404,
 * 70009), the size, the upscaler and the LoRAs, then the inputs (10404, 70008, 10400) and the
 * workflow graph. Ends with the parameters to store, the aspect ratio, the cost and the duration.
 */
import type { ComfyGraph } from '../../infrastructure/contract/creation';
import { SONG_EMOTIONS, SPEECH_EMOTIONS, type TaskCreateRequest } from '../../infrastructure/contract/tasks';
import { tasks } from '../../domain/index.js';
import type { Caller } from '../auth';
import { MAX_OUTPUT_SIDE } from '../engines/bitmap';
import { ApiError, CODES } from '../envelope';
import { validateGraph } from '../studio/workflows';
import { CREATION_CODES } from './codes';
import { ownerOf, probeInput, resolveOwnedUrl, type Owner } from './inputs';
import { isGuest, json, ownerSql, type TaskStore } from './items';
import { costOf, durationOf, kindOf, type KindSpec } from './kinds';
import { findModel } from './options';
import { requestParams, type MutableParams } from './params';
import { IMAGE_LONG_SIDE } from './renderKit';

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
    if (req.emotion !== undefined)
      need(
        (spec.engine === 'song'
          ? (SONG_EMOTIONS as readonly string[])
          : (SPEECH_EMOTIONS as readonly string[])
        ).includes(req.emotion),
        `an emotion of its list`,
      );
  }
};

const reduceRatio = (w: number, h: number): string => {
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  const g = gcd(w, h) || 1;
  return `${w / g}:${h / g}`;
};

/** A model the caller may use (10404 when there is none, 70009 when disabled or another's): its trigger words. */
const usableModelTriggers = async (
  store: TaskStore,
  caller: Caller,
  modelId: string,
): Promise<readonly string[]> => {
  const model = await findModel(store.db, modelId);
  if (model === null) throw new ApiError(CODES.notFound, `no model ${modelId}`);
  if (model.disabled || (model.ownerId !== null && model.ownerId !== caller.accountId))
    throw new ApiError(CREATION_CODES.modelForbidden, `${model.type} ${model.name} (disabled)`);
  return model.triggerWords;
};

/** A custom size takes both sides, in one of the ranges, and no size mode beside it. */
const checkCustomSize = (req: TaskCreateRequest): void => {
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
};

/** The upscaled picture stays within the largest side an engine writes. */
const checkUpscaler = (req: TaskCreateRequest): void => {
  if (req.upscaler === undefined) return;
  const side =
    req.width !== undefined && req.height !== undefined
      ? Math.max(req.width, req.height)
      : (req.size ?? IMAGE_LONG_SIDE);
  if (side * req.upscaler.scale > MAX_OUTPUT_SIDE)
    throw new ApiError(CODES.invalidRequest, `the upscaled picture would exceed ${MAX_OUTPUT_SIDE} pixels`);
};

/** The checkpoint, size, upscaler and LoRAs of the request, with the models' trigger words. */
const checkModels = async (
  store: TaskStore,
  caller: Caller,
  req: TaskCreateRequest,
  params: MutableParams,
): Promise<void> => {
  if (req.model_id !== undefined)
    params.model_triggers = await usableModelTriggers(store, caller, req.model_id);
  checkCustomSize(req);
  checkUpscaler(req);
  for (const lora of req.loras ?? []) {
    const triggers = await usableModelTriggers(store, caller, lora.model_id);
    params.model_triggers = [...(params.model_triggers ?? []), ...triggers];
  }
};

/** The input image: the caller's own, probed; its ratio is the task's (but for an expand). */
const resolveInputImage = async (
  store: TaskStore,
  owner: Owner,
  spec: KindSpec,
  req: TaskCreateRequest,
  params: MutableParams,
  aspectRatio: string,
): Promise<string> => {
  if (req.input_url === undefined || spec.image === 'none') return aspectRatio;
  const input = await resolveOwnedUrl(store.db, store.blobs, owner, req.input_url);
  const size = await probeInput(store.blobs, input.key);
  params.input_url = input.url;
  params.input_key = input.key;
  const ratio =
    req.aspect_ratio === undefined || spec.key !== 'imageExpand'
      ? reduceRatio(size.width, size.height)
      : aspectRatio;
  const scale = spec.key === 'ultraHd' ? 4 : spec.key === 'upscale' ? (req.scale ?? 2) : 1;
  if (Math.max(size.width, size.height) * scale > MAX_OUTPUT_SIDE)
    throw new ApiError(
      CREATION_CODES.outputTooLarge,
      `a ${size.width}x${size.height} image upscaled ${scale}x exceeds ${MAX_OUTPUT_SIDE} pixels`,
    );
  return ratio;
};

/** The eraser's mask and the reference image, each the caller's own and probed. */
const resolveMaskAndRef = async (
  store: TaskStore,
  owner: Owner,
  spec: KindSpec,
  req: TaskCreateRequest,
  params: MutableParams,
): Promise<void> => {
  if (req.mask_url !== undefined && spec.key === 'magicEraser') {
    const mask = await resolveOwnedUrl(store.db, store.blobs, owner, req.mask_url);
    await probeInput(store.blobs, mask.key);
    params.mask_url = mask.url;
    params.mask_key = mask.key;
  }
  if (req.ref_url !== undefined && spec.refImage !== 'none') {
    const ref = await resolveOwnedUrl(store.db, store.blobs, owner, req.ref_url);
    await probeInput(store.blobs, ref.key);
    params.ref_url = ref.url;
    params.ref_key = ref.key;
  }
};

/** The caller's workflow, validated, with the blob keys of the images it loads. */
const resolveWorkflow = async (
  store: TaskStore,
  caller: Caller,
  owner: Owner,
  workflowId: string,
): Promise<NonNullable<MutableParams['workflow']>> => {
  const [wf] = await store.db.query<{ graph: ComfyGraph | string }>(
    'SELECT graph FROM comfy_workflows WHERE id = $1 AND account_id = $2 AND deleted_at IS NULL',
    [workflowId, caller.accountId],
  );
  if (!wf) throw new ApiError(CODES.notFound, 'no such workflow of yours');
  const graph = json<ComfyGraph>(wf.graph);
  const valid = validateGraph(graph);
  if (!valid.ok) throw new ApiError(CODES.invalidRequest, valid.message);
  const imageKeys: Record<string, string> = {};
  for (const url of valid.graph.imageUrls)
    imageKeys[url] = (await resolveOwnedUrl(store.db, store.blobs, owner, url)).key;
  return { id: workflowId, graph, order: valid.graph.order, image_keys: imageKeys };
};

export interface PreparedTask {
  readonly guest: boolean;
  readonly owner: Owner;
  readonly spec: KindSpec;
  readonly params: MutableParams;
  readonly aspectRatio: string;
  readonly cost: number;
  readonly duration: number;
}

/** Everything about a request that needs no lock: kind fields, model, inputs, workflow. */
export const prepareTask = async (
  store: TaskStore,
  durationMs: number,
  caller: Caller,
  req: TaskCreateRequest,
  resolveInputs: boolean,
): Promise<PreparedTask> => {
  const guest = isGuest(caller, req.g_mode);
  const owner = ownerOf(caller, guest);
  ownerSql(owner);
  const spec = kindOf(req.domain_type);
  checkKindFields(spec, req);
  if (guest && !spec.guestAllowed) throw new ApiError(CODES.notLoggedIn, `please log in to use ${spec.key}`);
  const params = requestParams(req);
  await checkModels(store, caller, req, params);
  let aspectRatio: string = req.aspect_ratio ?? '1:1';
  if (resolveInputs) {
    aspectRatio = await resolveInputImage(store, owner, spec, req, params, aspectRatio);
    await resolveMaskAndRef(store, owner, spec, req, params);
    if (spec.engine === 'workflow' && req.workflow_id !== undefined)
      params.workflow = await resolveWorkflow(store, caller, owner, req.workflow_id);
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
