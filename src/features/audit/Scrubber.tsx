import { FormattedMessage, useIntl } from 'react-intl';
import { stepTo } from '../../../domain/audit/index.js';
import type { AuditTimeline, AuditViolation } from '../../../infrastructure/audit/commands';
import { Button } from '../../ui';
import styles from './Audit.module.css';

/** The selected event's type, context and time (formatted for the page's locale), or null. */
const useSelectedEvent = (timeline: AuditTimeline, selected: number) => {
  const intl = useIntl();
  return selected >= 0 && selected < timeline.count
    ? {
        type: timeline.types[timeline.typeOf[selected] as number] ?? '',
        context: timeline.lanes[timeline.laneOf[selected] as number] ?? '',
        time: intl.formatDate(timeline.at[selected] as number, {
          dateStyle: 'medium',
          timeStyle: 'medium',
        }),
      }
    : null;
};

/** Previous and next (through the filters), the range over every event, and where the selection is. */
export const Scrubber = ({
  timeline,
  keep,
  selected,
  select,
  violation,
}: {
  readonly timeline: AuditTimeline;
  readonly keep: (index: number) => boolean;
  readonly selected: number;
  readonly select: (index: number) => void;
  readonly violation: AuditViolation | null;
}) => {
  const intl = useIntl();
  const event = useSelectedEvent(timeline, selected);
  return (
    <>
      <div className={styles.scrubber}>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => select(stepTo(selected, -1, timeline.count, keep))}
          data-testid="audit-prev"
        >
          <FormattedMessage id="audit.prev" />
        </Button>
        <input
          type="range"
          min={0}
          max={Math.max(0, timeline.count - 1)}
          value={Math.max(0, selected)}
          onChange={(e) => select(Number(e.target.value))}
          aria-label={intl.formatMessage({ id: 'audit.scrubber' })}
          aria-valuetext={intl.formatMessage(
            { id: 'audit.positionShort' },
            { n: selected + 1, count: timeline.count },
          )}
          className={styles.range}
          data-testid="audit-range"
        />
        <Button
          variant="secondary"
          size="sm"
          onClick={() => select(stepTo(selected, 1, timeline.count, keep))}
          data-testid="audit-next"
        >
          <FormattedMessage id="audit.next" />
        </Button>
      </div>
      {event && (
        <p className={styles.position} data-testid="audit-position">
          <FormattedMessage
            id="audit.position"
            values={{
              n: selected + 1,
              count: timeline.count,
              type: <code dir="ltr">{event.type}</code>,
              context: <bdi>{event.context}</bdi>,
              time: event.time,
            }}
          />
          {violation !== null && violation.index === selected && (
            <>
              {' '}
              <strong className={styles.bad} data-testid="audit-here">
                <FormattedMessage id="audit.violationHere" />
              </strong>
            </>
          )}
        </p>
      )}
    </>
  );
};
