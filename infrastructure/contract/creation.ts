/**
 * Model training (LoRA) and ComfyUI workflow calls of spec §7, all POST.
 *
 * Training, under `/api/v1/model/train/...` (the spec names the calls, not their prefix or
 * payloads; we chose these):
 * - `data-set/config` {} -> the limits and choices of a training form (min 9 images, ...).
 * - `square/create` {name, base_model, train_type, images, trigger_word?, steps?, template_id?}
 *   starts a training (the "LoRA train" square is where trainings are created; the spec shows
 *   no other start call). Codes: 120002 fewer than 9 images, 120000 more than the data-set
 *   limit, 120006 name too long, 120001 already training, 120013 the tier's training limit,
 *   80307 no coins, 70008 an image that is not the caller's, 30043 an image over 2048 × 2048
 *   pixels, 30044 a file that is not an image (issue 21).
 * - `detail` {id}, `history` {page?, page_size?}, `update-record-name` {id, name}, `stop` {id}
 *   (refunds a training still queued), `result/detail` {id}, `result/download` {id}, `save`
 *   {id} (keeps the trained LoRA in the caller's models, so task options list it and
 *   text-to-image can use it), `square/detail` {id} (a LoRA template of the square).
 * - `/api/v1/model/train/publish` {id, title?, description?} publishes the trained LoRA as a
 *   community model (a `model` card of type LORA); `/api/v1/model/lora/template` lists the
 *   training presets; `/api/v1/task/v2/train-model/tags` {image_urls} suggests caption tags
 *   per image, computed from its pixels.
 *
 * Workflows: `/api/v1/work-flow/import` {name, workflow} takes a ComfyUI graph in its API
 * format (`{ "<node id>": { class_type, inputs: { name: value | [node id, output slot] } } }`),
 * validated node by node against the node catalogue; `/api/v1/work-flow/list` and
 * `/api/v1/work-flow/detail` read the caller's imports; `/api/v1/work-flow/update` {id, workflow}
 * replaces an import's graph (validated as an import is: the values a person set in its form); `/api/v1/template/delete` {id} deletes
 * one (silent: answers 10000 with `deleted: false` when there was nothing of the caller's to
 * delete); `/api/v1/work-flow/copy` {id} copies a workflow card of the square into the caller's
 * imports (spec §2 "workflow: Try") and answers the copy's `id`: one copy per caller and card, so
 * asking again (a double click) answers the same copy with `created: false`; 20000 for a guest,
 * 10404 for an id that is not a workflow of the square; `/api/v1/square/search/node` {keyword?, category?} searches the node catalogue.
 * A workflow runs as a task (domain type 16, `workflow_id`), reporting the node it executes
 * in `comfyui_current_node`.
 */
import * as t from 'io-ts';
import { billing } from '../../domain/index.js';
import { InputUrl } from './tasks';

export const TRAIN_DATASET_CONFIG_PATH = '/api/v1/model/train/data-set/config';
export const TRAIN_DETAIL_PATH = '/api/v1/model/train/detail';
export const TRAIN_HISTORY_PATH = '/api/v1/model/train/history';
export const TRAIN_RENAME_PATH = '/api/v1/model/train/update-record-name';
export const TRAIN_RESULT_DETAIL_PATH = '/api/v1/model/train/result/detail';
export const TRAIN_STOP_PATH = '/api/v1/model/train/stop';
export const TRAIN_SAVE_PATH = '/api/v1/model/train/save';
export const TRAIN_SQUARE_DETAIL_PATH = '/api/v1/model/train/square/detail';
export const TRAIN_SQUARE_CREATE_PATH = '/api/v1/model/train/square/create';
export const TRAIN_RESULT_DOWNLOAD_PATH = '/api/v1/model/train/result/download';
export const TRAIN_TAGS_PATH = '/api/v1/task/v2/train-model/tags';
export const TRAIN_PUBLISH_PATH = '/api/v1/model/train/publish';
export const LORA_TEMPLATE_PATH = '/api/v1/model/lora/template';

export const WORKFLOW_IMPORT_PATH = '/api/v1/work-flow/import';
export const WORKFLOW_LIST_PATH = '/api/v1/work-flow/list';
export const WORKFLOW_DETAIL_PATH = '/api/v1/work-flow/detail';
export const WORKFLOW_UPDATE_PATH = '/api/v1/work-flow/update';
export const WORKFLOW_COPY_PATH = '/api/v1/work-flow/copy';
export const TEMPLATE_DELETE_PATH = '/api/v1/template/delete';
export const NODE_SEARCH_PATH = '/api/v1/square/search/node';

