import { FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import { useAppDispatch } from '../../../infrastructure/store/hooks';
import { removeUpload } from '../../../infrastructure/uploads/commands';
import { Badge, Button, ProgressBar } from '../../ui';
import styles from './Chat.module.css';
import type { ComposerFile } from './useChat';

/** One file of the message being written: its upload's progress, done or its error, and remove. */
export const AttachmentDraft = ({ file: f }: { readonly file: ComposerFile }) => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  return (
    <div className={styles.attachmentDraft} data-testid="attachment-draft" aria-live="polite">
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
          <FormattedMessage id={intl.messages[f.messageKey] !== undefined ? f.messageKey : 'uploadError'} />
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
  );
};
