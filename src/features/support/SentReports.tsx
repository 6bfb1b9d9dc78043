import { FormattedMessage } from 'react-intl';
import type { support } from '../../../domain/index.js';
import { useAppDispatch } from '../../../infrastructure/store/hooks';
import { deleteProblemReport } from '../../../infrastructure/support/commands';
import { Button, Skeleton } from '../../ui';
import { Size, useReportDate } from './reportFormat';
import styles from './Support.module.css';

/** The reports the person sent, each to download or delete. */
export const SentReports = ({ reports }: { readonly reports: support.ProblemReportsState['reports'] }) => {
  const dispatch = useAppDispatch();
  const date = useReportDate();
  return (
    <section aria-labelledby="report-yours" className={styles.section}>
      <h2 id="report-yours" className={styles.subtitle}>
        <FormattedMessage id="report.yoursTitle" />
      </h2>
      {reports === null ? (
        <Skeleton height="3rem" />
      ) : reports.length === 0 ? (
        <p className={styles.hint} data-testid="reports-empty">
          <FormattedMessage id="report.yoursEmpty" />
        </p>
      ) : (
        <ul className={styles.reports} data-testid="reports-list">
          {reports.map((r) => (
            <li key={r.id} className={styles.report} data-testid="report-item">
              <div>
                <strong>{date(r.createdAt)}</strong>
                <span className={styles.hint}>
                  {' · '}
                  <FormattedMessage id="report.itemEvents" values={{ n: r.events }} />
                  {' · '}
                  <Size bytes={r.bytes} />
                </span>
                {r.note !== '' && <p className={styles.note}>{r.note}</p>}
              </div>
              <div className={styles.actions}>
                <a className={styles.link} href={r.downloadPath} download>
                  <FormattedMessage id="report.itemDownload" />
                </a>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => dispatch(deleteProblemReport({ id: r.id }))}
                  data-testid="report-delete"
                >
                  <FormattedMessage id="report.itemDelete" />
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
};
