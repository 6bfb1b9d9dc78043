import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch } from '../../../infrastructure/store/hooks';
import { loadOlderChat } from '../../../infrastructure/chat/commands';
import { Button, VisuallyHidden } from '../../ui';
import styles from './Chat.module.css';
import { Bubble } from './ChatBubble';
import type { Conversation } from './useChat';

/** The conversation's log: older pages on demand, the greeting until history is in, every message. */
export const ChatLog = ({
  conversation: c,
  name,
}: {
  readonly conversation: Conversation;
  readonly name: string;
}) => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { character, open, messages } = c;
  const log = useRef<HTMLOListElement>(null);

  // Keep the newest message in view while it grows.
  const last = messages[messages.length - 1];
  useEffect(() => {
    const el = log.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages.length, last?.content]);

  const you = intl.formatMessage({ id: 'chat.you' });
  return (
    <ol
      className={styles.log}
      ref={log}
      role="log"
      aria-live="polite"
      aria-busy={!open}
      data-testid="chat-log"
    >
      {c.offersOlder && (
        <li className={styles.centered}>
          <Button
            variant="ghost"
            size="sm"
            data-testid="chat-older"
            onClick={() => dispatch(loadOlderChat({}))}
          >
            <FormattedMessage id="chat.older" />
          </Button>
        </li>
      )}
      {/* The greeting opens the conversation until the server's history (which starts with it) is in. */}
      {character && character.greeting !== '' && messages.length === 0 && (
        <li className={styles.bubble} data-role="assistant" data-greeting data-testid="chat-greeting">
          <VisuallyHidden>{name}: </VisuallyHidden>
          <span dir="auto" data-testid="bubble-text">
            {character.greeting}
          </span>
        </li>
      )}
      {!open && (
        <li className={styles.centered}>
          <FormattedMessage id="chat.loading" />
        </li>
      )}
      {messages.map((m) => (
        <Bubble
          key={m.clientId}
          message={m}
          speaker={m.role === 'user' ? you : (m.name ?? name)}
          character={character}
          speaking={c.speaking === m.clientId}
        />
      ))}
    </ol>
  );
};
