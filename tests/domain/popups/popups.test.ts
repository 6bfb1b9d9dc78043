import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { replayWith, stamp, type DomainEvent, type UnstampedEvent } from '../../../domain/index.js';
import * as popups from '../../../domain/popups/index.js';
import { givenIn } from '../../support/context-spec.js';
import { T0 } from '../../support/spec.js';

type PopupType = popups.PopupType;
const given = givenIn(popups.popupsContext);
const DAY = 86_400_000;
const HOUR = 3_600_000;
const NOON = T0 + 12 * HOUR; // T0 is 2026-01-01T00:00Z

const ctx = (over: Partial<popups.PopupContext> = {}): popups.PopupContext => ({
  route: 'homePage',
  now: NOON,
  halfPriceEligible: false,
  newUserSubscriptionInfo: null,
  tourRunning: false,
  ...over,
});
const offer = (type: PopupType) => popups.popupOffered({ type });
const shownAt = (type: PopupType, at: number) => popups.popupShown({ type }, at);
const closeAt = (type: PopupType, at: number) => popups.popupClosed({ type }, at);
const next = (s: popups.PopupsState, over: Partial<popups.PopupContext> = {}) =>
  popups.selectNextPopup(s, ctx(over));
let visits = 0;
/** The person goes to another page: a new page visit. */
const newVisit = () => popups.pageVisited({ route: `page-${++visits}` });

/** hh:mm:ss back to seconds, written here independently of the domain. */
const parseCountdown = (text: string): number => {
  const m = /^(\d{2,}):([0-5]\d):([0-5]\d)$/.exec(text);
  if (!m) throw new Error(`not hh:mm:ss: ${text}`);
  return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]);
};

describe('popups: priorities (spec §4 "new-user exposure 1, revive 2, half-price 3, pat-face 4, award 5, hot 6, daily stamina 7")', () => {
  it('lists the seven types with their priority numbers, in order', () => {
    expect(popups.POPUP_PRIORITY).toEqual({
      newUserExposure: 1,
      revive: 2,
      halfPrice: 3,
      patFace: 4,
      award: 5,
      hot: 6,
      dailyStamina: 7,
    });
    expect(popups.POPUP_TYPES).toEqual([
      'newUserExposure',
      'revive',
      'halfPrice',
      'patFace',
      'award',
      'hot',
      'dailyStamina',
    ]);
  });

  it('given several offered popups, the lowest number comes first, then the next once it has been shown and closed', () => {
    const g = given(offer('hot'), offer('award'), offer('revive'));
    expect(next(g.state)).toBe('revive');
    const after = g.when(shownAt('revive', NOON), closeAt('revive', NOON + 1)).state;
    // One interruption per page visit: the next waits for the next page.
    expect(next(after, { now: NOON + 2 })).toBeNull();
    expect(next(g.when(shownAt('revive', NOON), closeAt('revive', NOON + 1), newVisit()).state)).toBe(
      'award',
    );
  });

  it('nothing is proposed while a popup is open, or when nothing is offered', () => {
    const open = given(offer('award'), offer('hot'), shownAt('award', NOON)).state;
    expect(popups.selectCurrentPopup(open)).toBe('award');
    expect(next(open)).toBeNull();
    expect(next(popups.initialPopupsState)).toBeNull();
  });

  it('an offer is queued once and can be withdrawn', () => {
    const g = given(offer('award'));
    expect(g.when(offer('award')).state).toBe(g.state);
    expect(g.when(popups.popupWithdrawn({ type: 'award' })).state.offered).toEqual([]);
    expect(g.when(popups.popupWithdrawn({ type: 'hot' })).state).toBe(g.state);
  });
});

