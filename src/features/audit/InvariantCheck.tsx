import { FormattedMessage } from 'react-intl';
import type { AuditViolation } from '../../../infrastructure/audit/commands';
import { Button } from '../../ui';
import styles from './Audit.module.css';
import type { AuditCheck } from './useAudit';

/** The invariants over the log: checking (how far), all hold, or the first violation with a jump to it. */
export const InvariantCheck = ({
  check,
  violation,
  onJump,
}: {
  readonly check: AuditCheck;
  readonly violation: AuditViolation | null;
  readonly onJump: (index: number) => void;
}) => (
  <div className={styles.check} data-testid="audit-check" aria-live="polite">
    {check.status === 'checking' ? (
      <p className={styles.muted}>
        <FormattedMessage id="audit.checking" values={{ checked: check.checked, total: check.total }} />
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
        <Button variant="danger" onClick={() => onJump(violation.index)} data-testid="audit-jump">
          <FormattedMessage id="audit.jump" />
        </Button>
      </>
    )}
  </div>
);
