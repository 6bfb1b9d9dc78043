/**
 * From the telemetry commands to queued items: each call becomes one `tracking/eventEnqueued`
 * of its channel, with a fresh client id (the server stores an id once). The event report's
 * item carries the §3 envelope built by the domain's `buildEnvelope`, with the person's
 * productLevel from billing state and the canary from the stored A/B assignment. A call whose
 * item the contract would refuse (an unknown entity type, an over-long property) is dropped here,
 * so it never poisons a batch.
 */
import { EMPTY, filter, mergeMap, of } from 'rxjs';
import { billing, session, tracking, type RootState } from '../../domain/index.js';
import type { Action, AppEpic } from '../epics/types';
import type { Dependencies } from '../store/dependencies';
import { exposeItem, logEvent, starTrack, trackEvent } from './commands';
import { storedCanary } from './flags';
import { eventReportTrackedItem, exposureTrackedItem, logTrackedItem, starTrackTrackedItem } from './wire';

/** The signed-in person as the envelope needs them; productLevel only while the membership is active. */
export const envelopeUserOf = (state: RootState): tracking.EnvelopeUser | null => {
  const user = session.selectUser(state.session);
  if (user === null) return null;
  const info = billing.selectPaymentInfo(state.billing);
  return {
    accountId: user.id,
    accountName: user.accountName,
    mail: user.email,
    regAt: user.createdAt ?? 0,
    productLevel: info !== null && info.isActive ? info.productLevel : null,
  };
};

export const envelopeOf = (
  state: RootState,
  deps: Pick<Dependencies, 'clock' | 'telemetry'>,
): tracking.EventEnvelope => {
  const page = deps.telemetry.page();
  return tracking.buildEnvelope(envelopeUserOf(state), {
    at: deps.clock.now(),
    pageLocation: page.pageLocation,
    deviceId: page.deviceId,
    browserId: page.browserId,
    userAgent: page.userAgent,
    appId: page.appId,
    canary: storedCanary(deps.telemetry.storage),
    pageId: page.pageId,
  });
};

const enqueue = (channel: tracking.TrackingChannel, item: tracking.TrackedItem | null) =>
  item === null ? EMPTY : of<Action>(tracking.eventEnqueued({ channel, item }));

export const trackEventEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    filter(trackEvent.match),
    mergeMap(({ payload }) =>
      enqueue(
        'eventReport',
        eventReportTrackedItem(
          deps.ids(),
          payload.name,
          payload.properties ?? {},
          envelopeOf(state$.value, deps),
        ),
      ),
    ),
  );

export const logEventEpic: AppEpic = (action$, _state$, deps) =>
  action$.pipe(
    filter(logEvent.match),
    mergeMap(({ payload }) => enqueue('log', logTrackedItem(deps.ids(), tracking.makeLogEvent(payload)))),
  );

export const starTrackEpic: AppEpic = (action$, _state$, deps) =>
  action$.pipe(
    filter(starTrack.match),
    mergeMap(({ payload }) =>
      enqueue(
        'starTrack',
        starTrackTrackedItem(deps.ids(), payload.event, payload.properties ?? {}, deps.clock.now()),
      ),
    ),
  );

export const exposeItemEpic: AppEpic = (action$, _state$, deps) =>
  action$.pipe(
    filter(exposeItem.match),
    mergeMap(({ payload }) =>
      enqueue(
        'exposure',
        exposureTrackedItem(
          deps.ids(),
          {
            objId: payload.objId,
            objType: payload.objType,
            page: payload.page,
            position: payload.position ?? null,
          },
          deps.clock.now(),
        ),
      ),
    ),
  );
