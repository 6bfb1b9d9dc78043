/**
 * Collections, follows, likes, reports and appeals (spec §3, §4, §7).
 *
 * Choices where the spec says "not shown":
 * - Collect add/remove are the spec's `/api/v1/collect-v2/add` and `/remove`. Batch un-collect is
 *   `/api/v1/collect-v2/batch-remove`, move is `/api/v1/collect-v2/move`, the caller's collected
 *   items `/api/v1/collect-v2/list`, folders `/api/v1/collect-v2/folder/list` and `/folder/create`.
 *   `collection_no` is a folder id; absent, null or '' means the caller's default folder (created
 *   on first use). Collecting an item already collected moves it and keeps its id (spec §4).
 * - `ids` of batch-remove and move are collect ids (the `data.id` of add), like `/remove`'s `id`;
 *   `category` (the collect key without `_no`) narrows them to one kind of item. More than
 *   `COLLECT_BATCH_MAX` ids in one batch-remove is spec §8 40020 (collect delete limit).
 * - Follow is `/api/v1/account/follow`, unfollow `/api/v1/account/unfollow`
 *   (`follow_account_no`); following yourself is 10400.
 * - Likes travel in a behaviour log batch, `/api/v1/behavior/log` `{ items }` (spec §3 log event);
 *   `like` and `dislike` (taking the like back) need an account and are idempotent; other event
 *   names are accepted and not stored.
 * - Report is `/api/v1/report/artwork` `{ id, obj_type }`; appeal `/api/v1/report/appeal` `{ remark }`.
 * - Idempotency: collect add and remove, follow, unfollow and the likes of the behaviour log take an
 *   `Idempotency-Key` header or an `idempotency_key` body field (the header wins). A request whose
 *   key the caller used before on the same path changes nothing and answers what the first one
 *   answered, so a queued like sent again after a lost answer never counts twice; the same key on
 *   another path is 10400.
 */
import * as t from 'io-ts';
import { social } from '../../domain/index.js';
import { IdempotencyKey } from './commerce';
import {
  boundedString,
  type CardType,
  FeedPage,
  NonNegativeInt,
  ObjType,
  PositiveInt,
  ShortText,
} from './feed';

export const COLLECT_ADD_PATH = '/api/v1/collect-v2/add';
export const COLLECT_REMOVE_PATH = '/api/v1/collect-v2/remove';
export const COLLECT_BATCH_REMOVE_PATH = '/api/v1/collect-v2/batch-remove';
export const COLLECT_MOVE_PATH = '/api/v1/collect-v2/move';
export const COLLECT_LIST_PATH = '/api/v1/collect-v2/list';
export const COLLECT_FOLDER_LIST_PATH = '/api/v1/collect-v2/folder/list';
export const COLLECT_FOLDER_CREATE_PATH = '/api/v1/collect-v2/folder/create';
export const FOLLOW_PATH = '/api/v1/account/follow';
export const UNFOLLOW_PATH = '/api/v1/account/unfollow';
export const BEHAVIOR_LOG_PATH = '/api/v1/behavior/log';
export const REPORT_PATH = '/api/v1/report/artwork';
export const APPEAL_PATH = '/api/v1/report/appeal';

/** Spec §8 40020 answers a batch un-collect over this many ids. */
export const COLLECT_BATCH_MAX = 100;
export const FOLDER_NAME_MAX = 40;
export const FOLDERS_PER_ACCOUNT_MAX = 100;
export const BEHAVIOR_LOG_BATCH_MAX = 50;

/** The header that carries a request's idempotency key (lower case, as Node reads headers). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** The body field that carries it when no header does. */
const Idempotent = t.partial({ idempotency_key: IdempotencyKey });

/** Spec §7 collect keys and the card types each one collects. */
export const COLLECT_KEYS = {
  artwork_no: ['artwork', 'portfolio', 'lookBook'],
  art_model_no: ['model'],
  post_no: ['post'],
  tpl_no: ['paletteTemplate', 'lora_train'],
  comfy_ui_no: ['workflow', 'aiapp'],
  character_no: ['character'],
  video_no: ['aiVideo'],
  timbre_no: ['aiAudio'],
  ebook_no: ['ebook'],
} as const satisfies Record<string, readonly CardType[]>;
export type CollectKey = keyof typeof COLLECT_KEYS;
export const COLLECT_KEY_NAMES = Object.keys(COLLECT_KEYS) as CollectKey[];

