import { loadBillingModule } from '../../infrastructure/app/registry';
import type { AppRoute } from './types';

/** The membership page (spec §1, §9): open to guests; every upsell leads here. */
export const pricingRoute: AppRoute = {
  path: 'pricing',
  meta: { name: 'pricing', requiresAuth: false },
  titleId: 'billing.title.pricing',
  descriptionId: 'meta.description.pricing',
  modules: [loadBillingModule],
  page: () => import('../features/billing/pages/PricingPage'),
};
