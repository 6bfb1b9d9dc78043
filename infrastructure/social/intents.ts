/** A guest's ask: carried out after the sign-in, forgotten when the login dialog closes without one. */
import { filter, map, mergeMap } from 'rxjs';
import { notices, session, social } from '../../domain/index.js';
import type { Action, AppEpic } from '../epics/types';
import { collectItem, setFollow, setLike } from './commands';
import { signedIn } from './shared';

/** After the sign-in, what the guest asked for happens (as the state wanted, never a toggle). */
export const replayIntentEpic: AppEpic = (action$, state$) =>
  action$.pipe(
    filter(session.userInfoSet.match),
    mergeMap((): Action[] => {
      const intent = social.replayableIntent(social.selectIntent(state$.value.social), state$.value.session);
      if (intent === null) return [];
      const act =
        intent.kind === 'like'
          ? setLike({ key: intent.key, liked: true })
          : intent.kind === 'collect'
            ? collectItem({ key: intent.key, cardType: intent.cardType, folder: intent.folder })
            : setFollow({ authorId: intent.authorId, follow: true });
      return [social.intentReplayed({ intent }), act];
    }),
  );

/** The login dialog closed and nobody signed in: the ask is forgotten. */
export const dropIntentEpic: AppEpic = (action$, state$) =>
  action$.pipe(
    filter(notices.dialogClosed.match),
    filter(({ payload }) => payload.name === 'login'),
    filter(() => !signedIn(state$.value) && social.selectIntent(state$.value.social) !== null),
    map(() => social.intentDropped({})),
  );
