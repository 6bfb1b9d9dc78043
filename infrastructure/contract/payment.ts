/**
 * Payment info (spec §3). Its path is "not shown"; we chose `POST /api/v1/payment/info`.
 */
import * as t from 'io-ts';

export const PAYMENT_INFO_PATH = '/api/v1/payment/info';

export const PaymentInfo = t.type(
  {
    account_id: t.string,
    calculate_coins: t.number,
    free_coins: t.number,
    temp_coins: t.number,
    paid_coins: t.number,
    is_active: t.boolean,
    expiry_time: t.union([t.number, t.null]),
    lite_is_active: t.boolean,
    lite_expiry_time: t.union([t.number, t.null]),
    product_level: t.number,
    product_type: t.number,
    vip_type: t.string,
    big_is_active: t.boolean,
    total_recharge: t.number,
  },
  'PaymentInfo',
);
export type PaymentInfo = t.TypeOf<typeof PaymentInfo>;

/** An empty account answers `data: null`, which clears payment state (spec §4). */
export const PaymentInfoResponse = t.union([PaymentInfo, t.null], 'PaymentInfoResponse');
export type PaymentInfoResponse = t.TypeOf<typeof PaymentInfoResponse>;
