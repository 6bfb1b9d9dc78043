import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { feed } from '../../../../domain/index.js';
import { loadFeedPage, refreshFeed } from '../../../../infrastructure/feed/commands';
import { useAppDispatch } from '../../../../infrastructure/store/hooks';
import { useLocale } from '../../../i18n/locale';
import { Button, EmptyState, ErrorState, TabsNav } from '../../../ui';
import styles from '../Explore.module.css';
import { FeedCard } from '../FeedCard';
import { useFeedTab } from '../useFeed';

const SKELETON_HEIGHTS = [220, 160, 280, 200, 250, 180, 300, 170, 240, 210, 190, 260];

/** The community square: one masonry feed per tab, pages loaded as the person scrolls. */
const ExplorePage = () => {
  const intl = useIntl();
  const { to } = useLocale();
  const tab = feed.listTabOf(useParams()['tab']) ?? 'recommend';
  const dispatch = useAppDispatch();
  const { state, cards } = useFeedTab(tab);
  const sentinel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (state.status === 'idle') dispatch(loadFeedPage({ tab }));
  }, [tab, state.status, dispatch]);

  useEffect(() => {
    const el = sentinel.current;
    if (!el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) dispatch(loadFeedPage({ tab }));
      },
      { rootMargin: '600px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [tab, dispatch]);

  const loading = state.status === 'loading';
  const hasMore = state.status === 'loaded' ? state.hasMore : state.status !== 'error';
  const current = to(tab === 'recommend' ? '/explore' : `/explore/${tab}`);
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>
        <FormattedMessage id="explore.title" />
      </h1>
      <div data-testid="feed-tabs" className={styles.tabs}>
        <TabsNav
          label={intl.formatMessage({ id: 'explore.tabs' })}
          current={current}
          items={feed.LIST_TABS.map((t) => ({
            href: to(t === 'recommend' ? '/explore' : `/explore/${t}`),
            label: <FormattedMessage id={`feed.tab.${t}`} />,
          }))}
          renderLink={({ href, ...rest }) => <Link to={href} {...rest} />}
        />
      </div>
      {state.status === 'error' && (
        <ErrorState
          title={<FormattedMessage id="feed.error" />}
          retryLabel={intl.formatMessage({ id: 'feed.retry' })}
          onRetry={() => dispatch(loadFeedPage({ tab }))}
        />
      )}
      {state.status === 'loaded' && cards.length === 0 && (
        <div data-testid="feed-empty">
          <EmptyState
            title={<FormattedMessage id="feed.empty" />}
            action={
              <Button variant="ghost" onClick={() => dispatch(refreshFeed({ tab }))}>
                <FormattedMessage id="feed.retry" />
              </Button>
            }
          />
        </div>
      )}
      <div className={styles.masonry} data-testid="feed" aria-busy={loading}>
        {cards.map((card) => (
          <FeedCard key={feed.cardKey(card)} card={card} />
        ))}
        {loading &&
          SKELETON_HEIGHTS.slice(0, cards.length === 0 ? 12 : 4).map((h, i) => (
            <div key={`sk${i}`} className={styles.skeleton} style={{ blockSize: h }} aria-hidden="true" />
          ))}
      </div>
      {hasMore && (
        <div ref={sentinel} className={styles.more}>
          <Button variant="ghost" loading={loading} onClick={() => dispatch(loadFeedPage({ tab }))}>
            <FormattedMessage id={loading ? 'feed.loading' : 'feed.more'} />
          </Button>
        </div>
      )}
    </div>
  );
};

export default ExplorePage;
