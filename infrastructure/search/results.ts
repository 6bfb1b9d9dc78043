/**
 * Search results and tags (issue 11): each list asks for one page at a time per key (a second
 * request while one is on its way is dropped) and the domain decides the next offset.
 */
import * as E from 'fp-ts/Either';
import { EMPTY, concat, exhaustMap, filter, from, groupBy, map, mergeMap, of, type Observable } from 'rxjs';
import { search, session } from '../../domain/index.js';
import { TagCollectRequest } from '../contract/details';
import {
  FeedRequest,
  SearchRequest,
  TagDetailRequest,
  TagHotRequest,
  type SearchResponse,
} from '../contract/feed';
import { reportApiFailure } from '../notices/commands';
import type { Action, AppEpic } from '../epics/types';
import { collectTag, loadSearchResults, loadTag, loadTagList, loadTagWorks } from './commands';
import { withRequest } from '../epics/request';
import { apiCodeOf } from '../http/client';
import { itemsReceivedOf } from '../social/mappers';
import { toTagCard, toTagInfo, toUserCard, toWorkCard } from '../details/mappers';
import { loginDialog } from '../notices/toast';

const resultsOf = (r: SearchResponse): search.SearchResult[] => {
  switch (r.result_type) {
    case 'content':
      return r.items.map((i) => ({ kind: 'work', work: toWorkCard(i) }));
    case 'tag':
      return r.items.map((t) => ({ kind: 'tag', tag: toTagCard(t) }));
    case 'user':
      return r.items.map((u) => ({ kind: 'user', user: toUserCard(u) }));
  }
};

/** One page of a result list at a time per key; the domain says which offset comes next. */
const pagedResults = (
  key: string,
  state: () => search.SearchState,
  fetch: (offset: number) => Observable<Action[]> | null,
): Observable<Action> => {
  const offset = search.selectNextResultsOffset(state(), key);
  if (offset === null) return EMPTY;
  const call = fetch(offset);
  if (call === null) return EMPTY;
  return concat(
    of<Action>(search.resultsRequested({ key, offset })),
    call.pipe(mergeMap((actions) => from(actions))),
  );
};

export const loadSearchResultsEpic: AppEpic = (action$, state$, { details: deps }) =>
  action$.pipe(
    filter(loadSearchResults.match),
    map(({ payload }) => ({ query: search.normaliseQuery(payload.query), tab: payload.tab })),
    filter(({ query }) => query !== ''),
    groupBy(({ query, tab }) => search.searchKey(query, tab)),
    mergeMap((byKey$) =>
      byKey$.pipe(
        exhaustMap(({ query, tab }) => {
          const key = search.searchKey(query, tab);
          return pagedResults(
            key,
            () => state$.value.search,
            (offset) => {
              const request = SearchRequest.decode({
                keyword: query,
                tab,
                offset,
                limit: search.SEARCH_PAGE_SIZE,
              });
              if (E.isLeft(request)) return null;
              return deps.api.search(request.right).pipe(
                map((r): Action[] =>
                  E.isLeft(r)
                    ? [search.resultsFailed({ key, offset, code: apiCodeOf(r.left) })]
                    : [
                        ...(r.right.result_type === 'content' ? itemsReceivedOf(r.right.items) : []),
                        search.resultsLoaded({
                          key,
                          offset,
                          items: resultsOf(r.right),
                          nextOffset: r.right.offset,
                          hasMore: r.right.has_more,
                        }),
                      ],
                ),
              );
            },
          );
        }),
      ),
    ),
  );

