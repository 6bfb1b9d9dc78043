/**
 * Social demo data, idempotent: the demo account's creator earnings of the last four weeks (spec
 * §3 stats), as the ledger credits a collect would have made (`community/earnings.ts`), so the
 * personal area's earnings chart has a history on a fresh start. Seeded once: the first credit's
 * ref marks the whole set.
 */
import { CREATOR_REWARD_REASON } from '../ledger';
import { DAY_MS } from '../db/sql';
import type { ServerContext } from '../context';
import { hashString, prng } from '../engines/random';
import { credit } from '../ledger';
import { DEMO_ACCOUNT } from '../seed';

const SEED_REF = 'seed-earnings';

/**
 * The demo's seeded creator earnings in free coins, a day each from 27 days ago to yesterday (0: none
 * that day). Most days earn a little, some nothing: a history with gaps, like a real one.
 */
export const SEEDED_EARNINGS: readonly number[] = (() => {
  const random = prng(hashString('social-earnings'));
  return Array.from({ length: 27 }, () => Math.floor(random() * 6));
})();

export const seedSocial = async (ctx: ServerContext): Promise<void> => {
  const [demo] = await ctx.db.query('SELECT 1 FROM accounts WHERE id = $1', [DEMO_ACCOUNT.id]);
  if (!demo) return;
  const done = await ctx.db.query('SELECT 1 FROM coin_ledger WHERE account_id = $1 AND ref LIKE $2 LIMIT 1', [
    DEMO_ACCOUNT.id,
    `${SEED_REF}%`,
  ]);
  if (done.length > 0) return;
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    for (const [i, amount] of SEEDED_EARNINGS.entries()) {
      const daysAgo = SEEDED_EARNINGS.length - i;
      if (amount === 0) continue;
      await credit(
        tx,
        DEMO_ACCOUNT.id,
        'free',
        amount,
        CREATOR_REWARD_REASON,
        `${SEED_REF}:${daysAgo}`,
        now - daysAgo * DAY_MS,
      );
    }
  });
};
