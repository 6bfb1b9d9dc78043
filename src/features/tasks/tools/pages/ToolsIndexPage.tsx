import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { tasks } from '../../../../../domain/index.js';
import { useLocale } from '../../../../i18n/locale';
import { Badge, Card } from '../../../../ui';
import styles from '../Tools.module.css';

/** One line drawing per tool (24 px grid), in the card's contrast colour. */
const GLYPHS: Readonly<Record<string, string>> = {
  faceSwap:
    'M8 10a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM16 18a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM4 17c1-2 2.5-3 4-3M20 7c-1 2-2.5 3-4 3M14 5h4v4M10 19H6v-4',
  eraser: 'M4 16l8-8 6 6-6 6H8zM12 20h8M9 11l6 6',
  filter: 'M12 4a8 8 0 1 0 0 16M12 4a8 8 0 0 1 0 16M12 4v16M6 8l6 4M6 16l6-4',
  upscaler: 'M4 14v6h6M20 10V4h-6M4 20l7-7M20 4l-7 7',
  scribble: 'M4 18c3-6 5-9 7-9s0 6 2 6 3-5 7-9M4 21h16',
  removeBackground: 'M12 4a3 3 0 1 1 0 6 3 3 0 0 1 0-6zM6 20c0-3.5 2.7-6 6-6s6 2.5 6 6M3 3l18 18',
  dance: 'M13 4a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3zM9 21l2-6 3 2 1 4M7 11l4-2 3 3 4-1M11 9l1 6',
  makeup: 'M9 3h6l-1 6h-4zM8 9h8v12H8zM8 14h8',
  video: 'M4 6h11v12H4zM15 10l5-3v10l-5-3z',
};

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
                <span className={styles.toolIcon} data-tool={t.key} aria-hidden="true">
                  <svg
                    width="22"
                    height="22"
                    viewBox="0 0 24 24"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="1.8"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                    focusable="false"
                  >
                    <path d={GLYPHS[t.key] ?? ''} />
                  </svg>
                </span>
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
