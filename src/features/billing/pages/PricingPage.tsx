import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import type { billing } from '../../../../domain/index.js';
import {
  loadPaymentMethods,
  loadSubscriptionList,
  loadSubscriptionStatus,
  resumeCheckout,
  loadTestimonials,
  startCheckout,
} from '../../../../infrastructure/billing/commands';
import { useAppDispatch } from '../../../../infrastructure/store/hooks';
import { useLocale } from '../../../i18n/locale';
import { Badge, Button, Card, EmptyState, ErrorState, Skeleton, Tabs } from '../../../ui';
import styles from '../Billing.module.css';
import { Checkout } from '../Checkout';
import { usePlanName, usePrice, useTierName } from '../labels';
import { PaymentMethodPicker, useChosenMethod } from '../PaymentMethodPicker';
import { Testimonials } from '../Testimonials';
import { useCatalogue, useCheckoutGoods, useListFailed, usePlansLoaded, useSignedIn } from '../useBilling';

type Period = 'monthly' | 'yearly';

const Benefits = ({ benefits }: { readonly benefits: billing.TierBenefits }) => (
  <ul className={styles.benefits}>
    <li>
      <FormattedMessage id="billing.benefit.queue" values={{ n: benefits.queue }} />
    </li>
    <li>
      {benefits.daily === null ? (
        <FormattedMessage id="billing.benefit.dailyUnlimited" />
      ) : (
        <FormattedMessage id="billing.benefit.daily" values={{ n: benefits.daily }} />
      )}
    </li>
    <li>
      <FormattedMessage id="billing.benefit.trainings" values={{ n: benefits.trainingsPer30Days }} />
    </li>
    <li>
      <FormattedMessage id="billing.benefit.speed" values={{ speed: benefits.speed }} />
    </li>
  </ul>
);

/** The buy button: its words say the spec §4 benefit type of the purchase. */
const BuyButton = ({
  offer,
  onBuy,
  busyGoods,
  testId,
}: {
  readonly offer: billing.PlanOffer;
  readonly onBuy: (goodsId: string) => void;
  readonly busyGoods: string | null;
  readonly testId: string;
}) =>
  offer.current ? (
    <Button block disabled data-testid={testId}>
      <FormattedMessage id="billing.buy.current" />
    </Button>
  ) : (
    <Button
      block
      variant="primary"
      loading={busyGoods === offer.plan.goodsId}
      disabled={busyGoods !== null}
      onClick={() => onBuy(offer.plan.goodsId)}
      data-testid={testId}
      data-benefit={offer.benefit}
    >
      <FormattedMessage id={`billing.buy.${offer.benefit}`} />
    </Button>
  );

/**
 * The membership page (spec §1, §9): Basic, Standard and Pro monthly or yearly at the §9 prices per
 * month, what each tier gives, the VIP tiers and add-ons the server sells, the 3-day trials when
 * offered, and the twelve testimonials in the page's language. Every upsell leads here, with the
 * tier it suggests in `?tier=`.
 */
