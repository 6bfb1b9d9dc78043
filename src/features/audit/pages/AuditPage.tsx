/**
 * The audit page `/audit` (issue 24): open an exported event log (a file input or drag and drop);
 * a worker replays it with the domain's code (infrastructure/audit). The page shows the events by
 * context on a canvas timeline, a scrubber, the state at the selected event as a collapsible tree,
 * what that event changed, and the invariant status with a jump to the first violation. Filters by
 * context and type narrow the timeline and the stepping. Nothing leaves the browser.
 */
import { FormattedMessage, useIntl } from 'react-intl';
import { Card } from '../../../ui';
import styles from '../Audit.module.css';
import { AuditFilters } from '../AuditFilters';
import { InvariantCheck } from '../InvariantCheck';
import { LogPicker } from '../LogPicker';
import { Scrubber } from '../Scrubber';
import { StatePanels } from '../StatePanels';
import { Timeline } from '../Timeline';
import { useAudit } from '../useAudit';
import { useTimelineFilters } from '../useTimelineFilters';

const AuditPage = () => {
  const intl = useIntl();
  const audit = useAudit();
  const { load, check, selected, select, state, diff } = audit;
  const timeline = load.status === 'ready' ? load.timeline : null;
  const filters = useTimelineFilters(timeline);
  const violation = check.status === 'done' ? check.violation : null;

  const open = (file: File) => {
    filters.reset();
    audit.open(file);
  };

  return (
    <div className={styles.page}>
      <LogPicker load={load} onOpen={open} />

      {timeline !== null && (
        <>
          <Card padding="lg" className={styles.card} role="region" aria-labelledby="audit-log-title">
            <h2 id="audit-log-title" className={styles.subtitle}>
              <FormattedMessage
                id="audit.summary"
                values={{ count: timeline.count, source: <bdi>{timeline.source}</bdi> }}
              />
            </h2>
            <InvariantCheck check={check} violation={violation} onJump={select} />
            <AuditFilters timeline={timeline} filters={filters} />

            <h3 className={styles.minor}>
              <FormattedMessage id="audit.timeline" />
            </h3>
            <Timeline
              timeline={timeline}
              keep={filters.keep}
              filterKey={filters.filterKey}
              selected={selected}
              violation={violation?.index ?? null}
              onSelect={select}
              label={intl.formatMessage(
                { id: 'audit.timelineLabel' },
                { count: timeline.count, lanes: timeline.lanes.length },
              )}
            />
            <Scrubber
              timeline={timeline}
              keep={filters.keep}
              selected={selected}
              select={select}
              violation={violation}
            />
          </Card>

          <StatePanels state={state} diff={diff} selected={selected} />
        </>
      )}
    </div>
  );
};

export default AuditPage;
