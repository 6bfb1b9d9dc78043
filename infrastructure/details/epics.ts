/**
 * Detail pages (issue 11): each load asks once at a time per item or list (a second request while
 * one is on its way is dropped), the domain decides the next offset, and a post's HTML is sanitised
 * before it enters an event. (Search results and tags: search/results.ts.)
 */
import * as E from 'fp-ts/Either';
import {
  EMPTY,
  catchError,
  concat,
  exhaustMap,
  filter,
  from,
  groupBy,
  map,
  mergeMap,
  of,
  take,
  type Observable,
} from 'rxjs';
import { details, session } from '../../domain/index.js';
import {
  CommentCreateRequest,
  CommentListRequest,
  ModelSamplesRequest,
  RelatedRequest,
} from '../contract/details';
import { IdRequest } from '../contract/feed';
import { apiCodeOf, type ApiFailure, type ApiResult } from '../http/client';
import { withRequest } from '../epics/request';
import { itemsReceivedOf } from '../social/mappers';
import { reportApiFailure } from '../notices/commands';
import type { Action, AppEpic } from '../epics/types';
import { loadComments, loadDetail, loadWorks, postComment } from './commands';
import { toDetailComment, toDetailItem, toWorkCard } from './mappers';
import { loginDialog } from '../notices/toast';

/** A failure the person should hear about: anything but "no such item", which the page itself shows. */
const reportUnlessNotFound = (f: ApiFailure): Action[] =>
  apiCodeOf(f) === details.NOT_FOUND_CODE ? [] : [reportApiFailure({ failure: f })];

export const loadDetailEpic: AppEpic = (action$, _state$, { details: deps }) =>
  action$.pipe(
    filter(loadDetail.match),
    groupBy(({ payload }) => payload.id),
    mergeMap((byId$) =>
      byId$.pipe(
        exhaustMap(({ payload: { page, id } }): Observable<Action> => {
          const request = IdRequest.decode({ id });
          // An id no item can have (empty, too long) is not found without asking.
          if (E.isLeft(request)) return of(details.itemFailed({ id, code: details.NOT_FOUND_CODE }));
          const call: Observable<ApiResult<Parameters<typeof toDetailItem>[0]>> =
            page === 'model'
              ? deps.api.modelDetail(request.right)
              : page === 'post'
                ? deps.api.postDetail(request.right)
                : deps.api.itemDetail(request.right);
          return concat(
            of<Action>(details.itemRequested({ id })),
            call.pipe(
              mergeMap((r): Observable<Action> => {
                if (E.isLeft(r))
                  return from([
                    details.itemFailed({ id, code: apiCodeOf(r.left) }),
                    ...reportUnlessNotFound(r.left),
                  ]);
                const item = r.right;
                const html$: Observable<string | null> =
                  typeof item.content === 'string' ? deps.sanitize(item.content) : of(null);
                return html$.pipe(
                  take(1),
                  mergeMap((html) => [
                    ...itemsReceivedOf([item]),
                    details.itemLoaded({ item: toDetailItem(item, html) }),
                  ]),
                  // The sanitiser's chunk did not load (offline): the item fails as a lost answer does.
                  catchError(() => of(details.itemFailed({ id, code: 0 }))),
                );
              }),
            ),
          );
        }),
      ),
    ),
  );

export const loadCommentsEpic: AppEpic = (action$, state$, { details: deps }) =>
  action$.pipe(
    filter(loadComments.match),
    groupBy(({ payload }) => payload.id),
    mergeMap((byId$) =>
      byId$.pipe(
        exhaustMap(({ payload: { id, restart } }): Observable<Action> => {
          const offset = restart ? 0 : details.selectNextCommentsOffset(state$.value.details, id);
          if (offset === null) return EMPTY;
          const request = CommentListRequest.decode({ obj_id: id, offset, limit: details.COMMENTS_PAGE });
          if (E.isLeft(request)) return EMPTY;
          return concat(
            of<Action>(details.commentsRequested({ id, offset })),
            deps.api.comments(request.right).pipe(
              map((r): Action =>
                E.isLeft(r)
                  ? details.commentsFailed({ id, offset, code: apiCodeOf(r.left) })
                  : details.commentsLoaded({
                      id,
                      offset,
                      items: r.right.items.map(toDetailComment),
                      nextOffset: r.right.offset,
                      hasMore: r.right.has_more,
                      total: r.right.total,
                    }),
              ),
            ),
          );
        }),
      ),
    ),
  );

/** A comment needs an account (the login dialog for a guest); the server's answer goes first in the list. */
export const postCommentEpic: AppEpic = (action$, state$, { details: deps }) =>
  action$.pipe(
    filter(postComment.match),
    mergeMap(({ payload: { id, text } }): Observable<Action> => {
      if (session.selectUser(state$.value.session) === null) return of(loginDialog());
      const content = details.commentText(text);
      const request = CommentCreateRequest.decode({ obj_id: id, content });
      if (content === null || E.isLeft(request)) return EMPTY;
      return deps.api
        .addComment(request.right)
        .pipe(
          map((r): Action =>
            E.isLeft(r)
              ? reportApiFailure({ failure: r.left })
              : details.commentAdded({ id, comment: toDetailComment(r.right) }),
          ),
        );
    }),
  );

export const loadWorksEpic: AppEpic = (action$, _state$, { details: deps }) =>
  action$.pipe(
    filter(loadWorks.match),
    groupBy(({ payload }) => `${payload.list}:${payload.id}`),
    mergeMap((byList$) =>
      byList$.pipe(
        exhaustMap(({ payload: { id, list } }): Observable<Action> => {
          const call =
            list === 'related'
              ? withRequest(RelatedRequest, { id, limit: details.RELATED_COUNT }, deps.api.related, null)
              : withRequest(
                  ModelSamplesRequest,
                  { id, limit: details.SAMPLES_COUNT },
                  deps.api.modelSamples,
                  null,
                );
          if (call === null) return EMPTY;
          return concat(
            of<Action>(details.worksRequested({ id, list })),
            call.pipe(
              mergeMap((r): Action[] =>
                E.isLeft(r)
                  ? [details.worksFailed({ id, list, code: apiCodeOf(r.left) })]
                  : [
                      ...itemsReceivedOf(r.right.items),
                      details.worksLoaded({ id, list, items: r.right.items.map(toWorkCard) }),
                    ],
              ),
            ),
          );
        }),
      ),
    ),
  );

export const detailsEpics = [loadDetailEpic, loadCommentsEpic, postCommentEpic, loadWorksEpic] as const;
