import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { campaigns, format, replay, stamp } from '../../../domain/index.js';

const DAY = 86_400_000;
const MAY_8 = Date.UTC(2025, 4, 8);
const JULY_2 = Date.UTC(2025, 6, 2);

describe('activity banners (spec §4 "rotate weekly by date"; §9 "Campaigns: weekly, 8 May to 1 July 2025")', () => {
  it("shows the week's campaign inside the season", () => {
    expect(campaigns.campaignBanner(MAY_8)).toEqual({
      kind: 'campaign',
      type: 'aiVideoRush',
      endsAt: MAY_8 + 7 * DAY,
    });
    expect(campaigns.campaignBanner(MAY_8 + 7 * DAY)).toMatchObject({ type: 'starryNight' });
    expect(campaigns.campaignBanner(Date.UTC(2025, 5, 20))).toMatchObject({
      type: 'midyearFest',
      endsAt: JULY_2,
    });
    expect(campaigns.campaignBanner(JULY_2 - 1)).toMatchObject({ type: 'midyearFest' });
  });

  it('outside the season it shows the default banner', () => {
    expect(campaigns.campaignBanner(MAY_8 - 1)).toEqual({ kind: 'default' });
    expect(campaigns.campaignBanner(JULY_2)).toEqual({ kind: 'default' });
    expect(campaigns.campaignBanner(Date.UTC(2026, 4, 10))).toEqual({ kind: 'default' });
  });

  it("the banner follows the time read from the clock, not the reducer's own", () => {
    const events = [campaigns.campaignClockRead({ now: MAY_8 + 15 * DAY })].map((e, i) => stamp(e, i + 1, 0));
    const { state, violation } = replay(events);
    expect(violation).toBeNull();
    expect(campaigns.selectCampaignBanner(state.campaigns)).toMatchObject({ type: 'finalCountdown' });
    expect(campaigns.selectCampaignBanner(campaigns.initialCampaignsState)).toBeNull();
  });

  it('property: inside the season a campaign whose week holds the date, outside the default; weeks never go back', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: MAY_8 - 60 * DAY, max: JULY_2 + 60 * DAY }),
        fc.integer({ min: 0, max: 30 * DAY }),
        (t, later) => {
          const b = campaigns.campaignBanner(t);
          const inside = t >= MAY_8 && t < JULY_2;
          if (!inside) return b.kind === 'default';
          if (b.kind !== 'campaign') return false;
          const active = format.activeCampaign(t);
          const next = campaigns.campaignBanner(t + later);
          const order = (x: typeof b) => format.CAMPAIGN_TYPES.indexOf(x.type);
          return (
            active !== null &&
            t >= active.startsAt &&
            t < b.endsAt &&
            b.endsAt - active.startsAt <= 14 * DAY &&
            (next.kind === 'default' || order(next) >= order(b))
          );
        },
      ),
    );
  });
});
