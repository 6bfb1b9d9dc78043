import { FormattedMessage } from 'react-intl';
import { tasks } from '../../../../domain/index.js';
import { Button } from '../../../ui';
import styles from './Create.module.css';
import { EstimateNote } from './EstimateNote';
import type { useEstimate } from './useCreate';

type EstimateState = ReturnType<typeof useEstimate>;

/** The estimate, the Generate button with its coin cost (members), and the guest note. */
export const SubmitBar = ({
  matching,
  guest,
  balance,
  batchCount,
}: {
  readonly matching: EstimateState['estimate'];
  readonly guest: boolean;
  readonly balance: EstimateState['balance'];
  readonly batchCount: number;
}) => (
  <>
    <EstimateNote className={styles.estimate} matching={matching} guest={guest} balance={balance} />
    <Button type="submit" variant="primary" size="lg" block data-testid="generate">
      <FormattedMessage id="create.generate" />
      {!guest && (
        <span className={styles.cost}>
          <FormattedMessage
            id="create.cost"
            values={{ cost: matching?.coins ?? tasks.IMAGE_TASK_COST * batchCount }}
          />
        </span>
      )}
    </Button>
    {guest && (
      <p className={styles.note}>
        <FormattedMessage id="create.guestNote" />
      </p>
    )}
  </>
);
