import { FormattedMessage } from 'react-intl';
import type { moderation } from '../../../domain/index.js';
import styles from './PublishCheckMessage.module.css';

/**
 * Why a publish was stopped (spec §5): the offending fields named by their labels before the
 * 'contains sensitive words' message, or that the check itself could not be made. Nothing while
 * the check runs or when it passed.
 */
export const PublishCheckMessage = ({ check }: { readonly check: moderation.PublishCheckView }) => {
  if (check.status === 'blocked')
    return (
      <p className={styles.refusal} role="alert" data-testid="publish-refusal" data-reason="sensitiveWords">
        <FormattedMessage id="ContainsSensitiveWords" values={{ fields: check.fields }} />
      </p>
    );
  if (check.status === 'failed')
    return (
      <p className={styles.refusal} role="alert" data-testid="publish-refusal" data-reason="checkFailed">
        <FormattedMessage id="moderation.checkFailed" />
      </p>
    );
  return null;
};
