import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { billing } from '../../../domain/index.js';
import { useLocale } from '../../i18n/locale';
import { Tabs } from '../../ui';
import styles from './Billing.module.css';
import { useTierName } from './labels';
import { PaymentMethodPicker } from './PaymentMethodPicker';
import type { Period } from './TierCards';

/** The page's title, the person's tier (signed in), the monthly/yearly switch and the payment method. */
export const PricingHeader = ({
  signedIn,
  tier,
  period,
  onPeriodChange,
  methodId,
  onMethodChange,
}: {
  readonly signedIn: boolean;
  readonly tier: billing.Tier;
  readonly period: Period;
  readonly onPeriodChange: (period: Period) => void;
  readonly methodId: number;
  readonly onMethodChange: (id: number) => void;
}) => {
  const intl = useIntl();
  const { to } = useLocale();
  const tierName = useTierName();
  return (
    <header className="billing-hero">
      <h1 className="billing-title">
        <FormattedMessage id="billing.pricing.title" />
      </h1>
      <p className="billing-subtitle">
        <FormattedMessage id="billing.pricing.subtitle" />
      </p>
      {signedIn && (
        <p className={styles.muted} data-testid="pricing-your-tier">
          <FormattedMessage id="billing.pricing.yourTier" values={{ tier: tierName(tier) }} />{' '}
          <Link className={styles.link} to={to('/subscription')}>
            <FormattedMessage id="billing.pricing.manage" />
          </Link>
        </p>
      )}
      <Tabs
        label={intl.formatMessage({ id: 'billing.pricing.period' })}
        value={period}
        onValueChange={(v) => onPeriodChange(v === 'yearly' ? 'yearly' : 'monthly')}
        items={[
          { value: 'monthly', label: <FormattedMessage id="billing.period.monthly" /> },
          { value: 'yearly', label: <FormattedMessage id="billing.period.yearlySave" /> },
        ]}
      />
      {signedIn && <PaymentMethodPicker value={methodId} onChange={onMethodChange} />}
    </header>
  );
};
