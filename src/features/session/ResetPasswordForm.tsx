import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { session } from '../../../domain/index.js';
import { resetPassword } from '../../../infrastructure/session/commands';
import { useAppDispatch } from '../../../infrastructure/store/hooks';
import { useLocale } from '../../i18n/locale';
import { Button, Field, PasswordInput } from '../../ui';
import styles from './Account.module.css';
import { useRecovery } from './useAccount';

const LIMITS = { min: session.PASSWORD_MIN_LENGTH, max: session.PASSWORD_MAX_LENGTH };

/**
 * Sets a new password with the mailed link's token. An expired or used link (20004) is said here,
 * with the way to ask for a new one; success says every session ended and offers sign-in.
 */
export const ResetPasswordForm = ({ token }: { readonly token: string }) => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { to } = useLocale();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [tried, setTried] = useState(false);
  const current = useRecovery();
  // Only the answer to this page's own submit: an earlier recovery's outcome is not this link's.
  const recovery = tried ? current : null;
  const problem = session.passwordProblem(password);
  const mismatch = confirm !== password;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (problem === null && !mismatch) dispatch(resetPassword({ token, password }));
  };

  if (recovery?.status === 'done')
    return (
      <div className={styles.form}>
        <p className={styles.notice} role="status" data-testid="reset-done">
          <FormattedMessage id="reset.done" />
        </p>
        <Button asChild variant="primary" block>
          <Link to={to('/login')} data-testid="reset-sign-in">
            <FormattedMessage id="reset.signIn" />
          </Link>
        </Button>
      </div>
    );

  const passwordProps = {
    showLabel: intl.formatMessage({ id: 'login.showPassword' }),
    hideLabel: intl.formatMessage({ id: 'login.hidePassword' }),
  };
  return (
    <form onSubmit={submit} noValidate className={styles.form}>
      <Field
        label={<FormattedMessage id="reset.password" />}
        help={<FormattedMessage id="signUp.passwordHelp" values={LIMITS} />}
        error={
          tried && problem !== null ? (
            <FormattedMessage id={`signUp.problem.${problem}`} values={LIMITS} />
          ) : undefined
        }
      >
        <PasswordInput
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          data-testid="reset-password"
          {...passwordProps}
        />
      </Field>
      <Field
        label={<FormattedMessage id="reset.confirm" />}
        error={tried && mismatch ? <FormattedMessage id="signUp.problem.passwordMismatch" /> : undefined}
      >
        <PasswordInput
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          data-testid="reset-confirm"
          {...passwordProps}
        />
      </Field>
      {recovery?.status === 'refused' && (
        <p className={styles.alert} role="alert" data-testid="reset-refused">
          <FormattedMessage
            id={
              intl.messages[`HttpErrorCode_${recovery.code}`] !== undefined
                ? `HttpErrorCode_${recovery.code}`
                : 'accountError'
            }
          />{' '}
          <Link to={to('/password/forgot')}>
            <FormattedMessage id="reset.requestNew" />
          </Link>
        </p>
      )}
      <Button type="submit" variant="primary" block data-testid="reset-submit">
        <FormattedMessage id="reset.submit" />
      </Button>
    </form>
  );
};