/** Spec §8 training: at least 9 images; our data-set and name limits. */
export const TRAIN_MIN_IMAGES = 9;
export const TRAIN_MAX_IMAGES = 50;
export const TRAIN_NAME_MAX_LENGTH = 40;
export const TRAIN_TYPES = ['character', 'style', 'object', 'face'] as const;
export const TRAIN_BASE_MODELS = ['SD 1.x', 'SDXL', 'Pony', 'Illustrious', 'Flux'] as const;
export const TRAIN_STEPS = { min: 100, max: 3000, default: 1000 } as const;

const keyOf = <K extends string>(keys: readonly K[], name: string) =>
  t.keyof(Object.fromEntries(keys.map((k) => [k, null])) as Record<K, null>, name);

const Id = t.refinement(t.string, (s) => s.length > 0 && s.length <= 64, 'Id');
const Page = t.refinement(t.number, (n) => Number.isInteger(n) && n >= 1 && n <= 10_000, 'Page');
const PageSize = t.refinement(t.number, (n) => Number.isInteger(n) && n >= 1 && n <= 100, 'PageSize');

/** A training name: not blank; its length limit is checked by the server (code 120006). */
export const TrainName = t.refinement(t.string, (s) => s.trim().length > 0 && s.length <= 500, 'TrainName');

export const TrainType = keyOf(TRAIN_TYPES, 'TrainType');
export type TrainType = t.TypeOf<typeof TrainType>;
export const TrainBaseModel = keyOf(TRAIN_BASE_MODELS, 'TrainBaseModel');
export type TrainBaseModel = t.TypeOf<typeof TrainBaseModel>;

export const IdRequest = t.type({ id: Id }, 'IdRequest');
export type IdRequest = t.TypeOf<typeof IdRequest>;

export const DatasetConfig = t.type(
  {
    min_images: t.number,
    max_images: t.number,
    name_max_length: t.number,
    train_types: t.array(t.string),
    base_models: t.array(t.string),
    steps: t.type({ min: t.number, max: t.number, default: t.number }),
    cost: t.number,
    /** The person's tier by its wire name (`billing.TIER_WIRE_NAMES`). */
    tier: t.keyof(
      Object.fromEntries(Object.values(billing.TIER_WIRE_NAMES).map((n) => [n, null])) as Record<
        string,
        null
      >,
    ),
    monthly_limit: t.number,
    used_this_month: t.number,
    training: t.union([t.string, t.null]),
  },
  'DatasetConfig',
);
export type DatasetConfig = t.TypeOf<typeof DatasetConfig>;

export const TrainCreateRequest = t.intersection(
  [
    t.type({
      name: TrainName,
      base_model: TrainBaseModel,
      train_type: TrainType,
      // The count limits are the server's (120002 / 120000); the array is bounded only for safety.
      images: t.refinement(t.array(InputUrl), (a) => a.length <= 200, 'TrainImages'),
    }),
    t.partial({
      trigger_word: t.refinement(t.string, (s) => /^[\p{L}\p{N}_ -]{1,32}$/u.test(s), 'TriggerWord'),
      steps: t.refinement(
        t.number,
        (n) => Number.isInteger(n) && n >= TRAIN_STEPS.min && n <= TRAIN_STEPS.max,
        'TrainSteps',
      ),
      template_id: Id,
      /** Caption tags of the data set (spec §7 train-model/tags suggests them); kept with the training. */
      tags: t.refinement(
        t.array(t.refinement(t.string, (s) => /^[\p{L}\p{N}_ -]{1,32}$/u.test(s), 'TrainTag')),
        (a) => a.length <= 20,
        'TrainTags',
      ),
    }),
  ],
  'TrainCreateRequest',
);
export type TrainCreateRequest = t.TypeOf<typeof TrainCreateRequest>;

/** Training status: 1 queued, 2 training, 3 done, 4 failed, 5 stopped. */
export const TRAIN_STATUS = { queued: 1, training: 2, done: 3, failed: 4, stopped: 5 } as const;

export const TrainRecord = t.intersection(
  [
    t.type({
      id: t.string,
      name: t.string,
      base_model: t.string,
      train_type: t.string,
      trigger_word: t.string,
      image_count: t.number,
      images: t.array(t.string),
      steps: t.number,
      status: t.number,
      process: t.number,
      status_desc: t.string,
      estimate_time: t.number,
      cost: t.number,
      create_at: t.number,
      finished_at: t.union([t.number, t.null]),
      saved: t.boolean,
      published_model_id: t.union([t.string, t.null]),
    }),
    t.partial({ tags: t.array(t.string) }),
  ],
  'TrainRecord',
);
export type TrainRecord = t.TypeOf<typeof TrainRecord>;

export const TrainRecordResponse = t.type({ record: TrainRecord }, 'TrainRecordResponse');
export type TrainRecordResponse = t.TypeOf<typeof TrainRecordResponse>;

export const TrainHistoryRequest = t.partial({ page: Page, page_size: PageSize }, 'TrainHistoryRequest');
export type TrainHistoryRequest = t.TypeOf<typeof TrainHistoryRequest>;

