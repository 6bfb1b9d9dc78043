/** The shell's small footer: Help and the legal pages. */
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { useLocale } from '../../i18n/locale';
import { LegalLinks } from './LegalLinks';
import styles from './Support.module.css';

/** The year of the copyright line: this year, as the page's clock reads it when it loads. */
const YEAR = new Date().getFullYear();

export const SiteFooter = () => {
  const { to } = useLocale();
  return (
    <footer className={styles.footer} data-testid="site-footer">
      <span className={styles.copy}>
        <FormattedMessage id="footer.copyright" values={{ year: YEAR }} />
      </span>
      <nav className={styles.footerNav}>
        <Link to={to('/support')} data-testid="footer-help">
          <FormattedMessage id="support.help" />
        </Link>
        <LegalLinks />
      </nav>
    </footer>
  );
};
