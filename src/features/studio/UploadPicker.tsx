import { FormattedMessage } from 'react-intl';
import { uploadToNewSlot } from '../../../infrastructure/uploads/commands';
import { useAppDispatch } from '../../../infrastructure/store/hooks';
import styles from './Studio.module.css';

/** A file picker whose every chosen file goes up in a new slot named `prefix` + an id. */
export const UploadPicker = ({
  prefix,
  accept,
  labelId,
  testId,
  taskInput = false,
}: {
  readonly prefix: string;
  readonly accept: string;
  readonly labelId: string;
  readonly testId: string;
  /** The files are a task's input (spec §4: kept for the task). */
  readonly taskInput?: boolean;
}) => {
  const dispatch = useAppDispatch();
  return (
    <label className={styles.pick}>
      <FormattedMessage id={labelId} />
      <input
        className={styles.fileInput}
        type="file"
        accept={accept}
        multiple
        data-testid={testId}
        onChange={(e) => {
          for (const file of Array.from(e.target.files ?? []))
            dispatch(uploadToNewSlot(prefix, file, taskInput ? { taskInput: true } : {}));
          e.target.value = '';
        }}
      />
    </label>
  );
};
