import { useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { session } from '../../../domain/index.js';
import { requestPasswordReset } from '../../../infrastructure/session/commands';
import { useAppDispatch } from '../../../infrastructure/store/hooks';
import { Button, Field, TextInput } from '../../ui';
import styles from './Account.module.css';
import { useRecovery, useRefusalKey } from './useAccount';

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export const ForgotPasswordForm = () => {
  const dispatch = useAppDispatch();
  const [email, setEmail] = useState('');
  const [tried, setTried] = useState(false);
  const recovery = useRecovery();
  const invalid = !session.isPlausibleEmail(email);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!invalid) dispatch(requestPasswordReset({ email: email.trim() }));
  };
  const refusalKey = useRefusalKey(recovery?.status === 'refused' ? recovery.code : null, false);

  return (
    <form onSubmit={submit} noValidate className={styles.form}>
      <Field
        label={<FormattedMessage id="login.email" />}
        error={tried && invalid ? <FormattedMessage id="login.invalidEmail" /> : undefined}
      >
        <TextInput
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          data-testid="forgot-email"
        />
      </Field>
      {tried && recovery?.status === 'mailSent' && (
        <p className={styles.notice} role="status" data-testid="forgot-sent">
          <FormattedMessage id="forgot.sent" />
        </p>
      )}
      {tried && refusalKey !== null && (
        <p className={styles.alert} role="alert">
          <FormattedMessage id={refusalKey} />
        </p>
      )}
      <Button type="submit" variant="primary" block data-testid="forgot-submit">
        <FormattedMessage id="forgot.submit" />
      </Button>
    </form>
  );
};
