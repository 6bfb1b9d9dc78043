import { FormattedMessage } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { useLocale } from '../../../i18n/locale';
import { Card, ErrorState } from '../../../ui';
import styles from '../Account.module.css';
import { ResetPasswordForm } from '../ResetPasswordForm';

/** The page of the mailed link (`/password/reset?token=…`): choose a new password. */
const ResetPasswordPage = () => {
  const { to } = useLocale();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  return (
    <Card className={styles.page} padding="lg">
      <h1 className={styles.title}>
        <FormattedMessage id="reset.title" />
      </h1>
      {token === '' ? (
        <ErrorState
          title={<FormattedMessage id="reset.missingToken" />}
          level={2}
          body={
            <Link to={to('/password/forgot')}>
              <FormattedMessage id="reset.requestNew" />
            </Link>
          }
        />
      ) : (
        <ResetPasswordForm token={token} />
      )}
    </Card>
  );
};

export default ResetPasswordPage;
