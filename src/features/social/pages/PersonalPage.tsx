import { useEffect, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { format, people } from '../../../../domain/index.js';
import {
  loadFolders,
  loadList,
  loadStats,
  moveCollects,
  removeCollects,
} from '../../../../infrastructure/social/commands';
import { useAppDispatch } from '../../../../infrastructure/store/hooks';
import { useLocale } from '../../../i18n/locale';
import { Button, ConfirmDialog, ErrorState, Select, Skeleton, TabsNav } from '../../../ui';
import { EarningsChart } from '../EarningsChart';
import { FolderIcon } from '../icons';
import { Empty, ListStates, PersonRow, WorkTile } from '../parts';
import styles from '../Social.module.css';
import { useAccountFigures, useFolders, useList, useMyId, useStats } from '../useSocial';

/** Spec §3 stats: collected, following, followers, earnings; and earnings over time. */
const Stats = () => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const stats = useStats();
  const figures = useAccountFigures();
  useEffect(() => {
    dispatch(loadStats({}));
  }, [dispatch]);
  if (stats === null || stats.status === 'loading')
    return (
      <div aria-busy="true">
        <Skeleton lines={3} />
      </div>
    );
  if (stats.status === 'failed')
    return (
      <ErrorState
        title={<FormattedMessage id="personal.stats.failed" />}
        retryLabel={intl.formatMessage({ id: 'social.retry' })}
        onRetry={() => dispatch(loadStats({}))}
        level={2}
      />
    );
  const s = stats.value;
  return (
    <>
      <dl className={styles.stats} data-testid="personal-stats">
        {(figures ?? []).map((f) => (
          <div key={f.figure} className={styles.stat}>
            <dt>
              <FormattedMessage id={`personal.stats.${f.figure}`} />
            </dt>
            <dd data-testid={`stat-${f.figure}`} title={intl.formatNumber(f.value)}>
              {f.shown}
            </dd>
          </div>
        ))}
      </dl>
      <EarningsChart stats={s} />
    </>
  );
};

const WorksTab = ({ me }: { readonly me: string }) => {
  const dispatch = useAppDispatch();
  const list = useList('works', me);
  const ref = useMemo(() => ({ kind: 'works' as const, id: me }), [me]);
  useEffect(() => {
    dispatch(loadList({ list: ref, reset: true }));
  }, [dispatch, ref]);
  return (
    <ListStates
      list={list}
      empty={<Empty titleId="personal.works.empty" bodyId="personal.works.emptyBody" />}
      onRetry={() => dispatch(loadList({ list: ref, reset: true }))}
      onMore={() => dispatch(loadList({ list: ref }))}
    >
      {(entries) => (
        <ul className={styles.grid} data-testid="works-grid">
          {entries.map((card) => (
            <WorkTile key={`${card.obj_type}:${card.id}`} card={card} />
          ))}
        </ul>
      )}
    </ListStates>
  );
};

/** My collections by folder: remove one, select several to remove or move to another folder. */
const CollectionsTab = () => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [params, setParams] = useSearchParams();
  const folders = useFolders();
  const loaded = folders?.status === 'loaded' ? folders.value : [];
  const folderId = params.get('folder') ?? loaded[0]?.id ?? null;
  const list = useList('collects', folderId);
  // The selection belongs to one folder: choosing another starts with nothing selected.
  const [selection, setSelection] = useState<{
    readonly folder: string | null;
    readonly ids: ReadonlySet<string>;
  }>({
    folder: null,
    ids: new Set(),
  });
  const selected: ReadonlySet<string> = selection.folder === folderId ? selection.ids : new Set();
  const setSelected = (next: ReadonlySet<string> | ((s: ReadonlySet<string>) => ReadonlySet<string>)) =>
    setSelection((cur) => {
      const base = cur.folder === folderId ? cur.ids : new Set<string>();
      return { folder: folderId, ids: typeof next === 'function' ? next(base) : next };
    });
  const [confirm, setConfirm] = useState(false);
  const [target, setTarget] = useState('');

  useEffect(() => {
    dispatch(loadFolders({}));
  }, [dispatch]);
  useEffect(() => {
    if (folderId !== null) dispatch(loadList({ list: { kind: 'collects', id: folderId }, reset: true }));
  }, [dispatch, folderId]);

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
  const toggle = (id: string, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const others = loaded.filter((f) => f.id !== folderId);

  return (
    <div className={styles.page}>
      <div
        className={styles.folders}
        role="group"
        aria-label={intl.formatMessage({ id: 'personal.folders' })}
      >
        {loaded.map((f) => (
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
      {entries.length > 0 && (
        <div className={styles.toolbar} data-testid="collect-toolbar">
          <Button
            size="sm"
            variant="ghost"
            onClick={() => setSelected(allSelected ? new Set() : new Set(entries.map((e) => e.collectId)))}
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
            onClick={() => setConfirm(true)}
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
      )}
      {folderId !== null && (
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

const PeopleTab = ({ kind, me }: { readonly kind: 'followers' | 'following'; readonly me: string }) => {
  const dispatch = useAppDispatch();
  const list = useList(kind, me);
  const ref = useMemo(() => ({ kind, id: me }), [kind, me]);
  useEffect(() => {
    dispatch(loadList({ list: ref, reset: true }));
  }, [dispatch, ref]);
  return (
    <ListStates
      list={list}
      empty={<Empty titleId={`personal.${kind}.empty`} />}
      onRetry={() => dispatch(loadList({ list: ref, reset: true }))}
      onMore={() => dispatch(loadList({ list: ref }))}
    >
      {(entries) => (
        <ul className={styles.people} data-testid={`${kind}-list`}>
          {entries.map((p) => (
            <PersonRow key={p.id} person={p} />
          ))}
        </ul>
      )}
    </ListStates>
  );
};

/** Spec §2 personal area (requires a session): stats, then my works, collections, followers, following. */
const PersonalPage = () => {
  const intl = useIntl();
  const { to } = useLocale();
  const me = useMyId();
  const [params] = useSearchParams();
  const tab = people.personalTabOf(params.get('tab')) ?? 'works';
  if (me === null)
    return (
      <div aria-busy="true">
        <Skeleton lines={6} />
      </div>
    );
  const href = (t: people.PersonalTab) => `${to('/personal')}${t === 'works' ? '' : `?tab=${t}`}`;
  return (
    <div className={styles.page} data-testid="personal-page">
      <div className={styles.head}>
        <div className={styles.headText}>
          <h1 className={styles.title}>
            <FormattedMessage id="personal.title" />
          </h1>
          <Link to={to(`/user/${encodeURIComponent(me)}`)} className={styles.muted}>
            <FormattedMessage id="personal.viewProfile" />
          </Link>
        </div>
      </div>
      <Stats />
      <TabsNav
        label={intl.formatMessage({ id: 'personal.tabs' })}
        current={href(tab)}
        items={people.PERSONAL_TABS.map((t) => ({
          href: href(t),
          label: <FormattedMessage id={`personal.tab.${t}`} />,
        }))}
        renderLink={(p) => (
          <Link
            to={p.href}
            className={p.className}
            aria-current={p['aria-current']}
            data-testid="personal-tab"
          >
            {p.children}
          </Link>
        )}
      />
      <section aria-label={intl.formatMessage({ id: `personal.tab.${tab}` })}>
        {tab === 'works' && <WorksTab me={me} />}
        {tab === 'collections' && <CollectionsTab />}
        {(tab === 'followers' || tab === 'following') && <PeopleTab kind={tab} me={me} />}
      </section>
    </div>
  );
};

export default PersonalPage;
