/**
 * Links to the static legal pages (spec §2: ja, zhCN and en; any other language reads en), by the
 * domain's `routing.legalPagePath`. They are plain links: the server serves those pages, not the router.
 */
import { FormattedMessage } from 'react-intl';
import { routing } from '../../../domain/index.js';
import { useLocale } from '../../i18n/locale';
import styles from './Support.module.css';

export const LegalLinks = ({ className }: { readonly className?: string }) => {
  const { locale } = useLocale();
  return (
    <span className={`${styles.legalLinks} ${className ?? ''}`}>
      <a href={routing.legalPagePath('privacyPolicy', locale)} data-testid="legal-privacy">
        <FormattedMessage id="legal.privacy" />
      </a>
      <a href={routing.legalPagePath('termsOfService', locale)} data-testid="legal-terms">
        <FormattedMessage id="legal.terms" />
      </a>
    </span>
  );
};

/** Under a sign-up form: what creating an account accepts, with both pages one click away. */
export const LegalConsent = () => (
  <p className={styles.consent} data-testid="legal-consent">
    <FormattedMessage id="legal.consent" /> <LegalLinks />
  </p>
);
