/**
 * The billing calls on the one HTTP client (contract: infrastructure/contract/commerce.ts and
 * marketing.ts): subscription status and its changes, payment methods, orders (a plan's through
 * the spec §7 subscription url), the coin ledger and the membership testimonials.
 */
import type { Observable } from 'rxjs';
import {
  LEDGER_LIST_PATH,
  LedgerListResponse,
  ORDER_CREATE_PATH,
  ORDER_DETAIL_PATH,
  OrderResponse,
  PAYMENT_METHODS_PATH,
  PaymentMethodsResponse,
  SUBSCRIPTION_CANCEL_PATH,
  SUBSCRIPTION_CHANGE_PATH,
  SUBSCRIPTION_FREE_MONTH_PATH,
  SUBSCRIPTION_PAUSE_PATH,
  SUBSCRIPTION_RESUME_PATH,
  SUBSCRIPTION_STATUS_PATH,
  SUBSCRIPTION_URL_PATH,
  SubscriptionStatus,
  SubscriptionUrlResponse,
  type LedgerListRequest,
  type OrderCreateRequest,
  type OrderDetailRequest,
  type SubscriptionChangeRequest,
  type SubscriptionPauseRequest,
} from '../contract/commerce';
import type { TestimonialListResponse } from '../contract/marketing';
import { PAYMENT_INFO_PATH, PaymentInfoResponse } from '../contract/payment';
import type { ApiResult, HttpClient } from '../http/client';
import { makeMarketingApi } from '../marketing/api';

export interface BillingApi {
  readonly subscriptionStatus: () => Observable<ApiResult<SubscriptionStatus>>;
  readonly pause: (req: SubscriptionPauseRequest) => Observable<ApiResult<SubscriptionStatus>>;
  readonly resume: () => Observable<ApiResult<SubscriptionStatus>>;
  readonly cancel: () => Observable<ApiResult<SubscriptionStatus>>;
  readonly changePlan: (req: SubscriptionChangeRequest) => Observable<ApiResult<SubscriptionStatus>>;
  readonly freeMonth: () => Observable<ApiResult<SubscriptionStatus>>;
  readonly paymentMethods: () => Observable<ApiResult<PaymentMethodsResponse>>;
  /** Spec §7 subscription url: a plan's order and the checkout page to frame. */
  readonly subscriptionUrl: (req: OrderCreateRequest) => Observable<ApiResult<SubscriptionUrlResponse>>;
  /** A coin pack's order. */
  readonly createOrder: (req: OrderCreateRequest) => Observable<ApiResult<OrderResponse>>;
  readonly orderDetail: (req: OrderDetailRequest) => Observable<ApiResult<OrderResponse>>;
  readonly ledger: (req: LedgerListRequest) => Observable<ApiResult<LedgerListResponse>>;
  /** The membership page's testimonials: marketing's call (../marketing/api.ts). */
  readonly testimonials: () => Observable<ApiResult<TestimonialListResponse>>;
}

export const makeBillingApi = (http: HttpClient): BillingApi => {
  const marketing = makeMarketingApi(http);
  return {
    subscriptionStatus: () => http.post(SUBSCRIPTION_STATUS_PATH, {}, SubscriptionStatus),
    pause: (req) => http.post(SUBSCRIPTION_PAUSE_PATH, req, SubscriptionStatus),
    resume: () => http.post(SUBSCRIPTION_RESUME_PATH, {}, SubscriptionStatus),
    cancel: () => http.post(SUBSCRIPTION_CANCEL_PATH, {}, SubscriptionStatus),
    changePlan: (req) => http.post(SUBSCRIPTION_CHANGE_PATH, req, SubscriptionStatus),
    freeMonth: () => http.post(SUBSCRIPTION_FREE_MONTH_PATH, {}, SubscriptionStatus),
    paymentMethods: () => http.post(PAYMENT_METHODS_PATH, {}, PaymentMethodsResponse),
    subscriptionUrl: (req) => http.post(SUBSCRIPTION_URL_PATH, req, SubscriptionUrlResponse),
    createOrder: (req) => http.post(ORDER_CREATE_PATH, req, OrderResponse),
    orderDetail: (req) => http.post(ORDER_DETAIL_PATH, req, OrderResponse),
    ledger: (req) => http.post(LEDGER_LIST_PATH, req, LedgerListResponse),
    testimonials: () => marketing.listTestimonials(),
  };
};

/** The coins and membership the header shows (spec §7 payment info), asked for on any page. */
export interface PaymentInfoApi {
  readonly paymentInfo: () => Observable<ApiResult<PaymentInfoResponse>>;
}

export const makePaymentInfoApi = (http: HttpClient): PaymentInfoApi => ({
  paymentInfo: () => http.post(PAYMENT_INFO_PATH, {}, PaymentInfoResponse),
});
