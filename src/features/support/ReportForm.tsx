import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { support } from '../../../domain/index.js';
import { exportEventLog } from '../../../infrastructure/preferences/commands';
import { useAppDispatch } from '../../../infrastructure/store/hooks';
import { sendProblemReport } from '../../../infrastructure/support/commands';
import { Button, ErrorState, Field, TextArea } from '../../ui';
import styles from './Support.module.css';
import { useReportFailure } from './useProblemReports';

/** A note, the person's consent, then Send (support.canSendReport says when), or Download instead. */
export const ReportForm = ({ state }: { readonly state: support.ProblemReportsState }) => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const failure = useReportFailure();
  const [note, setNote] = useState('');
  const [consented, setConsented] = useState(false);
  const { send, chosen } = state;
  const canSend = support.canSendReport(state, consented, note);
  return (
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
  );
};
