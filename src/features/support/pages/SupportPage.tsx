/**
 * Help (spec §1 "a customer-support widget exists"; §7 "resource appeal (remark)"): a contact form
 * of a topic, a reply e-mail and a message, checked by the domain's rules as the person types; an
 * appeal about a work (`/support?topic=appeal&resource=<id>`, as a report's state links it) names
 * the work. The server stores it; the page says so, or shows the failure with a retry.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { support } from '../../../../domain/index.js';
import { useAppDispatch } from '../../../../infrastructure/store/hooks';
import { resetSupportForm, sendSupportMessage } from '../../../../infrastructure/support/commands';
import { Button, Card, EmptyState, ErrorState, Field, Select, TextArea, TextInput } from '../../../ui';
import { LegalLinks } from '../LegalLinks';
import styles from '../Support.module.css';
import { useAccountEmail, useSupportFailure, useSupportStatus } from '../useSupport';

const SupportPage = () => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const status = useSupportStatus();
  const failure = useSupportFailure();
  const accountEmail = useAccountEmail();
  const initialTopic = params.get('topic') ?? 'question';
  const [topic, setTopic] = useState<string>(
    support.isSupportTopic(initialTopic) ? initialTopic : 'question',
  );
  // The account's address until the person types another.
  const [typedEmail, setEmail] = useState<string | null>(null);
  const email = typedEmail ?? accountEmail;
  const [message, setMessage] = useState('');
  const [resourceId, setResourceId] = useState(params.get('resource') ?? '');
  const [touched, setTouched] = useState(false);

  // A new visit starts with an empty form, not with the last message's confirmation.
  useEffect(() => {
    dispatch(resetSupportForm({}));
  }, [dispatch]);

  const form: support.SupportForm = { topic, email, message, resourceId };
  const problems = support.supportFormProblems(form);
  const shown = touched ? problems : {};
  const err = (p: support.SupportProblem | undefined) =>
    p === undefined
      ? undefined
      : intl.formatMessage(
          { id: `support.problem.${p}` },
          { min: support.SUPPORT_MESSAGE_MIN, max: support.SUPPORT_MESSAGE_MAX },
        );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!support.isSupportFormValid(form)) return;
    dispatch(sendSupportMessage(form));
  };

  if (status.status === 'sent')
    return (
      <div className={styles.page}>
        <Card padding="lg" className={styles.card}>
          <EmptyState
            title={intl.formatMessage({ id: topic === 'appeal' ? 'support.appealSent' : 'support.sent' })}
            body={intl.formatMessage({ id: 'support.sentHelp' }, { email: email.trim() })}
            action={
              <Button
                variant="secondary"
                onClick={() => {
                  setMessage('');
                  setTouched(false);
                  dispatch(resetSupportForm({}));
                }}
                data-testid="support-another"
              >
                <FormattedMessage id="support.another" />
              </Button>
            }
          />
          <p className={styles.ref} data-testid="support-sent">
            <FormattedMessage id="support.reference" values={{ id: status.id }} />
          </p>
        </Card>
      </div>
    );

  const topics = support.SUPPORT_TOPICS.map((t) => ({
    value: t,
    label: intl.formatMessage({ id: `support.topic.${t}` }),
  }));
  return (
    <div className={styles.page}>
      <Card padding="lg" className={styles.card} role="region" aria-labelledby="support-title">
        <h1 id="support-title" className={styles.title}>
          <FormattedMessage id="support.title" />
        </h1>
        <p className={styles.lead}>
          <FormattedMessage id="support.lead" />
        </p>
        {failure !== null && (
          <ErrorState
            title={intl.formatMessage({ id: 'support.failed' })}
            body={intl.formatMessage({ id: failure.messageKey }, failure.values)}
            onRetry={() => dispatch(sendSupportMessage(form))}
            retryLabel={intl.formatMessage({ id: 'support.retry' })}
          />
        )}
        <form className={styles.form} onSubmit={submit} noValidate data-testid="support-form">
          <Select
            label={intl.formatMessage({ id: 'support.topicLabel' })}
            options={topics}
            value={topic}
            onValueChange={setTopic}
            name="topic"
          />
          {topic === 'appeal' && (
            <Field
              label={intl.formatMessage({ id: 'support.resourceLabel' })}
              help={intl.formatMessage({ id: 'support.resourceHelp' })}
              error={err(shown.resourceId)}
              required
            >
              <TextInput
                value={resourceId}
                onChange={(e) => setResourceId(e.target.value)}
                data-testid="support-resource"
              />
            </Field>
          )}
          <Field label={intl.formatMessage({ id: 'support.emailLabel' })} error={err(shown.email)} required>
            <TextInput
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              data-testid="support-email"
            />
          </Field>
          <Field
            label={intl.formatMessage({
              id: topic === 'appeal' ? 'support.remarkLabel' : 'support.messageLabel',
            })}
            help={intl.formatMessage(
              { id: 'support.messageHelp' },
              { count: Array.from(message.trim()).length, max: support.SUPPORT_MESSAGE_MAX },
            )}
            error={err(shown.message)}
            required
          >
            <TextArea
              rows={6}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
              data-testid="support-message"
            />
          </Field>
          <Button
            type="submit"
            variant="primary"
            loading={status.status === 'sending'}
            data-testid="support-send"
          >
            <FormattedMessage id="support.send" />
          </Button>
        </form>
        <LegalLinks className={styles.legal} />
      </Card>
    </div>
  );
};

export default SupportPage;
