/**
 * What the billing epics need, injected: the area's calls and the messages the payment iframe
 * posts to this page (already limited to our own origin by the browser adapter; the epic checks
 * their shape and their order). Browser versions in browser.ts, test doubles in
 * tests/support/fakes/billing.ts.
 */
import type { Observable } from 'rxjs';
import type { BillingApi } from './api';

export interface BillingDeps {
  readonly api: BillingApi;
  /** `data` of every `message` event from our own origin (the checkout page is served by it). */
  readonly checkoutMessages$: Observable<unknown>;
}
