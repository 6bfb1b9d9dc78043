import { FormattedMessage } from 'react-intl';
import { Card } from '../../../ui';
import styles from '../Account.module.css';
import { SettingsPanel } from '../SettingsPanel';

/** Account settings (spec §3); its route requires a session (spec §2 guard). */
const SettingsPage = () => (
  <Card className={styles.wide} padding="lg">
    <h1 className={styles.title}>
      <FormattedMessage id="settings.title" />
    </h1>
    <SettingsPanel />
  </Card>
);

export default SettingsPage;
