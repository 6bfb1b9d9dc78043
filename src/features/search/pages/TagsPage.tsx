import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { search } from '../../../../domain/index.js';
import { loadTagList } from '../../../../infrastructure/search/commands';
import { useAppDispatch } from '../../../../infrastructure/store/hooks';
import { useLocale } from '../../../i18n/locale';
import { Button, EmptyState, ErrorState } from '../../../ui';
import { TagCards, TagSkeletons } from '../parts';
import styles from '../Search.module.css';
import { useSignedIn, useTagList } from '../useSearch';

const TagSection = ({
  list,
  titleId,
  emptyId,
}: {
  readonly list: search.TagList;
  readonly titleId: string;
  readonly emptyId: string;
}) => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const load = useTagList(list);
  useEffect(() => {
    dispatch(loadTagList({ list }));
  }, [dispatch, list]);
  const title = intl.formatMessage({ id: titleId });
  return (
    <section className={styles.section} aria-label={title} data-testid={`tags-${list}`}>
      <h2 className={styles.sectionTitle}>{title}</h2>
      {load.status === 'loading' && <TagSkeletons />}
      {load.status === 'error' && (
        <ErrorState
          level={3}
          title={<FormattedMessage id="tags.error" />}
          retryLabel={intl.formatMessage({ id: 'details.retry' })}
          onRetry={() => dispatch(loadTagList({ list }))}
        />
      )}
      {load.status === 'loaded' &&
        (load.items.length === 0 ? (
          <EmptyState level={3} title={<FormattedMessage id={emptyId} />} />
        ) : (
          <TagCards tags={load.items} label={title} />
        ))}
    </section>
  );
};

/** `/tag`: hot tags, the person's collected tags (sign in for them), official tags (spec §7). */
const TagsPage = () => {
  const signedIn = useSignedIn();
  const { to } = useLocale();
  return (
    <div className={styles.page} data-testid="tags-page">
      <h1 className={styles.heading}>
        <FormattedMessage id="tags.title" />
      </h1>
      <TagSection list="official" titleId="tags.official" emptyId="tags.officialEmpty" />
      <TagSection list="hot" titleId="tags.hot" emptyId="tags.hotEmpty" />
      {signedIn ? (
        <TagSection list="collected" titleId="tags.collected" emptyId="tags.collectedEmpty" />
      ) : (
        <section className={styles.section}>
          <h2 className={styles.sectionTitle}>
            <FormattedMessage id="tags.collected" />
          </h2>
          <EmptyState
            level={3}
            title={<FormattedMessage id="tags.collectedGuest" />}
            action={
              <Button asChild variant="primary" size="sm">
                <Link to={to('/login')}>
                  <FormattedMessage id="header.signIn" />
                </Link>
              </Button>
            }
          />
        </section>
      )}
    </div>
  );
};

export default TagsPage;