/** The `category` of batch-remove, move and list: a collect key without `_no`. */
export const CollectCategory = t.keyof(
  {
    artwork: null,
    art_model: null,
    post: null,
    tpl: null,
    comfy_ui: null,
    character: null,
    video: null,
    timbre: null,
    ebook: null,
  },
  'CollectCategory',
);
export type CollectCategory = t.TypeOf<typeof CollectCategory>;
export const cardTypesOfCategory = (c: CollectCategory): readonly CardType[] => COLLECT_KEYS[`${c}_no`];

const FolderNo = t.union([ShortText, t.literal(''), t.null], 'FolderNo');

const CollectTarget = t.partial({
  artwork_no: ShortText,
  art_model_no: ShortText,
  post_no: ShortText,
  tpl_no: ShortText,
  comfy_ui_no: ShortText,
  character_no: ShortText,
  video_no: ShortText,
  timbre_no: ShortText,
  ebook_no: ShortText,
});

/** `collection_no` plus exactly one collect key. */
export const CollectAddRequest = t.refinement(
  t.intersection([t.partial({ collection_no: FolderNo }), Idempotent, CollectTarget]),
  (r) => COLLECT_KEY_NAMES.filter((k) => r[k] !== undefined).length === 1,
  'CollectAddRequest',
);
export type CollectAddRequest = t.TypeOf<typeof CollectAddRequest>;

export const CollectAddResponse = t.type(
  {
    id: t.string,
    collection_id: t.string,
    collection_name: t.string,
    item_id: t.string,
    num_of_collection: t.number,
  },
  'CollectAddResponse',
);
export type CollectAddResponse = t.TypeOf<typeof CollectAddResponse>;

export const CollectRemoveRequest = t.intersection(
  [t.type({ id: ShortText }), Idempotent],
  'CollectRemoveRequest',
);
export type CollectRemoveRequest = t.TypeOf<typeof CollectRemoveRequest>;

export const CollectRemoveResponse = t.type(
  { id: t.string, item_id: t.string, num_of_collection: t.number },
  'CollectRemoveResponse',
);
export type CollectRemoveResponse = t.TypeOf<typeof CollectRemoveResponse>;

const nonEmptyIds = (max: number, name: string) =>
  t.refinement(t.array(ShortText), (xs) => xs.length >= 1 && xs.length <= max, name);

/** Up to 10000 ids decode; more than `COLLECT_BATCH_MAX` is refused with 40020, not 10400. */
export const CollectBatchRemoveRequest = t.type(
  { ids: nonEmptyIds(10_000, 'CollectIds'), category: CollectCategory },
  'CollectBatchRemoveRequest',
);
export type CollectBatchRemoveRequest = t.TypeOf<typeof CollectBatchRemoveRequest>;

export const CollectBatchRemoveResponse = t.type({ removed: t.number }, 'CollectBatchRemoveResponse');
export type CollectBatchRemoveResponse = t.TypeOf<typeof CollectBatchRemoveResponse>;

export const CollectMoveRequest = t.type(
  { folder_no: ShortText, ids: nonEmptyIds(COLLECT_BATCH_MAX, 'CollectIds'), category: CollectCategory },
  'CollectMoveRequest',
);
export type CollectMoveRequest = t.TypeOf<typeof CollectMoveRequest>;

export const CollectMoveResponse = t.type({ moved: t.number }, 'CollectMoveResponse');
export type CollectMoveResponse = t.TypeOf<typeof CollectMoveResponse>;

export const CollectListRequest = t.partial(
  { folder_no: ShortText, category: CollectCategory, offset: NonNegativeInt, limit: PositiveInt },
  'CollectListRequest',
);
export type CollectListRequest = t.TypeOf<typeof CollectListRequest>;

