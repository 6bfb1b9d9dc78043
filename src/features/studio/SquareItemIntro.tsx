import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { images, type studio } from '../../../domain/index.js';
import { AVATAR_PX, Avatar, Badge, Card, Picture } from '../../ui';
import styles from './Studio.module.css';

/**
 * How wide the item's cover is shown (Studio.module.css `.two`: the column beside the Try card,
 * about 60% of the window, at most 760 px; the whole column below 900 px).
 */
const COVER_MAX_PX = 760;
const COVER_SIZES = images.columnSizes(900, '60vw');

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
        <h1 dir="auto" className={styles.title}>
          {item.title}
        </h1>
        <div className={styles.row}>
          <Avatar
            src={item.author.avatar}
            sources={images.assumedSourcesOf(item.author.avatar, AVATAR_PX.sm)}
            name={item.author.name}
            size="sm"
            decorative
          />
          <span dir="auto" className={styles.muted}>
            {item.author.name}
          </span>
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
            <Picture
              className={styles.cover}
              {...images.pictureOf(item.cover.url, COVER_MAX_PX, item.cover.width, COVER_SIZES)}
              alt=""
              width={item.cover.width}
              height={item.cover.height}
              priority
            />
          )}
          <p dir="auto">{item.description}</p>
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