describe('popups: once per day (spec §4 "each type is shown at most once per day; the hot popup is exempt"; day = UTC calendar day)', () => {
  it('given a type shown today, when it is offered again the same day, then it is not proposed; the next UTC day it is', () => {
    const s = given(
      offer('award'),
      shownAt('award', NOON),
      closeAt('award', NOON + 1),
      offer('award'),
      newVisit(),
    ).state;
    expect(next(s, { now: T0 + DAY - 1 })).toBeNull();
    expect(next(s, { now: T0 + DAY })).toBe('award');
  });

  it('a second show on the same UTC day is refused by the reducer; on the next day it is recorded', () => {
    const g = given(shownAt('revive', T0 + 1), closeAt('revive', T0 + 2));
    expect(g.when(shownAt('revive', T0 + DAY - 1)).state).toBe(g.state);
    expect(g.when(shownAt('revive', T0 + DAY)).state.shown.revive).toEqual({ at: T0 + DAY });
  });

  it('23:59:59.999 and 00:00 UTC are different days', () => {
    expect(popups.utcDayOf(T0 + DAY - 1)).toBe(popups.utcDayOf(T0));
    expect(popups.utcDayOf(T0 + DAY)).toBe(popups.utcDayOf(T0) + 1);
  });

  it('a show stamped on a later day (clock went back) still counts as today', () => {
    expect(popups.shownToday({ at: T0 + DAY }, T0)).toBe(true);
    expect(popups.mayShowToday('award', { award: { at: T0 + DAY } }, T0)).toBe(false);
  });

  it('the hot popup may show again the same day, when there is something new since it was seen', () => {
    const hot = (newest: number) => popups.detailsReceived({ details: { hotCount: 3, hotNewestAt: newest } });
    const s = given(hot(NOON - 10), offer('hot'), shownAt('hot', NOON), closeAt('hot', NOON + 1), newVisit());
    expect(s.state.hotSeenAt).toBe(NOON - 10);
    expect(next(s.when(offer('hot')).state, { now: NOON + 2 })).toBeNull();
    expect(next(s.when(hot(NOON - 5), offer('hot')).state, { now: NOON + 2 })).toBe('hot');
    const again = given(shownAt('hot', NOON), closeAt('hot', NOON + 1)).when(shownAt('hot', NOON + 5)).state;
    expect(again.shown.hot).toEqual({ at: NOON + 5 });
    expect(again.current).toBe('hot');
  });

  it('shown status is kept with a timestamp: restored from storage (latest wins) and read back for storage', () => {
    const g = given(shownAt('award', NOON));
    const s = g.when(
      popups.shownStatusRestored({ shown: { award: NOON - 5, revive: NOON - 10, hot: Number.NaN } }),
    ).state;
    expect(popups.selectShownStatus(s)).toEqual({ award: NOON, revive: NOON - 10 });
    expect(
      next(given(popups.shownStatusRestored({ shown: { revive: NOON - HOUR } }), offer('revive')).state),
    ).toBeNull();
    expect(g.when(popups.shownStatusRestored({ shown: { award: NOON - 1 } })).state).toBe(g.state);
    expect(popups.POPUP_SHOWN_STORAGE_KEY).toBe('popup_shown_status');
  });
});

describe('popups: pat-face (spec §4 "skipped unless on the home page and half-price is not eligible or already shown")', () => {
  const eligible = { halfPriceEligible: true };

  it('off the home page it is skipped', () => {
    const s = given(offer('patFace')).state;
    expect(next(s, { route: 'postPage' })).toBeNull();
    expect(next(s, { route: 'homePage' })).toBe('patFace');
  });

  it('on the home page with half-price eligible and not yet shown, half-price comes and pat-face waits', () => {
    const s = given(offer('patFace'), offer('halfPrice')).state;
    expect(next(s, eligible)).toBe('halfPrice');
    expect(popups.isPopupEligible(s, ctx(eligible), 'patFace')).toBe(false);
  });

  it('once half-price has been shown today, pat-face follows', () => {
    const s = given(
      offer('patFace'),
      offer('halfPrice'),
      shownAt('halfPrice', NOON),
      closeAt('halfPrice', NOON + 1),
      offer('halfPrice'),
      newVisit(),
    ).state;
    expect(next(s, { ...eligible, now: NOON + 2 })).toBe('patFace');
  });

  it('when half-price is not eligible (no offer, not qualified, or new-user info present), pat-face may show', () => {
    expect(next(given(offer('patFace')).state, eligible)).toBe('patFace');
    const both = given(offer('patFace'), offer('halfPrice')).state;
    expect(next(both, { halfPriceEligible: false })).toBe('patFace');
    expect(next(both, { ...eligible, newUserSubscriptionInfo: { productId: 'nu' } })).toBe('patFace');
  });
});

describe('popups: half-price (spec §4 "needs an eligible route and no new-user subscription info")', () => {
  const s = given(offer('halfPrice')).state;
  it('is proposed on an eligible route for an eligible person without new-user subscription info', () => {
    expect(next(s, { route: 'videoPage', halfPriceEligible: true })).toBe('halfPrice');
  });
  it('is not proposed on another route, with new-user subscription info, or when not eligible', () => {
    expect(next(s, { route: 'tavernChat', halfPriceEligible: true })).toBeNull();
    expect(next(s, { route: 'homePage', halfPriceEligible: true, newUserSubscriptionInfo: {} })).toBeNull();
    expect(next(s, { route: 'homePage', halfPriceEligible: false })).toBeNull();
  });
});

describe('popups: daily stamina (spec §4 "after a popup closes, the daily stamina popup may follow if flagged")', () => {
  it('given the flag, when a popup closes, then daily stamina is offered next, once', () => {
    const g = given(popups.dailyStaminaFlagged({ flagged: true }), offer('award'), shownAt('award', NOON));
    expect(next(g.state)).toBeNull();
    const s = g.when(closeAt('award', NOON + 1)).state;
    expect(s.offered).toEqual(['dailyStamina']);
    expect(s.staminaFollows).toBe(false);
    expect(next(s, { now: NOON + 2 })).toBe('dailyStamina');
    const afterStamina = given(
      popups.dailyStaminaFlagged({ flagged: true }),
      offer('award'),
      shownAt('award', NOON),
      closeAt('award', NOON + 1),
      shownAt('dailyStamina', NOON + 2),
      closeAt('dailyStamina', NOON + 3),
    ).state;
    expect(afterStamina.offered).toEqual([]);
  });

  it('without the flag nothing follows; closing a popup that is not open changes nothing', () => {
    const g = given(offer('award'), shownAt('award', NOON));
    expect(g.when(closeAt('award', NOON + 1)).state.offered).toEqual([]);
    expect(g.when(closeAt('hot', NOON + 1)).state).toBe(g.state);
  });

  it('closing daily stamina itself does not queue it again; an already queued one is not duplicated', () => {
    const s = given(
      popups.dailyStaminaFlagged({ flagged: true }),
      shownAt('dailyStamina', NOON),
      closeAt('dailyStamina', NOON + 1),
    ).state;
    expect(s.offered).toEqual([]);
    expect(s.staminaFollows).toBe(true);
    const q = given(
      popups.dailyStaminaFlagged({ flagged: true }),
      offer('dailyStamina'),
      shownAt('hot', NOON),
      closeAt('hot', NOON + 1),
    ).state;
    expect(q.offered).toEqual(['dailyStamina']);
  });

  it('setting the flag to what it is changes nothing', () => {
    const g = given();
    expect(g.when(popups.dailyStaminaFlagged({ flagged: false })).state).toBe(g.state);
  });
});

