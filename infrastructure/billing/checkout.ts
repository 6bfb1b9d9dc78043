/**
 * Checkout (spec §4 payment iframe). A purchase intent becomes one order (one idempotency key per
 * intent, and a second start while one is under way is ignored); the iframe shows the order's
 * checkout page, which is the SIMULATED provider of the reference server (the mocked edge, see
 * server/payment/orders.ts). The page's messages (submitting, completed, error) arrive from our
 * own origin only (browser.ts); here they must decode as the contract's `CheckoutMessage` and name
 * the order on screen. "Completed" is never taken on the page's word: the order's own status,
 * asked of the server, decides, and then payment info and the subscription are fetched again so
 * the level and the coins change without a reload.
 */
import * as E from 'fp-ts/Either';
import { concat, concatMap, EMPTY, exhaustMap, filter, map, mergeMap, of, type Observable } from 'rxjs';
import { billing, payment } from '../../domain/index.js';
import { CheckoutMessage } from '../contract/commerce';
import { openDialog } from '../notices/commands';
import type { Action, AppEpic } from '../epics/types';
import { closeCheckout, loadSubscriptionStatus, refreshPayment, startCheckout } from './commands';
import { codeOf } from './membership';
import { reportApiFailure } from '../notices/commands';

/** A coin pack (spec §4 compute purchase) is ordered directly; a plan through the subscription url call. */
const isComputePurchase = (goodsId: string): boolean =>
  billing.benefitTypeOf({
    goodsId,
    isSubscription: false,
    isTrial: false,
    isUpgrade: false,
    isOneTime: false,
  }) === 'computePurchase';

export const startCheckoutEpic: AppEpic = (action$, state$, { billing: deps, ids }) =>
  action$.pipe(
    filter(startCheckout.match),
    exhaustMap(({ payload: { goodsId, methodId } }): Observable<Action> => {
      if (state$.value.session.status === 'guest') return of(openDialog({ name: 'login' }));
      // One intent at a time: a double click, or a click while the iframe is open, orders nothing.
      if (state$.value.payment.status !== 'idle') return EMPTY;
      const intentKey = `ck_${ids()}`;
      const req = {
        goods_id: goodsId as never,
        idempotency_key: intentKey as never,
        payment_method_id: methodId as never,
      };
      const order$ = isComputePurchase(goodsId)
        ? deps.api
            .createOrder(req)
            .pipe(
              map((r) =>
                E.isRight(r)
                  ? E.right({ orderId: r.right.order.order_id, checkoutUrl: r.right.order.checkout_url })
                  : r,
              ),
            )
        : deps.api
            .subscriptionUrl(req)
            .pipe(
              map((r) =>
                E.isRight(r) ? E.right({ orderId: r.right.order_id, checkoutUrl: r.right.url }) : r,
              ),
            );
      return concat(
        of<Action>(payment.checkoutRequested({ goodsId, methodId, intentKey })),
        order$.pipe(
          mergeMap((r): Action[] =>
            E.isRight(r)
              ? [payment.orderCreated({ ...r.right, goodsId })]
              : [
                  payment.orderRefused({ code: codeOf(r.left) }),
                  ...(r.left.kind === 'api' && (r.left.code < 20000 || r.left.code > 20004)
                    ? []
                    : [reportApiFailure({ failure: r.left })]),
                ],
          ),
        ),
      );
    }),
  );

/** What the iframe says about the order on screen, in order; anything else is dropped. */
export const checkoutMessagesEpic: AppEpic = (_action$, state$, { billing: deps }) =>
  deps.checkoutMessages$.pipe(
    map((data) => CheckoutMessage.decode(data)),
    filter(E.isRight),
    map((r) => r.right),
    filter((msg) => payment.selectCheckoutOrder(state$.value.payment)?.orderId === msg.order_id),
    concatMap((msg): Observable<Action> => {
      switch (msg.status) {
        case 'submitting':
          return of(payment.submittingChanged({ submitting: true }));
        case 'error':
          return of(payment.paymentFailed({ code: msg.code ?? null }));
        case 'completed':
          return deps.api.orderDetail({ order_id: msg.order_id }).pipe(
            mergeMap((r): Action[] => {
              if (E.isLeft(r)) return [payment.paymentFailed({ code: codeOf(r.left) })];
              const order = r.right.order;
              return order.status === 'paid'
                ? [
                    payment.paymentCompleted({ orderId: order.order_id }),
                    refreshPayment({}),
                    loadSubscriptionStatus({}),
                  ]
                : [payment.paymentFailed({ code: order.failure_code })];
            }),
          );
        default:
          return EMPTY;
      }
    }),
  );

export const closeCheckoutEpic: AppEpic = (action$) =>
  action$.pipe(
    filter(closeCheckout.match),
    map(() => payment.iframeClosed({})),
  );

export const checkoutEpics: readonly AppEpic[] = [startCheckoutEpic, checkoutMessagesEpic, closeCheckoutEpic];
