import { loadBillingModule } from '../../infrastructure/app/registry';
import type { AppRoute } from './types';

/** Subscription management (spec §3, §4): a guest is sent to the login dialog by the spec §2 guard. */
export const subscriptionRoute: AppRoute = {
  path: 'subscription',
  meta: { name: 'subscription', requiresAuth: true },
  titleId: 'billing.title.subscription',
  modules: [loadBillingModule],
  page: () => import('../features/billing/pages/SubscriptionPage'),
};
