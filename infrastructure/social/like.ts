/** Likes (spec §4, §5): optimistic, a guest signs in first. */
import { EMPTY, concat, defer, filter, from, map, merge, mergeMap, of } from 'rxjs';
import { social } from '../../domain/index.js';
import type { Action, AppEpic } from '../epics/types';
import { setLike, toggleLike } from './commands';
import { deliver } from './deliver';
import { askToSignIn } from './shared';

/** Spec §4 "Like: toggles liked and adjusts counts by one"; §5 "liking requires login". */
export const likeEpic: AppEpic = (action$, state$, deps) =>
  merge(
    action$.pipe(
      filter(toggleLike.match),
      map(({ payload }) => ({ key: payload.key, liked: null as boolean | null })),
    ),
    action$.pipe(
      filter(setLike.match),
      map(({ payload }) => ({ key: payload.key, liked: payload.liked as boolean | null })),
    ),
  ).pipe(
    mergeMap(({ key, liked }) => {
      const state = state$.value;
      if (social.decideSocialAction(state.session, 'like').kind === 'loginDialog')
        return from(askToSignIn({ kind: 'like', key }));
      const item = social.selectContentItem(state.social, key);
      if (!item || social.selectIsItemPending(state.social, key)) return EMPTY;
      const wanted = liked ?? !item.liked;
      if (wanted === item.liked) return EMPTY;
      const opId = deps.ids();
      return concat(
        of<Action>(social.likeToggled({ key, opId })),
        defer(() => deliver(deps, state$.value, { kind: 'like', opId, key, liked: wanted })),
      );
    }),
  );
