import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useAppDispatch } from '../../../infrastructure/store/hooks';
import { undoDeleteChatMessage } from '../../../infrastructure/chat/commands';
import { Toast, ToastProvider, ToastViewport } from '../../ui';
import styles from './Chat.module.css';

/** One Undo toast per message deleted within its window (chat.DELETE_UNDO_MS); the epic owns the timing. */
export const UndoToasts = ({ pending }: { readonly pending: readonly string[] }) => {
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
