/** The pieces every detail page shares: its frame (loading, error, loaded), author, tags, stats, works, comments. */
import { useEffect, useState, type ReactNode } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { details, format, images, search } from '../../../domain/index.js';
import { loadComments, loadDetail, loadWorks, postComment } from '../../../infrastructure/details/commands';
import { useAppDispatch } from '../../../infrastructure/store/hooks';
import { useLocale } from '../../i18n/locale';
import { CollectButton, FollowButton, LikeButton } from '../social';
import {
  AVATAR_PX,
  Avatar,
  Button,
  CoverFrame,
  EmptyState,
  ErrorState,
  Field,
  Picture,
  Skeleton,
  TextArea,
  VisuallyHidden,
} from '../../ui';
import styles from './Details.module.css';
import { contentKeyOf, useComments, useDetail, useSignedIn, useWorks } from './useDetails';

/**
 * Loads the item of `page` and renders `children` with it; a skeleton while it loads, an error with
 * retry when it fails. (An unknown id never gets here: the route's loader answers the 404 page.)
 */
export const DetailFrame = ({
  page,
  id,
  children,
}: {
  readonly page: details.DetailPage;
  readonly id: string;
  readonly children: (item: details.DetailItem) => ReactNode;
}) => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const load = useDetail(page, id);
  useEffect(() => {
    dispatch(loadDetail({ page, id }));
  }, [dispatch, page, id]);
  switch (load.status) {
    case 'loading':
      return <DetailSkeleton />;
    case 'error':
    case 'notFound':
      return (
        <div data-testid="detail-error">
          <ErrorState
            level={1}
            title={
              <FormattedMessage id={load.status === 'notFound' ? 'details.notFound' : 'details.error'} />
            }
            retryLabel={intl.formatMessage({ id: 'details.retry' })}
            onRetry={() => dispatch(loadDetail({ page, id }))}
          />
        </div>
      );
    case 'loaded':
      return <>{children(load.item)}</>;
  }
};

const DetailSkeleton = () => {
  const intl = useIntl();
  return (
    <div className="detail-layout" data-testid="detail-loading">
      <Skeleton height="min(60vh, 420px)" radius="lg" label={intl.formatMessage({ id: 'details.loading' })} />
      <div className={styles.info}>
        <Skeleton height="2rem" width="70%" />
        <Skeleton lines={3} />
        <Skeleton height="3rem" />
      </div>
    </div>
  );
};

/** The author with avatar and date, a follow button (not on one's own work) and any other `actions`. */
export const AuthorRow = ({
  item,
  actions,
}: {
  readonly item: details.DetailItem;
  readonly actions?: ReactNode;
}) => {
  const { to } = useLocale();
  return (
    <div className={styles.author} data-testid="detail-author">
      <Avatar
        src={item.author.avatar}
        sources={images.assumedSourcesOf(item.author.avatar, AVATAR_PX.md)}
        name={item.author.name}
        size="md"
        frameUrl={item.author.avatarFrame}
        frameSources={images.assumedSourcesOf(item.author.avatarFrame, AVATAR_PX.md)}
        decorative
      />
      <Link to={to(details.userPath(item.author.id))} className={styles.authorName}>
        <span dir="auto">{item.author.name}</span>
        <small>
          <FormattedDate value={item.publishedAt} dateStyle="medium" />
        </small>
      </Link>
      <div className={styles.authorActions}>
        <FollowButton authorId={item.author.id} name={item.author.name} size="md" />
        {actions}
      </div>
    </div>
  );
};

export const TagList = ({ item }: { readonly item: details.DetailItem }) => {
  const intl = useIntl();
  const { to } = useLocale();
  if (item.tags.length === 0) return null;
  return (
    <ul className={styles.tags} aria-label={intl.formatMessage({ id: 'details.tags' })}>
      {item.tags.map((t) => (
        <li key={t.id}>
          <Link dir="auto" to={to(search.tagPath(t.name))} className={styles.tag}>
            #{t.name}
          </Link>
        </li>
      ))}
    </ul>
  );
};

