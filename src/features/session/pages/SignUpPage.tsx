import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { useLocale } from '../../../i18n/locale';
import { Card } from '../../../ui';
import styles from '../Account.module.css';
import { SignUpForm } from '../SignUpForm';
import { useGoHomeWhenSignedIn, useSignedInId } from '../useAccount';

/** Sign-up (issue 11): a new account is signed in at once and goes home. */
const SignUpPage = () => {
  const { to } = useLocale();
  useGoHomeWhenSignedIn(useSignedInId() !== null);
  return (
    <Card className={styles.page} padding="lg">
      <h1 className={styles.title}>
        <FormattedMessage id="signUp.title" />
      </h1>
      <SignUpForm />
      <p className={styles.footer}>
        <FormattedMessage id="signUp.haveAccount" />{' '}
        <Link to={to('/login')}>
          <FormattedMessage id="signUp.signInLink" />
        </Link>
      </p>
    </Card>
  );
};

export default SignUpPage;