const PricingPage = () => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { locale, to } = useLocale();
  const [params, setParams] = useSearchParams();
  const resumeOrder = params.get('order');
  const highlight = params.get('tier');
  const [period, setPeriod] = useState<Period>(params.get('period') === 'yearly' ? 'yearly' : 'monthly');
  const signedIn = useSignedIn();
  const loaded = usePlansLoaded();
  const failed = useListFailed('subscriptionList');
  const catalogue = useCatalogue();
  const busyGoods = useCheckoutGoods();
  const [methodId, setMethodId] = useChosenMethod();
  const price = usePrice();
  const tierName = useTierName();
  const planName = usePlanName();

  useEffect(() => {
    dispatch(loadSubscriptionList({}));
    dispatch(loadTestimonials({}));
    dispatch(loadPaymentMethods({}));
  }, [dispatch]);
  useEffect(() => {
    if (signedIn) dispatch(loadSubscriptionStatus({}));
  }, [signedIn, dispatch]);
  // The awaiting-order reminder leads here with its order: opened again once, then the address is clean.
  useEffect(() => {
    if (!signedIn || resumeOrder === null) return;
    dispatch(resumeCheckout({ orderId: resumeOrder }));
    setParams(
      (p) => {
        p.delete('order');
        return p;
      },
      { replace: true },
    );
  }, [signedIn, resumeOrder, dispatch, setParams]);

  // The tier an upsell suggests is brought into view (on a phone it is far down the page).
  const suggested = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (loaded && highlight !== null) suggested.current?.scrollIntoView({ block: 'nearest' });
  }, [loaded, highlight]);

  const buy = (goodsId: string) => dispatch(startCheckout({ goodsId, methodId }));
  const perMonth = (offer: billing.PlanOffer) =>
    offer.pricePerMonth === null ? null : price(offer.pricePerMonth, offer.plan.currency);
  // While the half-price offer runs, what the server charges (the full price struck through beside it).
  const halfPerMonth = (offer: billing.PlanOffer) =>
    offer.halfPrice?.pricePerMonth == null ? null : price(offer.halfPrice.pricePerMonth, offer.plan.currency);

  return (
    <div className={styles.page} data-testid="pricing">
      <header className={styles.hero}>
        <h1 className={styles.title}>
          <FormattedMessage id="billing.pricing.title" />
        </h1>
        <p className={styles.subtitle}>
          <FormattedMessage id="billing.pricing.subtitle" />
        </p>
        {signedIn && (
          <p className={styles.muted} data-testid="pricing-your-tier">
            <FormattedMessage id="billing.pricing.yourTier" values={{ tier: tierName(catalogue.tier) }} />{' '}
            <Link className={styles.link} to={to('/subscription')}>
              <FormattedMessage id="billing.pricing.manage" />
            </Link>
          </p>
        )}
        <Tabs
          label={intl.formatMessage({ id: 'billing.pricing.period' })}
          value={period}
          onValueChange={(v) => setPeriod(v === 'yearly' ? 'yearly' : 'monthly')}
          items={[
            { value: 'monthly', label: <FormattedMessage id="billing.period.monthly" /> },
            { value: 'yearly', label: <FormattedMessage id="billing.period.yearlySave" /> },
          ]}
        />
        {signedIn && <PaymentMethodPicker value={methodId} onChange={setMethodId} />}
      </header>

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
        <section className={styles.tiers} aria-label={intl.formatMessage({ id: 'billing.pricing.plans' })}>
          <Card padding="lg" className={styles.tier} data-testid="tier-none">
            <div className={styles.tierHead}>
              <h2 className={styles.tierName}>
                <FormattedMessage id="billing.tier.none" />
              </h2>
              {catalogue.tier === 'none' && (
                <Badge tone="accent">
                  <FormattedMessage id="billing.current" />
                </Badge>
              )}
            </div>
            <p className={styles.price}>
              <span className={styles.amount}>
                {price(0, catalogue.tiers[0]?.monthly?.plan.currency ?? 'USD')}
              </span>
              <span className={styles.per}>
                <FormattedMessage id="billing.pricing.perMonth" />
              </span>
            </p>
            <Benefits benefits={catalogue.free} />
          </Card>
          {catalogue.tiers.map((t) => {
            const offer = period === 'yearly' ? t.yearly : t.monthly;
            return (
              <Card
                key={t.tier}
                ref={highlight === t.tier ? suggested : undefined}
                padding="lg"
                className={`${styles.tier} ${highlight === t.tier ? styles.highlight : ''}`}
                data-testid={`tier-${t.tier}`}
              >
                <div className={styles.tierHead}>
                  <h2 className={styles.tierName}>{tierName(t.tier)}</h2>
                  {t.current ? (
                    <Badge tone="accent">
                      <FormattedMessage id="billing.current" />
                    </Badge>
                  ) : (
                    period === 'yearly' &&
                    t.yearlySaving !== null &&
                    t.yearlySaving > 0 && (
                      <Badge tone="success">
                        <FormattedMessage id="billing.pricing.save" values={{ percent: t.yearlySaving }} />
                      </Badge>
                    )
                  )}
                </div>
                {offer === null ? (
                  <p className={styles.muted}>
                    <FormattedMessage id="billing.pricing.unavailable" />
                  </p>
                ) : (
                  <div>
                    {offer.halfPrice !== null && (
                      <Badge tone="success" data-testid={`half-price-${t.tier}`}>
                        <FormattedMessage id="billing.pricing.halfPrice" />
                      </Badge>
                    )}
                    <p className={styles.price} data-testid={`price-${t.tier}`}>
                      {offer.halfPrice === null ? null : (
                        <s className={styles.was} data-testid={`full-price-${t.tier}`}>
                          {perMonth(offer)}
                        </s>
                      )}
                      <span className={styles.amount}>
                        {offer.halfPrice === null ? perMonth(offer) : halfPerMonth(offer)}
                      </span>
                      <span className={styles.per}>
                        <FormattedMessage id="billing.pricing.perMonth" />
                      </span>
                    </p>
                    {period === 'yearly' && (
                      <p className={styles.muted}>
                        <FormattedMessage
                          id="billing.pricing.billedYearly"
                          values={{
                            total: price(offer.halfPrice?.price ?? offer.plan.price, offer.plan.currency),
                          }}
                        />
                      </p>
                    )}
                  </div>
                )}
                <Benefits benefits={t.benefits} />
                {offer !== null && (
                  <BuyButton
                    offer={offer}
                    onBuy={buy}
                    busyGoods={busyGoods}
                    testId={`buy-${offer.plan.goodsId}`}
                  />
                )}
              </Card>
            );
          })}
        </section>
      )}

      {loaded && catalogue.trials.length > 0 && (
        <section className={styles.section} data-testid="trials">
          <h2 className={styles.heading}>
            <FormattedMessage id="billing.pricing.trials" />
          </h2>
          <div className={styles.addons}>
            {catalogue.trials.map((o) => (
              <Card key={o.plan.goodsId} className={styles.addon}>
                <p className={styles.addonName}>{planName(o.plan)}</p>
                <p className={styles.muted}>
                  <FormattedMessage
                    id="billing.pricing.trialPrice"
                    values={{ price: price(o.plan.price, o.plan.currency), days: o.plan.periodDays ?? 3 }}
                  />
                </p>
                <BuyButton offer={o} onBuy={buy} busyGoods={busyGoods} testId={`buy-${o.plan.goodsId}`} />
              </Card>
            ))}
          </div>
        </section>
      )}

      {loaded && catalogue.vip.length > 0 && (
        <section className={styles.section} data-testid="vip">
          <h2 className={styles.heading}>
            <FormattedMessage id="billing.pricing.vip" />
          </h2>
          <div className={styles.addons}>
            {catalogue.vip.map((o) => (
              <Card key={o.plan.goodsId} className={styles.addon}>
                <div>
                  <p className={styles.addonName}>{planName(o.plan)}</p>
                  <p className={styles.muted}>
                    <FormattedMessage id={`billing.vip.${o.kind}`} />
                  </p>
                </div>
                <p className={styles.price}>
                  {o.halfPrice === null ? null : (
                    <s className={styles.was}>{price(o.plan.price, o.plan.currency)}</s>
                  )}
                  <span>{price(o.halfPrice?.price ?? o.plan.price, o.plan.currency)}</span>
                  <span className={styles.per}>
                    <FormattedMessage
                      id={
                        o.kind === 'day'
                          ? 'billing.pricing.perDay'
                          : o.yearly
                            ? 'billing.pricing.perYear'
                            : 'billing.pricing.perMonth'
                      }
                    />
                  </span>
                </p>
                <BuyButton offer={o} onBuy={buy} busyGoods={busyGoods} testId={`buy-${o.plan.goodsId}`} />
              </Card>
            ))}
          </div>
        </section>
      )}

      <Testimonials locale={locale} />
      <Checkout />
    </div>
  );
};

export default PricingPage;
