export { LegalConsent, LegalLinks } from './LegalLinks';
export { SiteFooter } from './SiteFooter';
