import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { billing } from '../../../domain/index.js';
import { useLocale } from '../../i18n/locale';
import { Button } from '../../ui';
import styles from './Billing.module.css';

const KINDS = ['calculate', 'paid', 'free', 'temp'] as const;

/** Spec §3 coin kinds: available (calculate), bought (paid), free and temporary. */
export const CoinBalances = ({
  coins,
  large = false,
}: {
  readonly coins: billing.CoinBalances;
  readonly large?: boolean;
}) => {
  const intl = useIntl();
  return (
    <dl className={large ? styles.balances : styles.summaryRows}>
      {KINDS.map((kind) => (
        <div key={kind} className={large ? styles.balance : styles.summaryRow}>
          <dt>
            <FormattedMessage id={`coins.kind.${kind}`} />
          </dt>
          <dd data-testid={`coins-${kind}`}>{intl.formatNumber(coins[kind])}</dd>
        </div>
      ))}
    </dl>
  );
};

/** The header coin pill's popover: the balance by kind, then the way to more coins and to the plans. */
export const CoinSummary = ({
  coins,
  onLeave,
}: {
  readonly coins: billing.CoinBalances;
  /** Called when the person follows one of the links (the popover closes). */
  readonly onLeave?: () => void;
}) => {
  const { to } = useLocale();
  return (
    <div className={styles.summary} data-testid="coin-summary">
      <p className={styles.summaryTitle}>
        <FormattedMessage id="header.coinsLabel" />
      </p>
      <CoinBalances coins={coins} />
      <div className={styles.row}>
        <Button asChild variant="primary" size="sm">
          <Link to={to('/coins')} onClick={onLeave} data-testid="coin-summary-recharge">
            <FormattedMessage id="billing.coins.recharge" />
          </Link>
        </Button>
        <Button asChild variant="ghost" size="sm">
          <Link to={to('/pricing')} onClick={onLeave} data-testid="coin-summary-pricing">
            <FormattedMessage id="billing.nav" />
          </Link>
        </Button>
      </div>
    </div>
  );
};