export const TrainHistoryResponse = t.type(
  { items: t.array(TrainRecord), total: t.number, page: t.number, page_size: t.number },
  'TrainHistoryResponse',
);
export type TrainHistoryResponse = t.TypeOf<typeof TrainHistoryResponse>;

export const TrainRenameRequest = t.type({ id: Id, name: TrainName }, 'TrainRenameRequest');
export type TrainRenameRequest = t.TypeOf<typeof TrainRenameRequest>;

const Cover = t.type({ url: t.string, width: t.number, height: t.number }, 'Cover');

/** Spec §3 model card: title, content_type, content_sub_type, child[0].id, cover. */
export const TrainModelCard = t.type(
  {
    title: t.string,
    content_type: t.string,
    content_sub_type: t.string,
    child: t.array(t.type({ id: t.string, name: t.string, base_model: t.string })),
    cover: Cover,
  },
  'TrainModelCard',
);
export type TrainModelCard = t.TypeOf<typeof TrainModelCard>;

export const TrainResultFile = t.type(
  { url: t.string, file_name: t.string, size: t.number, format: t.string },
  'TrainResultFile',
);
export type TrainResultFile = t.TypeOf<typeof TrainResultFile>;

export const TrainResult = t.type(
  {
    record: TrainRecord,
    model_card: TrainModelCard,
    file: TrainResultFile,
    samples: t.array(Cover),
    loss: t.array(t.number),
    trigger_word: t.string,
  },
  'TrainResult',
);
export type TrainResult = t.TypeOf<typeof TrainResult>;

export const TrainDownloadResponse = t.type(
  { url: t.string, file_name: t.string, size: t.number },
  'TrainDownloadResponse',
);
export type TrainDownloadResponse = t.TypeOf<typeof TrainDownloadResponse>;

export const TrainSaveResponse = t.type({ model_id: t.string, record: TrainRecord }, 'TrainSaveResponse');
export type TrainSaveResponse = t.TypeOf<typeof TrainSaveResponse>;

export const TrainPublishRequest = t.intersection(
  [
    t.type({ id: Id }),
    t.partial({
      title: t.refinement(t.string, (s) => s.trim().length > 0 && s.length <= 80, 'Title'),
      description: t.refinement(t.string, (s) => s.length <= 1000, 'Description'),
    }),
  ],
  'TrainPublishRequest',
);
export type TrainPublishRequest = t.TypeOf<typeof TrainPublishRequest>;

export const TrainPublishResponse = t.type(
  { model_id: t.string, record: TrainRecord },
  'TrainPublishResponse',
);
export type TrainPublishResponse = t.TypeOf<typeof TrainPublishResponse>;

export const LoraTemplate = t.type(
  {
    id: t.string,
    name: t.string,
    train_type: t.string,
    base_model: t.string,
    steps: t.number,
    learning_rate: t.number,
    network_dim: t.number,
    recommended_images: t.number,
    description: t.string,
  },
  'LoraTemplate',
);
export type LoraTemplate = t.TypeOf<typeof LoraTemplate>;

export const LoraTemplateResponse = t.type({ items: t.array(LoraTemplate) }, 'LoraTemplateResponse');
export type LoraTemplateResponse = t.TypeOf<typeof LoraTemplateResponse>;

export const SquareTrainDetail = t.type(
  {
    id: t.string,
    title: t.string,
    base_model: t.string,
    train_type: t.string,
    steps: t.number,
    cover: Cover,
    author: t.type({ id: t.string, name: t.string }),
    num_of_task: t.number,
    template: LoraTemplate,
  },
  'SquareTrainDetail',
);
export type SquareTrainDetail = t.TypeOf<typeof SquareTrainDetail>;

export const TrainTagsRequest = t.type(
  {
    image_urls: t.refinement(
      t.array(InputUrl),
      (a) => a.length >= 1 && a.length <= TRAIN_MAX_IMAGES,
      'TagImages',
    ),
  },
  'TrainTagsRequest',
);
export type TrainTagsRequest = t.TypeOf<typeof TrainTagsRequest>;

export const TrainTagsResponse = t.type(
  { items: t.array(t.type({ url: t.string, tags: t.array(t.string) })) },
  'TrainTagsResponse',
);
export type TrainTagsResponse = t.TypeOf<typeof TrainTagsResponse>;

/** A link to output `slot` of node `id` (ComfyUI API format). */
export const ComfyLink = t.tuple([t.string, t.number], 'ComfyLink');
export type ComfyLink = t.TypeOf<typeof ComfyLink>;

export const ComfyInput = t.union([t.string, t.number, t.boolean, ComfyLink], 'ComfyInput');
export type ComfyInput = t.TypeOf<typeof ComfyInput>;

