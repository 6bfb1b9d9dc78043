/**
 * Task epics: create a task (text to image, or any tool kind), poll the progress of every task
 * in progress with one batch request per ownership every 3000 ms (spec §7, §9; guest tasks
 * with g_mode=1, spec §4), delete a task, ask for an estimate (debounced), and fetch the
 * account's task list at sign-in. No poll goes out while nothing is in progress, and a task
 * stops being polled at its terminal status because it leaves the in-progress selector.
 *
 * Delete, estimate and list use `deps.tasks` (a `TasksDeps`, see `infrastructure/tasks/deps.ts`).
 */
import * as E from 'fp-ts/Either';
import {
  EMPTY,
  debounceTime,
  defer,
  distinctUntilChanged,
  exhaustMap,
  filter,
  from,
  groupBy,
  interval,
  map,
  merge,
  mergeMap,
  retry,
  switchMap,
  take,
  timer,
} from 'rxjs';
import { session, tasks, uploads, type RootState } from '../../domain/index.js';
import { TaskCreateRequest, type TaskEstimateRequest } from '../contract/tasks';
import { createWithCaptcha } from './captcha';
import {
  cancelTask,
  createTask,
  createToolTask,
  deleteTask,
  estimateFields,
  estimateTask,
  markTasksSeen,
  retryTask,
  submitAfterUpload,
  submitTask,
} from './commands';
import { createdActions, toTaskReport, toTaskSnapshot } from './mappers';
import { refreshPayment } from '../billing/commands';
import { reportApiFailure } from '../notices/commands';
import type { Dependencies } from '../store/dependencies';
import { guestMode } from '../epics/mappers';
import type { Action, AppEpic } from '../epics/types';
import { toast } from '../notices/toast';

/** Form edits arrive per keystroke; one estimate per pause of this length. */
export const ESTIMATE_DEBOUNCE_MS = 300;
/** The task list fetched at sign-in: its first page. */
export const SIGN_IN_LIST_PAGE_SIZE = 50;

const isGuestSession = (state: RootState): boolean => state.session.status === 'guest';

export const createTaskEpic: AppEpic = (action$, state$, { api, clock, captcha }) =>
  action$.pipe(
    filter(createTask.match),
    mergeMap(({ payload }) => {
      const guest = isGuestSession(state$.value);
      const request = {
        domain_type: payload.domainType,
        prompt: payload.prompt,
        aspect_ratio: payload.aspectRatio,
        ...(payload.seed === undefined ? {} : { seed: payload.seed }),
        ...guestMode(guest),
      } as TaskCreateRequest;
      return createWithCaptcha(api.createTask, captcha)(request, (result) =>
        E.isLeft(result)
          ? [reportApiFailure({ failure: result.left })]
          : createdActions(result.right.item, payload.seed, guest, clock.now()),
      );
    }),
  );

export const createToolTaskEpic: AppEpic = (action$, state$, { api, clock, captcha }) =>
  action$.pipe(
    filter(createToolTask.match),
    mergeMap(({ payload }) => {
      const guest = isGuestSession(state$.value);
      const request: TaskCreateRequest = { ...payload.request, ...guestMode(guest) };
      return createWithCaptcha(api.createTask, captcha)(request, (result) =>
        E.isLeft(result)
          ? [reportApiFailure({ failure: result.left })]
          : createdActions(result.right.item, payload.request.seed, guest, clock.now(), payload.request),
      );
    }),
  );

const invalidForm = (ids: () => string): Action => toast(ids, 'error', 'tasks.invalidForm');

/** Fields from a form (or a retry) decoded with the create codec: a malformed task is never sent. */
const decodeFields = (fields: Readonly<Record<string, unknown>>) => {
  const { g_mode: _g, captcha_token: _c, ...rest } = fields;
  return TaskCreateRequest.decode(rest);
};

export const submitTaskEpic: AppEpic = (action$, _state$, { ids }) =>
  action$.pipe(
    filter(submitTask.match),
    map(({ payload }): Action => {
      const decoded = decodeFields(payload.fields);
      return E.isLeft(decoded) ? invalidForm(ids) : createToolTask({ request: decoded.right });
    }),
  );

