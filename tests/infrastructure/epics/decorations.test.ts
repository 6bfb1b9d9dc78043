/**
 * Issue 12 in the client's core, through the real store and epics over fake calls: a purchase
 * below the store's balance is refused before any call (spec §5); the server's 80307 and 80304
 * refuse it on the card (spec §8); wearing an avatar box reads the account's avatar_frame back,
 * so the frame drawn around the person's avatar is the server's; the popup queue shows the
 * half-price offer on an eligible page and daily stamina after it closes (spec §4).
 */
import * as E from 'fp-ts/Either';
import { EMPTY, asyncScheduler, of, type Observable } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { billing, decorations, popups, session } from '../../../domain/index.js';
import type { AccountInfo } from '../../../infrastructure/contract/account';
import type { Ornament } from '../../../infrastructure/contract/decorations';
import type { DecorationsApi } from '../../../infrastructure/decorations/api';
import { buyDecoration, loadDecorations, wearDecoration } from '../../../infrastructure/decorations/commands';
import type { ApiResult } from '../../../infrastructure/http/client';
import { closePopup, popupRouteEntered } from '../../../infrastructure/popups/commands';
import { makeStore } from '../../../infrastructure/app/makeStore';
import { makeFakeDeps } from '../../support/fakeApi';

const wire = (over: Partial<Ornament> = {}): Ornament => ({
  id: 'orn-aurora-ring',
  type: 'avatar_box',
  name: 'Aurora Ring',
  price: 120,
  stock: 5,
  sold: 1,
  is_owned: false,
  is_wearing: false,
  buy_at: null,
  preview: { url: '/blobs/ornaments/orn-aurora-ring.png', width: 192, height: 192 },
  work_ids: [],
  ...over,
});
const right = <A>(a: A): Observable<ApiResult<A>> => of(E.right(a));
const refusedWith = <A>(code: number): Observable<ApiResult<A>> =>
  of(E.left({ kind: 'api' as const, path: '/api/v1/ornament/buy', code, msg: 'refused' }));
const USER = {
  id: 'a1',
  account_id: 'a1',
  account_name: 'ada',
  name: 'Ada',
  email: 'ada@example.test',
  avatar: '',
  status: 1,
  role: 'user',
  create_at: 1,
};
const PAYMENT = (coins: number) => ({
  accountId: 'a1',
  calculateCoins: coins,
  freeCoins: coins,
  tempCoins: 0,
  paidCoins: 0,
  isActive: false,
  liteIsActive: false,
  productLevel: 0,
  productType: 0,
  vipType: '',
  expiryTime: null,
});

const setup = (api: Partial<DecorationsApi>, accountInfo?: () => Observable<ApiResult<AccountInfo>>) => {
  const calls: string[] = [];
  const track =
    <K extends keyof DecorationsApi>(name: K, impl: DecorationsApi[K] | undefined) =>
    (...args: unknown[]) => {
      calls.push(name);
      return impl ? (impl as (...a: unknown[]) => unknown)(...args) : EMPTY;
    };
  const fake: DecorationsApi = {
    list: track('list', api.list) as DecorationsApi['list'],
    buy: track('buy', api.buy) as DecorationsApi['buy'],
    use: track('use', api.use) as DecorationsApi['use'],
    unload: track('unload', api.unload) as DecorationsApi['unload'],
    history: track('history', api.history) as DecorationsApi['history'],
    stats: track('stats', api.stats) as DecorationsApi['stats'],
    previews: track('previews', api.previews) as DecorationsApi['previews'],
  };
  const { deps } = makeFakeDeps(asyncScheduler, accountInfo ? { accountInfo } : {});
  const store = makeStore({ dependencies: { ...deps, decorations: { api: fake } } });
  store.dispatch(session.userInfoSet({ user: { ...USER, accountName: 'ada', createdAt: 1 } }));
  return { store, calls };
};

const listOf =
  (...items: Ornament[]) =>
  () =>
    right({ items, total: items.length, page: 1, page_size: 1000 });

