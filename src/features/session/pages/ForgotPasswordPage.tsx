import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { useLocale } from '../../../i18n/locale';
import { Card } from '../../../ui';
import styles from '../Account.module.css';
import { ForgotPasswordForm } from '../ForgotPasswordForm';

/** "Forgot password?": asks for a reset link by mail. */
const ForgotPasswordPage = () => {
  const { to } = useLocale();
  return (
    <Card className={styles.page} padding="lg">
      <h1 className={styles.title}>
        <FormattedMessage id="forgot.title" />
      </h1>
      <p className={styles.intro}>
        <FormattedMessage id="forgot.intro" />
      </p>
      <ForgotPasswordForm />
      <p className={styles.footer}>
        <Link to={to('/login')}>
          <FormattedMessage id="forgot.backToSignIn" />
        </Link>
      </p>
    </Card>
  );
};

export default ForgotPasswordPage;
