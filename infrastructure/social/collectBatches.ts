/** Spec §7 batch operations on collects: removed or moved, one call per category and batch. */
import * as E from 'fp-ts/Either';
import { concat, filter, from, map, mergeMap, of, type Observable } from 'rxjs';
import { people, type RootState } from '../../domain/index.js';
import { COLLECT_BATCH_MAX, type CollectCategory } from '../contract/social';
import type { ApiResult } from '../http/client';
import { reportApiFailure } from '../notices/commands';
import type { Action, AppEpic } from '../epics/types';
import { loadFolders, moveCollects, removeCollects } from './commands';
import { categoryOf } from './mappers';

/** The cards of the given collects as the folder lists hold them, grouped by spec §7 category. */
const byCategory = (state: RootState, collectIds: readonly string[]): Map<CollectCategory, string[]> => {
  const wanted = new Set(collectIds);
  const out = new Map<CollectCategory, string[]>();
  for (const list of Object.values(state.people.lists.collects))
    for (const entry of list.entries) {
      if (!wanted.has(entry.collectId)) continue;
      wanted.delete(entry.collectId);
      const category = categoryOf(entry.card.cardType);
      if (category === null) continue;
      out.set(category, [...(out.get(category) ?? []), entry.collectId]);
    }
  return out;
};

const chunks = <T>(xs: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(xs.length / size) }, (_, i) => xs.slice(i * size, (i + 1) * size));

/**
 * One call per category and batch of at most COLLECT_BATCH_MAX ids (40020), each call's answer
 * as actions (`done` for a batch the server took, the failure reported otherwise), then the
 * folders again.
 */
const inBatches = (
  state: RootState,
  collectIds: readonly string[],
  call: (part: string[], category: CollectCategory) => Observable<ApiResult<unknown>>,
  done: (part: string[]) => Action,
): Observable<Action> => {
  const calls = [...byCategory(state, collectIds)].flatMap(([category, ids]) =>
    chunks(ids, COLLECT_BATCH_MAX).map((part) =>
      call(part, category).pipe(
        map((r): Action[] => (E.isRight(r) ? [done(part)] : [reportApiFailure({ failure: r.left })])),
      ),
    ),
  );
  return concat(
    from(calls).pipe(
      mergeMap((c) => c),
      mergeMap((actions) => from(actions)),
    ),
    of<Action>(loadFolders({})),
  );
};

/** Spec §7 batch un-collect, one call per category and at most COLLECT_BATCH_MAX ids (40020). */
export const removeCollectsEpic: AppEpic = (action$, state$, { social: deps }) =>
  action$.pipe(
    filter(removeCollects.match),
    mergeMap(({ payload }) =>
      inBatches(
        state$.value,
        payload.collectIds,
        (part, category) => deps.api.collectBatchRemove({ ids: part, category } as never),
        (part) => people.collectsRemoved({ collectIds: part }),
      ),
    ),
  );

/** Spec §7 move collect (folder_no, ids, category), one call per category. */
export const moveCollectsEpic: AppEpic = (action$, state$, { social: deps }) =>
  action$.pipe(
    filter(moveCollects.match),
    mergeMap(({ payload }) =>
      inBatches(
        state$.value,
        payload.collectIds,
        (part, category) =>
          deps.api.collectMove({ folder_no: payload.folderId, ids: part, category } as never),
        (part) => people.collectsMoved({ collectIds: part, folderId: payload.folderId }),
      ),
    ),
  );