describe('buying (spec §5 "refused locally when the coin balance is below the price")', () => {
  it('below the price from the store: refused on the card with no call to the server', () => {
    const { store, calls } = setup({ list: listOf(wire()) });
    store.dispatch(billing.paymentInfoReceived({ info: PAYMENT(119) }));
    store.dispatch(loadDecorations({}));
    store.dispatch(buyDecoration({ ornamentId: 'orn-aurora-ring' }));
    expect(calls).toEqual(['list']);
    const card = decorations.selectOrnamentCards(store.getState().decorations, 'avatarBox')[0]!;
    expect(card.refusal).toBe('noCoins');
    expect(card.ornament.is_owned).toBe(false);
  });

  it('with enough coins the server decides; its 80307 is read on the card too', () => {
    const { store, calls } = setup({ list: listOf(wire()), buy: () => refusedWith(80307) });
    store.dispatch(billing.paymentInfoReceived({ info: PAYMENT(500) }));
    store.dispatch(loadDecorations({}));
    store.dispatch(buyDecoration({ ornamentId: 'orn-aurora-ring' }));
    expect(calls).toEqual(['list', 'buy']);
    const card = decorations.selectOrnamentCards(store.getState().decorations, 'avatarBox')[0]!;
    expect(card).toMatchObject({ refusal: 'noCoins', pending: false });
  });

  it('80304: sold out meanwhile, the card says so and the list is read again', () => {
    const { store, calls } = setup({ list: listOf(wire()), buy: () => refusedWith(80304) });
    store.dispatch(billing.paymentInfoReceived({ info: PAYMENT(500) }));
    store.dispatch(loadDecorations({}));
    store.dispatch(buyDecoration({ ornamentId: 'orn-aurora-ring' }));
    expect(calls).toEqual(['list', 'buy', 'list']);
    expect(decorations.selectOrnamentCards(store.getState().decorations, 'avatarBox')[0]!.refusal).toBe(
      'soldOut',
    );
  });

  it('a purchase records the bought fact and the server copy: owned, one less in stock', () => {
    const bought = wire({ is_owned: true, stock: 4, sold: 2, buy_at: Date.UTC(2026, 0, 2) });
    const { store } = setup({
      list: listOf(wire()),
      buy: () => right({ item: bought, calculate_coins: 380 }),
    });
    store.dispatch(billing.paymentInfoReceived({ info: PAYMENT(500) }));
    store.dispatch(loadDecorations({}));
    store.dispatch(buyDecoration({ ornamentId: 'orn-aurora-ring' }));
    const types = store.recorder.events().map((e) => e.type);
    expect(types).toContain('decorations/ornamentBought');
    // Issue 21 item 8: a purchase says so (the card then shows the decoration as owned).
    const notice = store.recorder.events().find((e) => e.type === 'notices/raised');
    expect(notice?.payload).toMatchObject({
      level: 'success',
      messageKey: 'decorations.bought',
      values: { name: 'Aurora Ring' },
    });
    const card = decorations.selectOrnamentCards(store.getState().decorations, 'avatarBox')[0]!;
    expect(card).toMatchObject({ action: 'wear', pending: false });
    expect(card.view.buyTime).toBe('2026/01/02');
  });
});

describe('wearing an avatar box (spec §4 "only one avatar box is worn at a time")', () => {
  it("wears it, unwears the previous, and the session's avatar frame is the worn box's", () => {
    const a = wire({ id: 'orn-a', is_owned: true, is_wearing: true });
    const b = wire({ id: 'orn-b', is_owned: true, preview: { url: '/blobs/b.png', width: 1, height: 1 } });
    let accountReads = 0;
    const { store } = setup(
      { list: listOf(a, b), use: () => right({ item: { ...b, is_wearing: true } }) },
      () => {
        accountReads += 1;
        return EMPTY;
      },
    );
    store.dispatch(loadDecorations({}));
    store.dispatch(wearDecoration({ ornamentId: 'orn-b' }));
    const s = store.getState();
    expect(decorations.selectWornAvatarBox(s.decorations)?.id).toBe('orn-b');
    expect(decorations.selectOrnament(s.decorations, 'orn-a')?.is_wearing).toBe(false);
    expect(session.selectUser(s.session)?.avatarFrame).toBe('/blobs/b.png');
    // From the worn events alone: no second call reads the account back.
    expect(accountReads).toBe(0);
  });
});

describe('the popup queue (spec §4)', () => {
  it('shows half-price on an eligible page, and daily stamina after it closes when flagged', () => {
    const { store } = setup({});
    store.dispatch(popups.dailyStaminaFlagged({ flagged: true }));
    store.dispatch(popups.popupOffered({ type: 'halfPrice' }));
    expect(store.getState().popups.current).toBeNull();
    store.dispatch(popupRouteEntered({ route: 'decorations' }));
    expect(store.getState().popups.current).toBeNull();
    store.dispatch(popupRouteEntered({ route: 'home' }));
    expect(store.getState().popups.current).toBe('halfPrice');
    store.dispatch(closePopup({ type: 'halfPrice' }));
    expect(store.getState().popups.current).toBe('dailyStamina');
    store.dispatch(closePopup({ type: 'dailyStamina' }));
    expect(store.getState().popups.current).toBeNull();
    // Once a day: offered again the same day, not shown again.
    store.dispatch(popups.popupOffered({ type: 'halfPrice' }));
    expect(store.getState().popups.current).toBeNull();
  });
});
