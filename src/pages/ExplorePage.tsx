import { useEffect, useRef } from 'react';
import { FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import { useParams, Link } from 'react-router';
import { useLocale } from '../app/locale';
import { feed, social } from '../../domain/index.js';
import { loadFeedPage, muteCard, refreshFeed, toggleLike } from '../../infrastructure/store/commands';
import { useAppDispatch, useAppSelector } from '../../infrastructure/store/hooks';

const isTab = (t: string | undefined): t is feed.ListTab =>
  t !== undefined && (feed.LIST_TABS as readonly string[]).includes(t);

const Card = ({ card }: { card: feed.FeedCard }) => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const key = feed.cardKey(card);
  const item = useAppSelector((s) => social.selectContentItem(s.social, key));
  const actions = feed.cardActions(card.cardType);
  const ratio = card.cover ? `${card.cover.width} / ${card.cover.height}` : '1 / 1';
  return (
    <article
      className="feed-card"
      data-testid="feed-card"
      data-card-type={card.cardType}
      data-key={feed.cardKey(card)}
    >
      <div className="feed-cover" style={{ aspectRatio: ratio }}>
        {card.cover && (
          <img
            src={card.cover.url}
            alt={card.title}
            loading="lazy"
            width={card.cover.width}
            height={card.cover.height}
          />
        )}
        {actions.length > 0 && (
          <div className="feed-actions" aria-hidden="true">
            {actions.map((a) => (
              <span key={a} className="chip">
                <FormattedMessage id={`feed.action.${a}`} />
              </span>
            ))}
          </div>
        )}
        <span className="feed-type">
          <FormattedMessage id={`feed.card.${card.cardType}`} />
        </span>
      </div>
      <div className="feed-meta">
        <p className="feed-title" title={card.title}>
          {card.title}
        </p>
        <div className="feed-row">
          <button
            type="button"
            className={`like${item?.liked ? ' on' : ''}`}
            aria-pressed={item?.liked ?? false}
            aria-label={intl.formatMessage({ id: item?.liked ? 'feed.unlike' : 'feed.like' })}
            onClick={() => dispatch(toggleLike({ key }))}
            data-testid="like"
          >
            <span aria-hidden="true">{item?.liked ? '♥' : '♡'}</span>
            <FormattedNumber value={item?.stat.num_of_like ?? 0} notation="compact" />
          </button>
          <button
            type="button"
            className="ghost icon small"
            title={intl.formatMessage({ id: 'feed.notInterested' })}
            aria-label={intl.formatMessage({ id: 'feed.notInterested' })}
            onClick={() => dispatch(muteCard({ id: card.id, reason: 'notInterested' }))}
          >
            ⊘
          </button>
        </div>
      </div>
    </article>
  );
};

/** The community square: one masonry feed per tab, pages loaded as the person scrolls. */
export const ExplorePage = () => {
  const params = useParams();
  const { to } = useLocale();
  const tab: feed.ListTab = isTab(params['tab']) ? params['tab'] : 'recommend';
  const dispatch = useAppDispatch();
  const tabState = useAppSelector((s) => feed.selectFeedTab(s.feed, tab));
  const hidden = useAppSelector((s) => social.selectHiddenIds(s.social));
  const items = useAppSelector((s) => feed.selectVisibleFeedItems(s.feed, tab, hidden));
  const sentinel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (tabState.status === 'idle') dispatch(loadFeedPage({ tab }));
  }, [tab, tabState.status, dispatch]);

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

  const loading = tabState.status === 'loading';
  const hasMore = tabState.status === 'loaded' ? tabState.hasMore : tabState.status !== 'error';
  return (
    <div className="explore">
      <nav className="tabs" aria-label="feed">
        {feed.LIST_TABS.map((t) => (
          <Link
            key={t}
            to={to(`/explore/${t}`)}
            className={t === tab ? 'tab active' : 'tab'}
            aria-current={t === tab ? 'page' : undefined}
          >
            <FormattedMessage id={`feed.tab.${t}`} />
          </Link>
        ))}
      </nav>
      {tabState.status === 'error' && (
        <div className="empty-state" role="alert">
          <p>
            <FormattedMessage id="feed.error" />
          </p>
          <button type="button" className="button primary" onClick={() => dispatch(loadFeedPage({ tab }))}>
            <FormattedMessage id="feed.retry" />
          </button>
        </div>
      )}
      {tabState.status === 'loaded' && items.length === 0 && (
        <div className="empty-state" data-testid="feed-empty">
          <p className="muted">
            <FormattedMessage id="feed.empty" />
          </p>
          <button type="button" className="ghost" onClick={() => dispatch(refreshFeed({ tab }))}>
            <FormattedMessage id="feed.retry" />
          </button>
        </div>
      )}
      <div className="masonry" data-testid="feed">
        {items.map((card) => (
          <Card key={feed.cardKey(card)} card={card} />
        ))}
        {loading &&
          Array.from({ length: items.length === 0 ? 12 : 4 }, (_, i) => (
            <div
              key={`sk${i}`}
              className="feed-card skeleton"
              style={{ height: 160 + ((i * 53) % 140) }}
              aria-hidden="true"
            />
          ))}
      </div>
      {hasMore && (
        <div ref={sentinel} className="feed-more">
          <button
            type="button"
            className="ghost"
            disabled={loading}
            onClick={() => dispatch(loadFeedPage({ tab }))}
          >
            <FormattedMessage id={loading ? 'feed.loading' : 'feed.more'} />
          </button>
        </div>
      )}
    </div>
  );
};