describe('popups: end times (spec §4 "retention, awaiting order, activation, half-discount: valid only while the end time is in the future, otherwise the key is removed")', () => {
  it('plans the stored keys: future end times kept, past, present, missing or invalid ones removed', () => {
    expect(
      popups.planEndTimeKeys(
        {
          retention_popup_end_at: NOON + 1,
          awaiting_order_end_at: NOON,
          activation_popup_end_at: null,
          half_discount_end_at: Number.NaN,
        },
        NOON,
      ),
    ).toEqual({
      keep: ['retention_popup_end_at'],
      remove: ['awaiting_order_end_at', 'activation_popup_end_at', 'half_discount_end_at'],
    });
  });

  it('names a storage key for each of the four end-time popups', () => {
    expect(Object.keys(popups.END_TIME_STORAGE_KEYS).sort()).toEqual([...popups.END_TIME_POPUPS].sort());
  });

  it('given an end time in the future it is active until then; a tick at or after it removes it', () => {
    const g = given(popups.endTimeSet({ popup: 'retention', endAt: NOON + 10_000 }, NOON));
    expect(popups.selectActiveEndTimePopups(g.state, NOON)).toEqual(['retention']);
    expect(popups.selectActiveEndTimePopups(g.state, NOON + 10_000)).toEqual([]);
    expect(g.when(popups.countdownTicked({}, NOON + 9_999)).state.endTimes).toBe(g.state.endTimes);
    expect(g.when(popups.countdownTicked({}, NOON + 10_000)).state.endTimes).toEqual({});
  });

  it('an end time already past is not stored, and removes the one stored before', () => {
    const g = given(popups.endTimeSet({ popup: 'activation', endAt: NOON + 1000 }, NOON));
    expect(g.when(popups.endTimeSet({ popup: 'activation', endAt: NOON }, NOON + 1)).state.endTimes).toEqual(
      {},
    );
    const empty = given();
    expect(empty.when(popups.endTimeSet({ popup: 'activation', endAt: NOON - 1 }, NOON)).state.endTimes).toBe(
      empty.state.endTimes,
    );
  });

  it('an end time can be cleared; clearing a missing one changes nothing', () => {
    const g = given(popups.endTimeSet({ popup: 'awaitingOrder', endAt: NOON + 1000 }, NOON));
    expect(g.when(popups.endTimeCleared({ popup: 'awaitingOrder' })).state.endTimes).toEqual({});
    expect(g.when(popups.endTimeCleared({ popup: 'retention' })).state).toBe(g.state);
  });

  it('default countdowns are 5 (popup, seconds) and 15 (awaiting order, minutes)', () => {
    expect(popups.DEFAULT_POPUP_COUNTDOWN_SECONDS).toBe(5);
    expect(popups.DEFAULT_AWAITING_ORDER_COUNTDOWN_MINUTES).toBe(15);
    expect(popups.awaitingOrderEndAt(NOON)).toBe(NOON + 15 * 60_000);
    expect(popups.awaitingOrderEndAt(NOON, 1)).toBe(NOON + 60_000);
  });
});

