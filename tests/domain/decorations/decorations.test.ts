import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { replayWith, stamp, type DomainEvent, type UnstampedEvent } from '../../../domain/index.js';
import * as deco from '../../../domain/decorations/index.js';
import { givenIn } from '../../support/context-spec.js';
import { T0 } from '../../support/spec.js';

const ctx = deco.decorationsContext;
// replayWith folds any DomainEvent; this context's events are the only ones given to it here.
const evolveAny = ctx.evolve as unknown as (
  s: deco.DecorationsState,
  e: DomainEvent,
) => deco.DecorationsState;
const given = givenIn(ctx);

const ornament = (over: Partial<deco.Ornament> = {}): deco.Ornament => ({
  id: 'av1',
  type: 'avatarBox',
  name: 'Ring',
  preview: { url: '/blobs/ring.png', width: 192, height: 192 },
  price: 300,
  stock: 5,
  is_owned: false,
  is_wearing: false,
  buy_at: null,
  sold: 10,
  ...over,
});
const list = (...ornaments: deco.Ornament[]) => deco.ornamentsReceived({ ornaments });
const buy = (ornamentId: string, buyAt = Date.UTC(2025, 4, 8, 23, 30)) =>
  deco.ornamentBought({ ornamentId, buyAt });
const stampAll = (events: readonly UnstampedEvent[]): deco.DecorationsEvent[] =>
  events.map((e, i) => stamp(e, i + 1, T0 + i * 1000) as deco.DecorationsEvent);
const fold = (events: readonly deco.DecorationsEvent[], from: deco.DecorationsState = ctx.initialState) =>
  events.reduce(ctx.evolve, from);
const worn = (s: deco.DecorationsState) =>
  Object.values(s.ornaments)
    .filter((o) => o.type === 'avatarBox' && o.is_wearing)
    .map((o) => o.id);

describe('decorations: lifecycle (spec §4 "not owned, then bought (owned, stock reduced by 1), then worn, then unloaded")', () => {
  it('given an ornament on sale, when bought, then it is owned with one less in stock and a buy time', () => {
    const { state, violation } = given(list(ornament())).when(buy('av1'));
    expect(violation).toBeNull();
    expect(state.ornaments['av1']).toMatchObject({
      is_owned: true,
      stock: 4,
      sold: 11,
      buy_at: Date.UTC(2025, 4, 8, 23, 30),
    });
    expect(deco.selectOwnedOrnaments(state).map((o) => o.id)).toEqual(['av1']);
  });

  it('then worn, then unloaded, and it stays owned', () => {
    const g = given(list(ornament()), buy('av1'), deco.avatarBoxWorn({ ornamentId: 'av1' }));
    expect(deco.selectWornAvatarBox(g.state)?.id).toBe('av1');
    const { state } = g.when(deco.avatarBoxUnloaded({ ornamentId: 'av1' }));
    expect(state.ornaments['av1']).toMatchObject({ is_owned: true, is_wearing: false });
    expect(deco.selectWornAvatarBox(state)).toBeNull();
  });

  it('what is not owned cannot be worn; what is owned, sold out or unknown cannot be bought again', () => {
    const g = given(list(ornament(), ornament({ id: 'gone', stock: 0 })));
    expect(g.when(deco.avatarBoxWorn({ ornamentId: 'av1' })).state).toBe(g.state);
    expect(g.when(buy('gone')).state).toBe(g.state);
    expect(g.when(buy('nope')).state).toBe(g.state);
    const owned = given(list(ornament()), buy('av1'));
    expect(owned.when(buy('av1')).state).toBe(owned.state);
  });

  it('unloading what is not worn, or wearing what is already worn, changes nothing', () => {
    const g = given(list(ornament({ is_owned: true })));
    expect(g.when(deco.avatarBoxUnloaded({ ornamentId: 'av1' })).state).toBe(g.state);
    const w = given(list(ornament({ is_owned: true })), deco.avatarBoxWorn({ ornamentId: 'av1' }));
    expect(w.when(deco.avatarBoxWorn({ ornamentId: 'av1' })).state).toBe(w.state);
  });
});

