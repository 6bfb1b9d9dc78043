import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { loadUnreadCounts } from '../../../infrastructure/social/commands';
import { useAppDispatch } from '../../../infrastructure/store/hooks';
import { Badge } from '../../ui';
import { BellIcon } from './icons';
import styles from './Social.module.css';
import { useMyId, useUnreadCounts } from './useSocial';

/**
 * The header's bell: a link to the message centre with the spec §3 total unread count as a badge
 * (none for a guest). `to` is the localized address of /messages.
 */
export const MessagesBell = ({ to }: { readonly to: string }) => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const me = useMyId();
  const { total } = useUnreadCounts();
  useEffect(() => {
    if (me !== null) dispatch(loadUnreadCounts({}));
  }, [me, dispatch]);
  if (me === null) return null;
  return (
    <Link
      to={to}
      className={styles.bell}
      aria-label={intl.formatMessage({ id: 'messages.bell' }, { count: total })}
      data-testid="messages-bell"
    >
      <BellIcon />
      {total > 0 && (
        <Badge tone="danger" className={styles.bellBadge} aria-hidden="true" data-testid="messages-badge">
          {total > 99 ? '99+' : total}
        </Badge>
      )}
    </Link>
  );
};
