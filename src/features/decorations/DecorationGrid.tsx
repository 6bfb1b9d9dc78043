import { FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import type { ReactNode } from 'react';
import type { decorations } from '../../../domain/index.js';
import { loadDecorations } from '../../../infrastructure/decorations/commands';
import { useAppDispatch } from '../../../infrastructure/store/hooks';
import { EmptyState, ErrorState, Skeleton } from '../../ui';
import { DecorationCard } from './DecorationCard';
import styles from './Decorations.module.css';
import { useListStatus } from './useDecorations';

/** A grid of decoration cards with the list's loading, error and empty states. */
export const DecorationGrid = ({
  cards,
  empty,
  label,
}: {
  readonly cards: readonly decorations.OrnamentCard[];
  readonly empty: ReactNode;
  readonly label: string;
}) => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const status = useListStatus();
  if (status === 'failed' && cards.length === 0)
    return (
      <ErrorState
        level={3}
        title={intl.formatMessage({ id: 'decorations.list.failed' })}
        retryLabel={intl.formatMessage({ id: 'decorations.retry' })}
        onRetry={() => dispatch(loadDecorations({}))}
      />
    );
  if (status !== 'loaded' && cards.length === 0)
    return (
      <ul className={styles.grid} aria-busy="true" aria-label={label}>
        {[0, 1, 2, 3].map((i) => (
          <li key={i} className={styles.skeletonCard}>
            <Skeleton height="8rem" radius="md" />
            <Skeleton
              lines={2}
              label={i === 0 ? intl.formatMessage({ id: 'decorations.loading' }) : undefined}
            />
          </li>
        ))}
      </ul>
    );
  if (cards.length === 0) return <>{empty}</>;
  return (
    <ul className={styles.grid} aria-label={label}>
      {cards.map((card) => (
        <li key={card.ornament.id}>
          <DecorationCard card={card} />
        </li>
      ))}
    </ul>
  );
};

export const NothingHere = ({
  titleId,
  action,
}: {
  readonly titleId: string;
  readonly action?: ReactNode;
}) => {
  const intl = useIntl();
  return <EmptyState level={3} title={intl.formatMessage({ id: titleId })} action={action} />;
};

export const CoinBalance = ({ coins }: { readonly coins: number | null }) =>
  coins === null ? null : (
    <span className={styles.balance} data-testid="decorations-balance">
      <span className={styles.coinDot} aria-hidden="true" />
      <FormattedMessage
        id="decorations.balance"
        values={{
          coins: (
            <strong>
              <FormattedNumber value={coins} />
            </strong>
          ),
        }}
      />
    </span>
  );
