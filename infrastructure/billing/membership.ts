/**
 * The membership screens' calls: the subscription status (with the spec §4 3-day trial flag) and
 * its changes, payment methods, testimonials and the coin ledger. A refusal the page explains
 * itself (the server's business code) becomes an event; a failure of the session or the network
 * also goes to the error map (login dialog, apiErr toast).
 */
import * as E from 'fp-ts/Either';
import {
  concat,
  EMPTY,
  exhaustMap,
  filter,
  groupBy,
  map,
  merge,
  mergeMap,
  of,
  switchMap,
  type Observable,
} from 'rxjs';
import { billing } from '../../domain/index.js';
import type { LedgerEntry, PaymentMethod, SubscriptionStatus } from '../contract/commerce';
import type { Testimonial } from '../contract/marketing';
import type { ApiFailure, ApiResult } from '../http/client';
import type { BillingApi } from './api';
import { reportApiFailure } from '../notices/commands';
import type { Action, AppEpic } from '../epics/types';
import {
  changeSubscription,
  loadLedger,
  loadPaymentMethods,
  loadSubscriptionStatus,
  loadTestimonials,
  refreshPayment,
  type SubscriptionChange,
} from './commands';

export const toSubscriptionStatus = (s: SubscriptionStatus): billing.SubscriptionStatus => ({
  isPause: s.is_pause,
  pauseMonth: s.pause_month,
  pauseStartAt: s.pause_start_at,
  pauseEndAt: s.pause_end_at,
  freeMonthStatus: s.free_month_status,
  freeMonthStartAt: s.free_month_start_at,
  freeMonthEndAt: s.free_month_end_at,
  cancelAt: s.cancel_at,
  prevProduct: s.prev_product,
  nextProduct: s.next_product,
  nextProductActiveAt: s.next_product_active_at,
  isTrial: s.is_trial,
  currentProduct: s.current_product,
  expiryTime: s.expiry_time,
});

export const toLedgerEntry = (e: LedgerEntry): billing.LedgerEntry => ({
  id: e.id,
  direction: e.direction,
  category: e.category,
  coins: e.coins,
  parts: e.parts,
  createdAt: e.created_at,
  ref: e.ref,
  task:
    e.task === null
      ? null
      : { id: e.task.id, domainType: e.task.domain_type, prompt: e.task.prompt, status: e.task.status },
  goodsId: e.goods_id,
});

export const toTestimonial = (t: Testimonial): billing.Testimonial => ({
  id: t.id,
  name: t.name,
  avatar: t.avatar,
  titleEn: t.title_en,
  titleZh: t.title_zh,
  contentEn: t.content_en,
  contentZh: t.content_zh,
});

export const toPaymentMethod = (m: PaymentMethod): billing.PaymentMethodEntry => ({ id: m.id, name: m.name });

/** The business code of a refusal, null for a transport or decode failure. */
export const codeOf = (f: ApiFailure): number | null => (f.kind === 'api' ? f.code : null);

/** Session and transport failures go to the error map too; business refusals are the page's to explain. */
const alsoReport = (f: ApiFailure): Action[] =>
  f.kind !== 'api' || (f.code >= 20000 && f.code <= 20004) ? [reportApiFailure({ failure: f })] : [];

const statusEvents = (s: SubscriptionStatus): Action[] => [
  billing.subscriptionStatusReceived({ status: toSubscriptionStatus(s) }),
  billing.threeDayTrialFlagged({ enabled: s.trial_eligible }),
];

const isGuest = (state: { readonly session: { readonly status: string } }) =>
  state.session.status === 'guest';

/** The status on request; a newer request supersedes one in flight. Guests have none. */
export const subscriptionStatusEpic: AppEpic = (action$, state$, { billing: deps }) =>
  action$.pipe(
    filter(loadSubscriptionStatus.match),
    switchMap(() =>
      isGuest(state$.value)
        ? EMPTY
        : concat(
            of<Action>(billing.subscriptionStatusRequested({})),
            deps.api
              .subscriptionStatus()
              .pipe(
                mergeMap((r): Action[] =>
                  E.isRight(r)
                    ? statusEvents(r.right)
                    : [billing.subscriptionStatusFailed({ code: codeOf(r.left) }), ...alsoReport(r.left)],
                ),
              ),
          ),
    ),
  );

