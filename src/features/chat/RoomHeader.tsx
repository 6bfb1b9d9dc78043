import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { characters } from '../../../domain/index.js';
import { useLocale } from '../../i18n/locale';
import { Badge, IconButton } from '../../ui';
import styles from './Chat.module.css';
import { CharacterAvatar } from './CharacterAvatar';

/** The room's header: back to the list, the character (its page, its intro) and the connection. */
export const RoomHeader = ({
  id,
  name,
  character,
  online,
  open,
}: {
  readonly id: string;
  readonly name: string;
  readonly character: characters.ChatCharacter | null;
  readonly online: boolean;
  readonly open: boolean;
}) => {
  const intl = useIntl();
  const { to } = useLocale();
  return (
    <header className={styles.roomHeader}>
      <IconButton asChild label={intl.formatMessage({ id: 'chat.back' })} size="sm">
        <Link to={to('/chat')}>
          <span className={styles.back} aria-hidden="true">
            ←
          </span>
        </Link>
      </IconButton>
      {character && <CharacterAvatar character={character} size="sm" />}
      <div className={styles.roomHeading}>
        <h1 id="chat-room-title">
          <Link to={to(`/characters/${encodeURIComponent(id)}`)} className={styles.titleLink}>
            {name}
          </Link>
        </h1>
        {character && <p dir="auto">{character.intro}</p>}
      </div>
      <Badge
        tone={online ? 'success' : open ? 'warning' : 'neutral'}
        data-testid="chat-connection"
        role="status"
      >
        <FormattedMessage id={online ? 'chat.online' : open ? 'chat.offline' : 'chat.connecting'} />
      </Badge>
    </header>
  );
};
