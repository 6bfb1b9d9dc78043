import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';

export const ForbiddenPage = () => (
  <section className="panel narrow center">
    <p className="big-code">403</p>
    <h1>
      <FormattedMessage id="forbidden.title" />
    </h1>
    <Link to="/" className="button primary">
      <FormattedMessage id="forbidden.back" />
    </Link>
  </section>
);
