import { useEffect } from 'react';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router';
import { session } from '../../../../domain/index.js';
import { useAppSelector } from '../../../../infrastructure/store/hooks';
import { useLocale } from '../../../i18n/locale';
import { Card } from '../../../ui';
import { LoginForm } from '../LoginForm';
import account from '../Account.module.css';
import styles from '../LoginForm.module.css';

/** Spec §2 login page: the form; a person who is signed in already goes home. */
const LoginPage = () => {
  const navigate = useNavigate();
  const { to } = useLocale();
  const user = useAppSelector((s) => session.selectUser(s.session));
  useEffect(() => {
    if (user) void navigate(to('/'), { replace: true });
  }, [user, navigate, to]);
  return (
    <Card className={account.page} padding="lg">
      <h1 className={styles.title}>
        <FormattedMessage id="login.title" />
      </h1>
      <LoginForm />
    </Card>
  );
};

export default LoginPage;
