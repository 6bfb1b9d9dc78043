import { memo, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { format, people } from '../../../domain/index.js';
import {
  collectItem,
  createFolder,
  loadFolders,
  uncollectItem,
} from '../../../infrastructure/social/commands';
import { useAppDispatch } from '../../../infrastructure/store/hooks';
import { Button, Field, Popover, Skeleton, TextInput, VisuallyHidden } from '../../ui';
import { cx } from './cx';
import { BookmarkIcon, ChevronIcon, FolderIcon } from './icons';
import styles from './Social.module.css';
import { useCollectView, useFolders, useMyId } from './useSocial';

export interface CollectButtonProps {
  /** The item's key (`obj_type:id`). */
  readonly itemKey: string;
  /** The card type (spec §2 card types): it decides the spec §7 collect key. */
  readonly cardType: string;
  readonly size?: 'sm' | 'md';
  readonly className?: string;
}

/** The folder picker: the viewer's folders, the current one checked, and a new folder by name. */
const FolderPicker = ({
  itemKey,
  cardType,
  collected,
  currentFolderId,
  onDone,
}: {
  readonly itemKey: string;
  readonly cardType: string;
  readonly collected: boolean;
  /** null for the default folder. */
  readonly currentFolderId: string | null;
  readonly onDone: () => void;
}) => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const folders = useFolders();
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const problem = people.folderNameProblem(name);

  const create = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (problem !== null) return;
    dispatch(createFolder({ name: name.trim(), collect: { key: itemKey, cardType } }));
    setName('');
    setTouched(false);
    onDone();
  };

  return (
    <div className={styles.picker} data-testid="folder-picker">
      <p className={styles.pickerTitle}>
        <FormattedMessage id="social.collect.chooseFolder" />
      </p>
      {folders === null || folders.status === 'loading' ? (
        <Skeleton lines={3} />
      ) : folders.status === 'failed' ? (
        <p className={styles.muted}>
          <FormattedMessage id="social.folders.failed" />{' '}
          <Button size="sm" variant="ghost" onClick={() => dispatch(loadFolders({}))}>
            <FormattedMessage id="social.retry" />
          </Button>
        </p>
      ) : (
        <ul className={styles.folderList}>
          {folders.value.map((f) => {
            const current =
              collected && (f.id === currentFolderId || (currentFolderId === null && f.isDefault));
            return (
              <li key={f.id}>
                <button
                  type="button"
                  className={styles.folderChoice}
                  aria-current={current || undefined}
                  data-testid="folder-choice"
                  onClick={() => {
                    dispatch(
                      collectItem({
                        key: itemKey,
                        cardType,
                        folder: { collection_id: f.id, collection_name: f.name },
                      }),
                    );
                    onDone();
                  }}
                >
                  <FolderIcon />
                  <span className={styles.folderName}>
                    {f.isDefault ? intl.formatMessage({ id: 'social.folder.default' }) : f.name}
                  </span>
                  <span className={styles.muted}>{format.formatCount(f.count)}</span>
                  {current && <span aria-hidden="true">✓</span>}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <form className={styles.newFolder} onSubmit={create} noValidate>
        <Field
          label={<FormattedMessage id="social.folder.newName" />}
          error={
            touched && problem !== null ? (
              <FormattedMessage id={`social.${problem}`} values={{ max: people.FOLDER_NAME_MAX }} />
            ) : undefined
          }
        >
          <TextInput
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={people.FOLDER_NAME_MAX * 2}
            data-testid="new-folder-name"
          />
        </Field>
        <Button type="submit" size="sm" variant="primary" data-testid="create-folder">
          <FormattedMessage id="social.folder.create" />
        </Button>
      </form>
    </div>
  );
};

/**
 * Spec §4 collect: the main button collects into the default folder (or takes the collect back);
 * the arrow opens the folder picker with "create folder". A guest gets the login dialog, and the
 * collect lands after the sign-in (spec §5).
 */
export const CollectButton = memo(({ itemKey, cardType, size = 'md', className }: CollectButtonProps) => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const me = useMyId();
  const { collect, count, busy } = useCollectView(itemKey);
  const [open, setOpen] = useState(false);
  const collected = collect !== null;
  const folderName = collect?.collection_name ?? null;

  const onMain = () => {
    if (collected) dispatch(uncollectItem({ key: itemKey }));
    else dispatch(collectItem({ key: itemKey, cardType, folder: null }));
  };
  const onOpenChange = (next: boolean) => {
    // A guest is asked to sign in instead; the collect into the default folder follows.
    if (next && me === null) {
      dispatch(collectItem({ key: itemKey, cardType, folder: null }));
      return;
    }
    if (next) dispatch(loadFolders({}));
    setOpen(next);
  };

  return (
    <span className={cx(styles.split, className)}>
      <button
        type="button"
        className={cx(styles.action, styles[size])}
        data-on={collected || undefined}
        data-busy={busy || undefined}
        // Named by what it does and its count as shown (the visible words are in the name, WCAG 2.5.3,
        // as the like button is); pressed says whether it is collected.
        aria-pressed={collected}
        onClick={onMain}
        data-testid="collect-button"
        data-count={count}
      >
        <BookmarkIcon filled={collected} />
        <VisuallyHidden>
          {intl.formatMessage(
            { id: collected ? 'social.collect.undoAction' : 'social.collect.action' },
            { folder: folderName ?? intl.formatMessage({ id: 'social.folder.default' }) },
          )}
        </VisuallyHidden>{' '}
        <span className={styles.count} data-testid="collect-button-count">
          {format.formatCount(count)}
        </span>
      </button>
      <Popover
        open={open}
        onOpenChange={onOpenChange}
        align="end"
        label={intl.formatMessage({ id: 'social.collect.chooseFolder' })}
        closeLabel={intl.formatMessage({ id: 'social.close' })}
        trigger={
          <button
            type="button"
            className={cx(styles.action, styles[size], styles.chevron)}
            aria-label={intl.formatMessage({ id: 'social.collect.toFolder' })}
            aria-haspopup="dialog"
            data-testid="collect-folder-button"
          >
            <ChevronIcon />
          </button>
        }
      >
        <FolderPicker
          itemKey={itemKey}
          cardType={cardType}
          collected={collected}
          currentFolderId={collect?.collection_id ?? null}
          onDone={() => setOpen(false)}
        />
      </Popover>
    </span>
  );
});
CollectButton.displayName = 'CollectButton';