export const CollectListResponse = FeedPage;
export type CollectListResponse = FeedPage;

export const CollectFolder = t.type(
  {
    collection_id: t.string,
    collection_name: t.string,
    is_default: t.boolean,
    num_of_items: t.number,
    create_at: t.number,
  },
  'CollectFolder',
);
export type CollectFolder = t.TypeOf<typeof CollectFolder>;

export const FolderListResponse = t.type({ items: t.array(CollectFolder) }, 'FolderListResponse');
export type FolderListResponse = t.TypeOf<typeof FolderListResponse>;

export const FolderName = boundedString(1, FOLDER_NAME_MAX, 'FolderName');
export type FolderName = t.TypeOf<typeof FolderName>;

/** Creating a folder whose name the caller already uses answers that folder. */
export const FolderCreateRequest = t.type({ name: FolderName }, 'FolderCreateRequest');
export type FolderCreateRequest = t.TypeOf<typeof FolderCreateRequest>;

export const FollowRequest = t.intersection(
  [t.type({ follow_account_no: ShortText }), Idempotent],
  'FollowRequest',
);
export type FollowRequest = t.TypeOf<typeof FollowRequest>;

export const FollowResponse = t.type(
  { account_id: t.string, is_follow: t.boolean, num_of_followers: t.number },
  'FollowResponse',
);
export type FollowResponse = t.TypeOf<typeof FollowResponse>;

/** Spec §3 log event. `like`/`dislike` need `obj_id` and `obj_type`. */
export const BehaviorLogItem = t.intersection(
  [
    t.type({ event_name: boundedString(1, 64, 'EventName') }),
    t.partial({ obj_id: ShortText, obj_type: t.number, entity_type: t.number, front_operation: t.string }),
  ],
  'BehaviorLogItem',
);
export type BehaviorLogItem = t.TypeOf<typeof BehaviorLogItem>;

export const BehaviorLogRequest = t.intersection(
  [
    t.type({
      items: t.refinement(
        t.array(BehaviorLogItem),
        (xs) => xs.length >= 1 && xs.length <= BEHAVIOR_LOG_BATCH_MAX,
        'BehaviorLogItems',
      ),
    }),
    Idempotent,
  ],
  'BehaviorLogRequest',
);
export type BehaviorLogRequest = t.TypeOf<typeof BehaviorLogRequest>;

/** The item's like state after each like/dislike, in request order. */
export const LikeResult = t.type(
  { obj_id: t.string, obj_type: t.number, liked: t.boolean, num_of_like: t.number },
  'LikeResult',
);
export type LikeResult = t.TypeOf<typeof LikeResult>;

export const BehaviorLogResponse = t.type(
  { accepted: t.number, likes: t.array(LikeResult) },
  'BehaviorLogResponse',
);
export type BehaviorLogResponse = t.TypeOf<typeof BehaviorLogResponse>;

/** Why a card is reported: one of the domain's short fixed list (social.REPORT_REASONS). */
export const ReportReason = t.keyof(
  Object.fromEntries(social.REPORT_REASONS.map((r) => [r, null])) as Record<social.ReportReason, null>,
  'ReportReason',
);

export const ReportRequest = t.intersection(
  [t.type({ id: ShortText, obj_type: ObjType }), t.partial({ reason: ReportReason })],
  'ReportRequest',
);
export type ReportRequest = t.TypeOf<typeof ReportRequest>;

/** The report's id (a second report of the same item by the same person answers the first one's). */
export const ReportResponse = t.type({ id: t.string }, 'ReportResponse');
export type ReportResponse = t.TypeOf<typeof ReportResponse>;

export const AppealRequest = t.intersection(
  [
    t.type({ remark: boundedString(1, 1000, 'AppealRemark') }),
    t.partial({ obj_id: ShortText, obj_type: ObjType }),
  ],
  'AppealRequest',
);
export type AppealRequest = t.TypeOf<typeof AppealRequest>;

export const ReceiptResponse = t.type({ id: t.string }, 'ReceiptResponse');
export type ReceiptResponse = t.TypeOf<typeof ReceiptResponse>;
