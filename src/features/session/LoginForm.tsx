import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { session } from '../../../domain/index.js';
import { login } from '../../../infrastructure/session/commands';
import { useAppDispatch } from '../../../infrastructure/store/hooks';
import { useLocale } from '../../i18n/locale';
import { Button, Field, PasswordInput, TextInput } from '../../ui';
import account from './Account.module.css';
import styles from './LoginForm.module.css';
import { useRefusalKey } from './useAccount';
import { useLoginFailure } from './useLoginFailure';

/** The seeded demo account of the reference server (README), offered to fill in with one click. */
const DEMO = { email: 'demo@atelier.test', password: 'atelier-demo' };
/** The demo address and password are each one unbroken run (a hyphen is no place to wrap a password). */
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/**
 * The sign-in form, shared by the login page and the login dialog of spec §8. Its links lead to
 * sign-up and password recovery; `onLeave` lets the dialog close when one is followed.
 */
export const LoginForm = ({ onLeave }: { readonly onLeave?: () => void } = {}) => {
  const intl = useIntl();
  const { to } = useLocale();
  const dispatch = useAppDispatch();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const emailInvalid = !session.isPlausibleEmail(email);
  const refused = useLoginFailure();
  // A sign-in throttle always says how long to wait (20010 with retry_after_s).
  const refusalKey = useRefusalKey(refused?.code ?? null, true);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (emailInvalid || password === '') return;
    dispatch(login({ email: email.trim(), password }));
  };

  return (
    <div className={styles.wrap}>
      <form onSubmit={submit} noValidate className={account.form}>
        <Field
          label={<FormattedMessage id="login.email" />}
          error={touched && emailInvalid ? <FormattedMessage id="login.invalidEmail" /> : undefined}
        >
          <TextInput
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            data-testid="email"
          />
        </Field>
        <Field
          label={<FormattedMessage id="login.password" />}
          error={touched && password === '' ? <FormattedMessage id="login.passwordEmpty" /> : undefined}
        >
          <PasswordInput
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            showLabel={intl.formatMessage({ id: 'login.showPassword' })}
            hideLabel={intl.formatMessage({ id: 'login.hidePassword' })}
            data-testid="password"
          />
        </Field>
        {refusalKey !== null && (
          <p className={account.alert} role="alert" data-testid="login-refused">
            <FormattedMessage id={refusalKey} values={{ seconds: refused?.retryAfterS ?? 0 }} />
          </p>
        )}
        <Button type="submit" variant="primary" block data-testid="login-submit">
          <FormattedMessage id="login.submit" />
        </Button>
        <div className={account.links}>
          <Link to={to('/password/forgot')} onClick={onLeave} data-testid="forgot-link">
            <FormattedMessage id="login.forgot" />
          </Link>
          <span>
            <FormattedMessage id="login.noAccount" />{' '}
            <Link to={to('/signup')} onClick={onLeave} data-testid="signup-link">
              <FormattedMessage id="login.signUpLink" />
            </Link>
          </span>
        </div>
      </form>
      <div className={styles.demo}>
        <p>
          <FormattedMessage
            id="login.demo"
            values={{
              email: (
                <bdi dir="ltr" style={NO_WRAP}>
                  {DEMO.email}
                </bdi>
              ),
              password: (
                <bdi dir="ltr" style={NO_WRAP}>
                  {DEMO.password}
                </bdi>
              ),
            }}
          />
        </p>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            setEmail(DEMO.email);
            setPassword(DEMO.password);
          }}
        >
          <FormattedMessage id="login.useDemo" />
        </Button>
      </div>
    </div>
  );
};
