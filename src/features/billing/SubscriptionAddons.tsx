import { FormattedMessage } from 'react-intl';
import type { billing } from '../../../domain/index.js';
import { Card } from '../../ui';
import styles from './Billing.module.css';
import { useDate } from './labels';

/** The add-ons that run beside the plan: lite (until its end) and top membership. */
export const SubscriptionAddons = ({ view }: { readonly view: billing.SubscriptionView }) => {
  const date = useDate();
  return (
    <Card padding="lg" data-testid="subscription-addons">
      <div className={styles.section}>
        <h2 className={styles.heading}>
          <FormattedMessage id="billing.subscription.addons" />
        </h2>
        {view.lite.active && (
          <p className={styles.muted}>
            <FormattedMessage id="billing.subscription.lite" values={{ end: date(view.lite.expiryTime) }} />
          </p>
        )}
        {view.big.active && (
          <p className={styles.muted}>
            <FormattedMessage id="billing.plan.big" />
          </p>
        )}
      </div>
    </Card>
  );
};
