import { FormattedMessage } from 'react-intl';
import styles from './Audit.module.css';
import type { AuditLoad } from './useAudit';

/** Where the opening of a log stands: nothing yet, reading, a line that is not an event, a failure. */
export const LoadStatus = ({ load }: { readonly load: AuditLoad }) => {
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
