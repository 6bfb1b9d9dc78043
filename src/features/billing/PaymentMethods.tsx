import { FormattedMessage, useIntl } from 'react-intl';
import { loadPaymentMethods } from '../../../infrastructure/billing/commands';
import { useAppDispatch } from '../../../infrastructure/store/hooks';
import { Badge, Card, EmptyState, ErrorState, Skeleton } from '../../ui';
import styles from './Billing.module.css';
import { PaymentMethodIcon } from './PaymentMethodIcon';
import { usePaymentMethods } from './useBilling';

/** The account's payment methods by id (spec §3, §8), each named by its kind. */
export const PaymentMethods = () => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { status, methods } = usePaymentMethods();
  return (
    <Card padding="lg" data-testid="payment-methods">
      <div className={styles.section}>
        <h2 className={styles.heading}>
          <FormattedMessage id="billing.method.title" />
        </h2>
        {(status === 'idle' || status === 'loading') && <Skeleton lines={1} />}
        {status === 'error' && (
          <ErrorState
            level={3}
            title={<FormattedMessage id="billing.method.error" />}
            retryLabel={intl.formatMessage({ id: 'billing.retry' })}
            onRetry={() => dispatch(loadPaymentMethods({}))}
          />
        )}
        {methods !== null && methods.length === 0 && (
          <EmptyState level={3} title={<FormattedMessage id="billing.method.empty" />} />
        )}
        {methods !== null && methods.length > 0 && (
          <ul className={styles.methods}>
            {methods.map((m) => (
              <li key={m.id}>
                <Badge data-testid={`method-${m.kind}`} className={styles.method}>
                  <PaymentMethodIcon kind={m.kind} />
                  <FormattedMessage id={`billing.method.kind.${m.kind}`} />
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
};
