import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { loadCharacters } from '../../../../infrastructure/characters/commands';
import { useAppDispatch } from '../../../../infrastructure/store/hooks';
import { useLocale } from '../../../i18n/locale';
import { Badge, Button, EmptyState, ErrorState, Skeleton } from '../../../ui';
import styles from '../Chat.module.css';
import { CharacterAvatar } from '../CharacterAvatar';
import { useCharacterDirectory } from '../useChat';

/** The character directory (spec §7 character list): who one can chat with. */
const ChatListPage = () => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { to } = useLocale();
  const { status, list } = useCharacterDirectory();
  useEffect(() => {
    dispatch(loadCharacters({}));
  }, [dispatch]);

  return (
    <section className={styles.directory} aria-labelledby="chat-title" aria-busy={status === 'loading'}>
      <h1 id="chat-title" className={styles.heading}>
        <FormattedMessage id="chat.title" />
      </h1>
      <p className={styles.subtitle}>
        <FormattedMessage id="chat.subtitle" />
      </p>
      <div className={styles.directoryActions}>
        <Button asChild variant="secondary" size="sm">
          <Link to={to('/myCharacters')}>
            <FormattedMessage id="characters.mine.title" />
          </Link>
        </Button>
        <Button asChild variant="primary" size="sm">
          <Link to={to('/newCharacter')}>
            <FormattedMessage id="characters.new.title" />
          </Link>
        </Button>
      </div>
      {status === 'error' && (
        <ErrorState
          title={<FormattedMessage id="chat.list.error" />}
          retryLabel={intl.formatMessage({ id: 'chat.list.retry' })}
          onRetry={() => dispatch(loadCharacters({}))}
        />
      )}
      {status === 'loaded' && list.length === 0 && (
        <div data-testid="characters-empty">
          <EmptyState title={<FormattedMessage id="chat.list.empty" />} />
        </div>
      )}
      <ul className={styles.grid} data-testid="characters">
        {list.map((c) => (
          <li key={c.id}>
            <Link
              to={to(`/chat/${encodeURIComponent(c.id)}`)}
              className={styles.character}
              data-testid="character"
            >
              <CharacterAvatar character={c} size="xl" />
              <span className={styles.characterText}>
                <span className={styles.characterName} data-testid="character-name">
                  {c.name}
                </span>
                <span className={styles.badges}>
                  <Badge>
                    <FormattedMessage id={`chat.kind.${c.kind}`} />
                  </Badge>
                  {c.isOfficialAgent && (
                    <Badge tone="success">
                      <FormattedMessage id="chat.official" />
                    </Badge>
                  )}
                </span>
                <span dir="auto" className={styles.intro}>
                  {c.intro}
                </span>
              </span>
            </Link>
          </li>
        ))}
        {status === 'loading' &&
          list.length === 0 &&
          Array.from({ length: 6 }, (_, i) => (
            <li key={`s${i}`} aria-hidden="true">
              <Skeleton height="112px" />
            </li>
          ))}
      </ul>
    </section>
  );
};

export default ChatListPage;
