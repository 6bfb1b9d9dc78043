import { memo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { feed, format } from '../../../domain/index.js';
import { muteCard, reportCard, toggleLike } from '../../../infrastructure/feed/commands';
import { useAppDispatch } from '../../../infrastructure/store/hooks';
import { IconButton, VisuallyHidden } from '../../ui';
import styles from './Explore.module.css';
import { useLike } from './useFeed';

/** One card of the square: cover, type, the actions of its type (spec §2), like, report and "not interested". */
export const FeedCard = memo(({ card }: { readonly card: feed.FeedCard }) => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const key = feed.cardKey(card);
  const { liked, likes } = useLike(key);
  const actions = feed.cardActions(card.cardType);
  return (
    <article
      className={styles.card}
      data-testid="feed-card"
      data-card-type={card.cardType}
      data-key={key}
      data-expose-id={card.id}
      data-expose-type={1}
    >
      <div
        className={styles.cover}
        style={{ aspectRatio: card.cover ? `${card.cover.width} / ${card.cover.height}` : '1 / 1' }}
      >
        {card.cover && (
          <img
            src={card.cover.url}
            alt={card.title}
            loading="lazy"
            decoding="async"
            width={card.cover.width}
            height={card.cover.height}
          />
        )}
        {actions.length > 0 && (
          <div className={styles.actions} aria-hidden="true">
            {actions.map((a) => (
              <span key={a} className={styles.chip}>
                <FormattedMessage id={`feed.action.${a}`} />
              </span>
            ))}
          </div>
        )}
        <span className={styles.type}>
          <FormattedMessage id={`feed.card.${card.cardType}`} />
        </span>
      </div>
      <div className={styles.meta}>
        <p className={styles.title} title={card.title}>
          {card.title}
        </p>
        <div className={styles.row}>
          <button
            type="button"
            className={styles.like}
            data-on={liked || undefined}
            aria-pressed={liked}
            onClick={() => dispatch(toggleLike({ key }))}
            data-testid="like"
          >
            <span aria-hidden="true">{liked ? '♥' : '♡'}</span>
            <VisuallyHidden>
              <FormattedMessage id="feed.like" />
            </VisuallyHidden>
            <span data-testid="like-count">{format.formatCount(likes)}</span>
          </button>
          <span className={styles.tools}>
            <IconButton
              size="sm"
              label={intl.formatMessage({ id: 'feed.report' })}
              onClick={() => dispatch(reportCard({ id: card.id, objType: card.obj_type }))}
            >
              ⚑
            </IconButton>
            <IconButton
              size="sm"
              label={intl.formatMessage({ id: 'feed.notInterested' })}
              onClick={() => dispatch(muteCard({ id: card.id, reason: 'notInterested' }))}
            >
              ⊘
            </IconButton>
          </span>
        </div>
      </div>
    </article>
  );
});
FeedCard.displayName = 'FeedCard';
