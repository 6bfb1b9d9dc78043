import { FormattedMessage } from 'react-intl';
import type { billing } from '../../../domain/index.js';
import { Button } from '../../ui';
import styles from './Billing.module.css';

/** What a tier gives: queue, daily tasks, trainings per 30 days, speed. */
export const Benefits = ({ benefits }: { readonly benefits: billing.TierBenefits }) => (
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
export const BuyButton = ({
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
