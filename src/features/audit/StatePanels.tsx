import { FormattedMessage, useIntl } from 'react-intl';
import { Card, Skeleton } from '../../ui';
import styles from './Audit.module.css';
import { DiffList } from './DiffList';
import { StateTree } from './StateTree';
import type { useAudit } from './useAudit';

type Audit = ReturnType<typeof useAudit>;

/** The state at the selected event as a tree, and what that event changed. */
export const StatePanels = ({
  state,
  diff,
  selected,
}: {
  readonly state: Audit['state'];
  readonly diff: Audit['diff'];
  readonly selected: number;
}) => {
  const intl = useIntl();
  return (
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
        {diff === null || diff.index !== selected ? <Skeleton height="6rem" /> : <DiffList diff={diff} />}
      </Card>
    </div>
  );
};
