import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  loadPaymentMethods,
  loadSubscriptionList,
  loadSubscriptionStatus,
  refreshPayment,
} from '../../../../infrastructure/billing/commands';
import { useAppDispatch } from '../../../../infrastructure/store/hooks';
import { Card, ErrorState, Skeleton } from '../../../ui';
import styles from '../Billing.module.css';
import { usePlanNameById } from '../labels';
import { PaymentMethods } from '../PaymentMethods';
import { SubscriptionAddons } from '../SubscriptionAddons';
import { SubscriptionControls } from '../SubscriptionControls';
import { SubscriptionFacts } from '../SubscriptionFacts';
import { SubscriptionNone } from '../SubscriptionNone';
import {
  useListFailed,
  usePlans,
  usePlansLoaded,
  useSignedIn,
  useSubscriptionCalls,
  useSubscriptionView,
} from '../useBilling';

/** The plans and payment methods, then (signed in) the subscription's status and the payment info. */
const useLoadSubscription = (signedIn: boolean) => {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(loadSubscriptionList({}));
    dispatch(loadPaymentMethods({}));
  }, [dispatch]);
  useEffect(() => {
    if (signedIn) {
      dispatch(loadSubscriptionStatus({}));
      dispatch(refreshPayment({}));
    }
  }, [signedIn, dispatch]);
};

/**
 * Subscription management (spec §3, §4): the level and its expiry, pause (months) and resume, the
 * free-month trial, cancel, the next plan with its activation date (a discount upgrade marked
 * pending), the 3-day trial flag, and the payment methods by id. What each button may do is the
 * domain's `subscriptionViewOf`; the server decides again.
 */
const SubscriptionPage = () => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const signedIn = useSignedIn();
  const view = useSubscriptionView();
  const calls = useSubscriptionCalls();
  const nameById = usePlanNameById(usePlans());
  // The plan's name comes from the plan list: until it arrives (unless it failed) the facts would
  // call the running plan "Another plan".
  const plansLoaded = usePlansLoaded();
  const plansFailed = useListFailed('subscriptionList');
  const planNamesPending = !plansLoaded && !plansFailed;
  useLoadSubscription(signedIn);

  const loading =
    !signedIn ||
    calls.load === 'idle' ||
    (calls.load === 'loading' && view.currentProduct === null) ||
    (view.running && planNamesPending);

  return (
    <div className={`billing-page ${styles.narrow}`} data-testid="subscription">
      <header>
        <h1 className="billing-title">
          <FormattedMessage id="billing.subscription.title" />
        </h1>
      </header>

      {calls.load === 'error' && (
        <ErrorState
          title={<FormattedMessage id="billing.subscription.error" />}
          retryLabel={intl.formatMessage({ id: 'billing.retry' })}
          onRetry={() => dispatch(loadSubscriptionStatus({}))}
        />
      )}
      {calls.load !== 'error' && loading && (
        <Card padding="lg">
          <Skeleton lines={5} label={intl.formatMessage({ id: 'billing.loading' })} />
        </Card>
      )}

      {!loading && calls.load !== 'error' && !view.running && (
        <SubscriptionNone threeDayTrial={view.threeDayTrial} />
      )}

      {!loading && view.running && (
        <Card padding="lg">
          <div className={styles.section}>
            <SubscriptionFacts view={view} refused={calls.refused} nameById={nameById} />
            <SubscriptionControls view={view} />
          </div>
        </Card>
      )}

      {!loading && (view.lite.active || view.big.active) && <SubscriptionAddons view={view} />}

      <PaymentMethods />
    </div>
  );
};

export default SubscriptionPage;