const callFor = (api: BillingApi, change: SubscriptionChange): Observable<ApiResult<SubscriptionStatus>> => {
  switch (change.action) {
    case 'pause':
      return api.pause({ pause_month: change.months as never });
    case 'resume':
      return api.resume();
    case 'cancel':
      return api.cancel();
    case 'freeMonth':
      return api.freeMonth();
    case 'changePlan':
      return api.changePlan({ goods_id: change.goodsId as never });
    default: {
      const never: never = change;
      return never;
    }
  }
};

/**
 * One change at a time (a second click while one runs is ignored). The answer is the new status;
 * payment info follows it (the free month moves the expiry).
 */
export const changeSubscriptionEpic: AppEpic = (action$, _state$, { billing: deps }) =>
  action$.pipe(
    filter(changeSubscription.match),
    exhaustMap(({ payload }) =>
      concat(
        of<Action>(billing.subscriptionActionStarted({ action: payload.action })),
        callFor(deps.api, payload).pipe(
          mergeMap((r): Action[] =>
            E.isRight(r)
              ? [...statusEvents(r.right), refreshPayment({})]
              : [
                  billing.subscriptionActionRefused({ action: payload.action, code: codeOf(r.left) ?? 0 }),
                  ...alsoReport(r.left),
                ],
          ),
        ),
      ),
    ),
  );

export const paymentMethodsEpic: AppEpic = (action$, state$, { billing: deps }) =>
  action$.pipe(
    filter(loadPaymentMethods.match),
    filter(() => billing.selectPaymentMethods(state$.value.billing).status !== 'loaded'),
    exhaustMap(() =>
      deps.api
        .paymentMethods()
        .pipe(
          map((r): Action =>
            E.isRight(r)
              ? billing.paymentMethodsFetched({ items: r.right.items.map(toPaymentMethod) })
              : billing.paymentMethodsFailed({ code: codeOf(r.left) }),
          ),
        ),
    ),
  );

/** Spec §1 testimonials: fetched once (both languages arrive together), again after a failure. */
export const testimonialsEpic: AppEpic = (action$, state$, { billing: deps }) =>
  action$.pipe(
    filter(loadTestimonials.match),
    filter(() => billing.selectTestimonials(state$.value.billing).status !== 'loaded'),
    exhaustMap(() =>
      concat(
        of<Action>(billing.testimonialsRequested({})),
        deps.api
          .testimonials()
          .pipe(
            map((r): Action =>
              E.isRight(r)
                ? billing.testimonialsFetched({ items: r.right.items.map(toTestimonial) })
                : billing.testimonialsFailed({ code: codeOf(r.left) }),
            ),
          ),
      ),
    ),
  );

/**
 * The ledger, a page at a time: one request of each kind at a time (a scroll that asks again
 * while a page loads is ignored; the end of the list asks nothing). Every fresh payment info
 * while the ledger is open reloads its first page, so a purchase, a task's debit or a failed
 * task's refund shows up without a reload; pages merge by entry id, so none shows twice.
 */
export const ledgerEpic: AppEpic = (action$, state$, { billing: deps }) => {
  const onPaymentInfo$ = action$.pipe(
    filter(billing.paymentInfoReceived.match),
    filter(() => billing.selectLedger(state$.value.billing).status !== 'idle'),
    map(() => loadLedger({ reset: true })),
  );
  return merge(action$.pipe(filter(loadLedger.match)), onPaymentInfo$).pipe(
    groupBy(({ payload }) => payload.reset),
    mergeMap((byKind$) =>
      byKind$.pipe(
        exhaustMap(({ payload }) => {
          if (isGuest(state$.value)) return EMPTY;
          const ledger = billing.selectLedger(state$.value.billing);
          const reset = payload.reset || ledger.status === 'idle';
          if (!reset && ledger.nextCursor === null) return EMPTY;
          return concat(
            of<Action>(billing.ledgerPageRequested({ reset })),
            deps.api.ledger(reset ? {} : { cursor: ledger.nextCursor as never }).pipe(
              mergeMap((r): Action[] =>
                E.isRight(r)
                  ? [
                      billing.ledgerPageFetched({
                        entries: r.right.items.map(toLedgerEntry),
                        nextCursor: r.right.next_cursor,
                        reset,
                      }),
                    ]
                  : [billing.ledgerPageFailed({ code: codeOf(r.left) }), ...alsoReport(r.left)],
              ),
            ),
          );
        }),
      ),
    ),
  );
};

export const membershipEpics: readonly AppEpic[] = [
  subscriptionStatusEpic,
  changeSubscriptionEpic,
  paymentMethodsEpic,
  testimonialsEpic,
  ledgerEpic,
];
