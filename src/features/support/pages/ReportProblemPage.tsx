/**
 * "Report a problem" (issue 24): what the session's event log holds (how many events of which
 * areas, over what time, its size: never its contents, which were redacted when recorded), a note,
 * the person's consent, then Send, or Download instead; and the reports they sent, each to
 * download or delete. The rules (when Send works, sizes, failures) are the domain's.
 */
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { support } from '../../../../domain/index.js';
import { exportEventLog } from '../../../../infrastructure/preferences/commands';
import { useAppDispatch } from '../../../../infrastructure/store/hooks';
import {
  chooseReportVisit,
  deleteProblemReport,
  listProblemReports,
  previewProblemReport,
  sendProblemReport,
} from '../../../../infrastructure/support/commands';
import { Button, Card, EmptyState, ErrorState, Field, Select, Skeleton, TextArea } from '../../../ui';
import styles from '../Support.module.css';
import { useProblemReports, useReportFailure } from '../useProblemReports';

const Size = ({ bytes }: { readonly bytes: number }) => {
  const size = support.sizeOf(bytes);
  return (
    <FormattedMessage
      id={size.unit === 'kB' ? 'report.sizeKb' : 'report.sizeMb'}
      values={{ n: size.value }}
    />
  );
};

/** The visit picker's value for this visit (a kept visit's id is a random id, never this word). */
const THIS_VISIT = 'this';

const ReportProblemPage = () => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const state = useProblemReports();
  const failure = useReportFailure();
  const [note, setNote] = useState('');
  const [consented, setConsented] = useState(false);

  useEffect(() => {
    dispatch(previewProblemReport({}));
    dispatch(listProblemReports({}));
  }, [dispatch]);

  const { preview, send, reports, earlier, chosen } = state;
  const canSend = support.canSendReport(state, consented, note);
  const date = (at: number) => intl.formatDate(at, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <div className={styles.page}>
      <Card padding="lg" className={styles.card} role="region" aria-labelledby="report-title">
        <h1 id="report-title" className={styles.title}>
          <FormattedMessage id="report.title" />
        </h1>
        <p className={styles.lead}>
          <FormattedMessage id="report.lead" />
        </p>

        <section aria-labelledby="report-what" className={styles.section} data-testid="report-preview">
          <h2 id="report-what" className={styles.subtitle}>
            <FormattedMessage id="report.whatTitle" />
          </h2>
          {earlier.length > 0 && (
            <div className={styles.visit} data-testid="report-visit">
              <Select
                label={intl.formatMessage({ id: 'report.visitLabel' })}
                value={chosen ?? THIS_VISIT}
                options={[
                  { value: THIS_VISIT, label: intl.formatMessage({ id: 'report.visitThis' }) },
                  ...earlier.map((v) => ({
                    value: v.id,
                    label: intl.formatMessage({ id: 'report.visitEarlier' }, { at: date(v.lastAt) }),
                  })),
                ]}
                onValueChange={(v) => dispatch(chooseReportVisit({ visitId: v === THIS_VISIT ? null : v }))}
              />
              <p className={styles.hint}>
                <FormattedMessage id="report.visitHelp" />
              </p>
            </div>
          )}
          {preview === null ? (
            <Skeleton height="4.5rem" />
          ) : (
            <>
              <p>
                <FormattedMessage
                  id={chosen === null ? 'report.whatSummary' : 'report.whatSummaryEarlier'}
                  values={{ events: preview.events, size: <Size bytes={preview.bytes} /> }}
                />
                {preview.firstAt !== null && preview.lastAt !== null && (
                  <>
                    {' '}
                    <FormattedMessage
                      id="report.whatSpan"
                      values={{ from: date(preview.firstAt), to: date(preview.lastAt) }}
                    />
                  </>
                )}
              </p>
              <ul className={styles.areas} aria-label={intl.formatMessage({ id: 'report.areasLabel' })}>
                {preview.areas.map((a) => (
                  <li key={a.area}>
                    <FormattedMessage id={support.areaMessageKey(a.area)} defaultMessage={a.area} />{' '}
                    <span className={styles.hint}>
                      <FormattedMessage id="report.areaEvents" values={{ n: a.events }} />
                    </span>
                  </li>
                ))}
              </ul>
              <p className={styles.hint}>
                <FormattedMessage id="report.redacted" />
              </p>
            </>
          )}
        </section>

        {send.status === 'sent' ? (
          <EmptyState
            title={intl.formatMessage({ id: 'report.sent' })}
            body={intl.formatMessage({ id: 'report.sentHelp' }, { id: send.id })}
          />
        ) : (
          <form
            className={styles.form}
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              if (canSend) dispatch(sendProblemReport({ note }));
            }}
            data-testid="report-form"
          >
            {failure !== null && (
              <ErrorState
                title={intl.formatMessage({ id: 'report.failed' })}
                body={intl.formatMessage({ id: failure.messageKey }, failure.values)}
              />
            )}
            <Field
              label={intl.formatMessage({ id: 'report.noteLabel' })}
              help={intl.formatMessage(
                { id: 'report.noteHelp' },
                { count: note.length, max: support.PROBLEM_NOTE_MAX },
              )}
            >
              <TextArea
                rows={4}
                value={note}
                maxLength={support.PROBLEM_NOTE_MAX}
                onChange={(e) => setNote(e.target.value)}
                data-testid="report-note"
              />
            </Field>
            <label className={styles.consent}>
              <input
                type="checkbox"
                checked={consented}
                onChange={(e) => setConsented(e.target.checked)}
                data-testid="report-consent"
              />
              <FormattedMessage id="report.consent" />
            </label>
            <div className={styles.actions}>
              <Button
                type="submit"
                variant="primary"
                disabled={!canSend}
                loading={send.status === 'sending'}
                data-testid="report-send"
              >
                <FormattedMessage id="report.send" />
              </Button>
              <Button
                type="button"
                variant="secondary"
                onClick={() => dispatch(exportEventLog({ visitId: chosen }))}
                data-testid="report-download"
              >
                <FormattedMessage id="report.downloadInstead" />
              </Button>
            </div>
          </form>
        )}

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
      </Card>
    </div>
  );
};

export default ReportProblemPage;
