import { memo } from 'react';
import { FormattedMessage } from 'react-intl';
import { toggleFollow } from '../../../infrastructure/social/commands';
import { useAppDispatch } from '../../../infrastructure/store/hooks';
import { Button } from '../../ui';
import styles from './Social.module.css';
import { useFollowView } from './useSocial';

export interface FollowButtonProps {
  readonly authorId: string;
  /** The person's name, for the accessible label. */
  readonly name?: string;
  readonly size?: 'sm' | 'md';
  readonly className?: string;
  /**
   * In a narrow row (a card's author line) the words give way to a mark (+ or ✓) when the row is
   * too narrow for both them and the name; the words stay for screen readers.
   */
  readonly compact?: boolean;
}

/** Spec §4 follow: toggles at once; a guest signs in first and then follows. Not shown for oneself. */
export const FollowButton = memo(({ authorId, name, size = 'sm', className, compact }: FollowButtonProps) => {
  const dispatch = useAppDispatch();
  const { following, busy, isSelf } = useFollowView(authorId);
  if (isSelf) return null;
  return (
    <Button
      size={size}
      variant={following ? 'secondary' : 'primary'}
      aria-pressed={following}
      data-busy={busy || undefined}
      className={className}
      onClick={() => dispatch(toggleFollow({ authorId }))}
      data-testid="follow-button"
    >
      {compact ? (
        <span className={styles.followMark} aria-hidden="true">
          {following ? '✓' : '+'}
        </span>
      ) : null}
      <span className={compact ? styles.followWords : undefined}>
        {following ? (
          <FormattedMessage id="social.following" values={{ name: name ?? '' }} />
        ) : (
          <FormattedMessage id="social.follow" values={{ name: name ?? '' }} />
        )}
      </span>
    </Button>
  );
});
FollowButton.displayName = 'FollowButton';
