/**
 * The creation screens' epics (Create and the tool pages): the task options config (spec §3),
 * the parameters of a work to remix (spec §2 Remix), and publishing a finished task to the
 * square after the sensitive-word check of spec §5 (moderation's `checkBeforePublish` runs the
 * check and dispatches the carried command only when the texts pass).
 */
import * as E from 'fp-ts/Either';
import { EMPTY, concat, exhaustMap, filter, groupBy, map, mergeMap, of } from 'rxjs';
import { moderation, tasks } from '../../domain/index.js';
import type { Action, AppEpic } from '../epics/types';
import { reportApiFailure } from '../notices/commands';
import { checkBeforePublish } from '../moderation/commands';
import { defineCommand } from '../store/commands';
import { loadRemix, loadTaskOptions, publishTask } from './commands';
import { toGenerationOptions, toRemixSource } from './mappers';

/** The publish itself, carried by the check and dispatched once the texts pass. */
export const publishChecked = defineCommand<{
  readonly id: string;
  readonly title: string;
  readonly description: string;
}>()('tasks/publishChecked');

/** The scene of the sensitive-word check before a task is published. */
export const PUBLISH_SCENE = 'task_publish';

/** One config per page (a newer `?model=` asks again); a failed load can be asked for again. */
export const loadTaskOptionsEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    filter(loadTaskOptions.match),
    exhaustMap(({ payload }) => {
      const config = state$.value.tasks.config;
      const listed =
        config?.status === 'loaded' &&
        (payload.modelId === undefined || config.options.models.some((m) => m.id === payload.modelId));
      if (listed) return EMPTY;
      return concat(
        of<Action>(tasks.optionsRequested({})),
        deps.tasks
          .optionsConfig(payload.modelId === undefined ? {} : { model_id: payload.modelId })
          .pipe(
            map((r): Action =>
              E.isLeft(r)
                ? tasks.optionsFailed({})
                : tasks.optionsReceived({ options: toGenerationOptions(r.right) }),
            ),
          ),
      );
    }),
  );

/** A work is loaded once per page; 10404 is "no such work", anything else a failed load. */
export const loadRemixEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    filter(loadRemix.match),
    groupBy((a) => a.payload.artworkId),
    mergeMap((byWork$) =>
      byWork$.pipe(
        exhaustMap(({ payload }) => {
          if (state$.value.tasks.remix?.[payload.artworkId]?.status === 'loaded') return EMPTY;
          return concat(
            of<Action>(tasks.remixRequested({ artworkId: payload.artworkId })),
            deps.tasks.remixOf({ id: payload.artworkId }).pipe(
              map((r): Action =>
                E.isRight(r)
                  ? tasks.remixLoaded({ remix: toRemixSource(r.right) })
                  : tasks.remixFailed({
                      artworkId: payload.artworkId,
                      notFound: r.left.kind === 'api' && r.left.code === 10404,
                    }),
              ),
            ),
          );
        }),
      ),
    ),
  );

/** Spec §5: the title and description go through the check, each named by its label. */
export const publishTaskEpic: AppEpic = (action$, state$) =>
  action$.pipe(
    filter(publishTask.match),
    mergeMap(({ payload }): Action[] => {
      const task = state$.value.tasks.byId[payload.id];
      if (!task || task.phase.status !== 'completed' || task.publishedAs !== undefined) return [];
      if (state$.value.tasks.publishing?.[payload.id]) return [];
      return [
        checkBeforePublish({
          subject: moderation.taskPublishSubject(payload.id),
          scene: PUBLISH_SCENE,
          fields: [
            { field: 'title', label: payload.title.label, text: payload.title.text },
            { field: 'description', label: payload.description.label, text: payload.description.text },
          ],
          separator: payload.separator,
          then: publishChecked({
            id: payload.id,
            title: payload.title.text.trim(),
            description: payload.description.text.trim(),
          }),
        }),
      ];
    }),
  );

export const publishCheckedEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    filter(publishChecked.match),
    mergeMap(({ payload }) => {
      if (state$.value.tasks.publishing?.[payload.id]) return EMPTY;
      return concat(
        of<Action>(tasks.publishStarted({ id: payload.id })),
        deps.tasks
          .publishTask({
            id: payload.id,
            title: payload.title,
            ...(payload.description === '' ? {} : { description: payload.description }),
          })
          .pipe(
            mergeMap((r): Action[] =>
              E.isLeft(r)
                ? [tasks.publishRefused({ id: payload.id }), reportApiFailure({ failure: r.left })]
                : [tasks.taskPublished({ id: payload.id, artworkId: r.right.artwork_id })],
            ),
          ),
      );
    }),
  );

export const creationEpics: readonly AppEpic[] = [
  loadTaskOptionsEpic,
  loadRemixEpic,
  publishTaskEpic,
  publishCheckedEpic,
];
