import { useCallback, useEffect } from 'react';
import { FormattedMessage } from 'react-intl';
import { useLocation, useNavigate } from 'react-router';
import { routing, session } from '../../../domain/index.js';
import { openDialog } from '../../../infrastructure/notices/commands';
import { useAppDispatch, useAppSelector } from '../../../infrastructure/store/hooks';
import { Button, Card } from '../../ui';
import styles from './Account.module.css';

const queryOf = (search: string): routing.Query => Object.fromEntries(new URLSearchParams(search));
const hrefOf = (path: string, query: routing.Query): string => {
  const qs = new URLSearchParams(query).toString();
  return qs === '' ? path : `${path}?${qs}`;
};

/**
 * What dismissing the login dialog does (its close button, Escape, the overlay): at a login gate
 * (spec §2: auth_redirect=1 without a sign-in) it goes home; elsewhere nothing. A link inside the
 * dialog (sign up, forgot password) closes it without this, on its way to its own page.
 */
export const useDismissLoginGate = () => {
  const location = useLocation();
  const navigate = useNavigate();
  return useCallback(() => {
    const next = routing.leaveLoginGate(location.pathname, queryOf(location.search), {
      signedIn: false,
      loginDialogOpen: false,
    });
    if (next !== null) void navigate(hrefOf(next.to, next.query), { replace: true });
  }, [location.pathname, location.search, navigate]);
};

/**
 * The place of a page that needs a session, shown behind the login dialog the auth guard opened
 * (spec §2: the same path with auth_redirect=1): once the person signs in they are on the page they
 * asked for (auth_redirect removed, the page's loader runs again with the session).
 */
export const LoginGate = () => {
  const location = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector((s) => !session.selectIsGuest(s.session));
  useEffect(() => {
    if (!signedIn) return;
    const next = routing.leaveLoginGate(location.pathname, queryOf(location.search), {
      signedIn,
      loginDialogOpen: false,
    });
    if (next !== null) void navigate(hrefOf(next.to, next.query), { replace: true });
  }, [location.pathname, location.search, signedIn, navigate]);
  return (
    <Card className={styles.page} padding="lg" data-testid="login-gate">
      <h1 className={styles.title}>
        <FormattedMessage id="gate.title" />
      </h1>
      <p className={styles.intro}>
        <FormattedMessage id="gate.body" />
      </p>
      <Button variant="primary" onClick={() => dispatch(openDialog({ name: 'login' }))}>
        <FormattedMessage id="login.submit" />
      </Button>
    </Card>
  );
};
