/**
 * The task calls beyond create and batch progress (spec §7 /task/delete, /task/estimate,
 * /task/list), injected into the task epics. The browser builds them over the HTTP client;
 * tests pass fakes (`tests/support/fakes/tasks.ts`) or call the real server.
 */
import type { Observable } from 'rxjs';
import {
  TASK_DELETE_PATH,
  TASK_ESTIMATE_PATH,
  TASK_LIST_PATH,
  TaskDeleteResponse,
  TaskEstimateResponse,
  TaskListResponse,
  type TaskDeleteRequest,
  type TaskEstimateRequest,
  type TaskListRequest,
} from '../contract/tasks';
import type { ApiResult, HttpClient } from '../http/client';

export interface TasksDeps {
  readonly deleteTasks: (req: TaskDeleteRequest) => Observable<ApiResult<TaskDeleteResponse>>;
  readonly estimateTask: (req: TaskEstimateRequest) => Observable<ApiResult<TaskEstimateResponse>>;
  readonly listTasks: (req: TaskListRequest) => Observable<ApiResult<TaskListResponse>>;
}

export const browserTasksDeps = (http: HttpClient): TasksDeps => ({
  deleteTasks: (req) => http.post(TASK_DELETE_PATH, req, TaskDeleteResponse),
  estimateTask: (req) => http.post(TASK_ESTIMATE_PATH, req, TaskEstimateResponse),
  listTasks: (req) => http.post(TASK_LIST_PATH, req, TaskListResponse),
});
