/**
 * "Report a problem" (issue 24): what the session's event log holds (how many events of which
 * areas, over what time, its size: never its contents, which were redacted when recorded), a note,
 * the person's consent, then Send, or Download instead; and the reports they sent, each to
 * download or delete. The rules (when Send works, sizes, failures) are the domain's.
 */
import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch } from '../../../../infrastructure/store/hooks';
import { listProblemReports, previewProblemReport } from '../../../../infrastructure/support/commands';
import { Card, EmptyState } from '../../../ui';
import { ReportForm } from '../ReportForm';
import { ReportPreview } from '../ReportPreview';
import { SentReports } from '../SentReports';
import styles from '../Support.module.css';
import { useProblemReports } from '../useProblemReports';

const ReportProblemPage = () => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const state = useProblemReports();

  useEffect(() => {
    dispatch(previewProblemReport({}));
    dispatch(listProblemReports({}));
  }, [dispatch]);

  const { send } = state;
  return (
    <div className={styles.page}>
      <Card padding="lg" className={styles.card} role="region" aria-labelledby="report-title">
        <h1 id="report-title" className={styles.title}>
          <FormattedMessage id="report.title" />
        </h1>
        <p className={styles.lead}>
          <FormattedMessage id="report.lead" />
        </p>

        <ReportPreview state={state} />

        {send.status === 'sent' ? (
          <EmptyState
            title={intl.formatMessage({ id: 'report.sent' })}
            body={intl.formatMessage({ id: 'report.sentHelp' }, { id: send.id })}
          />
        ) : (
          <ReportForm state={state} />
        )}

        <SentReports reports={state.reports} />
      </Card>
    </div>
  );
};

export default ReportProblemPage;
