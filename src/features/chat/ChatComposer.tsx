import { useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { chat } from '../../../domain/index.js';
import { Button, IconButton, TextArea } from '../../ui';
import { AttachmentDraft } from './AttachmentDraft';
import styles from './Chat.module.css';
import { PaperclipIcon } from './icons';
import { useChatDraft } from './useChatDraft';

const ACCEPT = chat.chatFileAccept();

/** The composer: the files being attached, the message (Enter sends, Shift+Enter breaks a line), its help or problem. */
export const ChatComposer = ({ open, name }: { readonly open: boolean; readonly name: string }) => {
  const intl = useIntl();
  const fileInput = useRef<HTMLInputElement>(null);
  const { draft, setDraft, touched, fileProblem, problem, composer, send, pick } = useChatDraft(open);
  return (
    <form className={styles.composer} onSubmit={send} noValidate>
      {composer.files.map((f) => (
        <AttachmentDraft key={f.id} file={f} />
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
        <Button type="submit" variant="primary" data-testid="chat-send" disabled={!open || composer.running}>
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
  );
};
