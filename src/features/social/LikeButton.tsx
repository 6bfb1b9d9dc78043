import { memo } from 'react';
import { useIntl } from 'react-intl';
import { format } from '../../../domain/index.js';
import { toggleLike } from '../../../infrastructure/social/commands';
import { useAppDispatch } from '../../../infrastructure/store/hooks';
import { VisuallyHidden } from '../../ui';
import { cx } from './cx';
import { HeartIcon } from './icons';
import styles from './Social.module.css';
import { useLikeView } from './useSocial';

export interface LikeButtonProps {
  /** The item's key (`obj_type:id`, `social.contentKey`). */
  readonly itemKey: string;
  readonly size?: 'sm' | 'md';
  readonly className?: string;
}

/**
 * Spec §4 like: toggles at once and shows the count; a guest gets the login dialog and the like
 * lands after the sign-in (spec §5); offline it waits and is sent when the browser is back online.
 */
export const LikeButton = memo(({ itemKey, size = 'md', className }: LikeButtonProps) => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { liked, count, busy, queued } = useLikeView(itemKey);
  return (
    <button
      type="button"
      className={cx(styles.action, styles[size], className)}
      data-on={liked || undefined}
      data-busy={busy || undefined}
      data-queued={queued || undefined}
      // Named "Like" and its count as shown (the count's words are the visible ones); pressed
      // says whether it is liked.
      aria-pressed={liked}
      title={queued ? intl.formatMessage({ id: 'social.queuedHint' }) : undefined}
      onClick={() => dispatch(toggleLike({ key: itemKey }))}
      data-testid="like-button"
      data-count={count}
    >
      <HeartIcon filled={liked} />
      <VisuallyHidden>{intl.formatMessage({ id: 'feed.like' })}</VisuallyHidden>
      <span className={styles.count} data-testid="like-button-count">
        {format.formatCount(count)}
      </span>
    </button>
  );
});
LikeButton.displayName = 'LikeButton';