export const ComfyNode = t.intersection(
  [
    t.type({ class_type: t.string, inputs: t.record(t.string, ComfyInput) }),
    t.partial({ _meta: t.partial({ title: t.string }) }),
  ],
  'ComfyNode',
);
export type ComfyNode = t.TypeOf<typeof ComfyNode>;

export const WORKFLOW_MAX_NODES = 64;
/**
 * A node id "__proto__" would become the decoded record's prototype instead of a node: such a
 * graph is refused, as is any that is not a plain record of 1..64 nodes.
 */
export const ComfyGraph = t.refinement(
  t.record(t.string, ComfyNode),
  (g) => {
    const n = Object.keys(g).length;
    return (
      Object.getPrototypeOf(g) === Object.prototype &&
      !Object.prototype.hasOwnProperty.call(g, '__proto__') &&
      n >= 1 &&
      n <= WORKFLOW_MAX_NODES
    );
  },
  'ComfyGraph',
);
export type ComfyGraph = t.TypeOf<typeof ComfyGraph>;

export const WorkflowImportRequest = t.type(
  {
    name: t.refinement(t.string, (s) => s.trim().length > 0 && s.length <= 80, 'WorkflowName'),
    workflow: ComfyGraph,
  },
  'WorkflowImportRequest',
);
export type WorkflowImportRequest = t.TypeOf<typeof WorkflowImportRequest>;

export const WorkflowSummary = t.type(
  {
    id: t.string,
    name: t.string,
    node_count: t.number,
    /** The nodes a run executes, in order ("<id> <class_type>"). */
    execution_order: t.array(t.string),
    outputs: t.array(t.string),
    create_at: t.number,
  },
  'WorkflowSummary',
);
export type WorkflowSummary = t.TypeOf<typeof WorkflowSummary>;

export const WorkflowImportResponse = t.type({ workflow: WorkflowSummary }, 'WorkflowImportResponse');
export type WorkflowImportResponse = t.TypeOf<typeof WorkflowImportResponse>;

export const WorkflowUpdateRequest = t.type(
  { id: t.refinement(t.string, (s) => s.length > 0 && s.length <= 64, 'WorkflowId'), workflow: ComfyGraph },
  'WorkflowUpdateRequest',
);
export type WorkflowUpdateRequest = t.TypeOf<typeof WorkflowUpdateRequest>;

export const WorkflowListResponse = t.type({ items: t.array(WorkflowSummary) }, 'WorkflowListResponse');
export type WorkflowListResponse = t.TypeOf<typeof WorkflowListResponse>;

export const WorkflowDetailResponse = t.type(
  { workflow: WorkflowSummary, graph: t.record(t.string, ComfyNode) },
  'WorkflowDetailResponse',
);
export type WorkflowDetailResponse = t.TypeOf<typeof WorkflowDetailResponse>;

export const WorkflowCopyRequest = t.type({ id: Id }, 'WorkflowCopyRequest');
export type WorkflowCopyRequest = t.TypeOf<typeof WorkflowCopyRequest>;

export const WorkflowCopyResponse = t.type(
  {
    /** The copy's id among the caller's workflows (`/workflows/<id>`). */
    id: t.string,
    /** False when the caller already had a copy of this card (that one is answered). */
    created: t.boolean,
  },
  'WorkflowCopyResponse',
);
export type WorkflowCopyResponse = t.TypeOf<typeof WorkflowCopyResponse>;

export const TemplateDeleteResponse = t.type({ deleted: t.boolean }, 'TemplateDeleteResponse');
export type TemplateDeleteResponse = t.TypeOf<typeof TemplateDeleteResponse>;

export const NodeSearchRequest = t.partial(
  {
    keyword: t.refinement(t.string, (s) => s.length <= 80, 'Keyword'),
    category: t.refinement(t.string, (s) => s.length <= 40, 'Category'),
  },
  'NodeSearchRequest',
);
export type NodeSearchRequest = t.TypeOf<typeof NodeSearchRequest>;

export const NodeInputInfo = t.type(
  {
    name: t.string,
    type: t.string,
    required: t.boolean,
    default: t.union([t.string, t.number, t.boolean, t.null]),
    options: t.array(t.string),
  },
  'NodeInputInfo',
);

export const NodeInfo = t.type(
  {
    class_type: t.string,
    display_name: t.string,
    category: t.string,
    description: t.string,
    inputs: t.array(NodeInputInfo),
    outputs: t.array(t.string),
    output_node: t.boolean,
  },
  'NodeInfo',
);
export type NodeInfo = t.TypeOf<typeof NodeInfo>;

export const NodeSearchResponse = t.type({ items: t.array(NodeInfo) }, 'NodeSearchResponse');
export type NodeSearchResponse = t.TypeOf<typeof NodeSearchResponse>;