export const submitAfterUploadEpic: AppEpic = (action$, state$) =>
  action$.pipe(
    filter(submitAfterUpload.match),
    groupBy((a) => a.payload.field),
    mergeMap((byField$) =>
      byField$.pipe(
        switchMap(({ payload }) =>
          state$.pipe(
            map((s) => uploads.selectUploadList(s.uploads).find((u) => u.field === payload.field)),
            filter(
              (u): u is uploads.Upload =>
                u !== undefined &&
                !uploads.isRunning(u.phase) &&
                !(u.phase.status === 'complete' && u.phase.url === payload.previousUrl),
            ),
            take(1),
            mergeMap((u): Action[] =>
              u.phase.status === 'complete'
                ? [submitTask({ fields: { ...payload.fields, [payload.key]: u.phase.url } })]
                : [],
            ),
          ),
        ),
      ),
    ),
  );

/** Sends a failed or cancelled task again: its kind, prompt, seed and every field it had. */
export const retryTaskEpic: AppEpic = (action$, state$, { ids }) =>
  action$.pipe(
    filter(retryTask.match),
    mergeMap(({ payload }): Action[] => {
      const task = state$.value.tasks.byId[payload.id];
      const fields = task ? tasks.retryRequestOf(task) : null;
      if (!fields) return [];
      const decoded = decodeFields(fields);
      return E.isLeft(decoded) ? [invalidForm(ids)] : [createToolTask({ request: decoded.right })];
    }),
  );

/**
 * Stops a running task: the server ends it with the cancel code and gives its coins back. The
 * server's 10404 means it is gone there: it leaves the list here too.
 */
export const cancelTaskEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    filter(cancelTask.match),
    mergeMap(({ payload }) => {
      const task = state$.value.tasks.byId[payload.id];
      if (!task || task.phase.status !== 'inProgress') return EMPTY;
      const gMode = tasks.gModeOf(task);
      return deps.tasks.cancelTasks({ ids: [payload.id], ...guestMode(gMode === 1) }).pipe(
        mergeMap((result): Action[] => {
          if (E.isLeft(result)) {
            const f = result.left;
            if (f.kind === 'api' && f.code === 10404)
              return [tasks.taskDeleted({ id: payload.id, refundedCoins: 0 })];
            return [reportApiFailure({ failure: f })];
          }
          // A task that finished before the cancel arrived is left to the next poll.
          if (!result.right.cancelled.includes(payload.id)) return [];
          return [
            tasks.taskFailed({ id: payload.id, code: tasks.TASK_CANCELLED_STATUS, reason: 'cancelled' }),
            refreshPayment({}),
          ];
        }),
      );
    }),
  );

export const markTasksSeenEpic: AppEpic = (action$, state$) =>
  action$.pipe(
    filter(markTasksSeen.match),
    map(({ payload }) => payload.ids.filter((id) => state$.value.tasks.byId[id]?.unseen === true)),
    filter((ids) => ids.length > 0),
    map((ids): Action => tasks.tasksSeen({ ids })),
  );

export const estimateFieldsEpic: AppEpic = (action$) =>
  action$.pipe(
    filter(estimateFields.match),
    mergeMap(({ payload }): Action[] => {
      const decoded = decodeFields(payload.fields);
      return E.isLeft(decoded) ? [] : [estimateTask({ request: decoded.right })];
    }),
  );

