import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { loadSubscriptionList, startCheckout } from '../../../../infrastructure/billing/commands';
import { useAppDispatch } from '../../../../infrastructure/store/hooks';
import { useLocale } from '../../../i18n/locale';
import { Card, EmptyState, ErrorState, Skeleton } from '../../../ui';
import { TrialOffers, VipOffers } from '../AddonOffers';
import styles from '../Billing.module.css';
import { Checkout } from '../Checkout';
import { useChosenMethod } from '../PaymentMethodPicker';
import { PricingHeader } from '../PricingHeader';
import { Testimonials } from '../Testimonials';
import { TierCards, type Period } from '../TierCards';
import { useCatalogue, useCheckoutGoods, useListFailed, usePlansLoaded, useSignedIn } from '../useBilling';
import { usePricingPage } from '../usePricingPage';

/**
 * The membership page (spec §1, §9): Basic, Standard and Pro monthly or yearly at the §9 prices per
 * month, what each tier gives, the VIP tiers and add-ons the server sells, the 3-day trials when
 * offered, and the twelve testimonials in the page's language. Every upsell leads here, with the
 * tier it suggests in `?tier=`.
 */
const PricingPage = () => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { locale } = useLocale();
  const [params] = useSearchParams();
  const highlight = params.get('tier');
  const [period, setPeriod] = useState<Period>(params.get('period') === 'yearly' ? 'yearly' : 'monthly');
  const signedIn = useSignedIn();
  const loaded = usePlansLoaded();
  const failed = useListFailed('subscriptionList');
  const catalogue = useCatalogue();
  const busyGoods = useCheckoutGoods();
  const [methodId, setMethodId] = useChosenMethod();
  const suggested = usePricingPage(signedIn, loaded, highlight);

  const buy = (goodsId: string) => dispatch(startCheckout({ goodsId, methodId }));

  return (
    <div className="billing-page" data-testid="pricing">
      <PricingHeader
        signedIn={signedIn}
        tier={catalogue.tier}
        period={period}
        onPeriodChange={setPeriod}
        methodId={methodId}
        onMethodChange={setMethodId}
      />

      {failed && !loaded && (
        <ErrorState
          title={<FormattedMessage id="billing.pricing.error" />}
          retryLabel={intl.formatMessage({ id: 'billing.retry' })}
          onRetry={() => dispatch(loadSubscriptionList({}))}
        />
      )}
      {!failed && !loaded && (
        <div className={styles.tiers} aria-busy="true">
          {[0, 1, 2, 3].map((i) => (
            <Card key={i} padding="lg">
              <Skeleton
                lines={6}
                label={i === 0 ? intl.formatMessage({ id: 'billing.loading' }) : undefined}
              />
            </Card>
          ))}
        </div>
      )}
      {loaded && catalogue.tiers.every((t) => t.monthly === null && t.yearly === null) && (
        <EmptyState title={<FormattedMessage id="billing.pricing.empty" />} />
      )}
      {loaded && (
        <TierCards
          catalogue={catalogue}
          period={period}
          highlight={highlight}
          suggested={suggested}
          onBuy={buy}
          busyGoods={busyGoods}
        />
      )}

      {loaded && catalogue.trials.length > 0 && (
        <TrialOffers offers={catalogue.trials} onBuy={buy} busyGoods={busyGoods} />
      )}
      {loaded && catalogue.vip.length > 0 && (
        <VipOffers offers={catalogue.vip} onBuy={buy} busyGoods={busyGoods} />
      )}

      <Testimonials locale={locale} />
      <Checkout />
    </div>
  );
};

export default PricingPage;
