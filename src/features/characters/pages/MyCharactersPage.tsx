import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { loadMyCharacters } from '../../../../infrastructure/characters/commands';
import { useAppDispatch } from '../../../../infrastructure/store/hooks';
import { useLocale } from '../../../i18n/locale';
import { Button, EmptyState, ErrorState, Skeleton } from '../../../ui';
import { CharacterCard } from '../CharacterCard';
import { GuestGate } from '../GuestGate';
import styles from '../Characters.module.css';
import { useMyCharacters, useTavernAllowed } from '../useCharacters';

/** Spec §2 myCharacters: the characters the person made, to chat with, edit or delete. */
const MyCharactersPage = () => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { to } = useLocale();
  const { status, list } = useMyCharacters();
  const tavern = useTavernAllowed();
  useEffect(() => {
    dispatch(loadMyCharacters({}));
  }, [dispatch]);
  return (
    <section className={styles.page} aria-labelledby="mine-title" aria-busy={status === 'loading'}>
      <header className={styles.header}>
        <div>
          <h1 id="mine-title" className={styles.heading}>
            <FormattedMessage id="characters.mine.title" />
          </h1>
          <p className={styles.subtitle}>
            <FormattedMessage id="characters.mine.subtitle" />
          </p>
        </div>
        <div className={styles.actions}>
          <Button asChild variant="secondary">
            <Link to={to('/cyberpub')}>
              <FormattedMessage id="characters.browse" />
            </Link>
          </Button>
          {tavern && (
            <>
              <Button asChild variant="secondary">
                <Link to={to('/tavern/search')}>
                  <FormattedMessage id="characters.search.title" />
                </Link>
              </Button>
              <Button asChild variant="secondary">
                <Link to={to('/tavern/chats')}>
                  <FormattedMessage id="characters.tavern.chats" />
                </Link>
              </Button>
            </>
          )}
          <Button asChild variant="primary" data-testid="new-character">
            <Link to={to('/newCharacter')}>
              <FormattedMessage id="characters.new.title" />
            </Link>
          </Button>
        </div>
      </header>
      <GuestGate>
        {status === 'error' && (
          <ErrorState
            title={<FormattedMessage id="characters.mine.error" />}
            retryLabel={intl.formatMessage({ id: 'chat.list.retry' })}
            onRetry={() => dispatch(loadMyCharacters({}))}
          />
        )}
        {status === 'loaded' && list.length === 0 && (
          <EmptyState
            title={<FormattedMessage id="characters.mine.empty" />}
            body={<FormattedMessage id="characters.mine.emptyBody" />}
            action={
              <Button asChild variant="primary">
                <Link to={to('/newCharacter')}>
                  <FormattedMessage id="characters.new.title" />
                </Link>
              </Button>
            }
          />
        )}
        <ul className={styles.grid} data-testid="my-characters">
          {list.map((c, i) => (
            <li key={c.id}>
              <CharacterCard
                character={c}
                priority={i === 0}
                actions={
                  <>
                    <Button asChild size="sm" variant="primary">
                      <Link to={to(`/chat/${encodeURIComponent(c.id)}`)}>
                        <FormattedMessage id="characters.detail.chat" />
                      </Link>
                    </Button>
                    <Button asChild size="sm" variant="ghost">
                      <Link to={to(`/characters/${encodeURIComponent(c.id)}/edit`)}>
                        <FormattedMessage id="characters.edit" />
                      </Link>
                    </Button>
                  </>
                }
              />
            </li>
          ))}
          {status === 'loading' &&
            list.length === 0 &&
            Array.from({ length: 4 }, (_, i) => (
              <li key={`s${i}`} aria-hidden="true">
                <Skeleton height="320px" />
              </li>
            ))}
        </ul>
      </GuestGate>
    </section>
  );
};

export default MyCharactersPage;