/**
 * Like and collect (spec §4; a guest gets the login dialog, spec §5), the collection count and,
 * where counted, plays and runs.
 */
export const Stats = ({ item }: { readonly item: details.DetailItem }) => {
  const key = contentKeyOf(item);
  return (
    <div className={styles.actions}>
      <LikeButton itemKey={key} />
      <CollectButton itemKey={key} cardType={item.cardType} />
      <dl className={styles.stats}>
        <div>
          <dt>
            <FormattedMessage id="details.stat.collections" />
          </dt>
          <dd>{format.formatCount(item.stats.collections)}</dd>
        </div>
        {item.stats.plays !== null && (
          <div>
            <dt>
              <FormattedMessage id="details.stat.plays" />
            </dt>
            <dd>{format.formatCount(item.stats.plays)}</dd>
          </div>
        )}
        {item.stats.tasks !== null && (
          <div>
            <dt>
              <FormattedMessage id="details.stat.runs" />
            </dt>
            <dd>{format.formatCount(item.stats.tasks)}</dd>
          </div>
        )}
      </dl>
    </div>
  );
};

/** A work tile's width at most (`.tiles`: columns of at least 180 px sharing the row). */
const TILE_MAX_PX = 320;

/** One work as a tile linking to its detail. */
export const WorkTile = ({ work }: { readonly work: details.WorkCard }) => {
  const { to } = useLocale();
  return (
    <Link
      to={to(details.detailPathOf(work.cardType, work.id, work.trainedModelId))}
      className={styles.tile}
      data-testid="work-tile"
      data-id={work.id}
      data-card-type={work.cardType}
    >
      <div className={styles.tileCover}>
        {work.cover && (
          <Picture
            {...images.pictureOf(work.cover.url, TILE_MAX_PX, work.cover.width)}
            alt=""
            width={work.cover.width}
            height={work.cover.height}
          />
        )}
        {work.productionFrame ? <CoverFrame src={work.productionFrame} /> : null}
      </div>
      <div className={styles.tileMeta}>
        <span dir="auto" className={styles.tileTitle}>
          {work.title}
        </span>
        <span className={styles.tileSub}>
          <span dir="auto">{work.authorName}</span>
          <span>
            <span aria-hidden="true">♥ {format.formatCount(work.likes)}</span>
            <VisuallyHidden>
              <FormattedMessage
                id="details.likes"
                values={{ count: work.likes, shown: format.formatCount(work.likes) }}
              />
            </VisuallyHidden>
          </span>
        </span>
      </div>
    </Link>
  );
};

export const WorkGrid = ({
  works,
  label,
}: {
  readonly works: readonly details.WorkCard[];
  readonly label?: string;
}) => (
  <ul className={styles.grid} aria-label={label}>
    {works.map((w) => (
      <li key={`${w.objType}:${w.id}`}>
        <WorkTile work={w} />
      </li>
    ))}
  </ul>
);

export const TileSkeletons = ({ count }: { readonly count: number }) => (
  <ul className={styles.grid} aria-hidden="true">
    {Array.from({ length: count }, (_, i) => (
      <li key={i}>
        <Skeleton height="240px" radius="md" />
      </li>
    ))}
  </ul>
);

/** Related works of an item, or the sample images of a model, with their loading, empty and error states. */
export const WorksSection = ({
  id,
  list,
  titleId,
  emptyId,
}: {
  readonly id: string;
  readonly list: details.WorkListKind;
  readonly titleId: string;
  readonly emptyId: string;
}) => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const works = useWorks(list, id);
  useEffect(() => {
    dispatch(loadWorks({ id, list }));
  }, [dispatch, id, list]);
  const title = intl.formatMessage({ id: titleId });
  return (
    <section className={styles.section} aria-label={title} data-testid={`works-${list}`}>
      <h2 className={styles.sectionTitle}>{title}</h2>
      {works.status === 'loading' && <TileSkeletons count={4} />}
      {works.status === 'error' && (
        <ErrorState
          level={3}
          title={<FormattedMessage id="details.worksError" />}
          retryLabel={intl.formatMessage({ id: 'details.retry' })}
          onRetry={() => dispatch(loadWorks({ id, list }))}
        />
      )}
      {works.status === 'loaded' &&
        (works.items.length === 0 ? (
          <EmptyState level={3} title={<FormattedMessage id={emptyId} />} />
        ) : (
          <WorkGrid works={works.items} label={title} />
        ))}
    </section>
  );
};

