/**
 * The task calls beyond create and batch progress (spec §7 /task/delete, /task/estimate,
 * /task/list, the task options config, and our cancel, publish and remix calls), injected into
 * the task epics. The browser builds them over the HTTP client; tests pass fakes
 * (`tests/support/fakes/tasks.ts`) or call the real server.
 */
import type { Observable } from 'rxjs';
import {
  TASK_CANCEL_PATH,
  TASK_DELETE_PATH,
  TASK_ESTIMATE_PATH,
  TASK_LIST_PATH,
  TASK_OPTIONS_CONFIG_PATH,
  TASK_PUBLISH_PATH,
  TASK_REMIX_PATH,
  TaskCancelResponse,
  TaskDeleteResponse,
  TaskEstimateResponse,
  TaskListResponse,
  TaskOptionsConfig,
  TaskPublishResponse,
  TaskRemixResponse,
  type TaskCancelRequest,
  type TaskDeleteRequest,
  type TaskEstimateRequest,
  type TaskListRequest,
  type TaskOptionsConfigRequest,
  type TaskPublishRequest,
  type TaskRemixRequest,
} from '../contract/tasks';
import { from, switchMap } from 'rxjs';
import type { ApiResult, HttpClient } from '../http/client';
import { socketIoSettledPushes, type SettledPushes } from './push';

export interface TasksDeps {
  readonly deleteTasks: (req: TaskDeleteRequest) => Observable<ApiResult<TaskDeleteResponse>>;
  readonly estimateTask: (req: TaskEstimateRequest) => Observable<ApiResult<TaskEstimateResponse>>;
  readonly listTasks: (req: TaskListRequest) => Observable<ApiResult<TaskListResponse>>;
  readonly cancelTasks: (req: TaskCancelRequest) => Observable<ApiResult<TaskCancelResponse>>;
  readonly optionsConfig: (req: TaskOptionsConfigRequest) => Observable<ApiResult<TaskOptionsConfig>>;
  readonly publishTask: (req: TaskPublishRequest) => Observable<ApiResult<TaskPublishResponse>>;
  readonly remixOf: (req: TaskRemixRequest) => Observable<ApiResult<TaskRemixResponse>>;
  /** Ids of the account's tasks that ended, pushed by the server while the socket is up (push.ts). */
  readonly settledPushes: SettledPushes;
}

export const browserTasksDeps = (http: HttpClient): TasksDeps => ({
  deleteTasks: (req) => http.post(TASK_DELETE_PATH, req, TaskDeleteResponse),
  estimateTask: (req) => http.post(TASK_ESTIMATE_PATH, req, TaskEstimateResponse),
  listTasks: (req) => http.post(TASK_LIST_PATH, req, TaskListResponse),
  cancelTasks: (req) => http.post(TASK_CANCEL_PATH, req, TaskCancelResponse),
  optionsConfig: (req) => http.post(TASK_OPTIONS_CONFIG_PATH, req, TaskOptionsConfig),
  publishTask: (req) => http.post(TASK_PUBLISH_PATH, req, TaskPublishResponse),
  remixOf: (req) => http.post(TASK_REMIX_PATH, req, TaskRemixResponse),
  // socket.io-client is loaded when a task of the account first runs, not with the page.
  settledPushes: (args) =>
    from(import('socket.io-client')).pipe(
      switchMap(({ io }) => socketIoSettledPushes(io, window.location.origin)(args)),
    ),
});
