/**
 * The task calls (spec §7 /task/create, /task/batch_progress, /task/delete, /task/estimate,
 * /task/list, the task options config, and our cancel, publish and remix calls), one per contract
 * entry, built over the HTTP client. Create and batch progress reach the epics through the typed
 * API (`deps.api`, http/api.ts), the others through the task dependencies (`deps.tasks`, deps.ts).
 */
import type { Observable } from 'rxjs';
import {
  BatchProgressResponse,
  TASK_BATCH_PROGRESS_PATH,
  TASK_CANCEL_PATH,
  TASK_CREATE_PATH,
  TASK_DELETE_PATH,
  TASK_ESTIMATE_PATH,
  TASK_LIST_PATH,
  TASK_OPTIONS_CONFIG_PATH,
  TASK_PUBLISH_PATH,
  TASK_REMIX_PATH,
  TaskCancelResponse,
  TaskCreateResponse,
  TaskDeleteResponse,
  TaskEstimateResponse,
  TaskListResponse,
  TaskOptionsConfig,
  TaskPublishResponse,
  TaskRemixResponse,
  type BatchProgressRequest,
  type TaskCancelRequest,
  type TaskCreateRequest,
  type TaskDeleteRequest,
  type TaskEstimateRequest,
  type TaskListRequest,
  type TaskOptionsConfigRequest,
  type TaskPublishRequest,
  type TaskRemixRequest,
} from '../contract/tasks';
import type { ApiResult, HttpClient } from '../http/client';

export interface TaskApi {
  readonly createTask: (req: TaskCreateRequest) => Observable<ApiResult<TaskCreateResponse>>;
  readonly batchProgress: (req: BatchProgressRequest) => Observable<ApiResult<BatchProgressResponse>>;
  readonly deleteTasks: (req: TaskDeleteRequest) => Observable<ApiResult<TaskDeleteResponse>>;
  readonly estimateTask: (req: TaskEstimateRequest) => Observable<ApiResult<TaskEstimateResponse>>;
  readonly listTasks: (req: TaskListRequest) => Observable<ApiResult<TaskListResponse>>;
  readonly cancelTasks: (req: TaskCancelRequest) => Observable<ApiResult<TaskCancelResponse>>;
  readonly optionsConfig: (req: TaskOptionsConfigRequest) => Observable<ApiResult<TaskOptionsConfig>>;
  readonly publishTask: (req: TaskPublishRequest) => Observable<ApiResult<TaskPublishResponse>>;
  readonly remixOf: (req: TaskRemixRequest) => Observable<ApiResult<TaskRemixResponse>>;
}

export const makeTaskApi = (http: HttpClient): TaskApi => ({
  createTask: (req) => http.post(TASK_CREATE_PATH, req, TaskCreateResponse),
  batchProgress: (req) => http.post(TASK_BATCH_PROGRESS_PATH, req, BatchProgressResponse),
  deleteTasks: (req) => http.post(TASK_DELETE_PATH, req, TaskDeleteResponse),
  estimateTask: (req) => http.post(TASK_ESTIMATE_PATH, req, TaskEstimateResponse),
  listTasks: (req) => http.post(TASK_LIST_PATH, req, TaskListResponse),
  cancelTasks: (req) => http.post(TASK_CANCEL_PATH, req, TaskCancelResponse),
  optionsConfig: (req) => http.post(TASK_OPTIONS_CONFIG_PATH, req, TaskOptionsConfig),
  publishTask: (req) => http.post(TASK_PUBLISH_PATH, req, TaskPublishResponse),
  remixOf: (req) => http.post(TASK_REMIX_PATH, req, TaskRemixResponse),
});
