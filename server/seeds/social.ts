/**
 * Social demo data, idempotent: the demo account's creator earnings of the last four weeks (spec
 * §3 stats), as the ledger credits a collect would have made (`community/earnings.ts`), so the
 * personal area's earnings chart has a history on a fresh start. Seeded once: the first credit's
 * ref marks the whole set.
 */
import { CREATOR_REWARD_REASON } from '../community/earnings';
import { DAY_MS } from '../community/sql';
import type { ServerContext } from '../context';
import { hashString, prng } from '../engines/random';
import { credit } from '../ledger';
import { DEMO_ACCOUNT } from '../seed';

const SEED_REF = 'seed-earnings';

export const seedSocial = async (ctx: ServerContext): Promise<void> => {
  const [demo] = await ctx.db.query('SELECT 1 FROM accounts WHERE id = $1', [DEMO_ACCOUNT.id]);
  if (!demo) return;
  const done = await ctx.db.query('SELECT 1 FROM coin_ledger WHERE account_id = $1 AND ref LIKE $2 LIMIT 1', [
    DEMO_ACCOUNT.id,
    `${SEED_REF}%`,
  ]);
  if (done.length > 0) return;
  const now = ctx.clock.now();
  const random = prng(hashString('social-earnings'));
  await ctx.db.transaction(async (tx) => {
    for (let daysAgo = 27; daysAgo >= 1; daysAgo -= 1) {
      // Most days earn a little, some nothing: a history with gaps, like a real one.
      const amount = Math.floor(random() * 6);
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
