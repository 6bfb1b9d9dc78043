/**
 * The payment iframe of spec §4 in a dialog: preparing the order, the provider's page (submitting,
 * then completed or error), the reason of a failure, and the new level and coins once paid.
 *
 * MOCKED EDGE: the framed page is the reference server's SIMULATED payment provider
 * (`/pay/checkout/:orderId`, server/payment/checkoutPage.ts), standing in for Stripe, PayPal and
 * the rest on an offline machine. Its messages reach the store through the billing epics
 * (infrastructure/billing/checkout.ts), which accept our own origin and the order on screen only.
 */
import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { payment } from '../../../domain/index.js';
import { closeCheckout } from '../../../infrastructure/billing/commands';
import { useAppDispatch } from '../../../infrastructure/store/hooks';
import { Badge, Button, Dialog, Spinner } from '../../ui';
import styles from './Billing.module.css';
import { useCoinBalances, usePaymentState, useSubscriptionView } from './useBilling';

export const Checkout = () => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const state = usePaymentState();
  const view = useSubscriptionView();
  const coins = useCoinBalances();
  const order = payment.selectCheckoutOrder(state);
  const close = () => dispatch(closeCheckout({}));

  // Leaving the page ends the intent: a later purchase starts a new one.
  useEffect(() => () => void dispatch(closeCheckout({})), [dispatch]);

  const done = state.status === 'completed';
  return (
    <Dialog
      open={state.status !== 'idle'}
      onOpenChange={(o) => {
        if (!o) close();
      }}
      title={<FormattedMessage id="billing.checkout.title" />}
      closeLabel={intl.formatMessage({ id: 'billing.checkout.close' })}
      size="md"
      // A payment under way is closed on purpose only (close button, Escape), never by a stray click.
      closeOnOutsidePress={false}
      footer={
        <Button variant={done ? 'primary' : 'secondary'} onClick={close} data-testid="checkout-close">
          <FormattedMessage id={done ? 'billing.checkout.done' : 'billing.checkout.close'} />
        </Button>
      }
    >
      <div className={styles.checkout} data-testid="checkout" data-status={state.status}>
        {state.status === 'ordering' && (
          <p className={styles.checkoutLine}>
            <Spinner size="sm" />
            <FormattedMessage id="billing.checkout.ordering" />
          </p>
        )}
        {state.status === 'ready' && state.submitting && (
          <p className={styles.checkoutLine} role="status" data-testid="checkout-submitting">
            <Spinner size="sm" />
            <FormattedMessage id="billing.checkout.submitting" />
          </p>
        )}
        {state.status === 'error' && (
          <p className={styles.alert} role="alert" data-testid="checkout-error">
            <FormattedMessage id={state.messageKey} />
            {state.code !== null && (
              <>
                {' '}
                <FormattedMessage id="billing.checkout.code" values={{ code: state.code }} />
              </>
            )}
          </p>
        )}
        {done ? (
          <div className={styles.success} role="status" data-testid="checkout-completed">
            <p className={styles.successTitle}>
              <FormattedMessage id="billing.checkout.completed" />
            </p>
            <p>
              <FormattedMessage id="billing.checkout.yourLevel" />{' '}
              <Badge tone="accent" data-testid="checkout-level">
                <FormattedMessage id={`billing.level.${view.level}`} />
              </Badge>
            </p>
            {coins !== null && (
              <p data-testid="checkout-coins">
                <FormattedMessage id="billing.checkout.yourCoins" values={{ coins: coins.calculate }} />
              </p>
            )}
          </div>
        ) : (
          order !== null && (
            <>
              <iframe
                key={order.orderId}
                className={styles.frame}
                src={payment.checkoutFrameSrc(order.checkoutUrl, intl.locale)}
                title={intl.formatMessage({ id: 'billing.checkout.frameTitle' })}
                data-testid="checkout-frame"
              />
            </>
          )
        )}
      </div>
    </Dialog>
  );
};