describe('decorations: one avatar box (spec §4 "Only one avatar box is worn at a time. Wearing another unwears the previous")', () => {
  it('wearing another unwears the previous', () => {
    const { state } = given(
      list(ornament({ id: 'a', is_owned: true }), ornament({ id: 'b', is_owned: true })),
      deco.avatarBoxWorn({ ornamentId: 'a' }),
    ).when(deco.avatarBoxWorn({ ornamentId: 'b' }));
    expect(worn(state)).toEqual(['b']);
  });

  it('a list claiming two worn avatar boxes keeps the last one, and anything worn is owned', () => {
    const { state, violation } = given().when(
      list(
        ornament({ id: 'a', is_wearing: true, is_owned: true }),
        ornament({ id: 'b', is_wearing: true, is_owned: false }),
      ),
    );
    expect(violation).toBeNull();
    expect(worn(state)).toEqual(['b']);
    expect(state.ornaments['b']?.is_owned).toBe(true);
  });

  it('a fresh list that names a worn box replaces the one worn before', () => {
    const { state } = given(
      list(ornament({ id: 'a', is_owned: true })),
      deco.avatarBoxWorn({ ornamentId: 'a' }),
    ).when(list(ornament({ id: 'c', is_owned: true, is_wearing: true })));
    expect(worn(state)).toEqual(['c']);
    expect(deco.selectOrnaments(state).map((o) => o.id)).toEqual(['a', 'c']);
  });
});

describe('decorations: production box (worn on a work, spec §7 "use (ornament_id, work_id)")', () => {
  const pb = (id: string) => ornament({ id, type: 'productionBox', is_owned: true, price: 100 });

  it('a work wears one production box; wearing another on it replaces it', () => {
    const g = given(list(pb('p1'), pb('p2')), deco.productionBoxWorn({ ornamentId: 'p1', workId: 'w1' }));
    expect(deco.selectProductionBoxOfWork(g.state, 'w1')?.id).toBe('p1');
    const { state } = g.when(deco.productionBoxWorn({ ornamentId: 'p2', workId: 'w1' }));
    expect(deco.selectProductionBoxOfWork(state, 'w1')?.id).toBe('p2');
    expect(state.ornaments['p1']?.is_wearing).toBe(false);
    expect(state.ornaments['p2']?.is_wearing).toBe(true);
  });

  it('one box on two works stays worn until unloaded from both', () => {
    const g = given(
      list(pb('p1')),
      deco.productionBoxWorn({ ornamentId: 'p1', workId: 'w1' }),
      deco.productionBoxWorn({ ornamentId: 'p1', workId: 'w2' }),
    );
    const one = g.when(deco.productionBoxUnloaded({ workId: 'w1' })).state;
    expect(one.ornaments['p1']?.is_wearing).toBe(true);
    const both = fold(stampAll([deco.productionBoxUnloaded({ workId: 'w2' })]), one);
    expect(both.ornaments['p1']?.is_wearing).toBe(false);
    expect(deco.selectProductionBoxOfWork(both, 'w2')).toBeNull();
  });

  it('only owned production boxes are worn on works; repeats and unknown works change nothing', () => {
    const g = given(
      list(pb('p1'), ornament({ id: 'p3', type: 'productionBox' }), ornament({ id: 'av', is_owned: true })),
    );
    expect(g.when(deco.productionBoxWorn({ ornamentId: 'p3', workId: 'w1' })).state).toBe(g.state);
    expect(g.when(deco.productionBoxWorn({ ornamentId: 'av', workId: 'w1' })).state).toBe(g.state);
    expect(g.when(deco.avatarBoxWorn({ ornamentId: 'p1' })).state).toBe(g.state);
    expect(g.when(deco.productionBoxUnloaded({ workId: 'w9' })).state).toBe(g.state);
    const on = given(list(pb('p1')), deco.productionBoxWorn({ ornamentId: 'p1', workId: 'w1' }));
    expect(on.when(deco.productionBoxWorn({ ornamentId: 'p1', workId: 'w1' })).state).toBe(on.state);
  });

  it('a list that says a box is no longer worn takes it off its works', () => {
    const { state, violation } = given(
      list(pb('p1')),
      deco.productionBoxWorn({ ornamentId: 'p1', workId: 'w1' }),
    ).when(list(pb('p1')));
    expect(violation).toBeNull();
    expect(state.productionBoxOnWork).toEqual({});
  });
});

