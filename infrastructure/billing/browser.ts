/**
 * The browser's billing capabilities. The payment iframe is the SIMULATED provider's checkout
 * page, served by the reference server on our own origin (server/payment/checkoutPage.ts):
 * the mocked edge of the payment flow. Its messages are taken from our origin only; a message
 * from any other window origin is dropped here, before any epic sees it.
 */
import { filter, fromEvent, map, share } from 'rxjs';
import type { HttpClient } from '../http/client';
import { makeBillingApi } from './api';
import type { BillingDeps } from './deps';

export const browserBillingDeps = (http: HttpClient): BillingDeps => ({
  api: makeBillingApi(http),
  checkoutMessages$: fromEvent<MessageEvent>(window, 'message').pipe(
    filter((e) => e.origin === window.location.origin),
    map((e) => e.data as unknown),
    share(),
  ),
});
