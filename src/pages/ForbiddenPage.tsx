import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { useLocale } from '../app/locale';

export const ForbiddenPage = () => {
  const { to } = useLocale();
  return (
    <section className="panel narrow center">
      <p className="big-code">403</p>
      <h1>
        <FormattedMessage id="forbidden.title" />
      </h1>
      <Link to={to('/')} className="button primary">
        <FormattedMessage id="forbidden.back" />
      </Link>
    </section>
  );
};
