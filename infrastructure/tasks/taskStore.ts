/**
 * The task list in IndexedDB, so that it survives a reload. After the local state is restored
 * (the session is known by then), the stored list is read back if it belongs to the same person
 * (an account id, or null for a guest) and replayed as domain task events, oldest first:
 * `taskCreated`, then the last known progress, completion or failure. Tasks still in progress
 * are polled again by the task epics. Only then does the writer start, so the empty list of a
 * fresh page never overwrites the stored one. A stored list that does not decode is ignored.
 */
import * as E from 'fp-ts/Either';
import * as t from 'io-ts';
import {
  EMPTY,
  catchError,
  concatMap,
  distinctUntilChanged,
  endWith,
  filter,
  from,
  ignoreElements,
  map,
  mergeMap,
  skip,
  switchMap,
  type Observable,
} from 'rxjs';
import { tasks, type RootState } from '../../domain/index.js';
import type { Action, AppEpic } from '../epics/types';
import { toTaskOptions } from './mappers';
import { localStateRestored, taskListRestored } from '../platform/commands';

export const TASK_LIST_KEY = 'task_list';
export const TASK_LIST_VERSION = 1;

const TaskImage = t.type({ url: t.string, width: t.number, height: t.number });

const TaskMediaItem = t.type({
  url: t.string,
  kind: t.union([t.literal('image'), t.literal('video'), t.literal('audio'), t.literal('model')]),
  contentType: t.string,
  width: t.union([t.number, t.null]),
  height: t.union([t.number, t.null]),
  durationS: t.union([t.number, t.null]),
});

const TaskPhase = t.union([
  t.type({
    status: t.literal('inProgress'),
    code: t.union([t.literal(1), t.literal(2)]),
    progress: t.number,
    statusDesc: t.string,
  }),
  t.intersection([
    t.type({ status: t.literal('completed'), progress: t.literal(100), images: t.readonlyArray(TaskImage) }),
    // Audio, video and model outputs (their players and download links come back after a reload).
    t.partial({ media: t.readonlyArray(TaskMediaItem) }),
  ]),
  t.type({ status: t.literal('failed'), progress: t.number, code: t.number, reason: t.string }),
]);

/** A task's options: JSON, kept as the domain made it (the mapper built them from decoded requests). */
const TaskOptions = new t.Type<tasks.TaskOptions, tasks.TaskOptions, unknown>(
  'TaskOptions',
  (u): u is tasks.TaskOptions => typeof u === 'object' && u !== null && !Array.isArray(u),
  (u, c) =>
    typeof u === 'object' && u !== null && !Array.isArray(u)
      ? t.success(toTaskOptions(u as Record<string, unknown>))
      : t.failure(u, c),
  t.identity,
);

const StoredTask = t.intersection([
  t.type({
    id: t.string,
    params: t.intersection([
      t.type({
        domainType: t.number,
        prompt: t.string,
        aspectRatio: t.string,
        seed: t.union([t.number, t.null]),
      }),
      t.partial({ options: TaskOptions }),
    ]),
    guest: t.boolean,
    createdAt: t.number,
    updatedAt: t.number,
    estimateMs: t.union([t.number, t.null]),
    phase: TaskPhase,
  }),
  t.partial({ unseen: t.literal(true), publishedAs: t.string }),
]);

export const StoredTaskList = t.type({
  version: t.literal(TASK_LIST_VERSION),
  owner: t.union([t.string, t.null]),
  /** Newest first, as the state orders them. */
  tasks: t.readonlyArray(StoredTask),
});
export type StoredTaskList = t.TypeOf<typeof StoredTaskList>;

export const ownerOf = (s: RootState): string | null =>
  s.session.status === 'signedIn' ? s.session.user.id : null;

export const snapshotTasks = (s: RootState): StoredTaskList => ({
  version: TASK_LIST_VERSION,
  owner: ownerOf(s),
  tasks: tasks.selectTaskList(s.tasks),
});

/** The events that rebuild one stored task: its phase, then its publication. */
export const taskEvents = (task: tasks.Task): Action[] => [
  ...phaseEvents(task),
  ...(task.publishedAs === undefined
    ? []
    : [tasks.taskPublished({ id: task.id, artworkId: task.publishedAs })]),
];

const phaseEvents = (task: tasks.Task): Action[] => {
  const created = tasks.taskCreated({
    id: task.id,
    params: task.params,
    guest: task.guest,
    estimateMs: task.estimateMs,
    createdAt: task.createdAt,
  });
  const phase = task.phase;
  switch (phase.status) {
    case 'inProgress':
      return phase.progress === 0 && phase.code === 1
        ? [created]
        : [
            created,
            tasks.progressReported({
              id: task.id,
              code: phase.code,
              progress: phase.progress,
              statusDesc: phase.statusDesc,
              estimateMs: task.estimateMs,
            }),
          ];
    case 'completed':
      return [
        created,
        tasks.taskCompleted({
          id: task.id,
          images: phase.images,
          ...(phase.media ? { media: phase.media } : {}),
        }),
      ];
    case 'failed':
      return [
        created,
        ...(phase.progress > 0
          ? [
              tasks.progressReported({
                id: task.id,
                code: 2,
                progress: phase.progress,
                statusDesc: '',
                estimateMs: task.estimateMs,
              }),
            ]
          : []),
        tasks.taskFailed({ id: task.id, code: phase.code, reason: phase.reason }),
      ];
  }
};

/** The replay of a stored list for `owner`: oldest first, so the state's newest-first order comes back. */
export const restoreTaskEvents = (stored: unknown, owner: string | null): Action[] => {
  const decoded = StoredTaskList.decode(stored);
  if (E.isLeft(decoded) || decoded.right.owner !== owner) return [];
  const list = [...decoded.right.tasks].reverse();
  // A finished task replays as new; those the person had seen are marked seen again.
  const seen = list.filter((t) => t.phase.status !== 'inProgress' && t.unseen !== true).map((t) => t.id);
  return [...list.flatMap(taskEvents), ...(seen.length > 0 ? [tasks.tasksSeen({ ids: seen })] : [])];
};

export const restoreTaskListEpic: AppEpic = (action$, state$, { platform }) =>
  action$.pipe(
    filter(localStateRestored.match),
    switchMap((): Observable<Action> =>
      platform.kv.get(TASK_LIST_KEY).pipe(
        mergeMap((stored) => from(restoreTaskEvents(stored, ownerOf(state$.value)))),
        catchError(() => EMPTY),
        endWith(taskListRestored({})),
      ),
    ),
  );

export const persistTaskListEpic: AppEpic = (action$, state$, { platform }) =>
  action$.pipe(
    filter(taskListRestored.match),
    switchMap(() =>
      state$.pipe(
        map((s) => s.tasks),
        distinctUntilChanged(),
        // The restored list is what is stored already.
        skip(1),
        map(() => snapshotTasks(state$.value)),
      ),
    ),
    concatMap((snapshot) => platform.kv.put(TASK_LIST_KEY, snapshot).pipe(catchError(() => EMPTY))),
    ignoreElements(),
  );

export const taskStoreEpics: readonly AppEpic[] = [restoreTaskListEpic, persistTaskListEpic];
