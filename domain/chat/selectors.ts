import { HISTORY_PAGE_SIZE_INIT_MEMORY, isValidChatMessage, type ChatViewMessage } from './rules.js';
import type { ChatMessage, ChatState } from './state.js';

const none: readonly ChatMessage[] = [];

export const selectChatMessages = (s: ChatState): readonly ChatMessage[] =>
  s.status === 'open' ? s.messages : none;

/** Spec §3 view shape; the id shown is the server's once known, the client's before. */
export const toViewMessage = (m: ChatMessage): ChatViewMessage => ({
  id: m.serverId ?? m.clientId,
  content: m.content,
  role: m.role,
  loading: m.phase.status === 'streaming',
  name: m.name,
  nameKey: m.nameKey,
  isOfficialAgent: m.isOfficialAgent,
});

export const selectChatView = (s: ChatState): readonly ChatViewMessage[] =>
  selectChatMessages(s).map(toViewMessage);

/** Spec §5: the messages that may be copied, regenerated or sent back as context. */
export const selectValidChatMessages = (s: ChatState): readonly ChatViewMessage[] =>
  selectChatView(s).filter(isValidChatMessage);

/** User messages the server has not acknowledged: resent, with the same client id, after a reconnect. */
export const selectMessagesToResend = (s: ChatState): readonly ChatMessage[] =>
  selectChatMessages(s).filter((m) => m.phase.status === 'sending');

export const selectStreamingReply = (s: ChatState): ChatMessage | null =>
  selectChatMessages(s).find((m) => m.phase.status === 'streaming') ?? null;

export const selectIsChatOnline = (s: ChatState): boolean => s.status === 'open' && s.connection === 'online';

/**
 * Whether the older-history action is offered: the history call tells nothing the state keeps about
 * older pages, so it is offered once the first page the server sent was full (80 on init).
 */
export const selectOffersOlderHistory = (s: ChatState): boolean =>
  selectChatMessages(s).filter((m) => m.serverId !== null).length >= HISTORY_PAGE_SIZE_INIT_MEMORY;

/** A conversation is open once its session exists (its history may still be on its way). */
export const selectIsChatOpen = (s: ChatState): boolean => s.status === 'open';
