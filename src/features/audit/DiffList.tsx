/** What the selected event changed (issue 24): each differing path with its value before and after. */
import { FormattedMessage } from 'react-intl';
import { formatPath, previewValue } from '../../../domain/audit/index.js';
import type { AuditDiff } from './useAudit';
import styles from './Audit.module.css';

export const DiffList = ({ diff }: { readonly diff: AuditDiff }) =>
  diff.changes.length === 0 ? (
    <p className={styles.muted} data-testid="audit-diff-empty">
      <FormattedMessage id="audit.diffNone" />
    </p>
  ) : (
    <>
      <table className={styles.diff} data-testid="audit-diff" data-index={diff.index}>
        <thead>
          <tr>
            <th scope="col">
              <FormattedMessage id="audit.diffPath" />
            </th>
            <th scope="col">
              <FormattedMessage id="audit.diffBefore" />
            </th>
            <th scope="col">
              <FormattedMessage id="audit.diffAfter" />
            </th>
          </tr>
        </thead>
        <tbody>
          {diff.changes.map((c) => {
            const path = formatPath(c.path);
            return (
              <tr key={path}>
                <td>
                  <bdi className={styles.path}>{path}</bdi>
                </td>
                <td className={styles.before}>
                  <bdi>{previewValue(c.before, 120)}</bdi>
                </td>
                <td className={styles.after}>
                  <bdi>{previewValue(c.after, 120)}</bdi>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {diff.truncated && (
        <p className={styles.muted}>
          <FormattedMessage id="audit.diffTruncated" values={{ n: diff.changes.length }} />
        </p>
      )}
    </>
  );
