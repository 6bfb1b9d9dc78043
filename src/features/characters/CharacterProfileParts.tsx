import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import type { characters } from '../../../domain/index.js';
import { useLocale } from '../../i18n/locale';
import { Badge, Button, Skeleton } from '../../ui';
import styles from './Characters.module.css';
import type { useDeleteStatus } from './useCharacters';

type Character = characters.ChatCharacter;

/** The page's shape while the character loads. */
export const ProfileLoading = () => (
  <div className={styles.detail} aria-busy="true" data-testid="character-loading">
    <Skeleton height="420px" />
    <div className={styles.detailBody}>
      <Skeleton height="40px" width="60%" />
      <Skeleton height="20px" />
      <Skeleton height="20px" width="80%" />
    </div>
  </div>
);

/** The kind, official, voice and private marks. */
export const CharacterBadges = ({ c }: { readonly c: Character }) => (
  <div className={styles.badges}>
    <Badge>
      <FormattedMessage id={`chat.kind.${c.kind}`} />
    </Badge>
    {c.isOfficialAgent && (
      <Badge tone="success" data-testid="official-badge">
        <FormattedMessage id="chat.official" />
      </Badge>
    )}
    {c.supportVoice === true && (
      <Badge tone="info">
        <FormattedMessage id="characters.voice" />
      </Badge>
    )}
    {c.isPublic === false && (
      <Badge tone="neutral">
        <FormattedMessage id="characters.private" />
      </Badge>
    )}
  </div>
);

/** Memory and voice. */
export const CharacterFacts = ({ c }: { readonly c: Character }) => (
  <dl className={styles.facts}>
    <dt>
      <FormattedMessage id="characters.detail.memory" />
    </dt>
    <dd>
      <FormattedMessage id="characters.detail.memoryValue" values={{ count: c.initMemNum ?? 0 }} />
    </dd>
    <dt>
      <FormattedMessage id="characters.detail.voiceLabel" />
    </dt>
    <dd>
      <FormattedMessage
        id={
          c.supportVoice === true
            ? `characters.form.voice.${c.voice ?? 'female'}`
            : 'characters.detail.noVoice'
        }
      />
    </dd>
  </dl>
);

/** Chat (and the tavern's ways), and for its owner edit and delete. */
export const CharacterActions = ({
  c,
  variant,
  tavern,
  deleting,
  askDelete,
}: {
  readonly c: Character;
  readonly variant: 'character' | 'tavern';
  readonly tavern: boolean;
  readonly deleting: ReturnType<typeof useDeleteStatus>;
  readonly askDelete: () => void;
}) => {
  const { to } = useLocale();
  const chatHref = `/chat/${encodeURIComponent(c.id)}`;
  return (
    <div className={styles.actions}>
      <Button asChild variant="primary" data-testid="character-chat">
        <Link to={to(chatHref)}>
          <FormattedMessage
            id={variant === 'tavern' ? 'characters.tavern.startChat' : 'characters.detail.chat'}
          />
        </Link>
      </Button>
      {variant === 'character' && tavern && (
        <Button asChild variant="secondary">
          <Link to={to(`/tavern/${encodeURIComponent(c.id)}`)}>
            <FormattedMessage id="characters.detail.inTavern" />
          </Link>
        </Button>
      )}
      {variant === 'tavern' && (
        <Button asChild variant="secondary">
          <Link to={to('/tavern/chats')}>
            <FormattedMessage id="characters.tavern.chats" />
          </Link>
        </Button>
      )}
      {c.isMine === true && (
        <>
          <Button asChild variant="secondary" data-testid="character-edit">
            <Link to={to(`/characters/${encodeURIComponent(c.id)}/edit`)}>
              <FormattedMessage id="characters.edit" />
            </Link>
          </Button>
          <Button
            variant="danger"
            data-testid="character-delete"
            disabled={deleting === 'deleting'}
            onClick={askDelete}
          >
            <FormattedMessage id="characters.delete" />
          </Button>
        </>
      )}
    </div>
  );
};
