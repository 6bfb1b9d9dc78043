/** Profiles, account stats, the guide status and the invitation codes. */
import * as E from 'fp-ts/Either';
import { concat, filter, groupBy, map, merge, mergeMap, of, switchMap } from 'rxjs';
import { people, routing, social } from '../../domain/index.js';
import { reportApiFailure } from '../notices/commands';
import type { Action, AppEpic } from '../epics/types';
import { loadGuideStatus, loadInvitationCodes, loadProfile, loadStats, setGuideStatus } from './commands';
import { toProfile, toStats } from './mappers';
import { apiCodeOf } from '../http/client';
import { signedIn } from './shared';

/** An unknown id (10404) is a missing profile: the page is a real 404. */
export const loadProfileEpic: AppEpic = (action$, _state$, { social: deps }) =>
  action$.pipe(
    filter(loadProfile.match),
    groupBy(({ payload }) => payload.id),
    mergeMap((byId$) =>
      byId$.pipe(
        switchMap(({ payload: { id } }) =>
          concat(
            of<Action>(people.profileRequested({ id })),
            deps.api.profile({ account_no: id } as never).pipe(
              mergeMap((r): Action[] => {
                if (E.isRight(r))
                  return [
                    social.followsReceived({ follows: { [r.right.id]: r.right.is_follow } }),
                    people.profileLoaded({ profile: toProfile(r.right) }),
                  ];
                const code = apiCodeOf(r.left);
                return code === 10404 || code === 10400
                  ? [people.profileMissing({ id })]
                  : [people.profileFailed({ id, code })];
              }),
            ),
          ),
        ),
      ),
    ),
  );

export const loadStatsEpic: AppEpic = (action$, state$, { social: deps }) =>
  action$.pipe(
    filter(loadStats.match),
    filter(() => signedIn(state$.value)),
    switchMap(() =>
      concat(
        of<Action>(people.statsRequested({})),
        deps.api
          .stats({})
          .pipe(
            map((r): Action =>
              E.isRight(r)
                ? people.statsLoaded({ stats: toStats(r.right) })
                : people.statsFailed({ code: apiCodeOf(r.left) }),
            ),
          ),
      ),
    ),
  );

export const guideStatusEpic: AppEpic = (action$, state$, { social: deps }) =>
  merge(
    action$.pipe(
      filter(loadGuideStatus.match),
      map(() => deps.api.guideStatus({})),
    ),
    action$.pipe(
      filter(setGuideStatus.match),
      map(({ payload }) => deps.api.setGuideStatus({ guide_status: payload.done ? 1 : 0 })),
    ),
  ).pipe(
    filter(() => signedIn(state$.value)),
    switchMap((call$) =>
      call$.pipe(
        map((r): Action =>
          E.isRight(r)
            ? people.guideStatusLoaded({ done: r.right.guide_status === 1 })
            : reportApiFailure({ failure: r.left }),
        ),
      ),
    ),
  );

/** Spec §2: the codes the login page's chan_id and u_code left on this device (written by the route guard). */
export const invitationCodesEpic: AppEpic = (action$, _state$, { platform }) =>
  action$.pipe(
    filter(loadInvitationCodes.match),
    map(() =>
      people.invitationCodesRead({
        channelInviteCode: platform.storage.get(routing.STORE_EFFECT_KEYS.channelInviteCode),
        referralCode: platform.storage.get(routing.STORE_EFFECT_KEYS.referralCode),
      }),
    ),
  );
