/** The calls every page's epics receive as `deps.api` (store/dependencies.ts `Api`), each from its area's api.ts. */
import { makePaymentInfoApi } from '../billing/api';
import { makeFeedApi } from '../feed/api';
import type { HttpClient } from '../http/client';
import { makeSessionApi } from '../session/api';
import type { Api } from '../store/dependencies';
import { makeTaskApi, type TaskApi } from '../tasks/api';

const pickTaskCalls = ({ createTask, batchProgress }: TaskApi) => ({ createTask, batchProgress });

export const makeApi = (http: HttpClient): Api => ({
  ...makeSessionApi(http),
  ...makePaymentInfoApi(http),
  ...makeFeedApi(http),
  ...pickTaskCalls(makeTaskApi(http)),
});
