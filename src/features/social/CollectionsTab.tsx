import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import type { people } from '../../../domain/index.js';
import { loadFolders, loadList, removeCollects } from '../../../infrastructure/social/commands';
import { useAppDispatch } from '../../../infrastructure/store/hooks';
import { Button, ConfirmDialog, ErrorState, Skeleton } from '../../ui';
import { CollectToolbar } from './CollectToolbar';
import { FolderTabs } from './FolderTabs';
import { Empty, ListStates, WorkTile } from './parts';
import styles from './Social.module.css';
import { useCollectSelection } from './useCollectSelection';
import { useFolders, useList } from './useSocial';

/** The folder's collects, each to select or remove. */
const CollectGrid = ({
  list,
  folderId,
  selected,
  toggle,
}: {
  readonly list: ReturnType<typeof useList<'collects'>>;
  readonly folderId: string;
  readonly selected: ReadonlySet<string>;
  readonly toggle: (id: string, on: boolean) => void;
}) => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  return (
    <ListStates
      list={list}
      empty={<Empty titleId="personal.collections.empty" bodyId="personal.collections.emptyBody" />}
      onRetry={() => dispatch(loadList({ list: { kind: 'collects', id: folderId }, reset: true }))}
      onMore={() => dispatch(loadList({ list: { kind: 'collects', id: folderId } }))}
    >
      {(items) => (
        <ul className={styles.grid} data-testid="collects-grid">
          {items.map((e) => (
            <WorkTile
              key={e.collectId}
              card={e.card}
              select={{ checked: selected.has(e.collectId), onChange: (on) => toggle(e.collectId, on) }}
              actions={
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => dispatch(removeCollects({ collectIds: [e.collectId] }))}
                  aria-label={intl.formatMessage({ id: 'personal.removeOne' }, { title: e.card.title })}
                >
                  <FormattedMessage id="personal.remove" />
                </Button>
              }
            />
          ))}
        </ul>
      )}
    </ListStates>
  );
};

/** The folders, loaded once; the chosen one's collects loaded again when the folder changes. */
const useCollections = () => {
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const folders = useFolders();
  const loaded = folders?.status === 'loaded' ? folders.value : [];
  const folderId = params.get('folder') ?? loaded[0]?.id ?? null;
  useEffect(() => {
    dispatch(loadFolders({}));
  }, [dispatch]);
  useEffect(() => {
    if (folderId !== null) dispatch(loadList({ list: { kind: 'collects', id: folderId }, reset: true }));
  }, [dispatch, folderId]);
  return { folders, loaded, folderId };
};

/** My collections by folder: remove one, select several to remove or move to another folder. */
export const CollectionsTab = () => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { folders, loaded, folderId } = useCollections();
  const list = useList('collects', folderId);
  const { selected, setSelected, toggle } = useCollectSelection(folderId);
  const [confirm, setConfirm] = useState(false);
  const [target, setTarget] = useState('');

  if (folders === null || (folders.status === 'loading' && loaded.length === 0))
    return (
      <div aria-busy="true">
        <Skeleton lines={4} />
      </div>
    );
  if (folders.status === 'failed')
    return (
      <ErrorState
        title={<FormattedMessage id="social.folders.failed" />}
        retryLabel={intl.formatMessage({ id: 'social.retry' })}
        onRetry={() => dispatch(loadFolders({}))}
        level={3}
      />
    );

  const folderName = (f: people.Folder) =>
    f.isDefault ? intl.formatMessage({ id: 'social.folder.default' }) : f.name;
  const ids = [...selected];
  const entries = list?.entries ?? [];
  const allSelected = entries.length > 0 && entries.every((e) => selected.has(e.collectId));
  const others = loaded.filter((f) => f.id !== folderId);

  return (
    <div className={styles.page}>
      <FolderTabs folders={loaded} folderId={folderId} folderName={folderName} />
      {entries.length > 0 && (
        <CollectToolbar
          entryIds={entries.map((e) => e.collectId)}
          ids={ids}
          allSelected={allSelected}
          setSelected={setSelected}
          others={others}
          folderName={folderName}
          onRemove={() => setConfirm(true)}
          target={target}
          setTarget={setTarget}
        />
      )}
      {folderId !== null && (
        <CollectGrid list={list} folderId={folderId} selected={selected} toggle={toggle} />
      )}
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        title={intl.formatMessage({ id: 'personal.removeConfirm.title' }, { count: ids.length })}
        body={intl.formatMessage({ id: 'personal.removeConfirm.body' })}
        confirmLabel={intl.formatMessage({ id: 'personal.remove' })}
        cancelLabel={intl.formatMessage({ id: 'social.cancel' })}
        danger
        onConfirm={() => {
          dispatch(removeCollects({ collectIds: ids }));
          setSelected(new Set());
          setConfirm(false);
        }}
      />
    </div>
  );
};
