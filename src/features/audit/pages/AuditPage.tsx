/**
 * The audit page `/audit` (issue 24): open an exported event log (a file input or drag and drop);
 * a worker replays it with the domain's code (infrastructure/audit). The page shows the events by
 * context on a canvas timeline, a scrubber, the state at the selected event as a collapsible tree,
 * what that event changed, and the invariant status with a jump to the first violation. Filters by
 * context and type narrow the timeline and the stepping. Nothing leaves the browser.
 */
import { useMemo, useState, type ChangeEvent, type DragEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { stepTo } from '../../../../domain/audit/index.js';
import { Button, Card, Skeleton, visuallyHiddenClass } from '../../../ui';
import styles from '../Audit.module.css';
import { DiffList } from '../DiffList';
import { StateTree } from '../StateTree';
import { Timeline } from '../Timeline';
import { useAudit, type AuditLoad } from '../useAudit';

const LoadStatus = ({ load }: { readonly load: AuditLoad }) => {
  switch (load.status) {
    case 'empty':
      return (
        <p className={styles.muted} data-testid="audit-empty">
          <FormattedMessage id="audit.empty" />
        </p>
      );
    case 'loading':
      return (
        <p role="status" data-testid="audit-loading">
          <FormattedMessage id="audit.loading" values={{ name: <bdi>{load.name}</bdi> }} />
        </p>
      );
    case 'invalid':
      return (
        <div role="alert" className={styles.error} data-testid="audit-invalid">
          <p className={styles.errorTitle}>
            <FormattedMessage id="audit.errorTitle" values={{ name: <bdi>{load.name}</bdi> }} />
          </p>
          <p>
            {/version/i.test(load.message) ? (
              <FormattedMessage id="audit.errorVersion" />
            ) : (
              <FormattedMessage id="audit.errorLine" values={{ line: load.line }} />
            )}
          </p>
          <code className={styles.detail} dir="ltr">
            {load.message}
          </code>
        </div>
      );
    case 'failed':
      return (
        <div role="alert" className={styles.error} data-testid="audit-failed">
          <p className={styles.errorTitle}>
            <FormattedMessage id="audit.failed" />
          </p>
          <code className={styles.detail} dir="ltr">
            {load.message}
          </code>
        </div>
      );
    case 'ready':
      return null;
  }
};

const AuditPage = () => {
  const intl = useIntl();
  const audit = useAudit();
  const { load, check, selected, select, state, diff } = audit;
  const [hiddenLanes, setHiddenLanes] = useState<ReadonlySet<number>>(() => new Set());
  const [type, setType] = useState(-1);
  const [dragging, setDragging] = useState(false);

  const timeline = load.status === 'ready' ? load.timeline : null;
  const keep = useMemo(
    () =>
      timeline === null
        ? () => false
        : (i: number) =>
            !hiddenLanes.has(timeline.laneOf[i] as number) && (type < 0 || timeline.typeOf[i] === type),
    [timeline, hiddenLanes, type],
  );
  const filterKey = `${[...hiddenLanes].join(',')}|${type}`;
  const violation = check.status === 'done' ? check.violation : null;

  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (file) {
      setHiddenLanes(new Set());
      setType(-1);
      audit.open(file);
    }
    e.target.value = '';
  };
  const onDrop = (e: DragEvent<HTMLElement>) => {
    e.preventDefault();
    setDragging(false);
    const file = e.dataTransfer.files[0];
    if (file) {
      setHiddenLanes(new Set());
      setType(-1);
      audit.open(file);
    }
  };
  const toggleLane = (lane: number) =>
    setHiddenLanes((prev) => {
      const next = new Set(prev);
      if (next.has(lane)) next.delete(lane);
      else next.add(lane);
      return next;
    });

  const event =
    timeline !== null && selected >= 0 && selected < timeline.count
      ? {
          type: timeline.types[timeline.typeOf[selected] as number] ?? '',
          context: timeline.lanes[timeline.laneOf[selected] as number] ?? '',
          time: intl.formatDate(timeline.at[selected] as number, {
            dateStyle: 'medium',
            timeStyle: 'medium',
          }),
        }
      : null;

  return (
    <div className={styles.page}>
      <Card padding="lg" className={styles.card} role="region" aria-labelledby="audit-title">
        <h1 id="audit-title" className={styles.title}>
          <FormattedMessage id="audit.title" />
        </h1>
        <p className={styles.lead}>
          <FormattedMessage id="audit.lead" />
        </p>
        <label
          className={dragging ? `${styles.drop} ${styles.dropActive}` : styles.drop}
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-testid="audit-drop"
        >
          <span className={styles.dropText}>
            <FormattedMessage id="audit.pick" />
          </span>
          <span className={styles.muted}>
            <FormattedMessage id="audit.drop" />
          </span>
          <input
            type="file"
            accept=".jsonl,.ndjson,.log,.txt,application/x-ndjson,text/plain"
            onChange={onFile}
            className={visuallyHiddenClass}
            data-testid="audit-file"
          />
        </label>
        <LoadStatus load={load} />
      </Card>

      {timeline !== null && (
        <>
          <Card padding="lg" className={styles.card} role="region" aria-labelledby="audit-log-title">
            <h2 id="audit-log-title" className={styles.subtitle}>
              <FormattedMessage
                id="audit.summary"
                values={{ count: timeline.count, source: <bdi>{timeline.source}</bdi> }}
              />
            </h2>
            <div className={styles.check} data-testid="audit-check" aria-live="polite">
              {check.status === 'checking' ? (
                <p className={styles.muted}>
                  <FormattedMessage
                    id="audit.checking"
                    values={{ checked: check.checked, total: check.total }}
                  />
                </p>
              ) : violation === null ? (
                <p className={styles.ok} data-testid="audit-all-hold">
                  <FormattedMessage id="audit.allHold" />
                </p>
              ) : (
                <>
                  <p className={styles.bad} data-testid="audit-violation">
                    <FormattedMessage
                      id="audit.violation"
                      values={{
                        invariant: <code dir="ltr">{violation.invariant}</code>,
                        n: violation.index + 1,
                        message: <bdi>{violation.message}</bdi>,
                      }}
                    />
                  </p>
                  <Button variant="danger" onClick={() => select(violation.index)} data-testid="audit-jump">
                    <FormattedMessage id="audit.jump" />
                  </Button>
                </>
              )}
            </div>

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
                <select
                  value={type}
                  onChange={(e) => setType(Number(e.target.value))}
                  data-testid="audit-type"
                >
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

            <h3 className={styles.minor}>
              <FormattedMessage id="audit.timeline" />
            </h3>
            <Timeline
              timeline={timeline}
              keep={keep}
              filterKey={filterKey}
              selected={selected}
              violation={violation?.index ?? null}
              onSelect={select}
              label={intl.formatMessage(
                { id: 'audit.timelineLabel' },
                { count: timeline.count, lanes: timeline.lanes.length },
              )}
            />

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
          </Card>

          <div className={styles.panels}>
            <Card padding="lg" className={styles.panel} role="region" aria-labelledby="audit-state-title">
              <h2 id="audit-state-title" className={styles.subtitle}>
                <FormattedMessage id="audit.stateTitle" />
              </h2>
              {state === null ? (
                <Skeleton height="6rem" />
              ) : (
                <div aria-busy={state.index !== selected} data-index={state.index}>
                  <StateTree value={state.value} label={intl.formatMessage({ id: 'audit.stateTitle' })} />
                </div>
              )}
            </Card>
            <Card padding="lg" className={styles.panel} role="region" aria-labelledby="audit-diff-title">
              <h2 id="audit-diff-title" className={styles.subtitle}>
                <FormattedMessage id="audit.diffTitle" />
              </h2>
              {diff === null || diff.index !== selected ? (
                <Skeleton height="6rem" />
              ) : (
                <DiffList diff={diff} />
              )}
            </Card>
          </div>
        </>
      )}
    </div>
  );
};

export default AuditPage;
