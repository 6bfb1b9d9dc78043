import { FormattedMessage, useIntl } from 'react-intl';
import { chat, type characters } from '../../../domain/index.js';
import { useAppDispatch } from '../../../infrastructure/store/hooks';
import { deleteChatMessage, playChatVoice, retryChatMessage } from '../../../infrastructure/chat/commands';
import { Badge, IconButton, VisuallyHidden } from '../../ui';
import styles from './Chat.module.css';
import { SpeakerIcon, TrashIcon } from './icons';

const Attachments = ({ items }: { readonly items: readonly chat.ChatAttachment[] }) =>
  items.length === 0 ? null : (
    <ul className={styles.attachments} data-testid="message-attachments">
      {items.map((a) => (
        <li key={a.fileId}>
          <a
            href={a.url}
            target="_blank"
            rel="noreferrer noopener"
            className={styles.attachment}
            data-kind={a.kind}
          >
            <span className={styles.fileKind} aria-hidden="true">
              {a.kind.toUpperCase()}
            </span>
            <span className={styles.fileName}>{a.name}</span>
          </a>
        </li>
      ))}
    </ul>
  );

/** One message of the log: its text and files, its phase (sending, streaming, failed with resend), play and delete. */
export const Bubble = ({
  message,
  speaker,
  character,
  speaking,
}: {
  readonly message: chat.ChatMessage;
  readonly speaker: string;
  readonly character: characters.ChatCharacter | null;
  readonly speaking: boolean;
}) => {
  const dispatch = useAppDispatch();
  const intl = useIntl();
  const { phase } = message;
  const canSpeak = character?.supportVoice === true && chat.canSpeakMessage(message);
  const canDelete = chat.canDeleteMessage(message);
  return (
    <li
      className={styles.bubble}
      data-role={message.role}
      data-failed={phase.status === 'failed' || undefined}
      data-testid="chat-message"
      data-status={phase.status}
    >
      <VisuallyHidden>{speaker}: </VisuallyHidden>
      {message.role === 'assistant' && message.isOfficialAgent && (
        <Badge tone="success" className={styles.official}>
          <FormattedMessage id="chat.official" />
        </Badge>
      )}
      {message.content !== '' && (
        <span dir="auto" data-testid="bubble-text">
          {message.content}
        </span>
      )}
      <Attachments items={message.attachments} />
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
      {(canSpeak || canDelete) && (
        <span className={styles.tools}>
          {canSpeak && (
            <IconButton
              size="sm"
              label={intl.formatMessage({ id: speaking ? 'chat.voice.playing' : 'chat.voice.play' })}
              data-testid="play-voice"
              aria-pressed={speaking}
              onClick={() => dispatch(playChatVoice({ clientId: message.clientId }))}
            >
              <SpeakerIcon active={speaking} />
            </IconButton>
          )}
          {canDelete && (
            <IconButton
              size="sm"
              label={intl.formatMessage({ id: 'chat.delete' })}
              data-testid="delete-message"
              onClick={() => dispatch(deleteChatMessage({ clientId: message.clientId }))}
            >
              <TrashIcon />
            </IconButton>
          )}
        </span>
      )}
    </li>
  );
};