describe('popups: half-discount countdown (spec §4 "ticks every second, shows hh:mm:ss and clears at zero")', () => {
  it('formats whole seconds left as hh:mm:ss, hours unwrapped, negatives and NaN as zero', () => {
    expect(popups.formatCountdown(0)).toBe('00:00:00');
    expect(popups.formatCountdown(999)).toBe('00:00:00');
    expect(popups.formatCountdown(61_000)).toBe('00:01:01');
    expect(popups.formatCountdown(3_723_000)).toBe('01:02:03');
    expect(popups.formatCountdown(100 * HOUR)).toBe('100:00:00');
    expect(popups.formatCountdown(-5)).toBe('00:00:00');
    expect(popups.formatCountdown(Number.NaN)).toBe('00:00:00');
  });

  it('given a half-discount end time, the countdown runs, ticks, and clears (with its key) when it reaches zero', () => {
    const g = given(popups.endTimeSet({ popup: 'halfDiscount', endAt: NOON + 3_500 }, NOON));
    expect(popups.selectHalfDiscountCountdown(g.state)).toBe('00:00:03');
    const ticked = g.when(popups.countdownTicked({}, NOON + 1_000)).state;
    expect(popups.selectHalfDiscountCountdown(ticked)).toBe('00:00:02');
    const cleared = g.when(popups.countdownTicked({}, NOON + 2_600)).state;
    expect(popups.selectHalfDiscountCountdown(cleared)).toBeNull();
    expect(cleared.endTimes.halfDiscount).toBeUndefined();
  });

  it('an end time less than a second away is already zero: nothing runs and nothing is stored', () => {
    const g = given();
    const { state } = g.when(popups.endTimeSet({ popup: 'halfDiscount', endAt: NOON + 999 }, NOON));
    expect(state.endTimes).toBe(g.state.endTimes);
    expect(state.halfDiscountCountdown).toBe(g.state.halfDiscountCountdown);
  });

  it('clearing the half-discount end time stops its countdown', () => {
    const { state } = given(popups.endTimeSet({ popup: 'halfDiscount', endAt: NOON + 60_000 }, NOON)).when(
      popups.endTimeCleared({ popup: 'halfDiscount' }),
    );
    expect(state.halfDiscountCountdown).toEqual({ status: 'idle' });
  });

  it('a tick at the same instant changes nothing; an idle countdown stays idle', () => {
    const c = popups.startCountdown(NOON + 5_000, NOON);
    expect(popups.countdownTick(c, NOON)).toBe(c);
    expect(popups.countdownTick(popups.IDLE_COUNTDOWN, NOON)).toBe(popups.IDLE_COUNTDOWN);
    expect(popups.COUNTDOWN_TICK_MS).toBe(1000);
  });

  it('property: countdown formatting round-trips (hh:mm:ss parses back to the whole seconds left)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: -1e6, max: 1e6 }), fc.integer({ min: 0, max: 1e11 })), (ms) => {
        expect(parseCountdown(popups.formatCountdown(ms))).toBe(Math.floor(Math.max(0, ms) / 1000));
      }),
    );
  });

  it('property: the countdown is non-increasing as time advances, and once cleared stays cleared', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 * HOUR }),
        fc.array(fc.integer({ min: 0, max: 5_000 }), { maxLength: 40 }),
        (duration, steps) => {
          const start = NOON;
          let state = given(
            popups.endTimeSet({ popup: 'halfDiscount', endAt: start + duration }, start),
          ).state;
          let at = start;
          let last = Number.POSITIVE_INFINITY;
          let cleared = false;
          for (const step of steps) {
            at += step;
            state = popups.evolvePopups(
              state,
              stamp(popups.countdownTicked({}), 99, at) as popups.PopupsEvent,
            );
            const text = popups.selectHalfDiscountCountdown(state);
            const seconds = text === null ? 0 : parseCountdown(text);
            expect(seconds).toBeLessThanOrEqual(last);
            if (cleared) expect(text).toBeNull();
            if (text === null) cleared = true;
            else expect(seconds).toBeGreaterThan(0);
            last = seconds;
          }
        },
      ),
    );
  });
});

// ---- the queue decision against an independent oracle

const arbType = fc.constantFrom<PopupType>(...popups.POPUP_TYPES);
const arbRoute = fc.constantFrom('homePage', 'postPage', 'videoPage', 'tavernChat', 'personal');
const arbCtx = fc.record({
  route: arbRoute,
  now: fc.integer({ min: T0, max: T0 + 4 * DAY }),
  halfPriceEligible: fc.boolean(),
  newUserSubscriptionInfo: fc.option(fc.constant({ productId: 'nu' })),
  tourRunning: fc.boolean(),
});
const arbQueueState: fc.Arbitrary<popups.PopupsState> = fc
  .record({
    offered: fc.uniqueArray(arbType),
    shown: fc.dictionary(
      arbType,
      fc.integer({ min: T0 - DAY, max: T0 + 4 * DAY }).map((at) => ({ at })),
    ),
    current: fc.option(arbType, { freq: 4 }),
    visitInterrupted: fc.boolean(),
    hotSeenAt: fc.option(fc.integer({ min: T0, max: T0 + 2 * DAY })),
    details: fc
      .option(fc.integer({ min: T0, max: T0 + 2 * DAY }))
      .map((n) => (n === null ? {} : { hotNewestAt: n })),
  })
  .map((r) => ({ ...popups.initialPopupsState, ...r }));

const oracleEligible = (s: popups.PopupsState, c: popups.PopupContext, t: PopupType): boolean => {
  const day = (x: number) => Math.floor(x / DAY);
  const shownToday = (u: PopupType) => s.shown[u] !== undefined && day(s.shown[u]!.at) >= day(c.now);
  const halfOk =
    c.halfPriceEligible &&
    ['homePage', 'postPage', 'videoPage'].includes(c.route) &&
    c.newUserSubscriptionInfo === null;
  if (s.visitInterrupted && t !== 'dailyStamina') return false;
  if (t !== 'hot' && shownToday(t)) return false;
  if (t === 'hot') {
    const newest = s.details.hotNewestAt;
    if (newest === undefined) return !shownToday('hot');
    return s.hotSeenAt === null || newest > s.hotSeenAt;
  }
  if (t === 'halfPrice') return halfOk;
  if (t === 'patFace')
    return (
      c.route === 'homePage' && (!(s.offered.includes('halfPrice') && halfOk) || shownToday('halfPrice'))
    );
  return true;
};

