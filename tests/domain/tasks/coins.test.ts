import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tasks } from '../../../domain/index.js';

const estimate = (coins: number, canAfford: boolean) => ({ coins, canAfford });

describe('tasks.coinShortfall (spec §4 "the estimate and coin cost before submitting"; §8 80307 no coins)', () => {
  it('tells a signed-in person whose balance is below the cost what they have and what is missing', () => {
    expect(tasks.coinShortfall(estimate(8, false), false, 0)).toEqual({ balance: 0, missing: 8 });
    expect(tasks.coinShortfall(estimate(30, false), false, 12)).toEqual({ balance: 12, missing: 18 });
  });

  it('says nothing when the balance covers the cost, even to the coin', () => {
    expect(tasks.coinShortfall(estimate(8, true), false, 500)).toBeNull();
    expect(tasks.coinShortfall(estimate(8, true), false, 8)).toBeNull();
    expect(tasks.coinShortfall(estimate(0, true), false, 0)).toBeNull();
  });

  it('a balance known on the device wins over a stale estimate: a pack bought meanwhile clears the note', () => {
    expect(tasks.coinShortfall(estimate(8, false), false, 500)).toBeNull();
    expect(tasks.coinShortfall(estimate(8, true), false, 3)).toEqual({ balance: 3, missing: 5 });
  });

  it('without a known balance the estimate decides, and the balance is not made up', () => {
    expect(tasks.coinShortfall(estimate(8, false), false, null)).toEqual({ balance: null, missing: 8 });
    expect(tasks.coinShortfall(estimate(8, true), false, null)).toBeNull();
  });

  it('guests pay nothing here, and nothing is said before there is an estimate', () => {
    expect(tasks.coinShortfall(estimate(8, false), true, 0)).toBeNull();
    expect(tasks.coinShortfall(null, false, 0)).toBeNull();
  });

  it('law: with a known balance, short exactly when balance < cost, and balance + missing = cost', () => {
    fc.assert(
      fc.property(fc.nat(100_000), fc.nat(100_000), fc.boolean(), (coins, balance, canAfford) => {
        const s = tasks.coinShortfall(estimate(coins, canAfford), false, balance);
        if (balance >= coins) return s === null;
        return s !== null && s.balance === balance && s.balance + s.missing === coins && s.missing >= 1;
      }),
    );
  });
});
