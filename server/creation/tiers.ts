/**
 * Membership tiers as the creation limits see them, read from the database (memberships and
 * add-ons). Spec §6 says tiers gate features without showing how; our table:
 *
 * | tier      | queue (70002) | daily tasks (70001) | trainings per 30 days (120013) |
 * |-----------|---------------|---------------------|--------------------------------|
 * | guest     | 2             | 10                  | - (training needs an account)  |
 * | non-member| 2             | 30                  | 1                              |
 * | Basic     | 4             | -                   | 3                              |
 * | Standard  | 6             | -                   | 8                              |
 * | Pro       | 10            | -                   | 20                             |
 *
 * A running main plan gives its level (spec §3 product_level 1 Basic, 2 Standard, other Pro).
 * Add-ons: the top membership ("big") counts as Pro; lite and the day pass as Basic, unless
 * the main plan is higher.
 */
import { addonsOf } from '../commerce/memberships';
import type { Queryable } from '../db/database';

export type Tier = 'guest' | 'none' | 'basic' | 'standard' | 'pro';

export interface TierLimits {
  readonly queue: number;
  readonly daily: number | null;
  readonly trainingsPer30Days: number;
}

export const TIER_LIMITS: Readonly<Record<Tier, TierLimits>> = {
  guest: { queue: 2, daily: 10, trainingsPer30Days: 0 },
  none: { queue: 2, daily: 30, trainingsPer30Days: 1 },
  basic: { queue: 4, daily: null, trainingsPer30Days: 3 },
  standard: { queue: 6, daily: null, trainingsPer30Days: 8 },
  pro: { queue: 10, daily: null, trainingsPer30Days: 20 },
};

export const TIER_NAMES: Readonly<Record<Tier, string>> = {
  guest: 'guest',
  none: 'non-member',
  basic: 'Basic',
  standard: 'Standard',
  pro: 'Pro',
};

const RANK: Readonly<Record<Tier, number>> = { guest: 0, none: 1, basic: 2, standard: 3, pro: 4 };
const higher = (a: Tier, b: Tier): Tier => (RANK[a] >= RANK[b] ? a : b);

export const tierOf = async (db: Queryable, accountId: string | null, now: number): Promise<Tier> => {
  if (accountId === null) return 'guest';
  const [m] = await db.query<{ product_level: number; expiry_time: string | number | null }>(
    'SELECT product_level, expiry_time FROM memberships WHERE account_id = $1',
    [accountId],
  );
  let tier: Tier = 'none';
  if (m && m.expiry_time !== null && Number(m.expiry_time) > now)
    tier = m.product_level === 1 ? 'basic' : m.product_level === 2 ? 'standard' : 'pro';
  const addons = await addonsOf(db, accountId, now);
  if (addons.big.isActive) tier = higher(tier, 'pro');
  if (addons.lite.isActive || addons.day.isActive) tier = higher(tier, 'basic');
  return tier;
};
