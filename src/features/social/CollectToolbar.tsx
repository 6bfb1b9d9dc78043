import { FormattedMessage, useIntl } from 'react-intl';
import type { people } from '../../../domain/index.js';
import { useAppDispatch } from '../../../infrastructure/store/hooks';
import { moveCollects } from '../../../infrastructure/social/commands';
import { Button, Select } from '../../ui';
import styles from './Social.module.css';

/** Select all or none, how many are selected, remove them (confirmed) or move them to another folder. */
export const CollectToolbar = ({
  entryIds,
  ids,
  allSelected,
  setSelected,
  others,
  folderName,
  onRemove,
  target,
  setTarget,
}: {
  readonly entryIds: readonly string[];
  readonly ids: readonly string[];
  readonly allSelected: boolean;
  readonly setSelected: (ids: ReadonlySet<string>) => void;
  readonly others: readonly people.Folder[];
  readonly folderName: (f: people.Folder) => string;
  readonly onRemove: () => void;
  /** The folder to move to; the tab keeps it while the toolbar comes and goes with the list. */
  readonly target: string;
  readonly setTarget: (folderId: string) => void;
}) => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  return (
    <div className={styles.toolbar} data-testid="collect-toolbar">
      <Button
        size="sm"
        variant="ghost"
        onClick={() => setSelected(allSelected ? new Set() : new Set(entryIds))}
        data-testid="select-all"
      >
        <FormattedMessage id={allSelected ? 'personal.selectNone' : 'personal.selectAll'} />
      </Button>
      <span className={styles.muted} aria-live="polite">
        <FormattedMessage id="personal.selected" values={{ count: ids.length }} />
      </span>
      <Button
        size="sm"
        variant="danger"
        disabled={ids.length === 0}
        onClick={onRemove}
        data-testid="remove-selected"
      >
        <FormattedMessage id="personal.removeSelected" />
      </Button>
      {others.length > 0 && (
        <>
          <Select
            label={intl.formatMessage({ id: 'personal.moveTo' })}
            value={target}
            placeholder={intl.formatMessage({ id: 'personal.moveToPlaceholder' })}
            options={others.map((f) => ({ value: f.id, label: folderName(f) }))}
            onValueChange={setTarget}
            hideLabel
          />
          <Button
            size="sm"
            disabled={ids.length === 0 || target === ''}
            onClick={() => {
              dispatch(moveCollects({ collectIds: ids, folderId: target }));
              setSelected(new Set());
            }}
            data-testid="move-selected"
          >
            <FormattedMessage id="personal.move" />
          </Button>
        </>
      )}
    </div>
  );
};
