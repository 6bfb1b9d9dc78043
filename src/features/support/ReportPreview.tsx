import { FormattedMessage, useIntl } from 'react-intl';
import { support } from '../../../domain/index.js';
import { useAppDispatch } from '../../../infrastructure/store/hooks';
import { chooseReportVisit } from '../../../infrastructure/support/commands';
import { Select, Skeleton } from '../../ui';
import { Size, useReportDate } from './reportFormat';
import styles from './Support.module.css';

/** The visit picker's value for this visit (a kept visit's id is a random id, never this word). */
const THIS_VISIT = 'this';

/** Which visit's log to send: this one or one kept from earlier. */
const VisitPicker = ({
  earlier,
  chosen,
}: {
  readonly earlier: support.ProblemReportsState['earlier'];
  readonly chosen: string | null;
}) => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const date = useReportDate();
  return (
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
  );
};

/** What the log holds: how many events of which areas, over what time, its size; never its contents. */
export const ReportPreview = ({ state }: { readonly state: support.ProblemReportsState }) => {
  const intl = useIntl();
  const date = useReportDate();
  const { preview, earlier, chosen } = state;
  return (
    <section aria-labelledby="report-what" className={styles.section} data-testid="report-preview">
      <h2 id="report-what" className={styles.subtitle}>
        <FormattedMessage id="report.whatTitle" />
      </h2>
      {earlier.length > 0 && <VisitPicker earlier={earlier} chosen={chosen} />}
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
  );
};
