import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { chat, uploads, type characters } from '../../../../domain/index.js';
import { openDialog } from '../../../../infrastructure/notices/commands';
import { useAppDispatch } from '../../../../infrastructure/store/hooks';
import {
  closeChat,
  deleteChatMessage,
  loadOlderChat,
  openChat,
  playChatVoice,
  retryChatMessage,
  saveInstructions,
  sendChatMessage,
  setOnlineSearch,
  setVoiceReplies,
  undoDeleteChatMessage,
} from '../../../../infrastructure/streaming/commands';
import { removeUpload, uploadPickedFile } from '../../../../infrastructure/uploads/commands';
import { useLocale } from '../../../i18n/locale';
import {
  Badge,
  Button,
  Card,
  Dialog,
  EmptyState,
  Field,
  IconButton,
  ProgressBar,
  Switch,
  TextArea,
  TextInput,
  Toast,
  ToastProvider,
  ToastViewport,
  VisuallyHidden,
} from '../../../ui';
import styles from '../Chat.module.css';
import { CharacterAvatar } from '../CharacterAvatar';
import { PaperclipIcon, SpeakerIcon, TrashIcon } from '../icons';
import { useComposerFiles, useConversation } from '../useChat';

/** The uploader slots of the composer's attachments (`chatAttachment.0` ... `.3`; spec §5 chat file types). */
const ATTACHMENT_FIELD = 'chatAttachment';
const ACCEPT = chat.chatFileAccept();

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

const Bubble = ({
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

/** Spec §7 second instructions (content, title): what the character follows in this chat. */
const InstructionsDialog = ({ current }: { readonly current: chat.ChatInstruction | null }) => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (o) {
          setTitle(current?.title ?? '');
          setContent(current?.content ?? '');
        }
      }}
      title={<FormattedMessage id="chat.instructions.title" />}
      description={<FormattedMessage id="chat.instructions.description" />}
      closeLabel={intl.formatMessage({ id: 'notices.close' })}
      trigger={
        <Button size="sm" variant={current === null ? 'ghost' : 'secondary'} data-testid="instructions-open">
          <FormattedMessage id={current === null ? 'chat.instructions.add' : 'chat.instructions.edit'} />
        </Button>
      }
      footer={
        <>
          {current !== null && (
            <Button
              variant="ghost"
              onClick={() => {
                dispatch(saveInstructions({ title: '', content: '' }));
                setOpen(false);
              }}
            >
              <FormattedMessage id="chat.instructions.clear" />
            </Button>
          )}
          <Button
            variant="primary"
            data-testid="instructions-save"
            disabled={content.trim() === ''}
            onClick={() => {
              dispatch(saveInstructions({ title: title.trim(), content: content.trim() }));
              setOpen(false);
            }}
          >
            <FormattedMessage id="chat.instructions.save" />
          </Button>
        </>
      }
    >
      <Field label={<FormattedMessage id="chat.instructions.name" />}>
        <TextInput value={title} maxLength={60} onChange={(e) => setTitle(e.target.value)} />
      </Field>
      <Field label={<FormattedMessage id="chat.instructions.content" />} help={`${content.length}/1000`}>
        <TextArea
          rows={5}
          value={content}
          maxLength={1000}
          onChange={(e) => setContent(e.target.value)}
          data-testid="instructions-content"
        />
      </Field>
    </Dialog>
  );
};

/** One Undo toast per message deleted within its window (chat.DELETE_UNDO_MS); the epic owns the timing. */
const UndoToasts = ({ pending }: { readonly pending: readonly string[] }) => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  // Closing the toast only hides it: the delete goes ahead when its window ends.
  const [closed, setClosed] = useState<readonly string[]>([]);
  return (
    <ToastProvider label={intl.formatMessage({ id: 'notices.label' })} duration={Infinity}>
      {pending
        .filter((id) => !closed.includes(id))
        .map((clientId) => (
          <Toast
            key={clientId}
            open
            duration={Infinity}
            title={<span data-testid="undo-toast">{intl.formatMessage({ id: 'chat.deleted' })}</span>}
            closeLabel={intl.formatMessage({ id: 'notices.close' })}
            onOpenChange={(o) => {
              if (!o) setClosed((c) => [...c, clientId]);
            }}
            action={{
              label: intl.formatMessage({ id: 'chat.undo' }),
              altText: intl.formatMessage({ id: 'chat.undo' }),
              onClick: () => dispatch(undoDeleteChatMessage({ clientId })),
            }}
          />
        ))}
      <ToastViewport label={intl.formatMessage({ id: 'notices.region' })} className={styles.undoViewport} />
    </ToastProvider>
  );
};

/**
 * One conversation (spec §4 chat): history first (older pages while the server has them), the
 * person's messages at once (marked until acknowledged) with their files, the character's reply
 * streamed token by token and, for a character that speaks, played; a reply being written when
 * the page was reloaded or hidden is caught up. Messages can be deleted (with Undo), the chat can
 * search online and follow second instructions.
 */
