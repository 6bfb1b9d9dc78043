import { useEffect } from 'react';
import { FormattedMessage, FormattedDate, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { loadChats } from '../../../../infrastructure/characters/commands';
import { useAppDispatch } from '../../../../infrastructure/store/hooks';
import { useLocale } from '../../../i18n/locale';
import { Button, EmptyState, ErrorState, Skeleton } from '../../../ui';
import { CharacterAvatar } from '../../chat';
import { GuestGate } from '../GuestGate';
import styles from '../Characters.module.css';
import { useChats } from '../useCharacters';

/** Spec §2 tavernChatsHome: the person's chats, the latest conversation first. */
const TavernChatsPage = () => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { to } = useLocale();
  const { status, rows } = useChats();
  useEffect(() => {
    dispatch(loadChats({}));
  }, [dispatch]);
  return (
    <section className={styles.page} aria-labelledby="chats-title" aria-busy={status === 'loading'}>
      <header className={styles.header}>
        <div>
          <h1 id="chats-title" className={styles.heading}>
            <FormattedMessage id="characters.tavern.chats" />
          </h1>
          <p className={styles.subtitle}>
            <FormattedMessage id="characters.tavern.chatsSubtitle" />
          </p>
        </div>
        <div className={styles.actions}>
          <Button asChild variant="secondary">
            <Link to={to('/tavern/search')}>
              <FormattedMessage id="characters.search.title" />
            </Link>
          </Button>
        </div>
      </header>
      <GuestGate>
        {status === 'error' && (
          <ErrorState
            title={<FormattedMessage id="characters.tavern.chatsError" />}
            retryLabel={intl.formatMessage({ id: 'chat.list.retry' })}
            onRetry={() => dispatch(loadChats({}))}
          />
        )}
        {status === 'loaded' && rows.length === 0 && (
          <EmptyState
            title={<FormattedMessage id="characters.tavern.chatsEmpty" />}
            action={
              <Button asChild variant="primary">
                <Link to={to('/chat')}>
                  <FormattedMessage id="characters.tavern.findSomeone" />
                </Link>
              </Button>
            }
          />
        )}
        <ul className={styles.chatList} data-testid="tavern-chats">
          {rows.map(({ chat, character }) => (
            <li key={chat.sessionId}>
              <Link
                to={to(`/chat/${encodeURIComponent(character.id)}`)}
                className={styles.chatRow}
                data-testid="tavern-chat"
              >
                <CharacterAvatar character={character} size="sm" />
                <span className={styles.chatText}>
                  <span dir="auto" className={styles.chatName}>
                    {character.name}
                  </span>
                  <span className={styles.chatLast}>{chat.lastMessage ?? ''}</span>
                </span>
                <span className={styles.chatTime}>
                  <FormattedDate value={chat.lastAt} dateStyle="medium" timeStyle="short" />
                </span>
              </Link>
            </li>
          ))}
          {status === 'loading' &&
            rows.length === 0 &&
            Array.from({ length: 4 }, (_, i) => (
              <li key={`s${i}`} aria-hidden="true">
                <Skeleton height="64px" />
              </li>
            ))}
        </ul>
      </GuestGate>
    </section>
  );
};

export default TavernChatsPage;
