/**
 * Creator earnings (spec §3 decoration stats `earnings`; how a creator earns is not shown, this
 * is our rule): the author of a work earns `CREATOR_REWARD_COINS` free coins the first time each
 * other person collects it. Taking the collect back and collecting again earns nothing more (the
 * reward's ledger ref names the collector and the work), and collecting one's own work earns
 * nothing. Earnings are ledger credits like any other coins, so balances stay sums of the ledger.
 */
import type { Queryable } from '../db/database';
import { credit } from '../ledger';

export const CREATOR_REWARD_COINS = 1;
export const CREATOR_REWARD_REASON = 'creator_reward';

export const creditCreatorReward = async (
  tx: Queryable,
  authorId: string,
  collectorId: string,
  itemId: string,
  now: number,
): Promise<void> => {
  if (authorId === collectorId) return;
  const ref = `collect-reward:${collectorId}:${itemId}`;
  const earlier = await tx.query('SELECT 1 FROM coin_ledger WHERE account_id = $1 AND ref = $2', [
    authorId,
    ref,
  ]);
  if (earlier.length > 0) return;
  await credit(tx, authorId, 'free', CREATOR_REWARD_COINS, CREATOR_REWARD_REASON, ref, now);
};
