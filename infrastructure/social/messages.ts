/** The message centre (spec §3 unread counts, §4 messages). */
import * as E from 'fp-ts/Either';
import { EMPTY, concat, exhaustMap, filter, from, groupBy, map, merge, mergeMap, of, switchMap } from 'rxjs';
import { messages, session } from '../../domain/index.js';
import type { ApiResult } from '../http/client';
import { reportApiFailure } from '../notices/commands';
import type { Action, AppEpic } from '../epics/types';
import { loadMessages, loadUnreadCounts, markAllMessagesRead, markMessageRead } from './commands';
import { toMessage } from './mappers';
import { apiCodeOf } from '../http/client';
import { signedIn } from './shared';

const counts = (r: ApiResult<messages.UnreadCounts>): Action[] =>
  E.isRight(r) ? [messages.unreadCountsReceived({ counts: r.right })] : [];

/** The bell's counts: on every sign-in and when asked (the message centre, the bell). */
export const unreadCountsEpic: AppEpic = (action$, state$, { social: deps }) =>
  merge(action$.pipe(filter(session.userInfoSet.match)), action$.pipe(filter(loadUnreadCounts.match))).pipe(
    filter(() => signedIn(state$.value)),
    switchMap(() => deps.api.unreadCounts({}).pipe(mergeMap((r) => from(counts(r))))),
  );

export const loadMessagesEpic: AppEpic = (action$, state$, { social: deps }) =>
  action$.pipe(
    filter(loadMessages.match),
    filter(() => signedIn(state$.value)),
    groupBy(({ payload }) => payload.type),
    mergeMap((byType$) =>
      byType$.pipe(
        exhaustMap(({ payload: { type, reset } }) => {
          const held = messages.selectMessageList(state$.value.messages, type);
          const again = reset === true || held === null;
          if (!again && (held.status === 'loading' || !held.hasMore)) return EMPTY;
          const offset = again ? 0 : held.offset;
          return concat(
            of<Action>(messages.messageListRequested({ type, reset: again })),
            deps.api.notices({ type, offset, limit: messages.MESSAGE_PAGE_SIZE } as never).pipe(
              map((r): Action =>
                E.isRight(r)
                  ? messages.messagePageLoaded({
                      type,
                      messages: r.right.items.map(toMessage),
                      offset: r.right.offset,
                      hasMore: r.right.has_more,
                    })
                  : messages.messageListFailed({ type, code: apiCodeOf(r.left) }),
              ),
            ),
          );
        }),
      ),
    ),
  );

/** Spec §4: reading one lowers that type's count and the total at once; the server's counts follow. */
export const markMessageReadEpic: AppEpic = (action$, state$, { social: deps }) =>
  action$.pipe(
    filter(markMessageRead.match),
    filter(() => signedIn(state$.value)),
    mergeMap(({ payload: { type, id } }) =>
      concat(
        of<Action>(messages.messagesRead({ type, ids: [id] })),
        deps.api
          .read({ type, ids: [id] } as never)
          .pipe(
            mergeMap((r) =>
              from(E.isRight(r) ? counts(r) : [reportApiFailure({ failure: r.left }), loadUnreadCounts({})]),
            ),
          ),
      ),
    ),
  );

/** Spec §4: read-all zeroes everything at once; the server's counts follow. */
export const markAllReadEpic: AppEpic = (action$, state$, { social: deps }) =>
  action$.pipe(
    filter(markAllMessagesRead.match),
    filter(() => signedIn(state$.value)),
    exhaustMap(() =>
      concat(
        of<Action>(messages.allMarkedRead({})),
        deps.api
          .readAll({})
          .pipe(
            mergeMap((r) =>
              from(E.isRight(r) ? counts(r) : [reportApiFailure({ failure: r.left }), loadUnreadCounts({})]),
            ),
          ),
      ),
    ),
  );
