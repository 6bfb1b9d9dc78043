import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation, useParams } from 'react-router';
import { feed, routing } from '../../../../domain/index.js';
import { loadFeedPage, refreshFeed } from '../../../../infrastructure/feed/commands';
import { useAppDispatch } from '../../../../infrastructure/store/hooks';
import { useLocale } from '../../../i18n/locale';
import { Button, EmptyState, ErrorState, Skeleton, TabsNav } from '../../../ui';
import styles from '../Explore.module.css';
import { FeedControls } from '../FeedControls';
import { Masonry } from '../Masonry';
import { useColumns, useDocumentTop, useFeedList, useGridWidth, useSquareQuery } from '../useFeed';

const SKELETON_HEIGHTS = [220, 160, 280, 200, 250, 180, 300, 170, 240, 210, 190, 260];

/**
 * The community square: one tab at `/explore/:tab` or at its spec §2 section path (`/model`,
 * `/ai-video` ...), its sort, time and filters in the address, the cards in virtual columns that
 * never reflow, pages loaded as the person scrolls. Coming back from a card's page finds the
 * square where it was (the router's scroll restoration; the cards are still in the store and
 * laid out at the last width before paint).
 */
const ExplorePage = () => {
  const intl = useIntl();
  const { to } = useLocale();
  const { pathname } = useLocation();
  const segment = useParams()['tab'];
  const tab =
    feed.tabOfExplorePath(routing.splitLocalePath(pathname).rest) ?? feed.squareTabOf(segment) ?? 'recommend';
  const dispatch = useAppDispatch();
  const { query, setQuery } = useSquareQuery(tab);
  const { state, cards, hiddenKeys } = useFeedList(query);
  const page = useRef<HTMLDivElement>(null);
  const container = useRef<HTMLDivElement>(null);
  const width = useGridWidth(container);
  const columnCount = feed.columnCountFor(width);
  const columns = useColumns(cards, hiddenKeys, columnCount);
  const scrollMargin = useDocumentTop(container, page);
  const sentinel = useRef<HTMLDivElement>(null);
  const loading = state.status === 'loading' || state.status === 'idle';
  const hasMore = state.status === 'loaded' ? state.hasMore : state.status !== 'error';

  useEffect(() => {
    if (state.status === 'idle') dispatch(loadFeedPage({ tab, query }));
  }, [tab, query, state.status, dispatch]);

  // The end of the list in reach (600 px ahead) asks for the next page. The observer is made
  // anew for each state of the list: a new observer always reports where the end is at once, so
  // a page that arrives while the end is still in reach (a short page, muted cards, a fast
  // scroll that outran the layout) asks for the next; an observer kept across pages speaks only
  // when the end crosses the margin, and misses a scroll made before it saw the end move away.
  useEffect(() => {
    const el = sentinel.current;
    if (!el || state.status !== 'loaded' || !state.hasMore) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) dispatch(loadFeedPage({ tab, query }));
      },
      { rootMargin: '600px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [state, tab, query, dispatch]);

  const visible = cards.length - hiddenKeys.size;
  const createEntry = feed.createEntryOf(tab);
  return (
    <div className={styles.page} ref={page}>
      <div className={styles.headingRow}>
        <h1 className={styles.heading}>
          <FormattedMessage id="explore.title" />
        </h1>
        {createEntry !== null && (
          <Button asChild variant="primary" size="sm">
            <Link to={to(createEntry.path)} data-testid="feed-create-entry">
              <FormattedMessage id={`explore.createEntry.${createEntry.entry}`} />
            </Link>
          </Button>
        )}
      </div>
      <div data-testid="feed-tabs" className={styles.tabs}>
        <TabsNav
          label={intl.formatMessage({ id: 'explore.tabs' })}
          current={to(feed.squareTabPath(tab))}
          items={feed.FEED_TABS.map((t) => ({
            href: to(feed.squareTabPath(t)),
            label: <FormattedMessage id={`feed.tab.${t}`} />,
          }))}
          renderLink={({ href, ...rest }) => <Link to={href} {...rest} />}
        />
      </div>
      <FeedControls tab={tab} query={query} onChange={setQuery} />
      {state.status === 'error' && (
        <ErrorState
          title={<FormattedMessage id="feed.error" />}
          retryLabel={intl.formatMessage({ id: 'feed.retry' })}
          onRetry={() => dispatch(loadFeedPage({ tab, query }))}
        />
      )}
      {state.status === 'loaded' && visible === 0 && (
        <div data-testid="feed-empty">
          <EmptyState
            title={<FormattedMessage id="feed.empty" />}
            action={
              <Button variant="ghost" onClick={() => dispatch(refreshFeed({ tab, query }))}>
                <FormattedMessage id="feed.retry" />
              </Button>
            }
          />
        </div>
      )}
      <div
        ref={container}
        className={styles.masonry}
        data-testid="feed"
        data-columns={columnCount}
        data-loaded={cards.length}
        aria-busy={loading}
      >
        {cards.length === 0 && loading ? (
          <div className={styles.skeletons} aria-hidden="true">
            {Array.from({ length: columnCount }, (_, i) => (
              <div key={i} className={styles.skeletonColumn}>
                {[0, 1, 2].map((j) => (
                  <Skeleton
                    key={j}
                    radius="md"
                    height={`${SKELETON_HEIGHTS[(i * 3 + j) % SKELETON_HEIGHTS.length]}px`}
                  />
                ))}
              </div>
            ))}
          </div>
        ) : (
          width > 0 && (
            <Masonry
              columns={columns}
              width={width}
              scrollMargin={scrollMargin}
              loadingMore={loading && cards.length > 0}
            />
          )
        )}
      </div>
      {hasMore && (
        <div ref={sentinel} className={styles.more} data-testid="feed-more">
          <Button variant="ghost" loading={loading} onClick={() => dispatch(loadFeedPage({ tab, query }))}>
            <FormattedMessage id={loading ? 'feed.loading' : 'feed.more'} />
          </Button>
        </div>
      )}
    </div>
  );
};

export default ExplorePage;
