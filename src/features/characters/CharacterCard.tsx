import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import type { characters } from '../../../domain/index.js';
import { useLocale } from '../../i18n/locale';
import { Badge } from '../../ui';
import styles from './Characters.module.css';

/** A character as a card: cover, name, kind, official mark, intro; it opens the character's page. */
export const CharacterCard = ({
  character,
  to: target,
  actions,
}: {
  readonly character: characters.ChatCharacter;
  /** Where the card leads; the character's page by default. */
  readonly to?: string;
  /** Buttons under the card (edit, delete ...), outside its link. */
  readonly actions?: ReactNode;
}) => {
  const { to } = useLocale();
  return (
    <article className={styles.card} data-testid="character-card" data-id={character.id}>
      <Link to={to(target ?? `/characters/${encodeURIComponent(character.id)}`)} className={styles.cardLink}>
        <span className={styles.cover}>
          {character.coverUrl !== null && (
            <img src={character.coverUrl} alt="" loading="lazy" decoding="async" />
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
          <span className={styles.cardIntro}>{character.intro}</span>
        </span>
      </Link>
      {actions !== undefined && <div className={styles.cardActions}>{actions}</div>}
    </article>
  );
};
