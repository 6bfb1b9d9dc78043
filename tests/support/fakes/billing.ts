/**
 * Test doubles of the billing capabilities: calls that never answer unless overridden, each
 * recorded with its body, and a subject standing for the payment iframe's messages.
 */
import { EMPTY, Subject, type Observable } from 'rxjs';
import type { BillingApi } from '../../../infrastructure/billing/api';
import type { BillingDeps } from '../../../infrastructure/billing/deps';

const never = (): Observable<never> => EMPTY;

export const makeFakeBilling = (api: Partial<BillingApi> = {}) => {
  const calls: { name: keyof BillingApi; body: unknown }[] = [];
  const messages = new Subject<unknown>();
  const base: BillingApi = {
    subscriptionStatus: never,
    pause: never,
    resume: never,
    cancel: never,
    changePlan: never,
    freeMonth: never,
    paymentMethods: never,
    subscriptionUrl: never,
    createOrder: never,
    orderDetail: never,
    ledger: never,
    testimonials: never,
  };
  const recorded = Object.fromEntries(
    (Object.keys(base) as (keyof BillingApi)[]).map((name) => [
      name,
      (body?: unknown) => {
        calls.push({ name, body });
        return ((api[name] ?? base[name]) as (b: unknown) => unknown)(body);
      },
    ]),
  ) as unknown as BillingApi;
  const deps: BillingDeps = { api: recorded, checkoutMessages$: messages.asObservable() };
  return { deps, calls, messages };
};

export const fakeBillingDeps = (): BillingDeps => makeFakeBilling().deps;
