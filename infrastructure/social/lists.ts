/** The personal area's lists (works, collects, followers, following), a page at a time. */
import * as E from 'fp-ts/Either';
import { EMPTY, concat, exhaustMap, filter, from, groupBy, map, mergeMap, of, type Observable } from 'rxjs';
import { people, social } from '../../domain/index.js';
import type { ApiFailure } from '../http/client';
import type { Action, AppEpic } from '../epics/types';
import type { Dependencies } from '../store/dependencies';
import { loadList } from './commands';
import { toFeedCard, toPerson, toSocialItem } from './mappers';
import { apiCodeOf } from '../http/client';

const PAGE = 20;

const pageOf = (deps: Dependencies['social'], list: people.ListRef, offset: number): Observable<Action[]> => {
  const failed = (f: ApiFailure): Action[] => [people.listFailed({ list, code: apiCodeOf(f) })];
  const req = { account_no: list.id, offset, limit: PAGE } as never;
  switch (list.kind) {
    case 'works':
      return deps.api.works(req).pipe(
        map((r) =>
          E.isLeft(r)
            ? failed(r.left)
            : [
                social.itemsReceived({ items: r.right.items.map(toSocialItem) }),
                people.listPageLoaded({
                  list: { kind: 'works', id: list.id },
                  entries: r.right.items.map(toFeedCard),
                  offset: r.right.offset,
                  hasMore: r.right.has_more,
                }),
              ],
        ),
      );
    case 'collects':
      return deps.api.collectList({ folder_no: list.id, offset, limit: PAGE } as never).pipe(
        map((r) =>
          E.isLeft(r)
            ? failed(r.left)
            : [
                social.itemsReceived({ items: r.right.items.map(toSocialItem) }),
                people.listPageLoaded({
                  list: { kind: 'collects', id: list.id },
                  entries: r.right.items.flatMap((i) =>
                    i.collect === null ? [] : [{ collectId: i.collect.id, card: toFeedCard(i) }],
                  ),
                  offset: r.right.offset,
                  hasMore: r.right.has_more,
                }),
              ],
        ),
      );
    case 'followers':
    case 'following': {
      const call = list.kind === 'followers' ? deps.api.followers : deps.api.following;
      const kind = list.kind;
      return call(req).pipe(
        map((r) =>
          E.isLeft(r)
            ? failed(r.left)
            : [
                social.followsReceived({
                  follows: Object.fromEntries(r.right.items.map((u) => [u.id, u.is_follow])),
                }),
                people.listPageLoaded({
                  list: { kind: kind as 'followers', id: list.id },
                  entries: r.right.items.map(toPerson),
                  offset: r.right.offset,
                  hasMore: r.right.has_more,
                }),
              ],
        ),
      );
    }
  }
};

/** One page request per list at a time; a reset starts from the first page. */
export const loadListEpic: AppEpic = (action$, state$, { social: deps }) =>
  action$.pipe(
    filter(loadList.match),
    groupBy(({ payload }) => `${payload.list.kind}:${payload.list.id}`),
    mergeMap((byList$) =>
      byList$.pipe(
        exhaustMap(({ payload }) => {
          const { list } = payload;
          const reset = payload.reset === true;
          const offset = reset ? 0 : people.selectNextOffset(state$.value.people, list.kind, list.id);
          if (offset === null) return EMPTY;
          return concat(
            of<Action>(people.listRequested({ list, reset })),
            pageOf(deps, list, offset).pipe(mergeMap((actions) => from(actions))),
          );
        }),
      ),
    ),
  );
