/**
 * The decoration screens' state and views (issue 12): what /mall and /decorations show for each
 * spec sentence: §3 derived fields on a card, §5 the local refusal, §8 80304/80307, §9 the
 * purchase history of five a page with its YYYY/MM/DD buy time, the production-box work picker.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as deco from '../../../domain/decorations/index.js';
import { givenIn } from '../../support/context-spec.js';

const given = givenIn(deco.decorationsContext);

const ornament = (over: Partial<deco.Ornament> = {}): deco.Ornament => ({
  id: 'av1',
  type: 'avatarBox',
  name: 'Aurora Ring',
  preview: { url: '/blobs/ornaments/av1.png', width: 192, height: 192 },
  price: 120,
  stock: 3,
  is_owned: false,
  is_wearing: false,
  buy_at: null,
  sold: 7,
  ...over,
});
const list = (...ornaments: deco.Ornament[]) => deco.ornamentsReceived({ ornaments });
const record = (i: number, buyAt: number): deco.PurchaseRecord => ({
  ornamentId: `o${i}`,
  type: 'avatarBox',
  name: `Box ${i}`,
  price: 100 + i,
  buyAt,
  preview: { url: `/blobs/o${i}.png`, width: 192, height: 192 },
});

describe('decoration cards (spec §3 "isSoldOut, priceText, canBuy, buyTime, statusTextKey, useTextKey")', () => {
  it('a card on sale offers Buy; owned offers Wear; worn offers Unload; sold out offers nothing', () => {
    const { state } = given(
      list(
        ornament({ id: 'sale' }),
        ornament({ id: 'mine', is_owned: true, buy_at: Date.UTC(2025, 4, 8) }),
        ornament({ id: 'worn', is_owned: true, is_wearing: true }),
        ornament({ id: 'gone', stock: 0 }),
        ornament({ id: 'frame', type: 'productionBox' }),
      ),
    ).when();
    const cards = deco.selectOrnamentCards(state, 'avatarBox');
    expect(cards.map((c) => [c.ornament.id, c.action, c.view.statusTextKey])).toEqual([
      ['sale', 'buy', 'decorations.status.onSale'],
      ['mine', 'wear', 'decorations.status.owned'],
      ['worn', 'unload', 'decorations.status.wearing'],
      ['gone', 'none', 'decorations.status.soldOut'],
    ]);
    expect(cards[1]!.view.buyTime).toBe('2025/05/08');
    expect(deco.selectOrnamentCards(state, 'productionBox').map((c) => c.ornament.id)).toEqual(['frame']);
  });

  it('the action always matches the use text (a card never offers what its label does not say)', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.boolean(), fc.integer({ min: -2, max: 3 }), (owned, wearing, stock) => {
        const o = ornament({ is_owned: owned || wearing, is_wearing: wearing, stock });
        const expected: Record<deco.OrnamentUseKey, deco.OrnamentAction> = {
          'decorations.use.buy': 'buy',
          'decorations.use.wear': 'wear',
          'decorations.use.unload': 'unload',
          'decorations.use.soldOut': 'none',
        };
        expect(deco.actionOf(o)).toBe(expected[deco.useTextKey(o)]);
      }),
    );
  });
});

describe('purchase (spec §5 "refused locally when the coin balance is below the price"; §8 80304, 80307)', () => {
  it('a refusal shows on its card only, until dismissed or another action starts', () => {
    const g = given(list(ornament(), ornament({ id: 'av2' })));
    const refused = g.when(deco.purchaseRefused({ ornamentId: 'av1', refused: 'noCoins' })).state;
    const cards = deco.selectOrnamentCards(refused, 'avatarBox');
    expect(cards.map((c) => c.refusal)).toEqual(['noCoins', null]);
    expect(
      deco.selectOrnamentCards(
        given(list(ornament()), deco.purchaseRefused({ ornamentId: 'av1', refused: 'noCoins' })).when(
          deco.refusalDismissed({}),
        ).state,
        'avatarBox',
      )[0]!.refusal,
    ).toBeNull();
    const restarted = given(
      list(ornament()),
      deco.purchaseRefused({ ornamentId: 'av1', refused: 'soldOut' }),
    ).when(deco.actionStarted({ ornamentId: 'av1', action: 'buy' })).state;
    expect(deco.selectOrnamentCards(restarted, 'avatarBox')[0]).toMatchObject({
      pending: true,
      refusal: null,
    });
  });

  it('the balance from the store below the price is refused as no coins (80307); at the price it is allowed', () => {
    expect(deco.decidePurchase(ornament({ price: 120 }), 119)).toEqual({
      ok: false,
      refused: 'noCoins',
      code: 80307,
    });
    expect(deco.decidePurchase(ornament({ price: 120 }), 120)).toEqual({ ok: true });
    expect(deco.refusalOfCode(80304)).toBe('soldOut');
    expect(deco.refusalOfCode(80307)).toBe('noCoins');
  });

  it('a call on its way marks the card pending; its answer settles it', () => {
    const g = given(list(ornament()), deco.actionStarted({ ornamentId: 'av1', action: 'wear' }));
    expect(deco.selectOrnamentCards(g.state, 'avatarBox')[0]!.pending).toBe(true);
    const { state } = g.when(deco.actionSettled({ ornamentId: 'av1' }));
    expect(deco.selectOrnamentCards(state, 'avatarBox')[0]!.pending).toBe(false);
  });
});

describe('purchase history (spec §9 "purchase history 5" and buyTime "YYYY/MM/DD")', () => {
  it('shows the page with each buy time as YYYY/MM/DD and a pager over the total', () => {
    const items = [0, 1, 2, 3, 4].map((i) => record(i, Date.UTC(2025, 11, 31 - i, 23, 59)));
    const { state } = given().when(deco.historyReceived({ page: 2, total: 12, items }));
    const view = deco.selectHistoryView(state)!;
    expect(view.rows.map((r) => r.buyTime)).toEqual([
      '2025/12/31',
      '2025/12/30',
      '2025/12/29',
      '2025/12/28',
      '2025/12/27',
    ]);
    expect(view.rows[0]!.priceText).toBe('100');
    expect(view).toMatchObject({ page: 2, pages: 3, hasPrevious: true, hasNext: true, total: 12 });
    expect(deco.selectLoadStatus(state, 'history')).toBe('loaded');
  });

  it('an empty history is one page with nowhere to go', () => {
    const { state } = given().when(deco.historyReceived({ page: 1, total: 0, items: [] }));
    expect(deco.selectHistoryView(state)).toMatchObject({ pages: 1, hasPrevious: false, hasNext: false });
  });

  it('property: the pages cover the total in pages of five, and a pager moves only within them', () => {
    fc.assert(
      fc.property(fc.nat(10_000), fc.integer({ min: 1, max: 3000 }), (total, page) => {
        const pages = deco.pageCount(total, deco.PURCHASE_HISTORY_PAGE_SIZE);
        expect(pages).toBeGreaterThanOrEqual(1);
        expect((pages - 1) * 5).toBeLessThan(Math.max(total, 1));
        expect(pages * 5).toBeGreaterThanOrEqual(total);
        const pager = deco.pagerOf(page, total, deco.PURCHASE_HISTORY_PAGE_SIZE);
        expect(pager.hasNext).toBe(page < pages);
        expect(pager.hasPrevious).toBe(page > 1);
      }),
    );
  });
});

describe('loading, previews and the account', () => {
  it('each resource has its own loading, loaded and failed state', () => {
    const g = given(deco.loadRequested({ resource: 'list' }), deco.loadRequested({ resource: 'stats' }));
    expect(deco.selectLoadStatus(g.state, 'list')).toBe('loading');
    const { state } = g.when(deco.loadFailed({ resource: 'stats' }), list(ornament()));
    expect(deco.selectLoadStatus(state, 'stats')).toBe('failed');
    expect(deco.selectLoadStatus(state, 'list')).toBe('loaded');
    expect(deco.selectLoadStatus(state, 'previews')).toBe('idle');
  });

  it('previews are at most four works (spec §9 "avatar recommendation 4")', () => {
    const item = (id: string): deco.DecorationPreviewItem => ({
      id,
      title: id,
      modelName: '',
      channel: 'artwork',
      banner: { url: `/c/${id}.png`, width: 512, height: 512 },
      createdAt: 0,
      prompt: '',
      tags: [],
    });
    const { state } = given().when(deco.previewsReceived({ items: ['a', 'b', 'c', 'd', 'e'].map(item) }));
    expect(deco.selectPreviewItems(state).map((i) => i.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('another account forgets what was the previous one’s', () => {
    const { state } = given(
      list(ornament({ is_owned: true, is_wearing: true })),
      deco.historyReceived({ page: 1, total: 1, items: [record(1, 0)] }),
    ).when(deco.accountCleared({}));
    expect(state).toEqual(deco.initialDecorationsState);
  });

  it('a production box goes on the person’s own finished images only', () => {
    const done = (id: string, guest: boolean, kind = 'image') => ({
      id,
      guest,
      createdAt: 1,
      phase: { status: 'completed' as const, media: [{ url: `/m/${id}`, kind }] },
    });
    const works = deco.worksForProductionBox([
      done('t1', false),
      done('t2', true),
      done('t3', false, 'audio'),
      { id: 't4', guest: false, createdAt: 1, phase: { status: 'inProgress' } },
      done('t5', false),
    ]);
    expect(works.map((w) => [w.id, w.imageUrl])).toEqual([
      ['t1', '/m/t1'],
      ['t5', '/m/t5'],
    ]);
  });
});
