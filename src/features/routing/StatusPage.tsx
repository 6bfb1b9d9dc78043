import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { Button, EmptyState } from '../../ui';
import { useLocale } from '../../i18n/locale';
import { useTitleOverride } from '../../i18n/title';
import styles from './StatusPage.module.css';

interface StatusPageProps {
  readonly code: string;
  readonly documentTitleId: string;
  readonly titleId: string;
  readonly bodyId: string;
  readonly testId: string;
  readonly retry?: boolean;
}

/** One page for 403, 404 and an unexpected error: the code, a sentence, and a way on. */
const StatusPage = ({ code, documentTitleId, titleId, bodyId, testId, retry = false }: StatusPageProps) => {
  const { to } = useLocale();
  useTitleOverride(documentTitleId);
  return (
    <section className={styles.page} data-testid={testId}>
      <p className={styles.code} aria-hidden="true">
        {code}
      </p>
      <EmptyState
        level={1}
        title={<FormattedMessage id={titleId} />}
        body={<FormattedMessage id={bodyId} />}
        action={
          retry ? (
            <Button variant="primary" onClick={() => window.location.reload()}>
              <FormattedMessage id="status.reload" />
            </Button>
          ) : (
            <Button asChild variant="primary">
              <Link to={to('/')}>
                <FormattedMessage id="status.home" />
              </Link>
            </Button>
          )
        }
      />
    </section>
  );
};

export const NotFoundPage = () => (
  <StatusPage
    code="404"
    documentTitleId="title.notFound"
    titleId="status.notFound.title"
    bodyId="status.notFound.body"
    testId="not-found"
  />
);
export const ForbiddenPage = () => (
  <StatusPage
    code="403"
    documentTitleId="title.forbidden"
    titleId="status.forbidden.title"
    bodyId="status.forbidden.body"
    testId="forbidden"
  />
);
export const ErrorPage = () => (
  <StatusPage
    code="!"
    documentTitleId="title.error"
    titleId="status.error.title"
    bodyId="status.error.body"
    testId="route-error"
    retry
  />
);
