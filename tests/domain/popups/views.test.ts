/**
 * What the popup host shows (issue 12): where each popup leads, the route keys the queue reads,
 * the half-price countdown "ticks every second, shows hh:mm:ss and clears at zero" (spec §4) with
 * the popup closing at zero, and daily stamina following that close when flagged.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as popups from '../../../domain/popups/index.js';
import { givenIn } from '../../support/context-spec.js';
import { T0 } from '../../support/spec.js';

const given = givenIn(popups.popupsContext);

describe('where popups lead (issue 12 "each popup leads somewhere real")', () => {
  it('membership, coins spent on decorations, creation, the square and the pat-face tool', () => {
    const d: popups.PopupDetails = { patFace: { title: 'AI Face Swap', page: '/ai-tools/ai-face-swap' } };
    expect(popups.popupDestination('halfPrice', d)).toBe('/pricing');
    expect(popups.popupDestination('revive', { balanceDay: 0 })).toBe('/pricing');
    expect(popups.popupDestination('revive', { balanceDay: 12 })).toBe('/create');
    expect(popups.popupDestination('newUserExposure', d)).toBe('/create');
    expect(popups.popupDestination('dailyStamina', d)).toBe('/create');
    expect(popups.popupDestination('award', d)).toBe('/decorations');
    expect(popups.popupDestination('hot', d)).toBe('/explore');
    expect(popups.popupDestination('patFace', d)).toBe('/ai-tools/ai-face-swap');
  });

  it('a pat-face page that is not a path of this site is not followed', () => {
    for (const page of ['https://evil.test/x', '//evil.test', 'javascript:alert(1)', '', '/a b'])
      expect(popups.popupDestination('patFace', { patFace: { title: 't', page } })).toBe('/create');
  });

  it('property: every popup leads to a path of this site', () => {
    fc.assert(
      fc.property(fc.constantFrom(...popups.POPUP_TYPES), fc.string(), fc.integer(), (type, page, days) => {
        const to = popups.popupDestination(type, { patFace: { title: 't', page }, balanceDay: days });
        expect(to).toMatch(/^\/(?!\/)\S*$/);
      }),
    );
  });

  it('the award headline sums the positive awards; stamina left never goes below zero', () => {
    expect(
      popups.awardedCoins({
        awards: [
          { id: '1', title: 'award a', coins: 30 },
          { id: '2', title: 'award b', coins: 20 },
          { id: '3', title: 'bad', coins: -5 },
        ],
      }),
    ).toBe(50);
    expect(popups.staminaLeft({ stamina: { used: 3, limit: 30 } })).toBe(27);
    expect(popups.staminaLeft({ stamina: { used: 40, limit: 30 } })).toBe(0);
    expect(popups.staminaLeft({})).toBeNull();
  });
});

describe('route keys (spec §4 "pat-face ... unless on the home page"; "half-price needs an eligible route")', () => {
  it('home is homePage and the square is recommendPage; section page keys pass through', () => {
    expect(popups.popupRouteOf('home')).toBe(popups.HOME_ROUTE);
    expect(popups.popupRouteOf('explore')).toBe('recommendPage');
    expect(popups.popupRouteOf('modelPage')).toBe('modelPage');
    expect(popups.HALF_PRICE_ROUTES.has(popups.popupRouteOf('explore'))).toBe(true);
    expect(popups.HALF_PRICE_ROUTES.has(popups.popupRouteOf('decorations'))).toBe(false);
  });
});

describe('the half-price popup at zero (spec §4 "clears at zero")', () => {
  const END = T0 + 10_000;
  const history = [
    popups.dailyStaminaFlagged({ flagged: true }, T0),
    popups.endTimeSet({ popup: 'halfDiscount', endAt: END }, T0),
    popups.popupOffered({ type: 'halfPrice' }, T0),
    popups.popupShown({ type: 'halfPrice' }, T0 + 1),
  ];

  it('ticks hh:mm:ss while open, then closes at zero and daily stamina follows', () => {
    const g = given(...history, popups.countdownTicked({}, T0 + 3_000));
    expect(popups.selectPopupView(g.state)).toMatchObject({
      type: 'halfPrice',
      destination: '/pricing',
      countdown: { days: 0, clock: '00:00:07' },
    });
    const { state, violation } = g.when(popups.countdownTicked({}, END));
    expect(violation).toBeNull();
    expect(state.current).toBeNull();
    expect(state.endTimes.halfDiscount).toBeUndefined();
    expect(state.offered).toEqual(['dailyStamina']);
    expect(
      popups.selectNextPopup(state, {
        route: 'decorations',
        now: END,
        halfPriceEligible: true,
        newUserSubscriptionInfo: null,
        tourRunning: false,
      }),
    ).toBe('dailyStamina');
  });

  it('a half-price offer still waiting in the queue is withdrawn at zero', () => {
    const g = given(
      popups.endTimeSet({ popup: 'halfDiscount', endAt: END }, T0),
      popups.popupOffered({ type: 'halfPrice' }, T0),
    );
    const { state } = g.when(popups.countdownTicked({}, END + 1));
    expect(state.offered).toEqual([]);
    expect(state.current).toBeNull();
  });

  it('closing it by hand lets daily stamina follow, once', () => {
    const { state } = given(...history).when(popups.popupClosed({ type: 'halfPrice' }, T0 + 2));
    expect(state.offered).toEqual(['dailyStamina']);
    expect(state.staminaFollows).toBe(false);
  });
});

describe('popup details', () => {
  it('are kept as received and shown with the open popup', () => {
    const details: popups.PopupDetails = { hotCount: 12, stamina: { used: 1, limit: 30 } };
    const { state } = given(popups.detailsReceived({ details }), popups.popupOffered({ type: 'hot' })).when(
      popups.popupShown({ type: 'hot' }),
    );
    expect(popups.selectPopupView(state)).toMatchObject({
      type: 'hot',
      destination: '/explore',
      details,
      countdown: null,
      staminaLeft: 29,
    });
  });
});
