/** Follows (spec §4): optimistic, a guest signs in first. */
import { EMPTY, concat, defer, filter, from, map, merge, mergeMap, of } from 'rxjs';
import { session, social } from '../../domain/index.js';
import type { Action, AppEpic } from '../epics/types';
import { setFollow, toggleFollow } from './commands';
import { deliver } from './deliver';
import { askToSignIn } from './shared';

/** Spec §4 "Follow: toggles is_follow"; a guest signs in first. */
export const followEpic: AppEpic = (action$, state$, deps) =>
  merge(
    action$.pipe(
      filter(toggleFollow.match),
      map(({ payload }) => ({ authorId: payload.authorId, follow: null as boolean | null })),
    ),
    action$.pipe(
      filter(setFollow.match),
      map(({ payload }) => ({ authorId: payload.authorId, follow: payload.follow as boolean | null })),
    ),
  ).pipe(
    mergeMap(({ authorId, follow }) => {
      const state = state$.value;
      if (social.decideSocialAction(state.session, 'follow').kind === 'loginDialog')
        return from(askToSignIn({ kind: 'follow', authorId }));
      if (session.selectUser(state.session)?.id === authorId) return EMPTY;
      if (social.selectIsFollowPending(state.social, authorId)) return EMPTY;
      const now = social.selectIsFollowing(state.social, authorId);
      const wanted = follow ?? !now;
      if (wanted === now) return EMPTY;
      const opId = deps.ids();
      return concat(
        of<Action>(social.followToggled({ authorId, opId })),
        defer(() => deliver(deps, state$.value, { kind: 'follow', opId, authorId, follow: wanted })),
      );
    }),
  );
