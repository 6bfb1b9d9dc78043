import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { session } from '../../../domain/index.js';
import { signUp } from '../../../infrastructure/session/commands';
import { useAppDispatch } from '../../../infrastructure/store/hooks';
import { Button, Field, PasswordInput, TextInput } from '../../ui';
import { LegalConsent } from '../support';
import styles from './Account.module.css';
import { useRefusalKey, useSignUpFailure } from './useAccount';

const LIMITS = { min: session.PASSWORD_MIN_LENGTH, max: session.PASSWORD_MAX_LENGTH };
const problemText = (problem: session.SignUpProblem | undefined) =>
  problem === undefined ? undefined : (
    <FormattedMessage
      id={`signUp.problem.${problem}`}
      values={problem === 'nameTooLong' ? { max: session.NAME_MAX_LENGTH } : LIMITS}
    />
  );

/**
 * The sign-up form: the domain's rules say what to fix, field by field, once a submit was tried;
 * the server's refusal (email registered, invalid email, ...) shows above the button.
 */
export const SignUpForm = () => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [form, setForm] = useState<session.SignUpForm>({ name: '', email: '', password: '', confirm: '' });
  const [tried, setTried] = useState(false);
  const problems = session.signUpProblems(form);
  const refused = useSignUpFailure();
  const refusalKey = useRefusalKey(refused, false);
  const set = (key: keyof session.SignUpForm) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!session.isValidSignUp(form)) return;
    dispatch(signUp({ name: form.name.trim(), email: form.email.trim(), password: form.password }));
  };
  const shown = tried ? problems : {};
  const passwordProps = {
    showLabel: intl.formatMessage({ id: 'login.showPassword' }),
    hideLabel: intl.formatMessage({ id: 'login.hidePassword' }),
  };

  return (
    <form onSubmit={submit} noValidate className={styles.form} data-testid="signup-form">
      <Field label={<FormattedMessage id="signUp.name" />} error={problemText(shown.name)}>
        <TextInput autoComplete="name" value={form.name} onChange={set('name')} data-testid="signup-name" />
      </Field>
      <Field label={<FormattedMessage id="signUp.email" />} error={problemText(shown.email)}>
        <TextInput
          type="email"
          autoComplete="email"
          value={form.email}
          onChange={set('email')}
          data-testid="signup-email"
        />
      </Field>
      <Field
        label={<FormattedMessage id="signUp.password" />}
        help={<FormattedMessage id="signUp.passwordHelp" values={LIMITS} />}
        error={problemText(shown.password)}
      >
        <PasswordInput
          autoComplete="new-password"
          value={form.password}
          onChange={set('password')}
          data-testid="signup-password"
          {...passwordProps}
        />
      </Field>
      <Field label={<FormattedMessage id="signUp.confirm" />} error={problemText(shown.confirm)}>
        <PasswordInput
          autoComplete="new-password"
          value={form.confirm}
          onChange={set('confirm')}
          data-testid="signup-confirm"
          {...passwordProps}
        />
      </Field>
      {tried && refusalKey !== null && (
        <p className={styles.alert} role="alert" data-testid="signup-refused">
          <FormattedMessage id={refusalKey} />
        </p>
      )}
      <Button type="submit" variant="primary" block data-testid="signup-submit">
        <FormattedMessage id="signUp.submit" />
      </Button>
      <LegalConsent />
    </form>
  );
};