/** Events and commands that one batch of reports means for the tasks we hold. */
export const reportsToActions = (
  state: RootState,
  items: readonly tasks.TaskReport[],
  deps: Pick<Dependencies, 'ids'>,
): Action[] =>
  items.flatMap((report): Action[] => {
    const task = state.tasks.byId[report.id];
    const outcome = tasks.interpretReport(task, report);
    const event: Action[] =
      outcome.kind === 'progress'
        ? [
            tasks.progressReported({
              id: report.id,
              code: outcome.code,
              progress: report.progress,
              statusDesc: report.statusDesc,
              estimateMs: report.estimateMs,
              ...(report.currentNode ? { currentNode: report.currentNode } : {}),
            }),
          ]
        : outcome.kind === 'completed'
          ? [
              tasks.taskCompleted({
                id: report.id,
                images: report.images,
                ...(report.media && report.media.length > 0 ? { media: report.media } : {}),
              }),
            ]
          : outcome.kind === 'failed'
            ? [tasks.taskFailed({ id: report.id, code: outcome.code, reason: report.statusDesc })]
            : [];
    const completedKey = task ? tasks.completedNoticeKey(task.params.domainType) : undefined;
    const effects = tasks
      .effectsOfOutcome(outcome, completedKey)
      .map((effect): Action =>
        effect.kind === 'refreshPayment'
          ? refreshPayment({})
          : toast(deps.ids, effect.level, effect.messageKey),
      );
    return [...event, ...effects];
  });

/**
 * Ticks run only while a task is in progress; each tick sends one batch request per ownership
 * (account tasks; guest tasks with g_mode=1) unless the previous tick's requests are still in
 * flight. The requests sit outside the `switchMap`, so the last answer (the one that makes
 * every task terminal and stops the ticks) is never cut off halfway through its actions.
 */
export const pollTaskProgressEpic: AppEpic = (_action$, state$, deps) => {
  const ticks$ = state$.pipe(
    map((s) => tasks.selectTasksInProgress(s.tasks).length > 0),
    distinctUntilChanged(),
    switchMap((active) => (active ? interval(tasks.TASK_POLL_INTERVAL_MS, deps.scheduler) : EMPTY)),
  );
  return ticks$.pipe(
    exhaustMap(() => {
      const batches = tasks.pollBatches(tasks.selectTasksInProgress(state$.value.tasks));
      if (batches.length === 0) return EMPTY;
      return merge(
        ...batches.map((batch) =>
          deps.api.batchProgress({ task_ids: [...batch.ids], ...guestMode(batch.gMode === 1) }).pipe(
            // A failed poll is retried by the next tick; it never ends the epic or moves progress.
            mergeMap((result) =>
              E.isLeft(result)
                ? EMPTY
                : from(reportsToActions(state$.value, result.right.items.map(toTaskReport), deps)),
            ),
          ),
        ),
      );
    }),
  );
};

/** After the push socket closed or was refused, the next try waits this long (polls carry on meanwhile). */
export const PUSH_RETRY_MS = 5_000;

/** The account's own tasks in progress here (guests have no account socket: they only poll). */
const accountTasksInProgress = (state: RootState) =>
  state.session.status === 'signedIn' ? tasks.selectTasksInProgress(state.tasks).filter((t) => !t.guest) : [];

/**
 * Push the result (issue 23): while the account has a task in progress, the account socket is open
 * and every push of ended tasks enters the log as `tasks/settledPushed`. A closed or refused socket
 * is tried again after PUSH_RETRY_MS; the 3 s polls go on whatever the socket does (the fallback).
 */
export const taskPushEpic: AppEpic = (_action$, state$, deps) =>
  state$.pipe(
    map((s) => accountTasksInProgress(s).length > 0),
    distinctUntilChanged(),
    switchMap((active) =>
      active
        ? defer(() => deps.tasks.settledPushes({ token: deps.token.get() })).pipe(
            retry({ delay: () => timer(PUSH_RETRY_MS, deps.scheduler) }),
            map((ids) => tasks.settledPushed({ ids: [...ids] })),
          )
        : EMPTY,
    ),
  );

/** A push reads the progress of the pushed tasks still in progress here at once: one batch call. */
export const pushedProgressEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    filter(tasks.settledPushed.match),
    mergeMap(({ payload }) => {
      const running = new Set(accountTasksInProgress(state$.value).map((t) => t.id));
      const ids = payload.ids.filter((id) => running.has(id));
      if (ids.length === 0) return EMPTY;
      return deps.api
        .batchProgress({ task_ids: ids })
        .pipe(
          mergeMap((result) =>
            E.isLeft(result)
              ? EMPTY
              : from(reportsToActions(state$.value, result.right.items.map(toTaskReport), deps)),
          ),
        );
    }),
  );

