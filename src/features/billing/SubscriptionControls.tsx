import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { billing } from '../../../domain/index.js';
import { changeSubscription } from '../../../infrastructure/billing/commands';
import { useAppDispatch } from '../../../infrastructure/store/hooks';
import { Button, ConfirmDialog, Select } from '../../ui';
import styles from './Billing.module.css';
import { useDate, usePlanName } from './labels';
import { useChangeChoices, useSubscriptionCalls } from './useBilling';

/**
 * What the person may do with the running subscription (the domain's `subscriptionViewOf` says
 * which): pause for some months, resume, claim the free month, cancel (confirmed), change plan.
 */
export const SubscriptionControls = ({ view }: { readonly view: billing.SubscriptionView }) => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const calls = useSubscriptionCalls();
  const choices = useChangeChoices();
  const date = useDate();
  const planName = usePlanName();
  const [months, setMonths] = useState('1');
  const [nextGoods, setNextGoods] = useState<string>('');
  const [confirmCancel, setConfirmCancel] = useState(false);

  const can = (a: billing.SubscriptionAction) => view.actions.includes(a);
  const busy = calls.pending !== null;
  const act = (change: Parameters<typeof changeSubscription>[0]) => dispatch(changeSubscription(change));
  const chosen = nextGoods !== '' ? nextGoods : (choices[0]?.goodsId ?? '');
  return (
    <>
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
          <FormattedMessage id="billing.subscription.cancelBody" values={{ end: date(view.expiryTime) }} />
        }
        confirmLabel={intl.formatMessage({ id: 'billing.subscription.cancel' })}
        cancelLabel={intl.formatMessage({ id: 'billing.subscription.keep' })}
        danger
        onConfirm={() => act({ action: 'cancel' })}
      />
    </>
  );
};
