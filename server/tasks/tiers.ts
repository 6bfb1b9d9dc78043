/**
 * Membership tiers as the creation limits see them, read from the database (memberships and
 * add-ons). The limits per tier (queue 70002, daily 70001, trainings 120013, speed) are the
 * domain's table `billing.TIER_BENEFITS`, which the membership page lists too.
 *
 * A running main plan gives its level (spec §3 product_level 1 Basic, 2 Standard, other Pro).
 * Add-ons: the top membership ("big") counts as Pro; lite and the day pass as Basic, unless
 * the main plan is higher.
 */
import { billing } from '../../domain/index.js';
import { addonsOf } from '../billing/memberships';
import type { Queryable } from '../db/database';

export type Tier = billing.Tier;
export type TierLimits = billing.TierBenefits;

export const TIER_LIMITS: Readonly<Record<Tier, TierLimits>> = billing.TIER_BENEFITS;

/** Each tier's name in messages and the training config (the domain's, which clients map back). */
export const TIER_NAMES: Readonly<Record<Tier, string>> = billing.TIER_WIRE_NAMES;

const higher = billing.higherTier;

export const tierOf = async (db: Queryable, accountId: string | null, now: number): Promise<Tier> => {
  if (accountId === null) return 'guest';
  const [m] = await db.query<{ product_level: number; expiry_time: string | number | null }>(
    'SELECT product_level, expiry_time FROM memberships WHERE account_id = $1',
    [accountId],
  );
  let tier: Tier = 'none';
  if (m && m.expiry_time !== null && Number(m.expiry_time) > now)
    tier = billing.tierOfProductLevel(m.product_level);
  const addons = await addonsOf(db, accountId, now);
  if (addons.big.isActive) tier = higher(tier, 'pro');
  if (addons.lite.isActive || addons.day.isActive) tier = higher(tier, 'basic');
  return tier;
};
