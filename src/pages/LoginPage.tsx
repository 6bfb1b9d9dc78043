import { useEffect, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { useLocale } from '../app/locale';
import { session } from '../../domain/index.js';
import { login } from '../../infrastructure/store/commands';
import { useAppDispatch, useAppSelector } from '../../infrastructure/store/hooks';

const DEMO = { email: 'demo@atelier.test', password: 'atelier-demo' };
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const LoginPage = () => {
  const navigate = useNavigate();
  const { to } = useLocale();
  const user = useAppSelector((s) => session.selectUser(s.session));
  useEffect(() => {
    if (user) void navigate(to('/'), { replace: true });
  }, [user, navigate, to]);
  return (
    <section className="panel narrow" aria-labelledby="login-title">
      <h1 id="login-title">
        <FormattedMessage id="login.title" />
      </h1>
      <LoginForm />
    </section>
  );
};

/** The sign-in form, shared by the login page and the login dialog of spec §8. */
export const LoginForm = () => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const emailInvalid = !EMAIL.test(email);
  const refused = useAppSelector((s) => session.selectLoginFailure(s.session));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (emailInvalid || password === '') return;
    dispatch(login({ email, password }));
  };

  return (
    <>
      <form onSubmit={submit} noValidate className="stack">
        <label className="field-label" htmlFor="email">
          <FormattedMessage id="login.email" />
        </label>
        <input
          id="email"
          type="email"
          autoComplete="email"
          value={email}
          aria-invalid={touched && emailInvalid}
          onChange={(e) => setEmail(e.target.value)}
          data-testid="email"
        />
        {touched && emailInvalid && (
          <span className="field-error" role="alert">
            <FormattedMessage id="login.invalidEmail" />
          </span>
        )}
        <label className="field-label" htmlFor="password">
          <FormattedMessage id="login.password" />
        </label>
        <input
          id="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          data-testid="password"
        />
        {refused?.retryAfterS != null && (
          <span className="field-error" role="alert" data-testid="login-throttled">
            <FormattedMessage
              id={`HttpErrorCode_${refused.code}`}
              values={{ seconds: refused.retryAfterS }}
            />
          </span>
        )}
        <button type="submit" className="button primary wide" data-testid="login-submit">
          <FormattedMessage id="login.submit" />
        </button>
      </form>
      <div className="demo-hint">
        <p className="muted small">
          <FormattedMessage id="login.demo" values={DEMO} />
        </p>
        <button
          type="button"
          className="ghost"
          onClick={() => {
            setEmail(DEMO.email);
            setPassword(DEMO.password);
          }}
          title={intl.formatMessage({ id: 'login.useDemo' })}
        >
          <FormattedMessage id="login.useDemo" />
        </button>
      </div>
    </>
  );
};
