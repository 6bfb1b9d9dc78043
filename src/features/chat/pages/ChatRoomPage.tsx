import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { chat } from '../../../../domain/index.js';
import { openDialog } from '../../../../infrastructure/notices/commands';
import { useAppDispatch } from '../../../../infrastructure/store/hooks';
import {
  closeChat,
  loadOlderChat,
  openChat,
  retryChatMessage,
  sendChatMessage,
} from '../../../../infrastructure/streaming/commands';
import { useLocale } from '../../../i18n/locale';
import { Badge, Button, Card, EmptyState, IconButton, TextArea, VisuallyHidden } from '../../../ui';
import styles from '../Chat.module.css';
import { CharacterAvatar } from '../CharacterAvatar';
import { useConversation } from '../useChat';

const Bubble = ({ message, speaker }: { readonly message: chat.ChatMessage; readonly speaker: string }) => {
  const dispatch = useAppDispatch();
  const intl = useIntl();
  const { phase } = message;
  return (
    <li
      className={styles.bubble}
      data-role={message.role}
      data-failed={phase.status === 'failed' || undefined}
      data-testid="chat-message"
      data-status={phase.status}
    >
      <VisuallyHidden>{speaker}: </VisuallyHidden>
      <span data-testid="bubble-text">{message.content}</span>
      {phase.status === 'streaming' && <span className={styles.caret} aria-hidden="true" />}
      {phase.status === 'sending' && (
        <span className={styles.note}>
          <FormattedMessage id="chat.sending" />
        </span>
      )}
      {phase.status === 'failed' && (
        <span className={styles.note} role="alert">
          <FormattedMessage
            id={intl.messages[phase.reasonKey] !== undefined ? phase.reasonKey : 'chat.failed'}
          />{' '}
          {message.role === 'user' && (
            <button
              type="button"
              className={styles.linkButton}
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
const ChatRoomPage = () => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { to } = useLocale();
  const id = useParams()['characterId'] ?? '';
  const { isGuest, character, open, online, messages, offersOlder } = useConversation(id);
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
      <Card className={styles.guest} padding="lg" data-testid="chat-guest">
        <EmptyState
          level={1}
          title={<FormattedMessage id="chat.signIn.title" />}
          body={<FormattedMessage id="chat.signIn.text" />}
          action={
            <Button variant="primary" onClick={() => dispatch(openDialog({ name: 'login' }))}>
              <FormattedMessage id="header.signIn" />
            </Button>
          }
        />
      </Card>
    );

  const name = character?.name ?? intl.formatMessage({ id: 'chat.character' });
  const you = intl.formatMessage({ id: 'chat.you' });
  return (
    <section className={styles.room} aria-labelledby="chat-room-title">
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
          <h1 id="chat-room-title">{name}</h1>
          {character && <p>{character.intro}</p>}
        </div>
        <Badge
          tone={online ? 'success' : open ? 'warning' : 'neutral'}
          data-testid="chat-connection"
          role="status"
        >
          <FormattedMessage id={online ? 'chat.online' : open ? 'chat.offline' : 'chat.connecting'} />
        </Badge>
      </header>
      <ol
        className={styles.log}
        ref={log}
        role="log"
        aria-live="polite"
        aria-busy={!open}
        data-testid="chat-log"
      >
        {offersOlder && (
          <li className={styles.centered}>
            <Button variant="ghost" size="sm" onClick={() => dispatch(loadOlderChat({}))}>
              <FormattedMessage id="chat.older" />
            </Button>
          </li>
        )}
        {/* The greeting opens the conversation until the server's history (which starts with it) is in. */}
        {character && character.greeting !== '' && messages[0]?.content !== character.greeting && (
          <li className={styles.bubble} data-role="assistant" data-greeting data-testid="chat-greeting">
            <VisuallyHidden>{name}: </VisuallyHidden>
            <span data-testid="bubble-text">{character.greeting}</span>
          </li>
        )}
        {!open && (
          <li className={styles.centered}>
            <FormattedMessage id="chat.loading" />
          </li>
        )}
        {messages.map((m) => (
          <Bubble key={m.clientId} message={m} speaker={m.role === 'user' ? you : (m.name ?? name)} />
        ))}
      </ol>
      <form className={styles.composer} onSubmit={send} noValidate>
        <TextArea
          id="chat-input"
          aria-label={intl.formatMessage({ id: 'chat.input.label' }, { name })}
          data-testid="chat-input"
          rows={2}
          maxLength={chat.CHAT_CONTENT_MAX}
          value={draft}
          placeholder={intl.formatMessage({ id: 'chat.input.placeholder' }, { name })}
          aria-invalid={touched && empty}
          aria-describedby="chat-input-help"
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) send(e);
          }}
        />
        <Button type="submit" variant="primary" data-testid="chat-send" disabled={!open}>
          <FormattedMessage id="chat.send" />
        </Button>
        <p id="chat-input-help" className={touched && empty ? styles.inputError : styles.inputHelp}>
          <FormattedMessage id={touched && empty ? 'chat.input.empty' : 'chat.input.help'} />{' '}
          <span>
            {draft.length}/{chat.CHAT_CONTENT_MAX}
          </span>
        </p>
      </form>
    </section>
  );
};

export default ChatRoomPage;
