/** Sending one write (like, collect, uncollect, follow) and what its answer leads to, or queueing it in the outbox. */
import * as E from 'fp-ts/Either';
import { from, mergeMap, of, type Observable } from 'rxjs';
import { people, social, type RootState } from '../../domain/index.js';
import type { ApiFailure, ApiResult } from '../http/client';
import { reportApiFailure } from '../notices/commands';
import type { Action } from '../epics/types';
import type { Dependencies } from '../store/dependencies';
import { loadFolders, loadProfile } from './commands';
import { collectKeyOf } from './mappers';

const idOf = (key: string) => key.slice(key.indexOf(':') + 1);

/** The events a write's answer leads to. */
export const send = (
  deps: Dependencies,
  state: RootState,
  request: social.QueuedRequest,
): Observable<Action> => {
  const { api, connectivity } = deps.social;
  const { opId } = request;
  /** Offline while the call failed on the network: back into the outbox, the op stays pending. */
  const failed = (failure: ApiFailure, rollBack: Action): Action[] =>
    failure.kind === 'network' && !connectivity.isOnline()
      ? [social.requestQueued({ request })]
      : [rollBack, reportApiFailure({ failure })];
  const answer = <A>(call: Observable<ApiResult<A>>, ok: (a: A) => Action[], rollBack: Action) =>
    call.pipe(mergeMap((r) => from(E.isRight(r) ? ok(r.right) : failed(r.left, rollBack))));
  switch (request.kind) {
    case 'like': {
      const item = social.selectContentItem(state.social, request.key);
      const objType = item?.obj_type ?? Number(request.key.split(':')[0]);
      return answer(
        api.like({
          items: [
            { event_name: request.liked ? 'like' : 'dislike', obj_id: idOf(request.key), obj_type: objType },
          ],
          idempotency_key: opId,
        } as never),
        (res) => {
          const result = res.likes[0];
          return [
            social.likeConfirmed({ opId }),
            ...(result
              ? [
                  social.likeStateReceived({
                    key: request.key,
                    liked: result.liked,
                    num_of_like: result.num_of_like,
                  }),
                ]
              : []),
          ];
        },
        social.likeRolledBack({ opId }),
      );
    }
    case 'collect': {
      const key = collectKeyOf(request.cardType);
      if (key === null) return of(social.collectRolledBack({ opId }));
      return answer(
        api.collectAdd({
          [key]: idOf(request.key),
          ...(request.folderId === null ? {} : { collection_no: request.folderId }),
          idempotency_key: opId,
        } as never),
        (res) => [social.collectConfirmed({ opId, collectId: res.id }), loadFolders({})],
        social.collectRolledBack({ opId }),
      );
    }
    case 'uncollect':
      return answer(
        api.collectRemove({ id: request.collectId, idempotency_key: opId } as never),
        () => [
          social.collectConfirmed({ opId, collectId: null }),
          people.collectsRemoved({ collectIds: [request.collectId] }),
        ],
        social.collectRolledBack({ opId }),
      );
    case 'follow': {
      const call = request.follow ? api.follow : api.unfollow;
      return answer(
        call({ follow_account_no: request.authorId, idempotency_key: opId } as never),
        () => [
          social.followConfirmed({ opId }),
          // A profile on screen shows the new follower count.
          ...(people.selectProfile(state.people, request.authorId) !== null
            ? [loadProfile({ id: request.authorId })]
            : []),
        ],
        social.followRolledBack({ opId }),
      );
    }
  }
};

/** A write goes at once when online with nothing queued before it, else into the outbox. */
export const deliver = (
  deps: Dependencies,
  state: RootState,
  request: social.QueuedRequest,
): Observable<Action> =>
  social.deliveryOf(social.selectIsOnline(state.social), social.selectOutbox(state.social).length) === 'send'
    ? send(deps, state, request)
    : of(social.requestQueued({ request }));
