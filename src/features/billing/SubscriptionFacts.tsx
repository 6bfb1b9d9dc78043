import { FormattedMessage } from 'react-intl';
import type { billing } from '../../../domain/index.js';
import { Badge } from '../../ui';
import styles from './Billing.module.css';
import { useDate } from './labels';
import type { useSubscriptionCalls } from './useBilling';

/**
 * What the running subscription is: level, plan and expiry (or end), then a line each for the
 * trial, the pause, the cancellation, the free month, the next plan and a refused change.
 */
export const SubscriptionFacts = ({
  view,
  refused,
  nameById,
}: {
  readonly view: billing.SubscriptionView;
  readonly refused: ReturnType<typeof useSubscriptionCalls>['refused'];
  readonly nameById: (goodsId: string | null) => string | null;
}) => {
  const date = useDate();
  return (
    <>
      <dl className={styles.facts}>
        <div className={styles.fact}>
          <dt>
            <FormattedMessage id="billing.subscription.level" />
          </dt>
          <dd>
            <Badge tone="accent" data-testid="subscription-level">
              <FormattedMessage id={`billing.level.${view.level}`} />
            </Badge>
          </dd>
        </div>
        <div className={styles.fact}>
          <dt>
            <FormattedMessage id="billing.subscription.plan" />
          </dt>
          <dd data-testid="subscription-plan">{nameById(view.currentProduct)}</dd>
        </div>
        <div className={styles.fact}>
          <dt>
            <FormattedMessage
              id={view.cancelAt !== null ? 'billing.subscription.endsOn' : 'billing.subscription.expiry'}
            />
          </dt>
          <dd data-testid="subscription-expiry">{date(view.expiryTime)}</dd>
        </div>
      </dl>
      {view.trial && (
        <p className={styles.notice} data-testid="subscription-trial">
          <FormattedMessage id="billing.subscription.onTrial" />
        </p>
      )}
      {view.paused && (
        <p className={styles.notice} data-testid="subscription-paused">
          <FormattedMessage
            id="billing.subscription.paused"
            values={{
              months: view.paused.months,
              start: date(view.paused.startAt),
              end: date(view.paused.endAt),
            }}
          />
        </p>
      )}
      {view.cancelAt !== null && (
        <p className={styles.notice} data-testid="subscription-cancelled">
          <FormattedMessage
            id="billing.subscription.cancelled"
            values={{ on: date(view.cancelAt), end: date(view.expiryTime) }}
          />
        </p>
      )}
      {view.freeMonth && (
        <p className={styles.notice} data-testid="subscription-free-month">
          <FormattedMessage
            id="billing.subscription.freeMonth"
            values={{ start: date(view.freeMonth.startAt), end: date(view.freeMonth.endAt) }}
          />
        </p>
      )}
      {view.nextPlan && (
        <p className={styles.notice} data-testid="subscription-next">
          <FormattedMessage
            id="billing.subscription.next"
            values={{ plan: nameById(view.nextPlan.goodsId), on: date(view.nextPlan.activeAt) }}
          />{' '}
          {view.nextPlan.discountPending && (
            <Badge tone="warning" data-testid="discount-pending">
              <FormattedMessage id="billing.subscription.discountPending" />
            </Badge>
          )}
        </p>
      )}
      {refused !== null && (
        <p className={styles.alert} role="alert" data-testid="subscription-refused">
          <FormattedMessage
            id={`billing.subscription.refused.${refused.action}`}
            values={{ code: refused.code }}
          />
        </p>
      )}
    </>
  );
};