describe('decorations: derived fields (spec §3 "isSoldOut (stock<=0), priceText, canBuy, buyTime (YYYY/MM/DD), statusTextKey, useTextKey")', () => {
  it('an ornament on sale', () => {
    expect(deco.deriveOrnamentView(ornament())).toEqual({
      isSoldOut: false,
      priceText: '300',
      canBuy: true,
      buyTime: null,
      statusTextKey: 'decorations.status.onSale',
      useTextKey: 'decorations.use.buy',
    });
  });
  it('sold out: stock at or below zero, and nothing to buy', () => {
    const v = deco.deriveOrnamentView(ornament({ stock: 0 }));
    expect(v).toMatchObject({
      isSoldOut: true,
      canBuy: false,
      statusTextKey: 'decorations.status.soldOut',
      useTextKey: 'decorations.use.soldOut',
    });
    expect(deco.isSoldOut({ stock: -1 })).toBe(true);
  });
  it('owned, then worn', () => {
    const owned = ornament({ is_owned: true, stock: 0, buy_at: Date.UTC(2025, 0, 2) });
    expect(deco.deriveOrnamentView(owned)).toMatchObject({
      canBuy: false,
      buyTime: '2025/01/02',
      statusTextKey: 'decorations.status.owned',
      useTextKey: 'decorations.use.wear',
    });
    expect(deco.deriveOrnamentView({ ...owned, is_wearing: true })).toMatchObject({
      statusTextKey: 'decorations.status.wearing',
      useTextKey: 'decorations.use.unload',
    });
  });
  it('buyTime reads the epoch milliseconds in UTC, so every client shows the same date', () => {
    expect(deco.buyTime(Date.UTC(2025, 11, 31, 23, 59))).toBe('2025/12/31');
    expect(deco.buyTime(0)).toBe('1970/01/01');
    expect(deco.buyTime(null)).toBeNull();
    expect(deco.buyTime(Number.NaN)).toBeNull();
  });
  it('priceText has at most two decimals and no trailing zeros', () => {
    expect(deco.priceText(12.5)).toBe('12.5');
    expect(deco.priceText(9.999)).toBe('10');
    expect(deco.priceText(-3)).toBe('0');
    expect(deco.priceText(Number.POSITIVE_INFINITY)).toBe('0');
  });
  it('selectors give the view by id and the ornaments of one type in list order', () => {
    const s = given(
      list(ornament({ id: 'a' }), ornament({ id: 'p', type: 'productionBox' }), ornament({ id: 'b' })),
    ).state;
    expect(deco.selectOrnamentView(s, 'a')?.canBuy).toBe(true);
    expect(deco.selectOrnamentView(s, 'zz')).toBeUndefined();
    expect(deco.selectOrnamentsOfType(s, 'avatarBox').map((o) => o.id)).toEqual(['a', 'b']);
  });
  it('server copies keep stock whole and not negative, and price not negative', () => {
    const s = given(list(ornament({ stock: -3, sold: Number.NaN, price: -1 }))).state;
    expect(s.ornaments['av1']).toMatchObject({ stock: 0, sold: 0, price: 0 });
  });
});

