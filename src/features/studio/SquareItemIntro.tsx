import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { studio } from '../../../domain/index.js';
import { Avatar, Badge, Card } from '../../ui';
import styles from './Studio.module.css';

/**
 * A square card's own page (an AI app, a design template, a workflow): its title and author, a
 * card with its cover, description and tags, and beside it `children`, the card's Try.
 */
export const SquareItemIntro = ({
  item,
  children,
}: {
  readonly item: studio.SquareItem;
  readonly children: ReactNode;
}) => (
  <>
    <header className={styles.header}>
      <div>
        <h1 className={styles.title}>{item.title}</h1>
        <div className={styles.row}>
          <Avatar src={item.author.avatar} name={item.author.name} size="sm" decorative />
          <span className={styles.muted}>{item.author.name}</span>
          <Badge tone="accent">
            <FormattedMessage id={`feed.card.${item.card_type}`} />
          </Badge>
        </div>
      </div>
    </header>
    <div className={styles.two}>
      <Card padding="lg">
        <div className={styles.form}>
          {item.cover && (
            <img
              className={styles.cover}
              src={item.cover.url}
              alt=""
              width={item.cover.width}
              height={item.cover.height}
            />
          )}
          <p>{item.description}</p>
          {item.tags.length > 0 && (
            <div className={styles.chips}>
              {item.tags.map((t) => (
                <Badge key={t.id}>{t.title}</Badge>
              ))}
            </div>
          )}
        </div>
      </Card>
      <Card padding="lg">{children}</Card>
    </div>
  </>
);
