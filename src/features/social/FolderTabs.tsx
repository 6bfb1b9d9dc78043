import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { format, type people } from '../../../domain/index.js';
import { FolderIcon } from './icons';
import styles from './Social.module.css';

/** One button per collection folder, with its count; the address keeps the folder chosen. */
export const FolderTabs = ({
  folders,
  folderId,
  folderName,
}: {
  readonly folders: readonly people.Folder[];
  readonly folderId: string | null;
  readonly folderName: (f: people.Folder) => string;
}) => {
  const intl = useIntl();
  const [, setParams] = useSearchParams();
  return (
    <div className={styles.folders} role="group" aria-label={intl.formatMessage({ id: 'personal.folders' })}>
      {folders.map((f) => (
        <button
          key={f.id}
          type="button"
          className={styles.folderTab}
          aria-pressed={f.id === folderId}
          onClick={() => setParams((p) => ({ ...Object.fromEntries(p), tab: 'collections', folder: f.id }))}
          data-testid="folder-tab"
          data-folder={f.id}
        >
          <FolderIcon />
          {folderName(f)}
          <span className={styles.muted}>{format.formatCount(f.count)}</span>
        </button>
      ))}
    </div>
  );
};
