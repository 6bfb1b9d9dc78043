/** Translated names of plans, tiers and benefit types; never the server's English plan names. */
import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { billing } from '../../../domain/index.js';

export const useTierName = () => {
  const intl = useIntl();
  return useCallback((tier: billing.Tier) => intl.formatMessage({ id: `billing.tier.${tier}` }), [intl]);
};

/** A plan's name in the page's language, from what the plan is (level, period, add-on kind, trial). */
export const usePlanName = () => {
  const intl = useIntl();
  return useCallback(
    (plan: billing.SubscriptionPlan | null | undefined): string => {
      if (!plan) return intl.formatMessage({ id: 'billing.plan.unknown' });
      const yearly = billing.isYearly(plan.productType) ? 'true' : 'false';
      const kind = plan.kind ?? 'main';
      if (kind !== 'main') return intl.formatMessage({ id: `billing.plan.${kind}` });
      if (plan.productLevel > 3) {
        return intl.formatMessage(
          { id: 'billing.plan.svip' },
          { n: String(billing.svipNumberOfPlan(plan)), yearly },
        );
      }
      const level = intl.formatMessage({ id: `billing.level.${billing.paidLevelOf(plan.productLevel)}` });
      return plan.isTrial === true
        ? intl.formatMessage({ id: 'billing.plan.trial' }, { level })
        : intl.formatMessage({ id: 'billing.plan.main' }, { level, yearly });
    },
    [intl],
  );
};

/** The name of a plan known only by its goods id (the next plan, the previous one). */
export const usePlanNameById = (plans: readonly billing.SubscriptionPlan[]) => {
  const name = usePlanName();
  return useCallback(
    (goodsId: string | null) => (goodsId === null ? null : name(plans.find((p) => p.goodsId === goodsId))),
    [name, plans],
  );
};

/** A price in its currency, formatted for the page's locale (Intl through react-intl). */
export const usePrice = () => {
  const intl = useIntl();
  return useCallback(
    (amount: number, currency: string) => intl.formatNumber(amount, { style: 'currency', currency }),
    [intl],
  );
};

export const useDate = () => {
  const intl = useIntl();
  return useCallback(
    (at: number | null) => (at === null ? '' : intl.formatDate(at, { dateStyle: 'medium' })),
    [intl],
  );
};
