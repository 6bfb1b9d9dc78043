/** Collects (spec §4, §5): add to the default or a chosen folder, or remove; a guest signs in first. */
import { EMPTY, concat, defer, filter, from, mergeMap, of } from 'rxjs';
import { social } from '../../domain/index.js';
import type { Action, AppEpic } from '../epics/types';
import { collectItem, uncollectItem } from './commands';
import { deliver } from './deliver';
import { signedIn, askToSignIn } from './shared';

/** Spec §4 "Collect: adds (to the default or a chosen folder) or removes"; §5 login. */
export const collectEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    filter(collectItem.match),
    mergeMap(({ payload: { key, cardType, folder } }) => {
      const state = state$.value;
      if (social.decideSocialAction(state.session, 'collect').kind === 'loginDialog')
        return from(askToSignIn({ kind: 'collect', key, cardType, folder }));
      if (!social.selectIsItemKnown(state.social, key) || social.selectIsItemPending(state.social, key))
        return EMPTY;
      const opId = deps.ids();
      return concat(
        of<Action>(social.collectAdded({ key, opId, folder })),
        defer(() =>
          deliver(deps, state$.value, {
            kind: 'collect',
            opId,
            key,
            cardType,
            folderId: folder?.collection_id ?? null,
          }),
        ),
      );
    }),
  );

export const uncollectEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    filter(uncollectItem.match),
    mergeMap(({ payload: { key } }) => {
      const state = state$.value;
      const collectId = social.selectCollectOf(state.social, key)?.id ?? null;
      // Without the server's collect id (still on its way) there is nothing to name yet.
      if (!signedIn(state) || collectId === null || social.selectIsItemPending(state.social, key))
        return EMPTY;
      const opId = deps.ids();
      return concat(
        of<Action>(social.collectRemoved({ key, opId })),
        defer(() => deliver(deps, state$.value, { kind: 'uncollect', opId, key, collectId })),
      );
    }),
  );
