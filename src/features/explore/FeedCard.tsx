import { memo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { feed, format } from '../../../domain/index.js';
import { muteCard, reportCard, toggleLike } from '../../../infrastructure/feed/commands';
import { useAppDispatch } from '../../../infrastructure/store/hooks';
import { useLocale } from '../../i18n/locale';
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
  const { to } = useLocale();
  // A character card opens the character's page (spec §2 card behaviour "character: chat").
  const href = card.cardType === 'character' ? to(`/characters/${encodeURIComponent(card.id)}`) : null;
  return (
    <article className={styles.card} data-testid="feed-card" data-card-type={card.cardType} data-key={key}>
      <div
        className={styles.cover}
        style={{ aspectRatio: card.cover ? `${card.cover.width} / ${card.cover.height}` : '1 / 1' }}
      >
        {card.cover &&
          (href === null ? (
            <img
              src={card.cover.url}
              alt={card.title}
              loading="lazy"
              decoding="async"
              width={card.cover.width}
              height={card.cover.height}
            />
          ) : (
            // The title is the card's link for keyboards and screen readers; the cover is the same link for a pointer.
            <Link to={href} tabIndex={-1} aria-hidden="true">
              <img
                src={card.cover.url}
                alt=""
                loading="lazy"
                decoding="async"
                width={card.cover.width}
                height={card.cover.height}
              />
            </Link>
          ))}
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
          {href === null ? (
            card.title
          ) : (
            <Link to={href} data-testid="card-link">
              {card.title}
            </Link>
          )}
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
