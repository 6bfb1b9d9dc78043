/**
 * Creator earnings (spec §3 decoration stats `earnings`; how a creator earns is not shown, this
 * is our rule): the author of a work earns `CREATOR_REWARD_COINS` free coins the first time each
 * other person collects it. Taking the collect back and collecting again earns nothing more (the
 * reward's ledger ref names the collector and the work), and collecting one's own work earns
 * nothing. Earnings are ledger credits like any other coins, so balances stay sums of the ledger.
 */
import type { Queryable } from '../db/database';
import { credit, CREATOR_REWARD_REASON } from '../ledger';

export const CREATOR_REWARD_COINS = 1;

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

/** The four figures of an account (spec §3 decoration stats) as both stats endpoints answer them. */
export interface AccountFigures {
  /** Times collected: how many times the account's works were collected (their collection counts). */
  readonly colleted_cnt: number;
  readonly following_cnt: number;
  readonly follower_cnt: number;
  /** Earnings: the coins the account earned as a creator (`CREATOR_REWARD_REASON` credits). */
  readonly earnings: number;
}

/**
 * The one definition of each figure: /api/v1/account/stats (the personal page) and the decoration
 * stats (the decorations page) both answer from here, so the two pages never disagree.
 */
export const accountFigures = async (db: Queryable, accountId: string): Promise<AccountFigures> => {
  const [row] = await db.query<{
    collected: string | number;
    following: string | number;
    followers: string | number;
    earnings: string | number;
  }>(
    `SELECT (SELECT COALESCE(SUM(num_of_collection), 0) FROM content_items WHERE author_id = $1) AS collected,
            (SELECT count(*) FROM follows WHERE follower_id = $1) AS following,
            (SELECT count(*) FROM follows WHERE followee_id = $1) AS followers,
            (SELECT COALESCE(SUM(delta), 0) FROM coin_ledger WHERE account_id = $1 AND reason = $2) AS earnings`,
    [accountId, CREATOR_REWARD_REASON],
  );
  return {
    colleted_cnt: Number(row?.collected ?? 0),
    following_cnt: Number(row?.following ?? 0),
    follower_cnt: Number(row?.followers ?? 0),
    earnings: Number(row?.earnings ?? 0),
  };
};
