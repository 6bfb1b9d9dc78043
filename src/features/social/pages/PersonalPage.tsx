import { useEffect, useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { people } from '../../../../domain/index.js';
import { loadList, loadStats } from '../../../../infrastructure/social/commands';
import { useAppDispatch } from '../../../../infrastructure/store/hooks';
import { useLocale } from '../../../i18n/locale';
import { ErrorState, Skeleton, TabsNav } from '../../../ui';
import { CollectionsTab } from '../CollectionsTab';
import { EarningsChart } from '../EarningsChart';
import { Empty, ListStates, PersonRow, WorkTile } from '../parts';
import styles from '../Social.module.css';
import { useAccountFigures, useList, useMyId, useStats } from '../useSocial';

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
