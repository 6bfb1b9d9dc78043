import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { format, images, type feed } from '../../../domain/index.js';
import { muteCard } from '../../../infrastructure/feed/commands';
import { useAppDispatch } from '../../../infrastructure/store/hooks';
import { useLocale } from '../../i18n/locale';
import { FollowButton, LikeButton } from '../social';
import { AVATAR_PX, Avatar, IconButton, VisuallyHidden } from '../../ui';
import styles from './Explore.module.css';

/** Under the cover: the title, the author (follow), like and the statistics, report and "not interested". */
export const CardMeta = ({
  card,
  itemKey: key,
  detail,
  titleId,
  stats,
  onReport,
}: {
  readonly card: feed.FeedCard;
  readonly itemKey: string;
  readonly detail: string;
  readonly titleId: string;
  readonly stats: ReturnType<typeof feed.cardCountStats>;
  readonly onReport: () => void;
}) => {
  const intl = useIntl();
  const { to } = useLocale();
  const dispatch = useAppDispatch();
  return (
    <div className={styles.meta}>
      <Link dir="auto" to={detail} className={styles.title} id={titleId} tabIndex={-1} title={card.title}>
        {card.title}
      </Link>
      <div className={styles.author} data-testid="card-author">
        <Link to={to(`/user/${encodeURIComponent(card.authorId)}`)} className={styles.authorLink}>
          <Avatar
            size="xs"
            src={card.author?.avatar}
            sources={images.assumedSourcesOf(card.author?.avatar, AVATAR_PX.xs)}
            name={card.author?.name ?? ''}
            frameUrl={card.author?.avatarFrame}
            frameSources={images.assumedSourcesOf(card.author?.avatarFrame, AVATAR_PX.xs)}
            decorative
          />
          <span dir="auto" className={styles.authorName}>
            {card.author?.name ?? ''}
          </span>
        </Link>
        <FollowButton
          authorId={card.authorId}
          name={card.author?.name ?? ''}
          size="sm"
          compact
          className={styles.follow}
        />
      </div>
      <div className={styles.row}>
        <span className={styles.stats}>
          <LikeButton itemKey={key} size="sm" />
          {stats.map(({ stat, value }) => (
            <span key={stat} className={styles.stat} data-stat={stat} data-testid={`stat-${stat}`}>
              <VisuallyHidden>
                <FormattedMessage id={`square.stat.${stat}`} />
              </VisuallyHidden>
              {format.formatCount(value)}
            </span>
          ))}
        </span>
        <span className={styles.tools}>
          <IconButton
            size="sm"
            label={intl.formatMessage({ id: 'feed.report' })}
            onClick={onReport}
            data-testid="card-report"
          >
            ⚑
          </IconButton>
          <IconButton
            size="sm"
            label={intl.formatMessage({ id: 'feed.notInterested' })}
            onClick={() => dispatch(muteCard({ id: card.id, reason: 'notInterested' }))}
            data-testid="card-not-interested"
          >
            ⊘
          </IconButton>
        </span>
      </div>
    </div>
  );
};
