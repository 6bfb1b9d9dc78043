/** What the membership, subscription and coin screens show, from memoised selectors over the domain's rules. */
import { createSelector } from '../../../domain/kernel/memo.js';
import { useMemo } from 'react';
import { billing, notices, payment, popups, session, type RootState } from '../../../domain/index.js';
import { useAppSelector } from '../../../infrastructure/store/hooks';

const selectBilling = (s: RootState) => s.billing;
const selectSignedIn = (s: RootState) => s.session.status === 'signedIn';
const selectInfo = createSelector([selectBilling], (b) => billing.selectPaymentInfo(b));

const selectCatalogue = createSelector(
  [
    (s: RootState) => billing.selectPlans(s.billing),
    selectInfo,
    (s: RootState) => billing.selectThreeDayTrial(s.billing),
    selectSignedIn,
    // The half-price offer runs while its countdown does (it clears at the offer's end).
    (s: RootState) => popups.selectHalfDiscountEndAt(s.popups) !== null,
  ],
  (plans, info, trial, signedIn, halfPrice) =>
    billing.membershipCatalogue(plans, info, trial, signedIn, halfPrice),
);

const selectSubscriptionView = createSelector(
  [
    selectInfo,
    (s: RootState) => billing.selectSubscriptionStatus(s.billing),
    (s: RootState) => s.billing.threeDayTrial,
  ],
  (info, status, trial) => billing.subscriptionViewOf(info, status, trial),
);

const selectChangeChoices = createSelector(
  [(s: RootState) => billing.selectPlans(s.billing), selectSubscriptionView],
  (plans, view) => billing.changePlanChoices(plans, view.currentProduct),
);

const selectPackages = createSelector([selectBilling], (b) => billing.selectVisibleRechargePackages(b));
const selectCoins = createSelector([selectBilling], (b) => billing.selectCoins(b));

const selectTier = createSelector([selectInfo, selectSignedIn], (info, signedIn) =>
  signedIn ? billing.higherTier(billing.tierOfPaymentInfo(info), 'none') : 'guest',
);

const selectEnterpriseRole = (s: RootState): billing.EnterpriseRole => {
  const user = session.selectUser(s.session);
  return user === null ? 'none' : session.enterpriseRoleOf(user);
};

export const useSignedIn = () => useAppSelector(selectSignedIn);
export const usePlansLoaded = () => useAppSelector((s) => billing.selectPlansLoaded(s.billing));
export const usePackagesLoaded = () => useAppSelector((s) => billing.selectPackagesLoaded(s.billing));
export const usePlans = () => useAppSelector((s) => billing.selectPlans(s.billing));
export const useCatalogue = () => useAppSelector(selectCatalogue);
export const useSubscriptionView = () => useAppSelector(selectSubscriptionView);
export const useSubscriptionCalls = () => useAppSelector((s) => billing.selectSubscriptionCalls(s.billing));
export const useChangeChoices = () => useAppSelector(selectChangeChoices);
export const usePackages = () => useAppSelector(selectPackages);
export const useCoinBalances = () => useAppSelector(selectCoins);
export const useLedger = () => useAppSelector((s) => billing.selectLedger(s.billing));
/** Each ledger entry's task by its kind and the start of its prompt (never its id), by entry id. */
const selectLedgerTaskNames = createSelector(
  [(s: RootState) => billing.selectLedger(s.billing).entries],
  (entries): ReadonlyMap<number, billing.LedgerTaskName> =>
    new Map(
      entries.flatMap((e) => (e.task === null ? [] : [[e.id, billing.ledgerTaskName(e.task)] as const])),
    ),
);
export const useLedgerTaskNames = () => useAppSelector(selectLedgerTaskNames);
const NO_PACKAGES: readonly billing.RechargePackage[] = [];
/** Each recharge line's pack by its coins (never the order's id), by entry id. */
const selectLedgerPackCoins = createSelector(
  [
    (s: RootState) => billing.selectLedger(s.billing).entries,
    (s: RootState) => s.billing.caches.calculateList?.data ?? NO_PACKAGES,
  ],
  (entries, packages): ReadonlyMap<number, number> =>
    new Map(
      entries.flatMap((e) => {
        const coins = billing.ledgerPackCoins(e.goodsId, packages);
        return coins === null ? [] : [[e.id, coins] as const];
      }),
    ),
);
export const useLedgerPackCoins = () => useAppSelector(selectLedgerPackCoins);
export const usePaymentInfoKnown = () => useAppSelector((s) => s.billing.status === 'known');
export const usePaymentState = () => useAppSelector((s) => s.payment);
export const useTier = () => useAppSelector(selectTier);
/** Something is being bought right now (ordering, paying, paid or failed, until the dialog closes). */
export const useCheckoutGoods = () => useAppSelector((s) => payment.selectCheckoutGoods(s.payment));

const selectMethods = createSelector([(s: RootState) => billing.selectPaymentMethods(s.billing)], (m) =>
  m.status === 'loaded' ? payment.paymentMethodRows(m.data.map((x) => x.id)) : null,
);

/** Spec §3/§8: one row per method (its kind names it), "Unknown" for an id we do not know. */
export const usePaymentMethods = () => {
  const loadable = useAppSelector((s) => billing.selectPaymentMethods(s.billing));
  const methods = useAppSelector(selectMethods);
  return { status: loadable.status, methods };
};

export interface TestimonialView {
  readonly id: string;
  readonly name: string;
  readonly avatar: string;
  readonly title: string;
  readonly content: string;
}

/** Spec §1: the testimonials in the page's language (zh-* Chinese, else English). */
export const useTestimonials = (locale: string) => {
  const loadable = useAppSelector((s) => billing.selectTestimonials(s.billing));
  const language = billing.testimonialLanguage(locale);
  const items = useMemo(
    (): readonly TestimonialView[] =>
      loadable.status === 'loaded'
        ? loadable.data.map((t) => ({
            id: t.id,
            name: t.name,
            avatar: t.avatar,
            title: language === 'zh' ? t.titleZh : t.titleEn,
            content: language === 'zh' ? t.contentZh : t.contentEn,
          }))
        : [],
    [loadable, language],
  );
  return { status: loadable.status, items, language };
};

/** The upsell of the open dialog, by the person's tier and company role; null when it is not one. */
export const useUpsell = (dialog: notices.DialogOpenedPayload | null) => {
  const tier = useAppSelector(selectTier);
  const enterpriseRole = useAppSelector(selectEnterpriseRole);
  return useMemo(
    () => (dialog === null ? null : billing.upsellOf(dialog.name, dialog.variant, { tier, enterpriseRole })),
    [dialog, tier, enterpriseRole],
  );
};

/** Spec §8: a plan or pack list failed with nothing cached. */
export const useListFailed = (which: 'subscriptionList' | 'calculateList') =>
  useAppSelector((s) => billing.selectListFailed(s.billing, which));
