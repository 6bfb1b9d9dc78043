/**
 * The studio screens' calls on the shared HTTP client: LoRA training and ComfyUI workflows
 * (contract/creation.ts), square item details (contract/feed.ts), the e-book reader and voice
 * creation (contract/studio.ts). Each answer is decoded once, here.
 */
import type { Observable } from 'rxjs';
import {
  DatasetConfig,
  IdRequest as TrainIdRequest,
  TRAIN_DATASET_CONFIG_PATH,
  TRAIN_DETAIL_PATH,
  TRAIN_HISTORY_PATH,
  TRAIN_PUBLISH_PATH,
  TRAIN_RESULT_DETAIL_PATH,
  TRAIN_RESULT_DOWNLOAD_PATH,
  TRAIN_SQUARE_CREATE_PATH,
  TRAIN_STOP_PATH,
  TRAIN_TAGS_PATH,
  TrainDownloadResponse,
  TrainHistoryResponse,
  TrainPublishResponse,
  TrainRecordResponse,
  TrainResult,
  TrainTagsResponse,
  WORKFLOW_COPY_PATH,
  WORKFLOW_DETAIL_PATH,
  WORKFLOW_IMPORT_PATH,
  WORKFLOW_LIST_PATH,
  WORKFLOW_UPDATE_PATH,
  WorkflowCopyResponse,
  WorkflowDetailResponse,
  WorkflowImportResponse,
  WorkflowListResponse,
  type TrainCreateRequest,
  type TrainHistoryRequest,
  type TrainPublishRequest,
  type TrainTagsRequest,
  type WorkflowCopyRequest,
  type WorkflowImportRequest,
  type WorkflowUpdateRequest,
} from '../contract/creation';
import { ITEM_DETAIL_PATH, ItemDetail } from '../contract/feed';
import {
  EBOOK_CHAPTER_PATH,
  EbookChapter,
  VOICE_CREATE_PATH,
  VoiceResponse,
  type EbookChapterRequest,
  type VoiceCreateRequest,
} from '../contract/studio';
import type { ApiResult, HttpClient } from '../http/client';

type IdRequest = typeof TrainIdRequest._A;

export interface StudioToolsApi {
  readonly trainingConfig: () => Observable<ApiResult<DatasetConfig>>;
  readonly trainingCreate: (req: TrainCreateRequest) => Observable<ApiResult<TrainRecordResponse>>;
  readonly trainingDetail: (req: IdRequest) => Observable<ApiResult<TrainRecordResponse>>;
  readonly trainingHistory: (req: TrainHistoryRequest) => Observable<ApiResult<TrainHistoryResponse>>;
  readonly trainingStop: (req: IdRequest) => Observable<ApiResult<TrainRecordResponse>>;
  readonly trainingResult: (req: IdRequest) => Observable<ApiResult<TrainResult>>;
  readonly trainingDownload: (req: IdRequest) => Observable<ApiResult<TrainDownloadResponse>>;
  readonly trainingPublish: (req: TrainPublishRequest) => Observable<ApiResult<TrainPublishResponse>>;
  readonly trainingTags: (req: TrainTagsRequest) => Observable<ApiResult<TrainTagsResponse>>;
  readonly workflowImport: (req: WorkflowImportRequest) => Observable<ApiResult<WorkflowImportResponse>>;
  readonly workflowList: () => Observable<ApiResult<WorkflowListResponse>>;
  readonly workflowDetail: (req: IdRequest) => Observable<ApiResult<WorkflowDetailResponse>>;
  readonly workflowUpdate: (req: WorkflowUpdateRequest) => Observable<ApiResult<WorkflowImportResponse>>;
  readonly workflowCopy: (req: WorkflowCopyRequest) => Observable<ApiResult<WorkflowCopyResponse>>;
  readonly itemDetail: (req: { readonly id: string }) => Observable<ApiResult<ItemDetail>>;
  readonly ebookChapter: (req: EbookChapterRequest) => Observable<ApiResult<EbookChapter>>;
  readonly voiceCreate: (req: VoiceCreateRequest) => Observable<ApiResult<VoiceResponse>>;
}

export const makeStudioToolsApi = (http: HttpClient): StudioToolsApi => ({
  trainingConfig: () => http.post(TRAIN_DATASET_CONFIG_PATH, {}, DatasetConfig),
  trainingCreate: (req) => http.post(TRAIN_SQUARE_CREATE_PATH, req, TrainRecordResponse),
  trainingDetail: (req) => http.post(TRAIN_DETAIL_PATH, req, TrainRecordResponse),
  trainingHistory: (req) => http.post(TRAIN_HISTORY_PATH, req, TrainHistoryResponse),
  trainingStop: (req) => http.post(TRAIN_STOP_PATH, req, TrainRecordResponse),
  trainingResult: (req) => http.post(TRAIN_RESULT_DETAIL_PATH, req, TrainResult),
  trainingDownload: (req) => http.post(TRAIN_RESULT_DOWNLOAD_PATH, req, TrainDownloadResponse),
  trainingPublish: (req) => http.post(TRAIN_PUBLISH_PATH, req, TrainPublishResponse),
  trainingTags: (req) => http.post(TRAIN_TAGS_PATH, req, TrainTagsResponse),
  workflowImport: (req) => http.post(WORKFLOW_IMPORT_PATH, req, WorkflowImportResponse),
  workflowList: () => http.post(WORKFLOW_LIST_PATH, {}, WorkflowListResponse),
  workflowDetail: (req) => http.post(WORKFLOW_DETAIL_PATH, req, WorkflowDetailResponse),
  workflowUpdate: (req) => http.post(WORKFLOW_UPDATE_PATH, req, WorkflowImportResponse),
  workflowCopy: (req) => http.post(WORKFLOW_COPY_PATH, req, WorkflowCopyResponse),
  itemDetail: (req) => http.post(ITEM_DETAIL_PATH, req, ItemDetail),
  ebookChapter: (req) => http.post(EBOOK_CHAPTER_PATH, req, EbookChapter),
  voiceCreate: (req) => http.post(VOICE_CREATE_PATH, req, VoiceResponse),
});
