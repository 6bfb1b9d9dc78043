import { useEffect } from 'react';
import { FormattedMessage } from 'react-intl';
import { useLocation, useNavigate, useNavigation } from 'react-router';
import { notices, routing, session } from '../../../domain/index.js';
import { useAppSelector } from '../../../infrastructure/store/hooks';
import { Card } from '../../ui';
import styles from './Account.module.css';

const queryOf = (search: string): routing.Query => Object.fromEntries(new URLSearchParams(search));
const hrefOf = (path: string, query: routing.Query): string => {
  const qs = new URLSearchParams(query).toString();
  return qs === '' ? path : `${path}?${qs}`;
};

/**
 * The place of a page that needs a session, shown behind the login dialog the auth guard opened
 * (spec §2: the same path with auth_redirect=1): once the person signs in they are on the page they
 * asked for (auth_redirect removed, the page's loader runs again with the session); closing the
 * dialog without signing in goes home (`routing.leaveLoginGate`).
 */
export const LoginGate = () => {
  const location = useLocation();
  const navigate = useNavigate();
  // A link in the dialog (sign up, forgot password) closes it on its way elsewhere: not a "go home".
  const navigating = useNavigation().state !== 'idle';
  const signedIn = useAppSelector((s) => !session.selectIsGuest(s.session));
  const loginDialogOpen = useAppSelector((s) => notices.selectDialog(s.notices)?.name === 'login');
  useEffect(() => {
    if (navigating) return;
    const next = routing.leaveLoginGate(location.pathname, queryOf(location.search), {
      signedIn,
      loginDialogOpen,
    });
    if (next !== null) void navigate(hrefOf(next.to, next.query), { replace: true });
  }, [location.pathname, location.search, signedIn, loginDialogOpen, navigating, navigate]);
  return (
    <Card className={styles.page} padding="lg" data-testid="login-gate">
      <h1 className={styles.title}>
        <FormattedMessage id="gate.title" />
      </h1>
      <p className={styles.intro}>
        <FormattedMessage id="gate.body" />
      </p>
    </Card>
  );
};
