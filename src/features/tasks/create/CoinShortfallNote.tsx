import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import type { tasks } from '../../../../domain/index.js';
import { useLocale } from '../../../i18n/locale';
import styles from './Create.module.css';

/**
 * Spec §4 and §8 80307: the coins do not cover the task. Says the balance (when known) and leads
 * to the coins page, where every upsell goes. Renders nothing when there is no shortfall.
 */
export const CoinShortfallNote = ({ shortfall }: { readonly shortfall: tasks.CoinShortfall | null }) => {
  const { to } = useLocale();
  if (shortfall === null) return null;
  return (
    <span className={styles.short} role="alert" data-testid="coin-shortfall">
      {' '}
      {shortfall.balance === null ? (
        <FormattedMessage id="noCoins" />
      ) : (
        <FormattedMessage id="create.estimate.short" values={{ balance: shortfall.balance }} />
      )}{' '}
      <Link className={styles.getCoins} to={to('/coins')} data-testid="get-coins">
        <FormattedMessage id="create.getCoins" />
      </Link>
    </span>
  );
};
