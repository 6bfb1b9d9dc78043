import { memoizeLast } from '../kernel/memo.js';
import { isValidChatMessage, type ChatViewMessage } from './rules.js';
import { DEFAULT_CHAT_SETTINGS, type ChatMessage, type ChatSettings, type ChatState } from './state.js';

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
 * Whether the older-history action is offered: while the server said, with the first page or the
 * last older page, that it has older messages (spec §7 history paging; never guessed from a count).
 */
export const selectOffersOlderHistory = (s: ChatState): boolean => s.status === 'open' && s.hasOlder;

const visibleOf = memoizeLast(
  (messages: readonly ChatMessage[], pending: readonly string[]): readonly ChatMessage[] =>
    pending.length === 0 ? messages : messages.filter((m) => !pending.includes(m.clientId)),
);

/** The messages shown: every message but those deleted within their undo window. */
export const selectVisibleChatMessages = (s: ChatState): readonly ChatMessage[] =>
  s.status === 'open' ? visibleOf(s.messages, s.pendingDeletes) : none;

const noPending: readonly string[] = [];

/** Messages deleted and still undoable, oldest delete first. */
export const selectPendingDeletes = (s: ChatState): readonly string[] =>
  s.status === 'open' ? s.pendingDeletes : noPending;

export const selectChatSettings = (s: ChatState): ChatSettings =>
  s.status === 'open' ? s.settings : DEFAULT_CHAT_SETTINGS;

export const selectSpeaking = (s: ChatState): string | null => (s.status === 'open' ? s.speaking : null);

export const selectVoiceReplies = (s: ChatState): boolean => s.status === 'open' && s.voiceReplies;

/** A message can be deleted once the server knows it (it has a server id) and it is not being written. */
export const canDeleteMessage = (m: ChatMessage): boolean =>
  m.serverId !== null && m.phase.status !== 'streaming' && m.phase.status !== 'sending';

/** Spec §5: only a valid reply (content, not loading, not 'refuse to answer', a server id) is spoken. */
export const canSpeakMessage = (m: ChatMessage): boolean =>
  m.role === 'assistant' && m.serverId !== null && isValidChatMessage(toViewMessage(m));

/** A conversation is open once its session exists (its history may still be on its way). */
export const selectIsChatOpen = (s: ChatState): boolean => s.status === 'open';