describe('decorations: purchase (spec §5 "refused locally when the coin balance is below the price", spec §8 80304 sold out, 80307 no coins)', () => {
  it('allows a purchase the balance covers', () => {
    expect(deco.decidePurchase(ornament(), 300)).toEqual({ ok: true });
  });
  it('refuses when the balance is below the price, with code 80307', () => {
    expect(deco.decidePurchase(ornament(), 299)).toEqual({ ok: false, refused: 'noCoins', code: 80307 });
    expect(deco.decidePurchase(ornament(), null)).toEqual({ ok: false, refused: 'noCoins', code: 80307 });
  });
  it('refuses a sold-out ornament with code 80304, and one already owned', () => {
    expect(deco.decidePurchase(ornament({ stock: 0 }), 10_000)).toEqual({
      ok: false,
      refused: 'soldOut',
      code: 80304,
    });
    expect(deco.decidePurchase(ornament({ is_owned: true }), 10_000)).toEqual({
      ok: false,
      refused: 'alreadyOwned',
      code: null,
    });
    expect(deco.decidePurchase(ornament(), 10_000, true)).toMatchObject({ refused: 'alreadyOwned' });
  });
  it('reads the same refusals from a server code', () => {
    expect(deco.refusalOfCode(80307)).toBe('noCoins');
    expect(deco.refusalOfCode(80304)).toBe('soldOut');
    expect(deco.refusalOfCode(10000)).toBeNull();
  });
  it('property: buying never succeeds when balance < price', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: -2, max: 5 }),
        fc.boolean(),
        (price, balance, stock, owned) => {
          const d = deco.decidePurchase(ornament({ price, stock, is_owned: owned }), balance);
          if (balance < price) expect(d.ok).toBe(false);
          if (d.ok) {
            expect(balance).toBeGreaterThanOrEqual(price);
            expect(stock).toBeGreaterThan(0);
            expect(owned).toBe(false);
          }
        },
      ),
    );
  });
});

describe('decorations: constants (spec §9 "Decoration list page 1000; purchase history 5; avatar recommendation 4; product picker page 5")', () => {
  it('page sizes', () => {
    expect(deco.DECORATION_LIST_PAGE_SIZE).toBe(1000);
    expect(deco.PURCHASE_HISTORY_PAGE_SIZE).toBe(5);
    expect(deco.AVATAR_RECOMMENDATION_PAGE_SIZE).toBe(4);
    expect(deco.PRODUCT_PICKER_PAGE_SIZE).toBe(5);
  });
  it('avatar preview tabs (spec §2 "self center, recommend, detail, comments")', () => {
    expect(deco.AVATAR_PREVIEW_TABS).toEqual(['selfCenter', 'recommend', 'detail', 'comments']);
  });
  it('stats (spec §3 "colleted_cnt, following_cnt, follower_cnt, earnings") are kept as received', () => {
    const stats = { colleted_cnt: 4, following_cnt: 10, follower_cnt: 22, earnings: 1500 };
    expect(given().when(deco.statsReceived({ stats })).state.stats).toEqual(stats);
  });
});

const idArb = fc.constantFrom('a1', 'a2', 'a3', 'p1', 'p2');
const ornamentArb: fc.Arbitrary<deco.Ornament> = fc.record({
  id: idArb,
  type: fc.constantFrom('avatarBox' as const, 'productionBox' as const),
  name: fc.string({ maxLength: 8 }),
  preview: fc.constant({ url: '/blobs/x.png', width: 192, height: 192 }),
  price: fc.integer({ min: -10, max: 500 }),
  stock: fc.integer({ min: -3, max: 3 }),
  is_owned: fc.boolean(),
  is_wearing: fc.boolean(),
  buy_at: fc.option(fc.integer({ min: 0, max: 2_000_000_000_000 })),
  sold: fc.integer({ min: 0, max: 100 }),
});
const eventArb: fc.Arbitrary<UnstampedEvent> = fc.oneof(
  fc.array(ornamentArb, { maxLength: 4 }).map((ornaments) => deco.ornamentsReceived({ ornaments })),
  idArb.map((id) => buy(id)),
  idArb.map((ornamentId) => deco.avatarBoxWorn({ ornamentId })),
  idArb.map((ornamentId) => deco.avatarBoxUnloaded({ ornamentId })),
  fc.record({ ornamentId: idArb, workId: fc.constantFrom('w1', 'w2') }).map((p) => deco.productionBoxWorn(p)),
  fc.constantFrom('w1', 'w2').map((workId) => deco.productionBoxUnloaded({ workId })),
  fc.constant(
    deco.statsReceived({ stats: { colleted_cnt: 1, following_cnt: 2, follower_cnt: 3, earnings: 4 } }),
  ),
);