const ChatRoomPage = () => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { to } = useLocale();
  const id = useParams()['characterId'] ?? '';
  const c = useConversation(id);
  const { character, open, online, messages } = c;
  const [draft, setDraft] = useState('');
  const [touched, setTouched] = useState(false);
  const [fileProblem, setFileProblem] = useState(false);
  const log = useRef<HTMLOListElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const composer = useComposerFiles(ATTACHMENT_FIELD);

  useEffect(() => {
    if (c.isGuest || id === '') return;
    dispatch(openChat({ characterId: id }));
    return () => {
      dispatch(closeChat({}));
    };
  }, [id, c.isGuest, dispatch]);

  // Keep the newest message in view while it grows.
  const last = messages[messages.length - 1];
  useEffect(() => {
    const el = log.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages.length, last?.content]);

  const problem = chat.chatSendProblem(draft, composer.files.length);
  const send = (e?: FormEvent) => {
    e?.preventDefault();
    setTouched(true);
    if (problem !== null || !open || composer.blocked) return;
    const { attachments } = composer;
    dispatch(sendChatMessage({ content: draft, ...(attachments.length === 0 ? {} : { attachments }) }));
    // Sent: the slots are free for the next message's files.
    for (const f of composer.files) dispatch(removeUpload({ id: f.id }));
    setDraft('');
    setTouched(false);
  };
  /** Files picked (several at once): the allowed ones go into the free numbered slots, in order. */
  const pick = (picked: readonly File[]) => {
    const allowed = picked.filter((f) => chat.isAllowedChatFile(f.name, f.type));
    setFileProblem(allowed.length < picked.length);
    const slots = uploads.freeSlotsOf(
      composer.files.map((f) => f.field),
      ATTACHMENT_FIELD,
      chat.CHAT_ATTACHMENTS_MAX,
    );
    allowed.forEach((file, i) => {
      const slot = slots[i];
      if (slot !== undefined) dispatch(uploadPickedFile(slot, file));
    });
  };

  if (c.isGuest)
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
  const voice = character?.supportVoice === true;
  return (
    <section className={styles.room} aria-labelledby="chat-room-title" data-voice-status={c.voiceStatus}>
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
      <div className={styles.settings}>
        <Switch
          label={<FormattedMessage id="chat.onlineSearch" />}
          checked={c.settings.onlineSearch}
          disabled={!open}
          onCheckedChange={(enabled) => dispatch(setOnlineSearch({ enabled }))}
          className={styles.setting}
        />
        {voice && (
          <Switch
            label={<FormattedMessage id="chat.voice.replies" />}
            checked={c.voiceReplies}
            disabled={!open}
            onCheckedChange={(enabled) => dispatch(setVoiceReplies({ enabled }))}
            className={styles.setting}
          />
        )}
        <InstructionsDialog current={c.settings.instruction} />
        {c.settings.instruction !== null && (
          <span className={styles.instructionNote} data-testid="instruction-note">
            <FormattedMessage
              id="chat.instructions.active"
              values={{ title: c.settings.instruction.title || c.settings.instruction.content.slice(0, 40) }}
            />
          </span>
        )}
      </div>
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
      <form className={styles.composer} onSubmit={send} noValidate>
        {composer.files.map((f) => (
          <div
            key={f.id}
            className={styles.attachmentDraft}
            data-testid="attachment-draft"
            aria-live="polite"
          >
            <span className={styles.fileName}>{f.name}</span>
            {f.running && (
              <>
                <ProgressBar
                  value={f.progress * 100}
                  size="sm"
                  label={intl.formatMessage({ id: 'upload.progress' }, { name: f.name })}
                />
                <span className={styles.progressText}>
                  <FormattedNumber value={f.progress} style="percent" />
                </span>
              </>
            )}
            {f.status === 'complete' && (
              <Badge tone="success" data-testid="attachment-ready">
                <FormattedMessage id="upload.done" />
              </Badge>
            )}
            {f.messageKey !== null && (
              <span className={styles.inputError} role="alert">
                <FormattedMessage
                  id={intl.messages[f.messageKey] !== undefined ? f.messageKey : 'uploadError'}
                />
              </span>
            )}
            <Button
              size="sm"
              variant="ghost"
              aria-label={intl.formatMessage({ id: 'chat.attach.removeFile' }, { name: f.name })}
              onClick={() => dispatch(removeUpload({ id: f.id }))}
            >
              <FormattedMessage id="chat.attach.remove" />
            </Button>
          </div>
        ))}
        <div className={styles.inputRow}>
          <input
            ref={fileInput}
            type="file"
            accept={ACCEPT}
            className={styles.fileInput}
            data-testid="chat-file"
            tabIndex={-1}
            aria-hidden="true"
            multiple
            onChange={(e) => {
              const picked = [...(e.target.files ?? [])];
              e.target.value = '';
              pick(picked);
            }}
          />
          <IconButton
            label={intl.formatMessage({ id: 'chat.attach' })}
            data-testid="chat-attach"
            disabled={!open || composer.free === 0}
            onClick={() => fileInput.current?.click()}
          >
            <PaperclipIcon />
          </IconButton>
          <TextArea
            id="chat-input"
            aria-label={intl.formatMessage({ id: 'chat.input.label' }, { name })}
            data-testid="chat-input"
            rows={2}
            maxLength={chat.CHAT_CONTENT_MAX}
            value={draft}
            placeholder={intl.formatMessage({ id: 'chat.input.placeholder' }, { name })}
            aria-invalid={touched && problem !== null}
            aria-describedby="chat-input-help"
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) send(e);
            }}
          />
          <Button
            type="submit"
            variant="primary"
            data-testid="chat-send"
            disabled={!open || composer.running}
          >
            <FormattedMessage id="chat.send" />
          </Button>
        </div>
        <p
          id="chat-input-help"
          className={(touched && problem !== null) || fileProblem ? styles.inputError : styles.inputHelp}
        >
          <FormattedMessage
            id={
              fileProblem
                ? 'chat.attach.wrongType'
                : touched && problem !== null
                  ? `chat.input.${problem}`
                  : 'chat.input.help'
            }
          />{' '}
          <span>
            {draft.length}/{chat.CHAT_CONTENT_MAX}
          </span>
        </p>
      </form>
      <UndoToasts pending={c.pendingDeletes} />
    </section>
  );
};

export default ChatRoomPage;
