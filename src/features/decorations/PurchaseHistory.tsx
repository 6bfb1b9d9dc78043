import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { images } from '../../../domain/index.js';
import { loadPurchaseHistory } from '../../../infrastructure/decorations/commands';
import { useAppDispatch } from '../../../infrastructure/store/hooks';
import { Button, EmptyState, ErrorState, Picture, Skeleton } from '../../ui';
import styles from './Decorations.module.css';
import { useHistory, useHistoryStatus } from './useDecorations';

/** The side of a purchase's thumbnail (Decorations.module.css `.historyThumb`, 3rem). */
const THUMB_PX = 48;

/** Spec §9 purchase history: five a page, newest first, each with its YYYY/MM/DD buy time. */
export const PurchaseHistory = ({ accountId }: { readonly accountId: string }) => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const history = useHistory();
  const status = useHistoryStatus();
  useEffect(() => {
    dispatch(loadPurchaseHistory({ page: 1 }));
  }, [accountId, dispatch]);
  const page = history?.page ?? 1;

  const body = (() => {
    if (status === 'failed')
      return (
        <ErrorState
          level={3}
          title={intl.formatMessage({ id: 'decorations.history.failed' })}
          retryLabel={intl.formatMessage({ id: 'decorations.retry' })}
          onRetry={() => dispatch(loadPurchaseHistory({ page }))}
        />
      );
    if (history === null)
      return <Skeleton lines={5} label={intl.formatMessage({ id: 'decorations.loading' })} />;
    if (history.total === 0)
      return <EmptyState level={3} title={intl.formatMessage({ id: 'decorations.history.empty' })} />;
    return (
      <>
        <ol className={styles.history} aria-busy={status === 'loading'} data-testid="purchase-history">
          {history.rows.map((row) => (
            <li key={`${row.record.ornamentId}-${row.record.buyAt}`} className={styles.historyRow}>
              <Picture
                className={styles.historyThumb}
                {...images.pictureOf(row.record.preview.url, THUMB_PX, row.record.preview.width)}
                width={row.record.preview.width}
                height={row.record.preview.height}
                alt=""
              />
              <div className={styles.historyText}>
                <span className={styles.historyName}>{row.record.name}</span>
                <span className={styles.historyWhen}>
                  <FormattedMessage id={`decorations.type.${row.record.type}`} />
                  {' · '}
                  <time data-testid="history-date">{row.buyTime}</time>
                </span>
              </div>
              <span className={styles.price}>
                <span className={styles.coinDot} aria-hidden="true" />
                <FormattedMessage id="decorations.price" values={{ price: row.priceText }} />
              </span>
            </li>
          ))}
        </ol>
        {history.pages > 1 ? (
          <nav className={styles.pager} aria-label={intl.formatMessage({ id: 'decorations.history.pages' })}>
            <Button
              size="sm"
              variant="ghost"
              disabled={!history.hasPrevious || status === 'loading'}
              onClick={() => dispatch(loadPurchaseHistory({ page: history.page - 1 }))}
            >
              <FormattedMessage id="decorations.previous" />
            </Button>
            <span aria-live="polite">
              <FormattedMessage
                id="decorations.pageOf"
                values={{ page: history.page, pages: history.pages }}
              />
            </span>
            <Button
              size="sm"
              variant="ghost"
              disabled={!history.hasNext || status === 'loading'}
              onClick={() => dispatch(loadPurchaseHistory({ page: history.page + 1 }))}
              data-testid="history-next"
            >
              <FormattedMessage id="decorations.next" />
            </Button>
          </nav>
        ) : null}
      </>
    );
  })();

  return (
    <section className={styles.section} aria-labelledby="purchase-history-heading">
      <h2 className={styles.subheading} id="purchase-history-heading">
        <FormattedMessage id="decorations.history.title" />
      </h2>
      {body}
    </section>
  );
};