/**
 * Deletes one task. A task still queued is refunded, so payment info is refreshed when coins
 * came back. The server's 10404 means the task is already gone there: it is deleted here too.
 */
export const deleteTaskEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    filter(deleteTask.match),
    mergeMap(({ payload }) => {
      const api = deps.tasks;
      const task = state$.value.tasks.byId[payload.id];
      const gMode = task ? tasks.gModeOf(task) : isGuestSession(state$.value) ? 1 : 0;
      return api.deleteTasks({ ids: [payload.id], ...guestMode(gMode === 1) }).pipe(
        mergeMap((result): Action[] => {
          if (E.isLeft(result)) {
            const f = result.left;
            if (f.kind === 'api' && f.code === 10404)
              return [tasks.taskDeleted({ id: payload.id, refundedCoins: 0 })];
            return [reportApiFailure({ failure: f })];
          }
          const refunded = result.right.refunded_coins;
          const deleted = result.right.deleted.includes(payload.id) ? [payload.id] : [];
          return [
            ...deleted.map((id) => tasks.taskDeleted({ id, refundedCoins: refunded })),
            ...(refunded > 0 ? [refreshPayment({})] : []),
          ];
        }),
      );
    }),
  );

/**
 * The latest form wins: requests are debounced by 300 ms and a newer one cancels the older.
 * An estimate is advice: a failed one (an unfinished form answers 10400) shows nothing.
 */
export const estimateTaskEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    filter(estimateTask.match),
    debounceTime(ESTIMATE_DEBOUNCE_MS, deps.scheduler),
    switchMap(({ payload }) => {
      const api = deps.tasks;
      const request: TaskEstimateRequest = {
        ...payload.request,
        ...guestMode(isGuestSession(state$.value)),
      };
      const key = tasks.estimateKeyOf(payload.request);
      return api.estimateTask(request).pipe(
        mergeMap((result): Action[] =>
          E.isLeft(result)
            ? []
            : [
                tasks.estimateReceived({
                  key,
                  domainType: payload.request.domain_type,
                  coins: result.right.coins,
                  estimateMs: result.right.estimate_time * 1000,
                  canAfford: result.right.can_afford,
                  queue: { active: result.right.queue.active, limit: result.right.queue.limit },
                  daily: result.right.daily,
                }),
              ],
        ),
      );
    }),
  );

/**
 * At sign-in (user info set: at login and at a restored session), the account's task list is
 * fetched and recorded as one snapshot event, so a replay rebuilds the same list. A newer
 * sign-in cancels an older fetch. A failed fetch shows nothing: the list stays as it was.
 */
export const listTasksOnSignInEpic: AppEpic = (action$, _state$, deps) =>
  action$.pipe(
    filter((a): a is Action => a.type === session.userInfoSet.type),
    switchMap(() => {
      const api = deps.tasks;
      const requestedAt = deps.clock.now();
      return api.listTasks({ page: 1, page_size: SIGN_IN_LIST_PAGE_SIZE }).pipe(
        mergeMap((result): Action[] =>
          E.isLeft(result)
            ? []
            : [
                tasks.taskListReceived({
                  requestedAt,
                  items: result.right.items.map((item) => toTaskSnapshot(item, item.g_mode === 1)),
                }),
              ],
        ),
      );
    }),
  );

export const taskEpics = [
  createTaskEpic,
  createToolTaskEpic,
  submitTaskEpic,
  submitAfterUploadEpic,
  retryTaskEpic,
  cancelTaskEpic,
  markTasksSeenEpic,
  estimateFieldsEpic,
  pollTaskProgressEpic,
  taskPushEpic,
  pushedProgressEpic,
  deleteTaskEpic,
  estimateTaskEpic,
  listTasksOnSignInEpic,
] as const;
