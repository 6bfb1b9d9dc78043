/**
 * What each membership tier gives (spec §6: "membership tiers gate features; exact gating is not
 * shown"): one table, read by the reference server when it enforces the limits (70002 queue,
 * 70001 daily, 120013 training) and by the membership page when it lists them, so what a plan
 * promises is what the server does.
 *
 * | tier       | queue | daily tasks | trainings / 30 days | speed |
 * |------------|-------|-------------|---------------------|-------|
 * | guest      | 2     | 10          | 0                   | 1×    |
 * | non-member | 2     | 30          | 1                   | 1×    |
 * | Basic      | 4     | unlimited   | 3                   | 1×    |
 * | Standard   | 6     | unlimited   | 8                   | 1.5×  |
 * | Pro        | 10    | unlimited   | 20                  | 2×    |
 *
 * Speed divides a task's simulated duration (a Pro task renders in half the time).
 */
import type { PaymentInfo } from './state.js';

export type Tier = 'guest' | 'none' | 'basic' | 'standard' | 'pro';

/**
 * Each tier's name on the wire (the server's limit messages and the training config's `tier`):
 * what a client maps back to the tier, to show the tier's name in the page's language.
 */
export const TIER_WIRE_NAMES: Readonly<Record<Tier, string>> = {
  guest: 'guest',
  none: 'non-member',
  basic: 'Basic',
  standard: 'Standard',
  pro: 'Pro',
};

/** The tier a wire name stands for, or null for a name no tier has. */
export const tierOfWireName = (name: string): Tier | null =>
  (Object.keys(TIER_WIRE_NAMES) as Tier[]).find((t) => TIER_WIRE_NAMES[t] === name) ?? null;

export interface TierBenefits {
  /** Tasks running at once (spec §8 70002 past it). */
  readonly queue: number;
  /** Task creations per 24 h, null when unlimited (spec §8 70001 past it). */
  readonly daily: number | null;
  /** LoRA trainings per 30 days (spec §8 120013 past it). */
  readonly trainingsPer30Days: number;
  /** How many times faster than a non-member's a task renders. */
  readonly speed: number;
}

export const TIER_BENEFITS: Readonly<Record<Tier, TierBenefits>> = {
  guest: { queue: 2, daily: 10, trainingsPer30Days: 0, speed: 1 },
  none: { queue: 2, daily: 30, trainingsPer30Days: 1, speed: 1 },
  basic: { queue: 4, daily: null, trainingsPer30Days: 3, speed: 1 },
  standard: { queue: 6, daily: null, trainingsPer30Days: 8, speed: 1.5 },
  pro: { queue: 10, daily: null, trainingsPer30Days: 20, speed: 2 },
};

/** Tiers from the lowest up; an upgrade goes to the next one. */
export const TIER_ORDER: readonly Tier[] = ['guest', 'none', 'basic', 'standard', 'pro'];

const rank = (t: Tier): number => TIER_ORDER.indexOf(t);

export const higherTier = (a: Tier, b: Tier): Tier => (rank(a) >= rank(b) ? a : b);

/** Spec §3: product_level 1 Basic, 2 Standard, any other Pro. */
export const tierOfProductLevel = (productLevel: number): Tier =>
  productLevel === 1 ? 'basic' : productLevel === 2 ? 'standard' : 'pro';

/**
 * The tier the limits apply to: a running main plan gives its level; the top membership counts
 * as Pro; lite and the day pass (vip_day*) as Basic unless the main plan is higher. A signed-in
 * account without any is a non-member; no payment info at all is a guest.
 */
export const tierOfPaymentInfo = (info: PaymentInfo | null): Tier => {
  if (info === null) return 'guest';
  let tier: Tier = info.isActive ? tierOfProductLevel(info.productLevel) : 'none';
  if (info.bigIsActive === true) tier = higherTier(tier, 'pro');
  if (info.liteIsActive || info.vipType.startsWith('vip_day')) tier = higherTier(tier, 'basic');
  return tier;
};

/** The next tier a person can buy, null at the top (a guest's next is a free account). */
export const nextTier = (tier: Tier): Tier | null => TIER_ORDER[rank(tier) + 1] ?? null;

/** The paid tier an upsell offers: at least Basic, the one above the person's own. */
export const upgradeTarget = (tier: Tier): Tier | null => {
  const next = nextTier(tier);
  return next === null ? null : higherTier(next, 'basic');
};

/** The simulated duration of a task for a tier: the base divided by the tier's speed, 200 ms at least. */
export const taskDurationFor = (baseMs: number, tier: Tier): number =>
  Math.max(200, Math.round(baseMs / TIER_BENEFITS[tier].speed));
