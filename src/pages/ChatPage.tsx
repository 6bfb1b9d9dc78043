import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { characters, chat, session } from '../../domain/index.js';
import { CHAT_CONTENT_MAX } from '../../infrastructure/contract/streaming';
import { openDialog } from '../../infrastructure/store/commands';
import { useAppDispatch, useAppSelector } from '../../infrastructure/store/hooks';
import {
  closeChat,
  loadCharacters,
  loadOlderChat,
  openChat,
  retryChatMessage,
  sendChatMessage,
} from '../../infrastructure/streaming/commands';
import { useLocale } from '../app/locale';

const Avatar = ({ character, size }: { character: characters.ChatCharacter; size: 'small' | 'large' }) =>
  character.coverUrl === null ? (
    <span className={`chat-avatar ${size} placeholder`} aria-hidden="true">
      {character.name.slice(0, 1).toUpperCase()}
    </span>
  ) : (
    <img className={`chat-avatar ${size}`} src={character.coverUrl} alt="" loading="lazy" />
  );

/** The character directory (spec §7 character list): who one can chat with. */
export const ChatListPage = () => {
  const dispatch = useAppDispatch();
  const { to } = useLocale();
  const status = useAppSelector((s) => characters.selectCharacterListStatus(s.characters));
  const list = useAppSelector((s) => characters.selectCharacterList(s.characters));
  useEffect(() => {
    dispatch(loadCharacters({}));
  }, [dispatch]);

  return (
    <section className="chat-directory" aria-labelledby="chat-title" aria-busy={status === 'loading'}>
      <h1 id="chat-title">
        <FormattedMessage id="chat.title" />
      </h1>
      <p className="muted">
        <FormattedMessage id="chat.subtitle" />
      </p>
      {status === 'error' && (
        <div className="empty-state" role="alert">
          <p>
            <FormattedMessage id="chat.list.error" />
          </p>
          <button type="button" className="button" onClick={() => dispatch(loadCharacters({}))}>
            <FormattedMessage id="chat.list.retry" />
          </button>
        </div>
      )}
      {status === 'loaded' && list.length === 0 && (
        <div className="empty-state" data-testid="characters-empty">
          <p>
            <FormattedMessage id="chat.list.empty" />
          </p>
        </div>
      )}
      <ul className="character-grid" data-testid="characters">
        {list.map((c) => (
          <li key={c.id}>
            <Link
              to={to(`/chat/${encodeURIComponent(c.id)}`)}
              className="character-card"
              data-testid="character"
            >
              <Avatar character={c} size="large" />
              <span className="character-text">
                <span className="character-name">{c.name}</span>
                <span className="character-badges">
                  <span className="badge">
                    <FormattedMessage id={`chat.kind.${c.kind}`} />
                  </span>
                  {c.isOfficialAgent && (
                    <span className="badge completed">
                      <FormattedMessage id="chat.official" />
                    </span>
                  )}
                </span>
                <span className="character-intro muted small">{c.intro}</span>
              </span>
            </Link>
          </li>
        ))}
        {status === 'loading' &&
          list.length === 0 &&
          Array.from({ length: 6 }, (_, i) => (
            <li key={`s${i}`} className="character-card skeleton" aria-hidden />
          ))}
      </ul>
    </section>
  );
};

const Bubble = ({ message, speaker }: { message: chat.ChatMessage; speaker: string }) => {
  const dispatch = useAppDispatch();
  const intl = useIntl();
  const { phase } = message;
  return (
    <li
      className={`bubble ${message.role}${phase.status === 'failed' ? ' failed' : ''}`}
      data-testid="chat-message"
      data-role={message.role}
      data-status={phase.status}
    >
      <span className="visually-hidden">{speaker}: </span>
      <span className="bubble-text">{message.content}</span>
      {phase.status === 'streaming' && <span className="caret" aria-hidden="true" />}
      {phase.status === 'sending' && (
        <span className="bubble-note muted small">
          <FormattedMessage id="chat.sending" />
        </span>
      )}
      {phase.status === 'failed' && (
        <span className="bubble-note small" role="alert">
          {intl.messages[phase.reasonKey] !== undefined ? (
            <FormattedMessage id={phase.reasonKey} />
          ) : (
            <FormattedMessage id="chat.failed" />
          )}{' '}
          {message.role === 'user' && (
            <button
              type="button"
              className="link-button"
              onClick={() => dispatch(retryChatMessage({ clientId: message.clientId }))}
            >
              <FormattedMessage id="chat.resend" />
            </button>
          )}
        </span>
      )}
    </li>
  );
};

/**
 * One conversation (spec §4 chat): history first, the person's messages at once (marked until the
 * server acknowledges them), the character's reply streamed token by token. Messages written while
 * offline wait and go when the connection is back; a failed one can be sent again.
 */
