import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { tasks } from '../../../../domain/index.js';
import { useLocale } from '../../../i18n/locale';
import { Badge, Card } from '../../../ui';
import styles from '../Tools.module.css';

/** The AI tools (spec §2), one card each, from the domain's table. */
const ToolsIndexPage = () => {
  const { to } = useLocale();
  return (
    <div className={styles.index}>
      <header className={styles.indexHead}>
        <h1 className={styles.title}>
          <FormattedMessage id="tools.index.title" />
        </h1>
        <p className={styles.subtitle}>
          <FormattedMessage id="tools.index.subtitle" />
        </p>
      </header>
      <ul className={styles.cards} data-testid="tools-index">
        {tasks.TOOLS.map((t) => (
          <li key={t.slug}>
            <Card asChild interactive padding="lg">
              <Link
                to={to(`/ai-tools/${t.slug}`)}
                className={styles.toolCard}
                data-testid={`tool-link-${t.slug}`}
              >
                <span className={styles.toolIcon} data-tool={t.key} aria-hidden="true" />
                <span className={styles.toolName}>
                  <FormattedMessage id={`tools.${t.key}.title`} />
                </span>
                <span className={styles.toolText}>
                  <FormattedMessage id={`tools.${t.key}.description`} />
                </span>
                <Badge>
                  <FormattedMessage id={t.output === 'video' ? 'tools.output.video' : 'tools.output.image'} />
                </Badge>
              </Link>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
};

export default ToolsIndexPage;
