import { FormattedMessage, useIntl } from 'react-intl';
import type { AuditTimeline } from '../../../infrastructure/audit/commands';
import styles from './Audit.module.css';
import type { TimelineFilters } from './useTimelineFilters';

/** A checkbox per context and a select of the event types (sorted by name). */
export const AuditFilters = ({
  timeline,
  filters: { hiddenLanes, toggleLane, type, setType },
}: {
  readonly timeline: AuditTimeline;
  readonly filters: TimelineFilters;
}) => {
  const intl = useIntl();
  return (
    <fieldset className={styles.filters}>
      <legend>
        <FormattedMessage id="audit.filters" />
      </legend>
      <div
        className={styles.laneFilters}
        role="group"
        aria-label={intl.formatMessage({ id: 'audit.contexts' })}
      >
        {timeline.lanes.map((lane, i) => (
          <label key={lane} className={styles.laneCheck}>
            <input
              type="checkbox"
              checked={!hiddenLanes.has(i)}
              onChange={() => toggleLane(i)}
              data-testid={`audit-lane-${lane}`}
            />
            <bdi>{lane}</bdi>
          </label>
        ))}
      </div>
      <label className={styles.typeFilter}>
        <FormattedMessage id="audit.type" />
        <select value={type} onChange={(e) => setType(Number(e.target.value))} data-testid="audit-type">
          <option value={-1}>{intl.formatMessage({ id: 'audit.allTypes' })}</option>
          {timeline.types
            .map((t, i) => [t, i] as const)
            .sort(([a], [b]) => (a < b ? -1 : 1))
            .map(([t, i]) => (
              <option key={t} value={i}>
                {t}
              </option>
            ))}
        </select>
      </label>
    </fieldset>
  );
};
