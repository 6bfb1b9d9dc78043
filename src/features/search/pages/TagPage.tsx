import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { format, images, search } from '../../../../domain/index.js';
import { collectTag, loadTag, loadTagWorks } from '../../../../infrastructure/search/commands';
import { useAppDispatch } from '../../../../infrastructure/store/hooks';
import { Badge, Button, EmptyState, ErrorState, Picture, Skeleton } from '../../../ui';
import { TileSkeletons, WorkGrid } from '../../details';
import styles from '../Search.module.css';
import { useResults, useTag } from '../useSearch';

const TagWorks = ({ tagId }: { readonly tagId: string }) => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const key = search.tagWorksKey(tagId);
  const results = useResults(key);
  useEffect(() => {
    dispatch(loadTagWorks({ tagId }));
  }, [dispatch, tagId]);
  const works = results.items.flatMap((r) => (r.kind === 'work' ? [r.work] : []));
  const title = intl.formatMessage({ id: 'tags.works' });
  return (
    <section className={styles.section} aria-label={title} data-testid="tag-works">
      <h2 className={styles.sectionTitle}>{title}</h2>
      {results.status === 'loading' && works.length === 0 && <TileSkeletons count={8} />}
      {results.status === 'loaded' && works.length === 0 && (
        <EmptyState level={3} title={<FormattedMessage id="tags.worksEmpty" />} />
      )}
      {works.length > 0 && <WorkGrid works={works} label={title} />}
      {results.status === 'error' && (
        <ErrorState
          level={3}
          title={<FormattedMessage id="search.error" />}
          retryLabel={intl.formatMessage({ id: 'details.retry' })}
          onRetry={() => dispatch(loadTagWorks({ tagId }))}
        />
      )}
      {results.hasMore && works.length > 0 && results.status !== 'error' && (
        <div className={styles.more}>
          <Button
            variant="ghost"
            loading={results.status === 'loading'}
            onClick={() => dispatch(loadTagWorks({ tagId }))}
          >
            <FormattedMessage id="search.more" />
          </Button>
        </div>
      )}
    </section>
  );
};

/** The side of the tag's cover beside its name (Search.module.css `.tagHeader img`). */
const TAG_HEADER_COVER_PX = 96;
/** `/tag/:name`: a tag (with collect for a signed-in person) and its works, hottest first. */
const TagPage = () => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const name = search.tagNameOf(useParams()['name']) ?? '';
  const load = useTag(name);
  if (load.status === 'loading')
    return (
      <div className={styles.page}>
        <Skeleton
          height="96px"
          width="min(100%, 28rem)"
          radius="md"
          label={intl.formatMessage({ id: 'details.loading' })}
        />
        <TileSkeletons count={8} />
      </div>
    );
  if (load.status === 'error')
    return (
      <ErrorState
        level={1}
        title={<FormattedMessage id="tags.error" />}
        retryLabel={intl.formatMessage({ id: 'details.retry' })}
        onRetry={() => dispatch(loadTag({ name }))}
      />
    );
  const tag = load.tag;
  return (
    <div className={styles.page} data-testid="tag-page">
      <div className={styles.tagHeader}>
        {tag.coverUrl && (
          <Picture
            {...images.pictureOf(tag.coverUrl, TAG_HEADER_COVER_PX)}
            width={TAG_HEADER_COVER_PX}
            height={TAG_HEADER_COVER_PX}
            alt=""
          />
        )}
        <div>
          <h1 dir="auto" className={styles.heading}>
            #{tag.name}
          </h1>
          {tag.description !== '' && (
            <p dir="auto" className={styles.sub}>
              {tag.description}
            </p>
          )}
          <p className={styles.sub}>
            <FormattedMessage
              id="search.tagWorks"
              values={{ count: tag.works, shown: format.formatCount(tag.works) }}
            />
            {' · '}
            <FormattedMessage
              id="details.likes"
              values={{ count: tag.likes, shown: format.formatCount(tag.likes) }}
            />
          </p>
          {tag.showArea !== null && (
            <span>
              <Badge tone="accent">
                <FormattedMessage id="tags.officialBadge" />
              </Badge>
            </span>
          )}
        </div>
        <Button
          variant={tag.isCollected ? 'secondary' : 'primary'}
          aria-pressed={tag.isCollected}
          onClick={() => dispatch(collectTag({ tagId: tag.id, collected: !tag.isCollected }))}
          data-testid="collect-tag"
        >
          <FormattedMessage id={tag.isCollected ? 'tags.collectedButton' : 'tags.collect'} />
        </Button>
      </div>
      <TagWorks tagId={tag.id} />
    </div>
  );
};

export default TagPage;
