/**
 * The ST-tavern test's assignment (spec §2 tavern routes, §7 are/you/ok; issue 21): deterministic
 * per unit, the demo accounts always in, and the documented share of devices in by their bucket.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ST_TAVERN_ALWAYS, ST_TAVERN_SHARE_PERCENT, assign, inStTavernGroup } from '../../server/ops/flags';
import { DEMO_ACCOUNT, DEMO_COMPANY } from '../../server/seed';

describe('ST-tavern assignment', () => {
  it('always puts the demo account and the demo company in, by account', () => {
    expect(assign('account', DEMO_ACCOUNT.id).flags.st_tavern).toBe(true);
    for (const a of DEMO_COMPANY) expect(assign('account', a.id).flags.st_tavern).toBe(true);
    expect([...ST_TAVERN_ALWAYS].sort()).toEqual([DEMO_ACCOUNT.id, ...DEMO_COMPANY.map((a) => a.id)].sort());
  });

  it('does not let a device borrow the demo account id to get in', () => {
    // By device, the id is only a bucket like any other: the exemption is for accounts.
    expect(inStTavernGroup('device', DEMO_ACCOUNT.id)).toBe(
      assign('device', DEMO_ACCOUNT.id).flags.st_tavern,
    );
  });

  it('property: the same unit always gets the same answer', () => {
    fc.assert(
      fc.property(fc.constantFrom('account' as const, 'device' as const), fc.uuid(), (unit, id) => {
        expect(assign(unit, id)).toEqual(assign(unit, id));
      }),
      { seed: 21, numRuns: 200 },
    );
  });

  it(`puts ${ST_TAVERN_SHARE_PERCENT} % of generated device ids in, within 3 points over 4000 devices`, () => {
    const ids = fc.sample(fc.uuid(), { seed: 2104, numRuns: 4000 });
    expect(new Set(ids).size).toBe(4000);
    const inside = ids.filter((id) => inStTavernGroup('device', id)).length;
    // Binomial(4000, 0.5): the standard deviation is about 0.8 point; 3 points is beyond 3.5 sigma.
    expect(Math.abs((inside / ids.length) * 100 - ST_TAVERN_SHARE_PERCENT)).toBeLessThan(3);
  });
});
