import type { RefObject } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { billing } from '../../../domain/index.js';
import { Badge, Card } from '../../ui';
import styles from './Billing.module.css';
import { usePrice, useTierName } from './labels';
import { Benefits, BuyButton } from './PlanParts';

export type Period = 'monthly' | 'yearly';

/** What a signed-in account without a plan gets, at no price. */
const FreeTierCard = ({ catalogue }: { readonly catalogue: billing.MembershipCatalogue }) => {
  const price = usePrice();
  return (
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
        <span className={styles.amount}>{price(0, catalogue.tiers[0]?.monthly?.plan.currency ?? 'USD')}</span>
        <span className={styles.per}>
          <FormattedMessage id="billing.pricing.perMonth" />
        </span>
      </p>
      <Benefits benefits={catalogue.free} />
    </Card>
  );
};

/** A tier's price per month (struck through beside the half price while that offer runs), billed yearly or not. */
const OfferPrice = ({
  tier,
  offer,
  period,
}: {
  readonly tier: billing.PaidTier;
  readonly offer: billing.PlanOffer;
  readonly period: Period;
}) => {
  const price = usePrice();
  const perMonth = (o: billing.PlanOffer) =>
    o.pricePerMonth === null ? null : price(o.pricePerMonth, o.plan.currency);
  // While the half-price offer runs, what the server charges (the full price struck through beside it).
  const halfPerMonth = (o: billing.PlanOffer) =>
    o.halfPrice?.pricePerMonth == null ? null : price(o.halfPrice.pricePerMonth, o.plan.currency);
  return (
    <div>
      {offer.halfPrice !== null && (
        <Badge tone="success" data-testid={`half-price-${tier}`}>
          <FormattedMessage id="billing.pricing.halfPrice" />
        </Badge>
      )}
      <p className={styles.price} data-testid={`price-${tier}`}>
        {offer.halfPrice === null ? null : (
          <s className={styles.was} data-testid={`full-price-${tier}`}>
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
  );
};

interface TierCardProps {
  readonly offers: billing.TierOffer;
  readonly period: Period;
  readonly highlight: string | null;
  readonly suggested: RefObject<HTMLDivElement | null>;
  readonly onBuy: (goodsId: string) => void;
  readonly busyGoods: string | null;
}

/** One paid tier for the chosen period: its name, current or saving mark, price, benefits and buy button. */
const TierCard = ({ offers: t, period, highlight, suggested, onBuy, busyGoods }: TierCardProps) => {
  const tierName = useTierName();
  const offer = period === 'yearly' ? t.yearly : t.monthly;
  return (
    <Card
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
        <OfferPrice tier={t.tier} offer={offer} period={period} />
      )}
      <Benefits benefits={t.benefits} />
      {offer !== null && (
        <BuyButton offer={offer} onBuy={onBuy} busyGoods={busyGoods} testId={`buy-${offer.plan.goodsId}`} />
      )}
    </Card>
  );
};

/** The free tier, then Basic, Standard and Pro for the chosen period (spec §9 prices per month). */
export const TierCards = ({
  catalogue,
  ...card
}: Omit<TierCardProps, 'offers'> & { readonly catalogue: billing.MembershipCatalogue }) => {
  const intl = useIntl();
  return (
    <section className={styles.tiers} aria-label={intl.formatMessage({ id: 'billing.pricing.plans' })}>
      <FreeTierCard catalogue={catalogue} />
      {catalogue.tiers.map((t) => (
        <TierCard key={t.tier} offers={t} {...card} />
      ))}
    </section>
  );
};
