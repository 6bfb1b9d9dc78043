/**
 * The new user's guided tour (spec §3 status 3 and guide_status, §4 guided tour, §7 "account guide
 * status set"): on sign-in a new user's guide status is read; when not yet seen the tour starts.
 * Next, previous and close become the tour's events; when the tour ends (done on the last step or
 * closed) the guide status is saved as seen, so it is not offered again on any device.
 */
import * as E from 'fp-ts/Either';
import { EMPTY, catchError, filter, map, mergeMap, of, switchMap, takeUntil } from 'rxjs';
import { session, tour } from '../../domain/index.js';
import type { Action, AppEpic } from '../epics/types';
import { logEvent } from '../telemetry/commands';
import { closeTour, nextTourStep, previousTourStep } from './commands';

export const offerTourEpic: AppEpic = (action$, _state$, deps) =>
  action$.pipe(
    filter(session.userInfoSet.match),
    filter(({ payload }) => payload.user.status === tour.NEW_USER_STATUS),
    switchMap(() =>
      deps.social.api.guideStatus({}).pipe(
        mergeMap((r) =>
          E.isRight(r) && tour.shouldOfferTour(tour.NEW_USER_STATUS, r.right.guide_status)
            ? of<Action>(
                tour.tourStarted({
                  tourId: tour.NEW_USER_TOUR_ID,
                  totalSteps: tour.NEW_USER_TOUR_STEPS.length,
                }),
              )
            : EMPTY,
        ),
        catchError(() => EMPTY),
        takeUntil(action$.pipe(filter(session.loggedOut.match))),
      ),
    ),
  );

export const tourStepsEpic: AppEpic = (action$) =>
  action$.pipe(
    mergeMap((a): Action[] => {
      if (nextTourStep.match(a)) return [tour.tourAdvanced({ tourId: a.payload.tourId })];
      if (previousTourStep.match(a)) return [tour.tourSteppedBack({ tourId: a.payload.tourId })];
      if (closeTour.match(a)) return [tour.tourClosed({ tourId: a.payload.tourId })];
      return [];
    }),
  );

/** After each tour event: once the tour has ended, the guide status is saved (once per tour). */
export const saveGuideStatusEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    filter((a) => tour.tourAdvanced.match(a) || tour.tourClosed.match(a)),
    map(() => state$.value.tour),
    filter((s) => tour.guideStatusAfter(s) !== null),
    mergeMap((s) => {
      const done = s.status === 'done';
      const logged = of<Action>(
        logEvent({
          eventName: done ? 'guide_done' : 'guide_closed',
          entityType: 1,
          objId: s.status === 'idle' ? tour.NEW_USER_TOUR_ID : s.tourId,
          objType: 1,
          frontOperation: done ? 'done' : 'close',
        }),
      );
      return deps.social.api.setGuideStatus({ guide_status: tour.GUIDE_SEEN }).pipe(
        mergeMap(() => logged),
        catchError(() => logged),
      );
    }),
  );

export const tourEpics: readonly AppEpic[] = [offerTourEpic, tourStepsEpic, saveGuideStatusEpic];
