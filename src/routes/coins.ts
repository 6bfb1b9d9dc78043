import { loadBillingModule } from '../../infrastructure/app/registry';
import type { AppRoute } from './types';

/** Coins (spec §3, §9): the balance by kind, recharge packs and the ledger; needs a session. */
export const coinsRoute: AppRoute = {
  path: 'coins',
  meta: { name: 'coins', requiresAuth: true },
  titleId: 'billing.title.coins',
  modules: [loadBillingModule],
  page: () => import('../features/billing/pages/CoinsPage'),
};
