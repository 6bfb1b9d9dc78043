import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { billing } from '../../../../domain/index.js';
import {
  changeSubscription,
  loadPaymentMethods,
  loadSubscriptionList,
  loadSubscriptionStatus,
  refreshPayment,
} from '../../../../infrastructure/billing/commands';
import { useAppDispatch } from '../../../../infrastructure/store/hooks';
import { useLocale } from '../../../i18n/locale';
import { Badge, Button, Card, ConfirmDialog, EmptyState, ErrorState, Select, Skeleton } from '../../../ui';
import { PaymentMethodIcon } from '../PaymentMethodIcon';
import styles from '../Billing.module.css';
import { useDate, usePlanName, usePlanNameById } from '../labels';
import {
  useChangeChoices,
  usePaymentMethods,
  usePlans,
  useSignedIn,
  useSubscriptionCalls,
  useSubscriptionView,
} from '../useBilling';

const PaymentMethods = () => {
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

/**
 * Subscription management (spec §3, §4): the level and its expiry, pause (months) and resume, the
 * free-month trial, cancel, the next plan with its activation date (a discount upgrade marked
 * pending), the 3-day trial flag, and the payment methods by id. What each button may do is the
 * domain's `subscriptionViewOf`; the server decides again.
 */
const SubscriptionPage = () => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { to } = useLocale();
  const signedIn = useSignedIn();
  const view = useSubscriptionView();
  const calls = useSubscriptionCalls();
  const plans = usePlans();
  const choices = useChangeChoices();
  const date = useDate();
  const planName = usePlanName();
  const nameById = usePlanNameById(plans);
  const [months, setMonths] = useState('1');
  const [nextGoods, setNextGoods] = useState<string>('');
  const [confirmCancel, setConfirmCancel] = useState(false);

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

  const can = (a: billing.SubscriptionAction) => view.actions.includes(a);
  const busy = calls.pending !== null;
  const act = (change: Parameters<typeof changeSubscription>[0]) => dispatch(changeSubscription(change));
  const loading =
    !signedIn || calls.load === 'idle' || (calls.load === 'loading' && view.currentProduct === null);
  const chosen = nextGoods !== '' ? nextGoods : (choices[0]?.goodsId ?? '');

  return (
    <div className={`${styles.page} ${styles.narrow}`} data-testid="subscription">
      <header>
        <h1 className={styles.title}>
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
        <Card padding="lg" data-testid="subscription-none">
          <EmptyState
            title={<FormattedMessage id="billing.subscription.none" />}
            body={
              view.threeDayTrial ? (
                <span data-testid="three-day-trial">
                  <FormattedMessage id="billing.subscription.trialOffered" />
                </span>
              ) : (
                <FormattedMessage id="billing.subscription.noneBody" />
              )
            }
            action={
              <Button asChild variant="primary">
                <Link to={to('/pricing')}>
                  <FormattedMessage id="billing.subscription.seePlans" />
                </Link>
              </Button>
            }
          />
        </Card>
      )}

      {!loading && view.running && (
        <Card padding="lg">
          <div className={styles.section}>
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
                    id={
                      view.cancelAt !== null ? 'billing.subscription.endsOn' : 'billing.subscription.expiry'
                    }
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
            {calls.refused !== null && (
              <p className={styles.alert} role="alert" data-testid="subscription-refused">
                <FormattedMessage
                  id={`billing.subscription.refused.${calls.refused.action}`}
                  values={{ code: calls.refused.code }}
                />
              </p>
            )}

            <div className={styles.controls}>
              {can('pause') && (
                <>
                  <Select
                    label={intl.formatMessage({ id: 'billing.subscription.pauseFor' })}
                    value={months}
                    onValueChange={setMonths}
                    options={billing.PAUSE_MONTHS.map((m) => ({
                      value: String(m),
                      label: intl.formatMessage({ id: 'billing.subscription.months' }, { n: m }),
                    }))}
                  />
                  <Button
                    onClick={() => act({ action: 'pause', months: Number(months) })}
                    loading={calls.pending === 'pause'}
                    disabled={busy}
                    data-testid="subscription-pause"
                  >
                    <FormattedMessage id="billing.subscription.pause" />
                  </Button>
                </>
              )}
              {can('resume') && (
                <Button
                  variant="primary"
                  onClick={() => act({ action: 'resume' })}
                  loading={calls.pending === 'resume'}
                  disabled={busy}
                  data-testid="subscription-resume"
                >
                  <FormattedMessage id="billing.subscription.resume" />
                </Button>
              )}
              {can('freeMonth') && (
                <Button
                  onClick={() => act({ action: 'freeMonth' })}
                  loading={calls.pending === 'freeMonth'}
                  disabled={busy}
                  data-testid="subscription-free-month-claim"
                >
                  <FormattedMessage id="billing.subscription.claimFreeMonth" />
                </Button>
              )}
              {can('cancel') && (
                <Button
                  variant="danger"
                  onClick={() => setConfirmCancel(true)}
                  loading={calls.pending === 'cancel'}
                  disabled={busy}
                  data-testid="subscription-cancel"
                >
                  <FormattedMessage id="billing.subscription.cancel" />
                </Button>
              )}
            </div>

            {can('changePlan') && choices.length > 0 && (
              <div className={styles.controls}>
                <Select
                  label={intl.formatMessage({ id: 'billing.subscription.changeTo' })}
                  value={chosen}
                  onValueChange={setNextGoods}
                  options={choices.map((p) => ({ value: p.goodsId, label: planName(p) }))}
                />
                <Button
                  onClick={() => act({ action: 'changePlan', goodsId: chosen })}
                  loading={calls.pending === 'changePlan'}
                  disabled={busy || chosen === ''}
                  data-testid="subscription-change"
                >
                  <FormattedMessage id="billing.subscription.change" />
                </Button>
              </div>
            )}
            <ConfirmDialog
              open={confirmCancel}
              onOpenChange={setConfirmCancel}
              title={<FormattedMessage id="billing.subscription.cancelTitle" />}
              body={
                <FormattedMessage
                  id="billing.subscription.cancelBody"
                  values={{ end: date(view.expiryTime) }}
                />
              }
              confirmLabel={intl.formatMessage({ id: 'billing.subscription.cancel' })}
              cancelLabel={intl.formatMessage({ id: 'billing.subscription.keep' })}
              danger
              onConfirm={() => act({ action: 'cancel' })}
            />
          </div>
        </Card>
      )}

      {!loading && (view.lite.active || view.big.active) && (
        <Card padding="lg" data-testid="subscription-addons">
          <div className={styles.section}>
            <h2 className={styles.heading}>
              <FormattedMessage id="billing.subscription.addons" />
            </h2>
            {view.lite.active && (
              <p className={styles.muted}>
                <FormattedMessage
                  id="billing.subscription.lite"
                  values={{ end: date(view.lite.expiryTime) }}
                />
              </p>
            )}
            {view.big.active && (
              <p className={styles.muted}>
                <FormattedMessage id="billing.plan.big" />
              </p>
            )}
          </div>
        </Card>
      )}

      <PaymentMethods />
    </div>
  );
};

export default SubscriptionPage;
