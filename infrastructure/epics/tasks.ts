/**
 * Task epics: create a task, and poll the progress of every task in progress with one batch
 * request every 3000 ms (spec §7, §9). No request goes out while nothing is in progress, and a
 * task stops being polled at its terminal status because it leaves the in-progress selector.
 */
import * as E from 'fp-ts/Either';
import { EMPTY, distinctUntilChanged, exhaustMap, filter, from, interval, map, mergeMap, switchMap } from 'rxjs';
import { notices, tasks, type RootState } from '../../domain/index.js';
import type { TaskCreateRequest } from '../contract/tasks';
import { createTask, refreshPayment, reportApiFailure } from '../store/commands';
import type { Dependencies } from '../store/dependencies';
import { toTaskReport } from './mappers';
import type { Action, AppEpic } from './types';

export const createTaskEpic: AppEpic = (action$, state$, { api, clock }) =>
  action$.pipe(
    filter(createTask.match),
    mergeMap(({ payload }) => {
      const guest = state$.value.session.status === 'guest';
      const request = {
        domain_type: payload.domainType,
        prompt: payload.prompt,
        aspect_ratio: payload.aspectRatio,
        ...(payload.seed === undefined ? {} : { seed: payload.seed }),
        ...(guest ? { g_mode: 1 } : {}),
      } as TaskCreateRequest;
      return api.createTask(request).pipe(
        mergeMap((result): Action[] => {
          if (E.isLeft(result)) return [reportApiFailure({ failure: result.left })];
          const item = result.right.item;
          return [
            tasks.taskCreated({
              id: item.id,
              params: {
                domainType: item.domain_type,
                prompt: item.prompt,
                aspectRatio: item.aspect_ratio,
                seed: payload.seed ?? null,
              },
              guest,
              estimateMs: item.estimate_time === null ? null : item.estimate_time * 1000,
              createdAt: clock.now(),
            }),
            refreshPayment({}),
          ];
        }),
      );
    }),
  );

/** Events and commands that one batch of reports means for the tasks we hold. */
export const reportsToActions = (
  state: RootState,
  items: readonly tasks.TaskReport[],
  deps: Pick<Dependencies, 'ids'>,
): Action[] =>
  items.flatMap((report): Action[] => {
    const outcome = tasks.interpretReport(state.tasks.byId[report.id], report);
    const event: Action[] =
      outcome.kind === 'progress'
        ? [
            tasks.progressReported({
              id: report.id,
              code: outcome.code,
              progress: report.progress,
              statusDesc: report.statusDesc,
              estimateMs: report.estimateMs,
            }),
          ]
        : outcome.kind === 'completed'
          ? [tasks.taskCompleted({ id: report.id, images: report.images })]
          : outcome.kind === 'failed'
            ? [tasks.taskFailed({ id: report.id, code: outcome.code, reason: report.statusDesc })]
            : [];
    const effects = tasks.effectsOfOutcome(outcome).map((effect): Action =>
      effect.kind === 'refreshPayment'
        ? refreshPayment({})
        : notices.noticeRaised({
            id: deps.ids(),
            level: effect.level,
            messageKey: effect.messageKey,
            values: {},
            fallback: null,
            durationMs: notices.TOAST_DURATION_MS,
          }),
    );
    return [...event, ...effects];
  });

/**
 * Ticks run only while a task is in progress; each tick sends one batch request unless one is
 * still in flight. The request sits outside the `switchMap`, so the last answer (the one that
 * makes every task terminal and stops the ticks) is never cut off halfway through its actions.
 */
export const pollTaskProgressEpic: AppEpic = (_action$, state$, deps) => {
  const ticks$ = state$.pipe(
    map((s) => tasks.selectTasksInProgress(s.tasks).length > 0),
    distinctUntilChanged(),
    switchMap((active) => (active ? interval(tasks.TASK_POLL_INTERVAL_MS, deps.scheduler) : EMPTY)),
  );
  return ticks$.pipe(
    exhaustMap(() => {
      const inProgress = tasks.selectTasksInProgress(state$.value.tasks);
      if (inProgress.length === 0) return EMPTY;
      const guest = state$.value.session.status === 'guest';
      return deps.api
        .batchProgress({ task_ids: inProgress.map((t) => t.id), ...(guest ? { g_mode: 1 as const } : {}) })
        .pipe(
          // A failed poll is retried by the next tick; it never ends the epic or moves progress.
          mergeMap((result) =>
            E.isLeft(result) ? EMPTY : from(reportsToActions(state$.value, result.right.items.map(toTaskReport), deps)),
          ),
        );
    }),
  );
};

export const taskEpics = [createTaskEpic, pollTaskProgressEpic] as const;
