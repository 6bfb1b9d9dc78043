/** Billing's contract values as the domain holds them. */
import type { billing } from '../../domain/index.js';
import type { PaymentInfo } from '../contract/payment';

export const toPaymentInfo = (p: PaymentInfo): billing.PaymentInfo => ({
  accountId: p.account_id,
  calculateCoins: p.calculate_coins,
  freeCoins: p.free_coins,
  tempCoins: p.temp_coins,
  paidCoins: p.paid_coins,
  isActive: p.is_active,
  liteIsActive: p.lite_is_active,
  productLevel: p.product_level,
  productType: p.product_type,
  vipType: p.vip_type,
  expiryTime: p.expiry_time,
  liteExpiryTime: p.lite_expiry_time,
  bigIsActive: p.big_is_active,
});
