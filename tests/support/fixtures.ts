/**
 * Domain values the tests build again and again: a coin balance as billing holds it, and an
 * ornament the person owns. One home, so a change of the domain's shape is mended once.
 */
import type { billing, decorations } from '../../domain/index.js';

/** A balance of `free` free coins and `paid` paid ones; an active membership is a 'pro' one. */
export const paymentInfo = (free: number, paid = 0, active = false): billing.PaymentInfo => ({
  accountId: 'u',
  calculateCoins: free + paid,
  freeCoins: free,
  tempCoins: 0,
  paidCoins: paid,
  isActive: active,
  liteIsActive: false,
  productLevel: 0,
  productType: 0,
  vipType: active ? 'pro' : '',
  expiryTime: null,
});

/** An ornament the person owns, worn or not. */
export const ornament = (
  id: string,
  type: 'avatarBox' | 'productionBox' = 'avatarBox',
  wearing = false,
): decorations.Ornament => ({
  id,
  type,
  name: id,
  preview: { url: `/${id}.png`, width: 192, height: 192 },
  price: 300,
  stock: 5,
  is_owned: true,
  is_wearing: wearing,
  buy_at: 1,
  sold: 1,
});
