import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { openDialog } from '../../../../infrastructure/notices/commands';
import { useAppDispatch } from '../../../../infrastructure/store/hooks';
import { closeChat, openChat } from '../../../../infrastructure/chat/commands';
import { Button, Card, EmptyState } from '../../../ui';
import styles from '../Chat.module.css';
import { ChatComposer } from '../ChatComposer';
import { ChatLog } from '../ChatLog';
import { RoomHeader } from '../RoomHeader';
import { RoomSettings } from '../RoomSettings';
import { UndoToasts } from '../UndoToasts';
import { useConversation } from '../useChat';

/** The conversation is open while the page shows it to a signed-in person. */
const useOpenChat = (characterId: string, isGuest: boolean) => {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (isGuest || characterId === '') return;
    dispatch(openChat({ characterId }));
    return () => {
      dispatch(closeChat({}));
    };
  }, [characterId, isGuest, dispatch]);
};

const GuestRoom = () => {
  const dispatch = useAppDispatch();
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
  const id = useParams()['characterId'] ?? '';
  const c = useConversation(id);
  useOpenChat(id, c.isGuest);
  if (c.isGuest) return <GuestRoom />;

  const name = c.character?.name ?? intl.formatMessage({ id: 'chat.character' });
  return (
    <section className={styles.room} aria-labelledby="chat-room-title" data-voice-status={c.voiceStatus}>
      <RoomHeader id={id} name={name} character={c.character} online={c.online} open={c.open} />
      <RoomSettings conversation={c} />
      <ChatLog conversation={c} name={name} />
      <ChatComposer open={c.open} name={name} />
      <UndoToasts pending={c.pendingDeletes} />
    </section>
  );
};

export default ChatRoomPage;