describe('popups: the decision (spec §4 queue)', () => {
  it('waits while the guided tour runs, and offers the same popup once it is over', () => {
    const s = given(offer('award'), offer('hot')).state;
    expect(next(s, { tourRunning: true })).toBeNull();
    expect(next(s, { tourRunning: false })).toBe('award');
  });

  it('property: it always picks the lowest priority number among eligible candidates (none while one is open or the tour runs)', () => {
    fc.assert(
      fc.property(arbQueueState, arbCtx, (s, c) => {
        const eligible = s.offered.filter((t) => oracleEligible(s, c, t));
        const expected =
          s.current !== null || c.tourRunning || eligible.length === 0
            ? null
            : eligible.reduce((a, b) => (popups.POPUP_PRIORITY[b] < popups.POPUP_PRIORITY[a] ? b : a));
        expect(popups.selectNextPopup(s, c)).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });
});

// ---- random sequences

const arbTime = fc.integer({ min: T0, max: T0 + 5 * DAY });
const arbEvent: fc.Arbitrary<UnstampedEvent> = fc.oneof(
  { weight: 3, arbitrary: fc.tuple(arbType, arbTime).map(([type, at]) => popups.popupOffered({ type }, at)) },
  { weight: 4, arbitrary: fc.tuple(arbType, arbTime).map(([type, at]) => popups.popupShown({ type }, at)) },
  { weight: 3, arbitrary: fc.tuple(arbType, arbTime).map(([type, at]) => popups.popupClosed({ type }, at)) },
  {
    weight: 1,
    arbitrary: fc.tuple(arbType, arbTime).map(([type, at]) => popups.popupWithdrawn({ type }, at)),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.boolean(), arbTime)
      .map(([flagged, at]) => popups.dailyStaminaFlagged({ flagged }, at)),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.dictionary(arbType, arbTime), arbTime)
      .map(([shown, at]) => popups.shownStatusRestored({ shown }, at)),
  },
  {
    weight: 2,
    arbitrary: fc.tuple(arbRoute, arbTime).map(([route, at]) => popups.pageVisited({ route }, at)),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.option(fc.constantFrom('acc-a', 'acc-b')), fc.option(arbTime), arbTime)
      .map(([accountId, seen, at]) => popups.hotSeenRestored({ accountId, at: seen }, at)),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(arbTime, arbTime)
      .map(([newest, at]) => popups.detailsReceived({ details: { hotCount: 1, hotNewestAt: newest } }, at)),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom(...popups.END_TIME_POPUPS), fc.integer({ min: -10_000, max: 3 * HOUR }), arbTime)
      .map(([popup, delta, at]) => popups.endTimeSet({ popup, endAt: at + delta }, at)),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(...popups.END_TIME_POPUPS), arbTime)
      .map(([popup, at]) => popups.endTimeCleared({ popup }, at)),
  },
  { weight: 2, arbitrary: arbTime.map((at) => popups.countdownTicked({}, at)) },
);
/** Random times, optionally sorted: logs are mostly in time order, but clocks can go back. */
const arbEvents = fc
  .tuple(fc.array(arbEvent, { maxLength: 60 }), fc.boolean())
  .map(([es, sorted]) => (sorted ? [...es].sort((a, b) => (a.meta?.at ?? 0) - (b.meta?.at ?? 0)) : es))
  .map((es) => es.map((e, i) => stamp(e, i + 1, T0)));
const evolve = popups.evolvePopups as (s: popups.PopupsState, e: DomainEvent) => popups.PopupsState;

