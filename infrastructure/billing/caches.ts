/**
 * The subscription and calculate (coin pack) lists behind the 300 s cache of spec §9. A fresh
 * cache answers without a call; a fetch that fails leaves the cached list in place (stale, still
 * shown) and, when nothing was cached, reports internal code 50000 with the spec's message (§8).
 * One fetch per list at a time: asks while one is in flight are answered by it.
 */
import * as E from 'fp-ts/Either';
import { EMPTY, exhaustMap, filter, mergeMap, type Observable } from 'rxjs';
import { billing } from '../../domain/index.js';
import {
  CALCULATE_LIST_PATH,
  SUBSCRIPTION_LIST_PATH,
  type CalculateListResponse,
  type RechargePackage,
  type SubscriptionListResponse,
  type SubscriptionPlan,
} from '../contract/commerce';
import type { ApiResult } from '../http/client';
import { reportApiFailure } from '../notices/commands';
import type { Dependencies } from '../store/dependencies';
import type { Action, AppEpic } from '../epics/types';
import { loadCalculateList, loadSubscriptionList } from './commands';

export const toPlan = (p: SubscriptionPlan): billing.SubscriptionPlan => ({
  goodsId: p.goods_id,
  productLevel: p.product_level,
  productType: p.product_type,
  price: p.price,
  currency: p.currency,
  name: p.name,
  kind: p.kind,
  vipType: p.vip_type,
  weight: p.weight,
  pricePerMonth: p.price_per_month,
  periodDays: p.period_days,
  isTrial: p.is_trial,
  isOneTime: p.is_one_time,
});

export const toRechargePackage = (p: RechargePackage): billing.RechargePackage => ({
  goodsId: p.goods_id,
  calculateCoins: p.calculate_coins,
  giveCalculateCoins: p.give_calculate_coins,
  price: p.local_price_web.price,
  currency: p.local_price_web.currency,
});

interface CachedList<A> {
  readonly which: billing.CacheName;
  readonly path: string;
  readonly command: { readonly match: (a: Action) => boolean };
  readonly fetch: (deps: Dependencies) => Observable<ApiResult<A>>;
  readonly fetched: (data: A) => Action;
}

const cachedListEpic =
  <A>(list: CachedList<A>): AppEpic =>
  (action$, state$, deps) =>
    action$.pipe(
      filter(list.command.match),
      exhaustMap(() => {
        const entry = state$.value.billing.caches[list.which];
        if (billing.isCacheFresh<billing.SubscriptionPlan | billing.RechargePackage>(entry, deps.clock.now()))
          return EMPTY;
        return list.fetch(deps).pipe(
          mergeMap((result): Action[] => {
            if (E.isRight(result)) return [list.fetched(result.right)];
            const resolution = billing.resolveFetchFailure(state$.value.billing.caches, list.which);
            if ('data' in resolution) return [];
            return [
              billing.listFetchFailed({ which: list.which }),
              reportApiFailure({
                failure: {
                  kind: 'api',
                  path: list.path,
                  code: resolution.error.code,
                  msg: resolution.error.message,
                },
              }),
            ];
          }),
        );
      }),
    );

export const subscriptionListEpic = cachedListEpic<SubscriptionListResponse>({
  which: 'subscriptionList',
  path: SUBSCRIPTION_LIST_PATH,
  command: loadSubscriptionList,
  fetch: (deps) => deps.platform.api.subscriptionList(),
  fetched: (data) => billing.subscriptionListFetched({ plans: data.items.map(toPlan) }),
});

export const calculateListEpic = cachedListEpic<CalculateListResponse>({
  which: 'calculateList',
  path: CALCULATE_LIST_PATH,
  command: loadCalculateList,
  fetch: (deps) => deps.platform.api.calculateList(),
  fetched: (data) => billing.calculateListFetched({ packages: data.calculate.map(toRechargePackage) }),
});

export const billingCacheEpics: readonly AppEpic[] = [subscriptionListEpic, calculateListEpic];
