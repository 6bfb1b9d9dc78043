import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { useLocale } from '../app/locale';

/** A page that only says what went wrong (its HTTP-like code and title) and leads back home. */
const StatusPage = ({ code, titleId }: { code: string; titleId: string }) => {
  const { to } = useLocale();
  return (
    <section className="panel narrow center">
      <p className="big-code">{code}</p>
      <h1>
        <FormattedMessage id={titleId} />
      </h1>
      <Link to={to('/')} className="button primary">
        <FormattedMessage id="forbidden.back" />
      </Link>
    </section>
  );
};

/** Spec §2: /403 is shown on a forbidden response. */
export const ForbiddenPage = () => <StatusPage code="403" titleId="forbidden.title" />;

export const NotFoundPage = () => <StatusPage code="404" titleId="notFound.title" />;
