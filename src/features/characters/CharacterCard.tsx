import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { images, type characters } from '../../../domain/index.js';
import { useLocale } from '../../i18n/locale';
import { Badge, Picture } from '../../ui';
import styles from './Characters.module.css';

/**
 * How wide a card's cover is shown (Characters.module.css `.grid`: columns of at least 220 px):
 * about 300 px, or the window's width where one column is left (below 480 px). Covers are 3:4.
 */
const CARD_COVER_PX = 300;
const CARD_ONE_COLUMN_BELOW_PX = 480;
const COVER_RATIO = 4 / 3;

/** A character as a card: cover, name, kind, official mark, intro; it opens the character's page. */
export const CharacterCard = ({
  character,
  to: target,
  actions,
  priority = false,
}: {
  readonly character: characters.ChatCharacter;
  /** Where the card leads; the character's page by default. */
  readonly to?: string;
  /** Buttons under the card (edit, delete ...), outside its link. */
  readonly actions?: ReactNode;
  /** The first card of a list: its cover is the page's likely largest paint (loaded at once). */
  readonly priority?: boolean;
}) => {
  const { to } = useLocale();
  return (
    <article className={styles.card} data-testid="character-card" data-id={character.id}>
      <Link to={to(target ?? `/characters/${encodeURIComponent(character.id)}`)} className={styles.cardLink}>
        <span className={styles.cover}>
          {character.coverUrl !== null && (
            <Picture
              {...images.columnPictureOf(character.coverUrl, CARD_ONE_COLUMN_BELOW_PX, CARD_COVER_PX)}
              width={CARD_COVER_PX}
              height={CARD_COVER_PX * COVER_RATIO}
              alt=""
              priority={priority}
            />
          )}
        </span>
        <span className={styles.cardText}>
          <span className={styles.cardName} data-testid="character-card-name">
            {character.name}
          </span>
          <span className={styles.badges}>
            <Badge>
              <FormattedMessage id={`chat.kind.${character.kind}`} />
            </Badge>
            {character.isOfficialAgent && (
              <Badge tone="success" data-testid="official-badge">
                <FormattedMessage id="chat.official" />
              </Badge>
            )}
            {character.isPublic === false && (
              <Badge tone="neutral">
                <FormattedMessage id="characters.private" />
              </Badge>
            )}
          </span>
          <span dir="auto" className={styles.cardIntro}>
            {character.intro}
          </span>
        </span>
      </Link>
      {actions !== undefined && <div className={styles.cardActions}>{actions}</div>}
    </article>
  );
};