describe('popups: replay', () => {
  it('property: the queue never shows two of a type in one day (hot aside), over random offered/shown/closed sequences at random times', () => {
    fc.assert(
      fc.property(arbEvents, (events) => {
        let s = popups.initialPopupsState;
        const shows = new Set<string>();
        for (const e of events) {
          const after = evolve(s, e);
          if (e.type === 'popups/shown' && after !== s) {
            const type = (e.payload as { type: PopupType }).type;
            const key = `${type}@${popups.utcDayOf(e.meta.at)}`;
            if (type !== 'hot') {
              expect(shows.has(key)).toBe(false);
              shows.add(key);
            }
          }
          s = after;
        }
      }),
      { numRuns: 500 },
    );
  });

  it('property: a view that shows what selectNextPopup proposes never has a show refused, and never repeats a type in a day', () => {
    const arbStep = fc.oneof(
      arbType.map((type) => ({ kind: 'offer' as const, type })),
      fc.constant({ kind: 'showNext' as const }),
      fc.constant({ kind: 'close' as const }),
      fc.integer({ min: 0, max: DAY }).map((ms) => ({ kind: 'wait' as const, ms })),
    );
    fc.assert(
      fc.property(
        fc.array(arbStep, { maxLength: 80 }),
        arbRoute,
        fc.boolean(),
        (steps, route, halfPriceEligible) => {
          let s = popups.initialPopupsState;
          let now = NOON;
          let seq = 0;
          const apply = (e: UnstampedEvent) => (s = evolve(s, stamp(e, ++seq, now)));
          const shows: string[] = [];
          for (const step of steps) {
            if (step.kind === 'wait') now += step.ms;
            else if (step.kind === 'offer') apply(popups.popupOffered({ type: step.type }));
            else if (step.kind === 'close') {
              if (s.current !== null) apply(popups.popupClosed({ type: s.current }));
            } else {
              const type = popups.selectNextPopup(s, {
                route,
                now,
                halfPriceEligible,
                newUserSubscriptionInfo: null,
                tourRunning: false,
              });
              if (type === null) continue;
              const before = s;
              apply(popups.popupShown({ type }));
              expect(s).not.toBe(before);
              expect(s.current).toBe(type);
              if (type !== 'hot') shows.push(`${type}@${popups.utcDayOf(now)}`);
            }
          }
          expect(new Set(shows).size).toBe(shows.length);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('property: folding a random event sequence from scratch equals applying it step by step', () => {
    fc.assert(
      fc.property(arbEvents, fc.nat(), (events, cut) => {
        const k = cut % (events.length + 1);
        const whole = replayWith(evolve, [], popups.initialPopupsState, events).state;
        let stepwise = popups.initialPopupsState;
        for (const e of events) stepwise = evolve(stepwise, e);
        const prefix = replayWith(evolve, [], popups.initialPopupsState, events.slice(0, k)).state;
        expect(stepwise).toEqual(whole);
        expect(replayWith(evolve, [], prefix, events.slice(k)).state).toEqual(whole);
      }),
    );
  });

  it('property: invariants hold after every event of a random sequence', () => {
    fc.assert(
      fc.property(arbEvents, (events) => {
        const r = replayWith(evolve, popups.popupsContext.invariants, popups.initialPopupsState, events);
        expect(r.violation).toBeNull();
      }),
      { numRuns: 500 },
    );
  });
});

describe('popups: invariants catch a corrupted state', () => {
  const s0 = popups.initialPopupsState;
  const shownEvent = stamp(popups.popupShown({ type: 'award' }), 1, NOON);
  it('a second same-day show of a non-hot type is reported; hot is not', () => {
    const before = { ...s0, shown: { award: { at: NOON }, hot: { at: NOON } } };
    const after = { ...s0, shown: { award: { at: NOON + 1 }, hot: { at: NOON + 1 } } };
    expect(popups.atMostOncePerDay.check(before, after, shownEvent)).toBe(
      `award shown twice on UTC day ${popups.utcDayOf(NOON)}`,
    );
    expect(
      popups.atMostOncePerDay.check(before, after, stamp(popups.countdownTicked({}), 1, NOON)),
    ).toBeNull();
  });
  it('a shown status that is lost or moves back is reported', () => {
    const before = { ...s0, shown: { award: { at: NOON } } };
    expect(popups.shownNeverMovesBack.check(before, s0, shownEvent)).toBe('award lost its shown status');
    expect(popups.shownNeverMovesBack.check(before, { ...s0, shown: { award: { at: 1 } } }, shownEvent)).toBe(
      `award shown status went back from ${NOON} to 1`,
    );
  });
  it('an open popup never shown, or a doubly offered one, is reported', () => {
    expect(popups.queueConsistent.check(s0, { ...s0, current: 'hot' }, shownEvent)).toBe(
      'hot is open but was never shown',
    );
    expect(popups.queueConsistent.check(s0, { ...s0, offered: ['hot', 'hot'] }, shownEvent)).toBe(
      'a popup is offered twice',
    );
  });
  it('a countdown that disagrees with its end time, or runs below a second, is reported', () => {
    const running = { status: 'running', endAt: NOON + 5000, remainingMs: 5000 } as const;
    expect(
      popups.countdownMatchesEndTime.check(s0, { ...s0, halfDiscountCountdown: running }, shownEvent),
    ).toBe(`countdown ends at ${NOON + 5000} but the half-discount end time is undefined`);
    expect(
      popups.countdownMatchesEndTime.check(
        s0,
        {
          ...s0,
          endTimes: { halfDiscount: NOON + 5000 },
          halfDiscountCountdown: { ...running, remainingMs: 10 },
        },
        shownEvent,
      ),
    ).toBe('countdown is running with 10 ms left');
  });
});

describe('popups: end-time reminders (spec §4 "retention, awaiting order, activation ... each is valid only while its end time is in the future"; §9 awaiting order 15)', () => {
  const MIN = 60_000;
  const awaiting = (at = NOON) =>
    popups.endTimeSet({ popup: 'awaitingOrder', endAt: popups.awaitingOrderEndAt(at), orderId: 'ord 1' }, at);

  it('an awaiting order shows its 15 minutes counting down and leads back into its checkout', () => {
    const g = given(awaiting());
    expect(popups.selectReminder(g.state, 'home')).toEqual({
      popup: 'awaitingOrder',
      endAt: NOON + 15 * MIN,
      remaining: '00:15:00',
      destination: '/pricing?order=ord%201',
    });
    const later = g.when(popups.countdownTicked({}, NOON + 61_000)).state;
    expect(popups.selectReminder(later, 'home')?.remaining).toBe('00:13:59');
    const over = g.when(popups.countdownTicked({}, NOON + 15 * MIN)).state;
    expect(popups.selectReminder(over, 'home')).toBeNull();
    expect(over.awaitingOrderId).toBeNull();
  });

  it('one at a time, in order: awaiting order, then activation, then retention', () => {
    const g = given(
      popups.endTimeSet({ popup: 'retention', endAt: NOON + 5 * DAY }, NOON),
      popups.endTimeSet({ popup: 'activation', endAt: NOON + 2 * DAY }, NOON),
    );
    expect(popups.selectReminder(g.state, 'home')?.popup).toBe('activation');
    expect(popups.selectReminder(g.when(awaiting()).state, 'home')?.popup).toBe('awaitingOrder');
    const closed = g.when(popups.reminderClosed({ popup: 'activation' }, NOON + 1)).state;
    expect(popups.selectReminder(closed, 'home')).toMatchObject({
      popup: 'retention',
      destination: '/subscription',
    });
  });

  it('closed, it is not shown again that day, and comes back the next day while still valid', () => {
    const g = given(
      popups.endTimeSet({ popup: 'retention', endAt: NOON + 5 * DAY }, NOON),
      popups.reminderClosed({ popup: 'retention' }, NOON),
    );
    expect(popups.selectReminder(g.state, 'home')).toBeNull();
    const tomorrow = g.when(
      popups.endTimeSet({ popup: 'retention', endAt: NOON + 5 * DAY }, NOON + DAY),
    ).state;
    expect(popups.selectReminder(tomorrow, 'home')?.popup).toBe('retention');
  });

  it('not over an open popup, nor on the page it leads to', () => {
    const g = given(awaiting(), offer('hot'), shownAt('hot', NOON));
    expect(popups.selectReminder(g.state, 'home')).toBeNull();
    const closed = g.when(closeAt('hot', NOON + 1)).state;
    expect(popups.selectReminder(closed, 'home')?.popup).toBe('awaitingOrder');
    expect(popups.selectReminder(closed, 'pricing')).toBeNull();
  });

  it('a cleared awaiting order forgets its order; only the awaiting order and a half discount keep the clock running', () => {
    const g = given(awaiting());
    expect(popups.selectClockRuns(g.state)).toBe(true);
    const cleared = g.when(popups.endTimeCleared({ popup: 'awaitingOrder' })).state;
    expect(cleared.awaitingOrderId).toBeNull();
    expect(popups.selectClockRuns(cleared)).toBe(false);
    expect(
      popups.selectClockRuns(given(popups.endTimeSet({ popup: 'retention', endAt: NOON + DAY }, NOON)).state),
    ).toBe(false);
  });

  const reminderArb: fc.Arbitrary<popups.ReminderPopup> = fc.constantFrom(...popups.REMINDER_POPUPS);
  const stepArb = fc.oneof(
    fc
      .tuple(reminderArb, fc.integer({ min: -2 * DAY, max: 3 * DAY }))
      .map(([popup, d]) => ({ kind: 'set' as const, popup, d })),
    reminderArb.map((popup) => ({ kind: 'close' as const, popup })),
    reminderArb.map((popup) => ({ kind: 'clear' as const, popup })),
    fc.constant({ kind: 'tick' as const }),
  );

  it('property: a reminder shown is valid at the clock time, was not closed that day, and is the first such in order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(stepArb, fc.integer({ min: 0, max: 6 * HOUR })), { maxLength: 25 }),
        (steps) => {
          let at = NOON;
          const events: UnstampedEvent[] = [];
          const closedAt: Partial<Record<popups.ReminderPopup, number>> = {};
          let s = popups.initialPopupsState;
          for (const [step, dt] of steps) {
            at += dt;
            const e =
              step.kind === 'set'
                ? popups.endTimeSet({ popup: step.popup, endAt: at + step.d }, at)
                : step.kind === 'close'
                  ? popups.reminderClosed({ popup: step.popup }, at)
                  : step.kind === 'clear'
                    ? popups.endTimeCleared({ popup: step.popup }, at)
                    : popups.countdownTicked({}, at);
            if (step.kind === 'close') closedAt[step.popup] = at;
            events.push(e);
            s = popups.popupsContext.evolve(s, stamp(e, events.length, at) as never);
            const shown = popups.selectReminder(s, null);
            const eligible = popups.REMINDER_POPUPS.filter((p) => {
              const endAt = s.endTimes[p];
              const closed = closedAt[p];
              return (
                endAt !== undefined &&
                endAt > at &&
                (closed === undefined || Math.floor(closed / DAY) < Math.floor(at / DAY))
              );
            });
            expect(shown?.popup ?? null).toBe(eligible[0] ?? null);
          }
        },
      ),
    );
  });
});

// ---- issue 21 item 6: one interruption per page visit, the hot popup only when new, days in countdowns

describe('popups: at most one interruption per page visit (issue 21: no popup wall)', () => {
  const all = [offer('halfPrice'), offer('hot'), popups.dailyStaminaFlagged({ flagged: true })];
  const onHome = { route: 'homePage', halfPriceEligible: true };

  it('given half-price, hot and the stamina flag, the visit shows half-price, then only the stamina follow-up', () => {
    const g = given(...all, newVisit());
    expect(next(g.state, onHome)).toBe('halfPrice');
    const closed = g.when(shownAt('halfPrice', NOON), closeAt('halfPrice', NOON + 1)).state;
    expect(closed.offered).toEqual(['hot', 'dailyStamina']);
    expect(next(closed, { ...onHome, now: NOON + 2 })).toBe('dailyStamina');
    const done = given(...all, newVisit()).when(
      shownAt('halfPrice', NOON),
      closeAt('halfPrice', NOON + 1),
      shownAt('dailyStamina', NOON + 2),
      closeAt('dailyStamina', NOON + 3),
    ).state;
    expect(next(done, { ...onHome, now: NOON + 4 })).toBeNull();
  });

  it('the same page again is the same visit; another page is a new one', () => {
    const g = given(...all, popups.pageVisited({ route: 'homePage' }), shownAt('halfPrice', NOON));
    expect(g.state.visitInterrupted).toBe(true);
    expect(g.when(popups.pageVisited({ route: 'homePage' })).state).toBe(g.state);
    expect(g.when(popups.pageVisited({ route: 'videoPage' })).state.visitInterrupted).toBe(false);
  });

  it('property: a view that shows whatever the queue proposes interrupts each page visit at most once (stamina aside), in priority order', () => {
    const arbStep = fc.oneof(
      arbType.map((type) => ({ kind: 'offer' as const, type })),
      fc.constant({ kind: 'showNext' as const }),
      fc.constant({ kind: 'close' as const }),
      fc.boolean().map((flagged) => ({ kind: 'flag' as const, flagged })),
      arbRoute.map((route) => ({ kind: 'visit' as const, route })),
      fc.integer({ min: 0, max: DAY }).map((ms) => ({ kind: 'wait' as const, ms })),
    );
    fc.assert(
      fc.property(fc.array(arbStep, { maxLength: 80 }), fc.boolean(), (steps, halfPriceEligible) => {
        let s = popups.initialPopupsState;
        let now = NOON;
        let seq = 0;
        const apply = (e: UnstampedEvent) => (s = evolve(s, stamp(e, ++seq, now)));
        let route = 'homePage';
        apply(popups.pageVisited({ route }));
        let interruptions = 0;
        for (const step of steps) {
          if (step.kind === 'wait') now += step.ms;
          else if (step.kind === 'offer') apply(popups.popupOffered({ type: step.type }));
          else if (step.kind === 'flag') apply(popups.dailyStaminaFlagged({ flagged: step.flagged }));
          else if (step.kind === 'visit') {
            if (step.route !== route) interruptions = 0;
            route = step.route;
            apply(popups.pageVisited({ route }));
          } else if (step.kind === 'close') {
            if (s.current !== null) apply(popups.popupClosed({ type: s.current }));
          } else {
            const c = { route, now, halfPriceEligible, newUserSubscriptionInfo: null, tourRunning: false };
            const type = popups.selectNextPopup(s, c);
            if (type === null) continue;
            // Priority kept: nothing eligible ahead of the one proposed.
            for (const other of s.offered)
              if (popups.POPUP_PRIORITY[other] < popups.POPUP_PRIORITY[type])
                expect(popups.isPopupEligible(s, c, other) && !s.visitInterrupted).toBe(false);
            apply(popups.popupShown({ type }));
            if (type !== 'dailyStamina') interruptions += 1;
            expect(interruptions).toBeLessThanOrEqual(1);
          }
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('popups: the hot popup comes back only with something new (issue 21)', () => {
  const hotData = (newest: number) =>
    popups.detailsReceived({ details: { hotCount: 4, hotNewestAt: newest } });

  it('the marker is per account: restored for the account, moved on when the hot popup shows, cleared at sign-out', () => {
    const g = given(
      popups.hotSeenRestored({ accountId: 'acc-1', at: NOON - HOUR }),
      hotData(NOON - 2 * HOUR),
    );
    expect(g.state.hotSeenAccount).toBe('acc-1');
    expect(next(g.when(offer('hot'), newVisit()).state)).toBeNull();
    const newer = [hotData(NOON - 1), offer('hot'), newVisit()];
    expect(next(g.when(...newer).state)).toBe('hot');
    expect(g.when(...newer, shownAt('hot', NOON)).state.hotSeenAt).toBe(NOON - 1);
    const out = g.when(...newer, popups.hotSeenRestored({ accountId: null, at: 5 })).state;
    expect([out.hotSeenAccount, out.hotSeenAt]).toEqual([null, null]);
  });

  it('property: hot is proposed only when its newest work is later than the one last seen; after showing it, not again for the same news', () => {
    fc.assert(
      fc.property(
        fc.option(fc.integer({ min: 0, max: 10_000 })),
        fc.integer({ min: 0, max: 10_000 }),
        (seen, newest) => {
          const s = given(
            popups.hotSeenRestored({ accountId: 'acc', at: seen }),
            hotData(newest),
            offer('hot'),
            newVisit(),
          ).state;
          const proposed = next(s) === 'hot';
          expect(proposed).toBe(seen === null || newest > seen);
          expect(popups.hotIsNew(newest, seen)).toBe(proposed);
          if (proposed) {
            const after = given(
              popups.hotSeenRestored({ accountId: 'acc', at: seen }),
              hotData(newest),
              offer('hot'),
              newVisit(),
              shownAt('hot', NOON),
              closeAt('hot', NOON + 1),
              offer('hot'),
              newVisit(),
            ).state;
            expect(next(after, { now: NOON + 2 })).toBeNull();
          }
        },
      ),
    );
  });
});
