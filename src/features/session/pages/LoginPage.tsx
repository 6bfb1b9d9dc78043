import { FormattedMessage } from 'react-intl';
import { session } from '../../../../domain/index.js';
import { useAppSelector } from '../../../../infrastructure/store/hooks';
import { Card } from '../../../ui';
import { LoginForm } from '../LoginForm';
import { useGoHomeWhenSignedIn } from '../useAccount';
import account from '../Account.module.css';
import styles from '../LoginForm.module.css';

/** Spec §2 login page: the form; a person who is signed in already goes home. */
const LoginPage = () => {
  useGoHomeWhenSignedIn(useAppSelector((s) => session.selectUser(s.session)) !== null);
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
