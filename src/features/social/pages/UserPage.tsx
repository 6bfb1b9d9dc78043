import { useEffect, useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { format, images } from '../../../../domain/index.js';
import { loadList, loadProfile } from '../../../../infrastructure/social/commands';
import { useAppDispatch } from '../../../../infrastructure/store/hooks';
import { useLocale } from '../../../i18n/locale';
import { AVATAR_PX, Avatar, ErrorState, Skeleton } from '../../../ui';
import { FollowButton } from '../FollowButton';
import { Empty, ListStates, WorkTile } from '../parts';
import styles from '../Social.module.css';
import { useList, useProfileState } from '../useSocial';

/** Spec §2 `/user/:id`: another person's profile, their public works and a follow button (an unknown id is a 404, decided by the route). */
const UserPage = () => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { to } = useLocale();
  const id = useParams()['id'] ?? '';
  const profile = useProfileState(id);
  const works = useList('works', id);
  const ref = useMemo(() => ({ kind: 'works' as const, id }), [id]);
  useEffect(() => {
    dispatch(loadProfile({ id }));
    dispatch(loadList({ list: ref, reset: true }));
  }, [dispatch, id, ref]);

  if (profile === null || profile.status === 'loading')
    return (
      <div className={styles.page} aria-busy="true" data-testid="user-loading">
        <Skeleton lines={6} />
      </div>
    );
  if (profile.status !== 'loaded')
    return (
      <ErrorState
        title={<FormattedMessage id="profile.failed" />}
        retryLabel={intl.formatMessage({ id: 'social.retry' })}
        onRetry={() => dispatch(loadProfile({ id }))}
        level={1}
      />
    );
  const p = profile.value;
  const counts = [
    ['works', p.works],
    ['followers', p.followers],
    ['following', p.following],
  ] as const;
  return (
    <div className={styles.page} data-testid="user-page">
      <header className={styles.head}>
        <Avatar
          src={p.avatar || null}
          sources={images.assumedSourcesOf(p.avatar, AVATAR_PX.xl)}
          name={p.name}
          size="xl"
          frameUrl={p.avatarFrame}
          frameSources={images.assumedSourcesOf(p.avatarFrame, AVATAR_PX.xl)}
          decorative
        />
        <div className={styles.headText}>
          <h1 className={styles.title} data-testid="profile-name">
            {p.name}
          </h1>
          <span className={styles.muted}>
            <FormattedMessage
              id="profile.joined"
              values={{ date: intl.formatDate(p.createdAt, { dateStyle: 'medium' }) }}
            />
          </span>
        </div>
        {p.isSelf ? (
          <Link to={to('/personal')} className={styles.muted}>
            <FormattedMessage id="profile.toPersonal" />
          </Link>
        ) : (
          <FollowButton authorId={p.id} name={p.name} size="md" />
        )}
      </header>
      <dl className={styles.stats}>
        {counts.map(([k, v]) => (
          <div key={k} className={styles.stat}>
            <dt>
              <FormattedMessage id={`profile.${k}`} />
            </dt>
            <dd data-testid={`profile-${k}`}>{format.formatCount(v)}</dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="profile-works">
        <h2 id="profile-works" className={styles.chartTitle}>
          <FormattedMessage id="profile.worksTitle" />
        </h2>
        <ListStates
          list={works}
          empty={<Empty titleId="profile.works.empty" />}
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
      </section>
    </div>
  );
};

export default UserPage;