describe('decorations: properties', () => {
  it('property: at most one avatar box is worn, and stock is never negative, after any sequence', () => {
    fc.assert(
      fc.property(fc.array(eventArb, { maxLength: 50 }), (raw) => {
        let s = ctx.initialState;
        for (const e of stampAll(raw)) {
          s = ctx.evolve(s, e);
          expect(worn(s).length).toBeLessThanOrEqual(1);
          for (const o of Object.values(s.ornaments)) expect(o.stock).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });

  it('property: a purchase lowers stock by exactly one, only when there was stock and it was not owned', () => {
    fc.assert(
      fc.property(fc.array(eventArb, { maxLength: 20 }), idArb, (raw, id) => {
        const s = fold(stampAll(raw));
        const after = fold(stampAll([buy(id)]), s);
        const before = s.ornaments[id];
        const now = after.ornaments[id];
        if (before === undefined || before.is_owned || before.stock <= 0) expect(after).toBe(s);
        else expect(now?.stock).toBe(before.stock - 1);
      }),
    );
  });

  it('property: folding a random event sequence from scratch equals applying it step by step', () => {
    fc.assert(
      fc.property(fc.array(eventArb, { maxLength: 40 }), fc.nat(), (raw, cut) => {
        const events = stampAll(raw);
        const scratch = replayWith(evolveAny, [], ctx.initialState, events).state;
        let step = ctx.initialState;
        for (const e of events) step = ctx.evolve(step, e);
        const k = cut % (events.length + 1);
        expect(step).toEqual(scratch);
        expect(fold(events.slice(k), fold(events.slice(0, k)))).toEqual(scratch);
      }),
    );
  });

  it('property: invariants hold after every event of a random sequence', () => {
    fc.assert(
      fc.property(fc.array(eventArb, { maxLength: 60 }), (raw) => {
        expect(replayWith(evolveAny, ctx.invariants, ctx.initialState, stampAll(raw)).violation).toBeNull();
      }),
    );
  });

  it('the invariants name what broke', () => {
    const e = stampAll([deco.avatarBoxUnloaded({ ornamentId: 'a' })])[0]!;
    const s0 = ctx.initialState;
    const two: deco.DecorationsState = {
      ...s0,
      ornaments: {
        a: ornament({ id: 'a', is_owned: true, is_wearing: true }),
        b: ornament({ id: 'b', is_owned: true, is_wearing: true }),
      },
    };
    expect(deco.atMostOneAvatarBoxWorn.check(s0, two, e)).toBe('avatar boxes a, b are worn together');
    expect(
      deco.stockNeverNegative.check(s0, { ...s0, ornaments: { a: ornament({ id: 'a', stock: -1 }) } }, e),
    ).toBe('ornament a stock is -1');
    expect(
      deco.stockNeverNegative.check(
        s0,
        { ...s0, ornaments: { a: ornament({ id: 'a', is_wearing: true }) } },
        e,
      ),
    ).toBe('ornament a is worn but not owned');
    expect(deco.productionBoxPerWork.check(s0, { ...s0, productionBoxOnWork: { w: 'x' } }, e)).toBe(
      'work w wears x, which is not an owned, worn production box',
    );
  });
});
