import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { useLocale } from '../../../i18n/locale';
import { Card } from '../../../ui';
import styles from '../Studio.module.css';

const TOOLS = [
  { to: '/editor', id: 'editor' },
  { to: '/audio-studio', id: 'audio' },
  { to: '/songs', id: 'songs' },
  { to: '/voices/new', id: 'voices' },
  { to: '/lora-training', id: 'lora' },
  { to: '/workflows/import', id: 'workflows' },
] as const;

/** The studio's tools, one card each. */
const StudioIndexPage = () => {
  const { to } = useLocale();
  return (
    <div className={styles.page}>
      <header>
        <h1 className={styles.title}>
          <FormattedMessage id="studio.title" />
        </h1>
        <p className={styles.subtitle}>
          <FormattedMessage id="studio.subtitle" />
        </p>
      </header>
      <ul className={styles.tools}>
        {TOOLS.map((t) => (
          <li key={t.id}>
            <Card interactive padding="lg" asChild>
              <Link to={to(t.to)} className={styles.tool} data-testid={`studio-tool-${t.id}`}>
                <span className={styles.toolName}>
                  <FormattedMessage id={`studio.tool.${t.id}`} />
                </span>
                <span className={styles.muted}>
                  <FormattedMessage id={`studio.tool.${t.id}.body`} />
                </span>
              </Link>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
};

export default StudioIndexPage;