const CommentComposer = ({ id }: { readonly id: string }) => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const signedIn = useSignedIn();
  const [text, setText] = useState('');
  const ready = details.commentText(text) !== null;
  return (
    <form
      className={styles.composer}
      onSubmit={(e) => {
        e.preventDefault();
        if (!ready && signedIn) return;
        dispatch(postComment({ id, text }));
        if (signedIn) setText('');
      }}
    >
      <Field label={<FormattedMessage id="details.comments.write" />} hideLabel>
        <TextArea
          rows={2}
          autoGrow
          maxLength={details.COMMENT_MAX_LENGTH}
          value={text}
          placeholder={intl.formatMessage({
            id: signedIn ? 'details.comments.placeholder' : 'details.comments.signIn',
          })}
          onChange={(e) => setText(e.target.value)}
          data-testid="comment-input"
        />
      </Field>
      <Button type="submit" variant="primary" size="sm" disabled={signedIn && !ready}>
        <FormattedMessage id={signedIn ? 'details.comments.send' : 'details.comments.signInButton'} />
      </Button>
    </form>
  );
};

/** Comments newest first, a page at a time; loading, empty and error states. */
export const Comments = ({ id }: { readonly id: string }) => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const list = useComments(id);
  useEffect(() => {
    dispatch(loadComments({ id, restart: true }));
  }, [dispatch, id]);
  const title = intl.formatMessage({ id: 'details.comments.title' }, { count: list.total });
  const firstLoad = list.status === 'loading' && list.items.length === 0;
  return (
    <section className={styles.section} aria-label={title} data-testid="comments">
      <h2 className={styles.sectionTitle}>{title}</h2>
      <CommentComposer id={id} />
      {firstLoad && <Skeleton lines={4} label={intl.formatMessage({ id: 'details.comments.loading' })} />}
      {list.status === 'loaded' && list.items.length === 0 && (
        <div data-testid="comments-empty">
          <EmptyState level={3} title={<FormattedMessage id="details.comments.empty" />} />
        </div>
      )}
      {list.items.length > 0 && (
        <ul className={styles.comments}>
          {list.items.map((c) => (
            <li key={c.id} className={styles.comment} data-testid="comment">
              <Avatar
                src={c.author.avatar}
                sources={images.assumedSourcesOf(c.author.avatar, AVATAR_PX.sm)}
                name={c.author.name}
                size="sm"
                frameUrl={c.author.avatarFrame}
                frameSources={images.assumedSourcesOf(c.author.avatarFrame, AVATAR_PX.sm)}
                decorative
              />
              <div>
                <div className={styles.commentHead}>
                  <strong dir="auto">{c.author.name}</strong>
                  <time dateTime={new Date(c.createdAt).toISOString()}>
                    <FormattedDate value={c.createdAt} dateStyle="medium" />
                  </time>
                </div>
                <p dir="auto" className={styles.commentBody}>
                  {c.content}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
      {list.status === 'error' && (
        <ErrorState
          level={3}
          title={<FormattedMessage id="details.comments.error" />}
          retryLabel={intl.formatMessage({ id: 'details.retry' })}
          onRetry={() => dispatch(loadComments({ id }))}
        />
      )}
      {list.hasMore && list.status !== 'error' && list.items.length > 0 && (
        <div>
          <Button
            variant="ghost"
            loading={list.status === 'loading'}
            onClick={() => dispatch(loadComments({ id }))}
          >
            <FormattedMessage id="details.comments.more" />
          </Button>
        </div>
      )}
    </section>
  );
};