export const ChatRoomPage = () => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { to } = useLocale();
  const id = useParams()['characterId'] ?? '';
  const isGuest = useAppSelector((s) => session.selectIsGuest(s.session));
  const character = useAppSelector((s) => characters.selectCharacter(s.characters, id));
  const open = useAppSelector((s) => s.chat.status === 'open');
  const online = useAppSelector((s) => chat.selectIsChatOnline(s.chat));
  const messages = useAppSelector((s) => chat.selectChatMessages(s.chat));
  const [draft, setDraft] = useState('');
  const [touched, setTouched] = useState(false);
  const log = useRef<HTMLOListElement>(null);

  useEffect(() => {
    if (isGuest || id === '') return;
    dispatch(openChat({ characterId: id }));
    return () => {
      dispatch(closeChat({}));
    };
  }, [id, isGuest, dispatch]);

  // Keep the newest message in view while it grows.
  const last = messages[messages.length - 1];
  useEffect(() => {
    const el = log.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages.length, last?.content]);

  const empty = draft.trim() === '';
  const send = (e?: FormEvent) => {
    e?.preventDefault();
    setTouched(true);
    if (empty || !open) return;
    dispatch(sendChatMessage({ content: draft }));
    setDraft('');
    setTouched(false);
  };

  if (isGuest)
    return (
      <section className="panel narrow center" data-testid="chat-guest">
        <h1>
          <FormattedMessage id="chat.signIn.title" />
        </h1>
        <p className="muted">
          <FormattedMessage id="chat.signIn.text" />
        </p>
        <button
          type="button"
          className="button primary"
          onClick={() => dispatch(openDialog({ name: 'login' }))}
        >
          <FormattedMessage id="header.signIn" />
        </button>
      </section>
    );

  const name = character?.name ?? intl.formatMessage({ id: 'chat.character' });
  const you = intl.formatMessage({ id: 'chat.you' });
  // The history call says nothing the state keeps about older pages: offer them once a first page (80 or 100) was full.
  const fullPage = messages.filter((m) => m.serverId !== null).length >= chat.HISTORY_PAGE_SIZE_INIT_MEMORY;
  return (
    <section className="chat-room" aria-labelledby="chat-room-title">
      <header className="chat-header">
        <Link
          to={to('/chat')}
          className="button ghost small"
          aria-label={intl.formatMessage({ id: 'chat.back' })}
        >
          ←
        </Link>
        {character && <Avatar character={character} size="small" />}
        <div className="chat-heading">
          <h1 id="chat-room-title">{name}</h1>
          {character && <p className="muted small">{character.intro}</p>}
        </div>
        <span
          className={`connection ${online ? 'online' : 'offline'}`}
          data-testid="chat-connection"
          role="status"
        >
          <FormattedMessage id={online ? 'chat.online' : open ? 'chat.offline' : 'chat.connecting'} />
        </span>
      </header>
      <ol
        className="chat-log"
        ref={log}
        role="log"
        aria-live="polite"
        aria-busy={!open}
        data-testid="chat-log"
      >
        {fullPage && (
          <li className="chat-older">
            <button type="button" className="button ghost small" onClick={() => dispatch(loadOlderChat({}))}>
              <FormattedMessage id="chat.older" />
            </button>
          </li>
        )}
        {/* The greeting opens the conversation until the server's history (which starts with it) is in. */}
        {character && character.greeting !== '' && messages[0]?.content !== character.greeting && (
          <li className="bubble assistant greeting" data-testid="chat-greeting">
            <span className="visually-hidden">{name}: </span>
            <span className="bubble-text">{character.greeting}</span>
          </li>
        )}
        {!open && <li className="chat-loading muted small">{intl.formatMessage({ id: 'chat.loading' })}</li>}
        {messages.map((m) => (
          <Bubble key={m.clientId} message={m} speaker={m.role === 'user' ? you : (m.name ?? name)} />
        ))}
      </ol>
      <form className="chat-composer" onSubmit={send} noValidate>
        <label htmlFor="chat-input" className="visually-hidden">
          <FormattedMessage id="chat.input.label" values={{ name }} />
        </label>
        <textarea
          id="chat-input"
          data-testid="chat-input"
          rows={2}
          maxLength={CHAT_CONTENT_MAX}
          value={draft}
          placeholder={intl.formatMessage({ id: 'chat.input.placeholder' }, { name })}
          aria-invalid={touched && empty}
          aria-describedby="chat-input-help"
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) send(e);
          }}
        />
        <button type="submit" className="button primary" data-testid="chat-send" disabled={!open}>
          <FormattedMessage id="chat.send" />
        </button>
        <p id="chat-input-help" className={touched && empty ? 'field-error' : 'muted small'}>
          <FormattedMessage id={touched && empty ? 'chat.input.empty' : 'chat.input.help'} />{' '}
          <span className="muted small">
            {draft.length}/{CHAT_CONTENT_MAX}
          </span>
        </p>
      </form>
    </section>
  );
};
