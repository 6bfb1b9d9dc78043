import { memo } from 'react';
import { FormattedMessage } from 'react-intl';
import { toggleFollow } from '../../../infrastructure/social/commands';
import { useAppDispatch } from '../../../infrastructure/store/hooks';
import { Button } from '../../ui';
import { useFollowView } from './useSocial';

export interface FollowButtonProps {
  readonly authorId: string;
  /** The person's name, for the accessible label. */
  readonly name?: string;
  readonly size?: 'sm' | 'md';
  readonly className?: string;
}

/** Spec §4 follow: toggles at once; a guest signs in first and then follows. Not shown for oneself. */
export const FollowButton = memo(({ authorId, name, size = 'sm', className }: FollowButtonProps) => {
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
      {following ? (
        <FormattedMessage id="social.following" values={{ name: name ?? '' }} />
      ) : (
        <FormattedMessage id="social.follow" values={{ name: name ?? '' }} />
      )}
    </Button>
  );
});
FollowButton.displayName = 'FollowButton';
