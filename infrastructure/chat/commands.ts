/** Commands of the character chat (spec §7): a session, its history, messages, settings, voice replies. */
import type { chat } from '../../domain/index.js';
import { defineCommand } from '../store/commands';

/** Opens (or creates) the session with a character and loads its latest history page. */
export const openChat = defineCommand<{ readonly characterId: string }>()('chat/open');
export const closeChat = defineCommand()('chat/close');
/** Loads the page of history just older than the oldest message shown. */
export const loadOlderChat = defineCommand()('chat/loadOlder');
/** A message: text, files (already uploaded, spec §5 chat file types), or both. */
export const sendChatMessage = defineCommand<{
  readonly content: string;
  readonly attachments?: readonly chat.ChatAttachment[];
}>()('chat/send');
/** Spec §7 online-search update (on_line_search) of the open chat. */
export const setOnlineSearch = defineCommand<{ readonly enabled: boolean }>()('chat/setOnlineSearch');
/** Spec §7 second instructions (content, title) of the open chat; empty content clears them. */
export const saveInstructions = defineCommand<{ readonly title: string; readonly content: string }>()(
  'chat/saveInstructions',
);
/** Deletes a message: hidden at once, sent after the undo window (chat.DELETE_UNDO_MS) unless undone. */
export const deleteChatMessage = defineCommand<{ readonly clientId: string }>()('chat/deleteMessage');
export const undoDeleteChatMessage = defineCommand<{ readonly clientId: string }>()('chat/undoDelete');
/** Plays the voice of a reply (spec §7 SSE audio stream). */
export const playChatVoice = defineCommand<{ readonly clientId: string }>()('chat/playVoice');
/** Whether replies of a speaking character are played as they finish. */
export const setVoiceReplies = defineCommand<{ readonly enabled: boolean }>()('chat/setVoiceReplies');
/** Sends a failed message again, with the same client id. */
export const retryChatMessage = defineCommand<{ readonly clientId: string }>()('chat/retry');