export const loadTagWorksEpic: AppEpic = (action$, state$, { details: deps }) =>
  action$.pipe(
    filter(loadTagWorks.match),
    groupBy(({ payload }) => payload.tagId),
    mergeMap((byTag$) =>
      byTag$.pipe(
        exhaustMap(({ payload: { tagId } }) => {
          const key = search.tagWorksKey(tagId);
          const request = (offset: number) =>
            FeedRequest.decode({
              tag_id: tagId,
              offset,
              limit: search.SEARCH_PAGE_SIZE,
              order_by: 'hot',
              timeType: 'all',
            });
          return pagedResults(
            key,
            () => state$.value.search,
            (offset) => {
              const decoded = request(offset);
              if (E.isLeft(decoded)) return null;
              return deps.api.tagWorks(decoded.right).pipe(
                map((r): Action[] =>
                  E.isLeft(r)
                    ? [search.resultsFailed({ key, offset, code: apiCodeOf(r.left) })]
                    : [
                        ...itemsReceivedOf(r.right.items),
                        search.resultsLoaded({
                          key,
                          offset,
                          items: r.right.items.map((i) => ({ kind: 'work', work: toWorkCard(i) })),
                          nextOffset: r.right.offset,
                          hasMore: r.right.has_more,
                        }),
                      ],
                ),
              );
            },
          );
        }),
      ),
    ),
  );

/** Hot tags shown on `/tag` at most. */
const HOT_TAGS = 40;

export const loadTagListEpic: AppEpic = (action$, state$, { details: deps }) =>
  action$.pipe(
    filter(loadTagList.match),
    groupBy(({ payload }) => payload.list),
    mergeMap((byList$) =>
      byList$.pipe(
        exhaustMap(({ payload: { list } }): Observable<Action> => {
          if (search.selectTagList(state$.value.search, list).status === 'loaded') return EMPTY;
          const call =
            list === 'hot'
              ? withRequest(TagHotRequest, { limit: HOT_TAGS }, deps.api.hotTags, EMPTY)
              : list === 'collected'
                ? deps.api.collectedTags()
                : deps.api.officialTags({});
          return concat(
            of<Action>(search.tagListRequested({ list })),
            call.pipe(
              map((r): Action =>
                E.isLeft(r)
                  ? search.tagListFailed({ list, code: apiCodeOf(r.left) })
                  : search.tagListLoaded({ list, items: r.right.items.map(toTagCard) }),
              ),
            ),
          );
        }),
      ),
    ),
  );

export const loadTagEpic: AppEpic = (action$, _state$, { details: deps }) =>
  action$.pipe(
    filter(loadTag.match),
    map(({ payload }) => search.tagNameOf(payload.name)),
    filter((name): name is string => name !== null),
    groupBy((name) => search.tagKey(name)),
    mergeMap((byName$) =>
      byName$.pipe(
        exhaustMap((name): Observable<Action> =>
          concat(
            of<Action>(search.tagRequested({ name })),
            withRequest(TagDetailRequest, { name }, deps.api.tagDetail, EMPTY).pipe(
              map((r): Action =>
                E.isLeft(r)
                  ? search.tagFailed({ name, code: apiCodeOf(r.left) })
                  : search.tagLoaded({ name, tag: toTagInfo(r.right) }),
              ),
            ),
          ),
        ),
      ),
    ),
  );

export const collectTagEpic: AppEpic = (action$, state$, { details: deps }) =>
  action$.pipe(
    filter(collectTag.match),
    mergeMap(({ payload: { tagId, collected } }): Observable<Action> => {
      if (session.selectUser(state$.value.session) === null) return of(loginDialog());
      return withRequest(
        TagCollectRequest,
        { tag_id: tagId },
        (req) => deps.api.collectTag(req, collected),
        EMPTY,
      ).pipe(
        map((r): Action =>
          E.isLeft(r)
            ? reportApiFailure({ failure: r.left })
            : search.tagCollectChanged({ tagId: r.right.tag_id, collected: r.right.is_collect }),
        ),
      );
    }),
  );

export const searchResultsEpics = [
  loadSearchResultsEpic,
  loadTagWorksEpic,
  loadTagListEpic,
  loadTagEpic,
  collectTagEpic,
] as const;
