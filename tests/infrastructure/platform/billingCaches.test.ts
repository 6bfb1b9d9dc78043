import * as E from 'fp-ts/Either';
import { map } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { billing } from '../../../domain/index.js';
import type { RechargePackage, SubscriptionPlan } from '../../../infrastructure/contract/commerce';
import { loadCalculateList, loadSubscriptionList } from '../../../infrastructure/billing/commands';
import { marbleAt } from '../../support/fakeApi';
import { at, newScheduler, platformStore } from './harness';

const plan: SubscriptionPlan = {
  goods_id: 'basic_monthly',
  name: 'Basic',
  kind: 'main',
  product_level: 1,
  product_type: 1,
  vip_type: 'svip_1',
  weight: 1,
  price_per_month: 4.99,
  price: 4.99,
  currency: 'USD',
  period_days: 30,
  is_trial: false,
  is_one_time: false,
};
const pack: RechargePackage = {
  goods_id: 'calculate100',
  calculate_coins: 100,
  give_calculate_coins: 10,
  local_price_web: { currency: 'USD', price: 0.99 },
};

describe('payment caches (spec §9 "subscription and calculate caches expire after 300000 ms")', () => {
  it('a fresh cache answers without a call; one fetch at a time; the first ask after 300 000 ms calls again', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const h = platformStore(scheduler, {
        api: { subscriptionList: () => cold('100ms r|', { r: E.right({ items: [plan] }) }) },
      });
      expectObservable(h.fake.calls$.pipe(map((c) => c.name)), '^ 700000ms !').toBe(marbleAt([0, 300_100]), {
        x: 'subscriptionList',
      });
      // Fetched at 100 ms: fresh through 300 099, stale from 300 100.
      for (const t of [0, 50, 1000, 300_099, 300_100, 300_150])
        at(scheduler, t, () => h.store.dispatch(loadSubscriptionList({})));
    });
  });

  it('stores the list in domain names, stamped with the time it was filled', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const h = platformStore(scheduler, {
        api: { calculateList: () => cold('20ms r|', { r: E.right({ calculate: [pack] }) }) },
      });
      h.store.dispatch(loadCalculateList({}));
      flush();
      expect(h.store.getState().billing.caches.calculateList).toEqual({
        fetchedAt: 20,
        data: [
          {
            goodsId: 'calculate100',
            calculateCoins: 100,
            giveCalculateCoins: 10,
            price: 0.99,
            currency: 'USD',
          },
        ],
      });
      expect(billing.selectVisibleRechargePackages(h.store.getState().billing)).toHaveLength(1);
    });
  });

  it('spec §8: a failed fetch keeps the cached (stale) list and reports nothing', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      let call = 0;
      const h = platformStore(scheduler, {
        api: {
          calculateList: () =>
            call++ === 0
              ? cold('10ms r|', { r: E.right({ calculate: [pack] }) })
              : cold('10ms r|', { r: E.left({ kind: 'network', path: '/x', message: 'reset' }) }),
        },
      });
      h.store.dispatch(loadCalculateList({}));
      at(scheduler, 400_000, () => h.store.dispatch(loadCalculateList({})));
      flush();
      expect(call).toBe(2);
      expect(h.store.getState().billing.caches.calculateList?.data).toHaveLength(1);
      expect(h.events('notices/raised')).toEqual([]);
    });
  });

  it("spec §8: with nothing cached, a failed fetch is internal code 50000 'Failed to fetch subscription list' / 'Failed to fetch calculate list'", () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const fail = () => cold('10ms r|', { r: E.left({ kind: 'http' as const, path: '/x', status: 502 }) });
      const h = platformStore(scheduler, { api: { subscriptionList: fail, calculateList: fail } });
      h.store.dispatch(loadSubscriptionList({}));
      h.store.dispatch(loadCalculateList({}));
      flush();
      const raised = h
        .events('notices/raised')
        .map((e) => e.payload as { messageKey: string; fallback: string | null; values: { code: number } });
      expect(raised.map((p) => [p.messageKey, p.values.code, p.fallback])).toEqual([
        ['HttpErrorCode_50000', 50000, 'Failed to fetch subscription list'],
        ['HttpErrorCode_50000', 50000, 'Failed to fetch calculate list'],
      ]);
    });
  });
});
