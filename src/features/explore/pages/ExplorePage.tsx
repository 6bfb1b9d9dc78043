import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation, useParams } from 'react-router';
import { feed, routing } from '../../../../domain/index.js';
import { loadFeedPage, refreshFeed } from '../../../../infrastructure/feed/commands';
import { useAppDispatch } from '../../../../infrastructure/store/hooks';
import { useLocale } from '../../../i18n/locale';
import { Button, EmptyState, ErrorState, TabsNav } from '../../../ui';
import styles from '../Explore.module.css';
import { FeedCard } from '../FeedCard';
import { FeedControls } from '../FeedControls';
import { useColumnCount, useColumns, useFeedList, useSquareQuery } from '../useFeed';

const SKELETON_HEIGHTS = [220, 160, 280, 200, 250, 180, 300, 170, 240, 210, 190, 260];

/**
 * The community square: one tab at `/explore/:tab` or at its spec §2 section path (`/model`,
 * `/ai-video` ...), its sort, time and filters in the address, the cards in columns that never
 * reflow, pages loaded as the person scrolls.
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
  const container = useRef<HTMLDivElement>(null);
  const columnCount = useColumnCount(container);
  const columns = useColumns(cards, hiddenKeys, columnCount);
  const sentinel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (state.status === 'idle') dispatch(loadFeedPage({ tab, query }));
  }, [tab, query, state.status, dispatch]);

  useEffect(() => {
    const el = sentinel.current;
    if (!el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) dispatch(loadFeedPage({ tab, query }));
      },
      { rootMargin: '600px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [tab, query, dispatch]);

  const loading = state.status === 'loading' || state.status === 'idle';
  const hasMore = state.status === 'loaded' ? state.hasMore : state.status !== 'error';
  const visible = cards.length - hiddenKeys.size;
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>
        <FormattedMessage id="explore.title" />
      </h1>
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
        aria-busy={loading}
      >
        {columns.map((column, i) => (
          <div key={i} className={styles.column} data-testid="feed-column">
            {column.map((card) => (
              <FeedCard key={feed.cardKey(card)} card={card} />
            ))}
            {loading &&
              Array.from({ length: cards.length === 0 ? 3 : 1 }, (_, j) => (
                <div
                  key={`sk${j}`}
                  className={styles.skeleton}
                  style={{ blockSize: SKELETON_HEIGHTS[(i * 3 + j) % SKELETON_HEIGHTS.length] }}
                  aria-hidden="true"
                />
              ))}
          </div>
        ))}
      </div>
      {hasMore && (
        <div ref={sentinel} className={styles.more}>
          <Button variant="ghost" loading={loading} onClick={() => dispatch(loadFeedPage({ tab, query }))}>
            <FormattedMessage id={loading ? 'feed.loading' : 'feed.more'} />
          </Button>
        </div>
      )}
    </div>
  );
};

export default ExplorePage;
