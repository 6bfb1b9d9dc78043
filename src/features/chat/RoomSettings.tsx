import { FormattedMessage } from 'react-intl';
import { useAppDispatch } from '../../../infrastructure/store/hooks';
import { setOnlineSearch, setVoiceReplies } from '../../../infrastructure/chat/commands';
import { Switch } from '../../ui';
import styles from './Chat.module.css';
import { InstructionsDialog } from './InstructionsDialog';
import type { Conversation } from './useChat';

/** The chat's settings: online search, voice replies (a character that speaks), the second instructions. */
export const RoomSettings = ({ conversation: c }: { readonly conversation: Conversation }) => {
  const dispatch = useAppDispatch();
  const { open } = c;
  return (
    <div className={styles.settings}>
      <Switch
        label={<FormattedMessage id="chat.onlineSearch" />}
        checked={c.settings.onlineSearch}
        disabled={!open}
        onCheckedChange={(enabled) => dispatch(setOnlineSearch({ enabled }))}
        className={styles.setting}
      />
      {c.character?.supportVoice === true && (
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
  );
};
