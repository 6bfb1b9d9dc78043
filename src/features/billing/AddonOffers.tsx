import { FormattedMessage } from 'react-intl';
import type { billing } from '../../../domain/index.js';
import { Card } from '../../ui';
import styles from './Billing.module.css';
import { usePlanName, usePrice } from './labels';
import { BuyButton } from './PlanParts';

interface OffersProps<O extends billing.PlanOffer> {
  readonly offers: readonly O[];
  readonly onBuy: (goodsId: string) => void;
  readonly busyGoods: string | null;
}

/** The 3-day trials, when offered: each at its price for its days. */
export const TrialOffers = ({ offers, onBuy, busyGoods }: OffersProps<billing.PlanOffer>) => {
  const price = usePrice();
  const planName = usePlanName();
  return (
    <section className={styles.section} data-testid="trials">
      <h2 className={styles.heading}>
        <FormattedMessage id="billing.pricing.trials" />
      </h2>
      <div className={styles.addons}>
        {offers.map((o) => (
          <Card key={o.plan.goodsId} className={styles.addon}>
            <p className={styles.addonName}>{planName(o.plan)}</p>
            <p className={styles.muted}>
              <FormattedMessage
                id="billing.pricing.trialPrice"
                values={{ price: price(o.plan.price, o.plan.currency), days: o.plan.periodDays ?? 3 }}
              />
            </p>
            <BuyButton offer={o} onBuy={onBuy} busyGoods={busyGoods} testId={`buy-${o.plan.goodsId}`} />
          </Card>
        ))}
      </div>
    </section>
  );
};

/** The VIP tiers above Pro and the add-ons the server sells: what each is, its price per day, month or year. */
export const VipOffers = ({ offers, onBuy, busyGoods }: OffersProps<billing.VipOffer>) => {
  const price = usePrice();
  const planName = usePlanName();
  return (
    <section className={styles.section} data-testid="vip">
      <h2 className={styles.heading}>
        <FormattedMessage id="billing.pricing.vip" />
      </h2>
      <div className={styles.addons}>
        {offers.map((o) => (
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
            <BuyButton offer={o} onBuy={onBuy} busyGoods={busyGoods} testId={`buy-${o.plan.goodsId}`} />
          </Card>
        ))}
      </div>
    </section>
  );
};
