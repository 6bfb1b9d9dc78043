/**
 * The end-time reminders of spec §4 (retention, awaiting order, activation): what sets and clears
 * their end times, and the one call that follows the awaiting-order reminder back into its checkout.
 * Their end times are kept locally like every end-time popup (countdown.ts); what each reminder
 * means is the domain's (`popups.REMINDER_POPUPS`, `billing.reminderEndTimesOf`).
 *
 * - Retention and activation follow the subscription status: set while the domain gives an end
 *   time, cleared once it gives none. Until the status is known nothing changes, so the restored
 *   end times stand. A member's session asks for the status once it starts, so a reminder can
 *   appear anywhere, not only on the membership pages.
 * - Awaiting order: a checkout closed while its order is unpaid leaves 15 minutes to complete it;
 *   a completed payment clears it.
 * - Resuming: the order's own status, asked of the server, decides. An unpaid order that has not
 *   expired opens again in the iframe; a paid one clears the reminder and refreshes the level and
 *   coins; an expired or unknown one clears the reminder and says so.
 */
import * as E from 'fp-ts/Either';
import {
  EMPTY,
  distinctUntilChanged,
  exhaustMap,
  filter,
  from,
  map,
  mergeMap,
  of,
  switchMap,
  take,
  type Observable,
} from 'rxjs';
import { billing, notices, payment, popups, session, type RootState } from '../../domain/index.js';
import { closeCheckout, loadSubscriptionStatus, refreshPayment, resumeCheckout } from '../billing/commands';
import type { Action, AppEpic } from '../epics/types';
import { openDialog } from '../notices/commands';
import { closeReminder } from './commands';

/** The message of an awaiting order that can no longer be paid. */
export const ORDER_GONE_KEY = 'popups.awaitingOrder.gone';

type SubscriptionReminder = 'retention' | 'activation';

const endTimesOf = (
  b: RootState['billing'],
): Readonly<Record<SubscriptionReminder, number | null>> | null => {
  const status = billing.selectSubscriptionStatus(b);
  if (status === null || b.status !== 'known') return null;
  return billing.reminderEndTimesOf(
    billing.subscriptionViewOf(billing.selectPaymentInfo(b), status, b.threeDayTrial),
  );
};

/** The events that bring one reminder's end time in line with the subscription. */
const alignEndTime = (
  state: popups.PopupsState,
  popup: SubscriptionReminder,
  endAt: number | null,
): Action[] => {
  if (endAt === null) return state.endTimes[popup] === undefined ? [] : [popups.endTimeCleared({ popup })];
  return state.endTimes[popup] === endAt ? [] : [popups.endTimeSet({ popup, endAt })];
};

export const subscriptionRemindersEpic: AppEpic = (_action$, state$) =>
  state$.pipe(
    map((s) => s.billing),
    distinctUntilChanged(),
    map(endTimesOf),
    filter((e): e is NonNullable<typeof e> => e !== null),
    distinctUntilChanged((a, b) => a.retention === b.retention && a.activation === b.activation),
    mergeMap((e) =>
      from([
        ...alignEndTime(state$.value.popups, 'retention', e.retention),
        ...alignEndTime(state$.value.popups, 'activation', e.activation),
      ]),
    ),
  );

/**
 * A member's session (at start-up or on sign-in) asks for its subscription status once payment
 * info is known, unless the status is already known or on its way, so its reminders can appear
 * anywhere, not only on the membership pages. Without an active plan there is nothing to remind of.
 */
export const statusAtSessionStartEpic: AppEpic = (_action$, state$) =>
  state$.pipe(
    map((s) => session.selectUser(s.session)?.id ?? null),
    distinctUntilChanged(),
    switchMap((id) =>
      id === null
        ? EMPTY
        : state$.pipe(
            filter((s) => s.billing.status === 'known'),
            take(1),
            filter(
              (s) =>
                billing.selectPaymentInfo(s.billing)?.isActive === true &&
                billing.selectSubscriptionStatus(s.billing) === null &&
                billing.selectSubscriptionCalls(s.billing).load === 'idle',
            ),
            map(() => loadSubscriptionStatus({})),
          ),
    ),
  );

/** Closing the checkout on an unpaid order starts the awaiting-order reminder. */
export const awaitingOrderEpic: AppEpic = (action$, state$, { clock }) =>
  action$.pipe(
    filter(closeCheckout.match),
    mergeMap(() => {
      const order = payment.selectCheckoutOrder(state$.value.payment);
      if (order === null || state$.value.payment.status === 'completed') return EMPTY;
      return of(
        popups.endTimeSet({
          popup: 'awaitingOrder',
          endAt: popups.awaitingOrderEndAt(clock.now()),
          orderId: order.orderId,
        }),
      );
    }),
  );

/** A completed payment ends the awaiting-order reminder. */
export const awaitingOrderPaidEpic: AppEpic = (action$, state$) =>
  action$.pipe(
    filter(payment.paymentCompleted.match),
    filter(() => state$.value.popups.endTimes.awaitingOrder !== undefined),
    map(() => popups.endTimeCleared({ popup: 'awaitingOrder' })),
  );

const goneNotice = (id: string): Action =>
  notices.toastRaised({ id, level: 'info', messageKey: ORDER_GONE_KEY });

export const resumeCheckoutEpic: AppEpic = (action$, state$, { billing: deps, clock, ids }) =>
  action$.pipe(
    filter(resumeCheckout.match),
    exhaustMap(({ payload: { orderId } }): Observable<Action> => {
      if (state$.value.session.status === 'guest') return of(openDialog({ name: 'login' }));
      if (state$.value.payment.status !== 'idle') return EMPTY;
      return deps.api.orderDetail({ order_id: orderId }).pipe(
        mergeMap((r): Action[] => {
          const clear = popups.endTimeCleared({ popup: 'awaitingOrder' });
          if (E.isLeft(r)) return [clear, goneNotice(ids())];
          const o = r.right.order;
          if (o.status === 'paid') return [clear, refreshPayment({}), loadSubscriptionStatus({})];
          if (o.status === 'expired' || o.expires_at <= clock.now()) return [clear, goneNotice(ids())];
          return [
            payment.checkoutResumed({
              orderId: o.order_id,
              checkoutUrl: o.checkout_url,
              goodsId: o.goods_id,
              methodId: o.payment_method_id,
            }),
          ];
        }),
      );
    }),
  );

export const closeReminderEpic: AppEpic = (action$) =>
  action$.pipe(
    filter(closeReminder.match),
    map(({ payload: { popup } }) => popups.reminderClosed({ popup })),
  );

export const reminderEpics: readonly AppEpic[] = [
  subscriptionRemindersEpic,
  statusAtSessionStartEpic,
  awaitingOrderEpic,
  awaitingOrderPaidEpic,
  resumeCheckoutEpic,
  closeReminderEpic,
];
