import { FormattedMessage } from 'react-intl';
import { tasks } from '../../../../domain/index.js';
import { CoinShortfallNote } from './CoinShortfallNote';
import type { useEstimate } from './useCreate';

type EstimateState = ReturnType<typeof useEstimate>;

/**
 * The estimate line shared by Create and the tool pages (spec §7 /task/estimate): pending until
 * the estimate of this form arrives, then the wait (and the coins, unless a guest), with the coin
 * shortfall note.
 */
export const EstimateNote = ({
  className,
  matching,
  guest,
  balance,
}: {
  readonly className: string | undefined;
  /** The estimate when it is this form's, else null. */
  readonly matching: EstimateState['estimate'];
  readonly guest: boolean;
  readonly balance: EstimateState['balance'];
}) => (
  <p className={className} data-testid="estimate" aria-live="polite">
    {matching === null ? (
      <FormattedMessage id="create.estimate.pending" />
    ) : guest ? (
      <FormattedMessage
        id="create.estimate.guest"
        values={{ seconds: Math.ceil(matching.estimateMs / 1000) }}
      />
    ) : (
      <FormattedMessage
        id="create.estimate"
        values={{ coins: matching.coins, seconds: Math.ceil(matching.estimateMs / 1000) }}
      />
    )}
    <CoinShortfallNote shortfall={tasks.coinShortfall(matching, guest, balance)} />
  </p>
);
