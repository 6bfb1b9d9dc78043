/**
 * One chat session and its reducer. Every message carries a client id from the moment it exists
 * (the sender's id for user messages and replies, a key derived from the server id otherwise), so a
 * message echoed by the socket, resent after a reconnect or returned again in a history page is
 * merged, never shown twice, and nothing the user saw disappears while the session stays open.
 */
import { assertNever } from '../kernel/event.js';
import type { ChatEvent } from './events.js';
import {
  dedupeIncoming,
  followingThePage,
  insertOrdered,
  mergeIncoming,
  placedAt,
  replaceAt,
  serverIdTaken,
  type ChatAttachment,
  type ChatInstruction,
  type IncomingChatMessage,
} from './rules.js';

export type ChatRole = 'user' | 'assistant' | 'system';

export type ChatMessagePhase =
  /** A user message not yet acknowledged by the server; resent with the same client id after a reconnect. */
  | { readonly status: 'sending' }
  /** A reply being assembled token by token; `nextToken` is the index the next token must carry. */
  | { readonly status: 'streaming'; readonly nextToken: number }
  | { readonly status: 'delivered' }
  | { readonly status: 'failed'; readonly reasonKey: string };

export interface ChatMessage {
  readonly clientId: string;
  readonly serverId: string | null;
  readonly role: ChatRole;
  readonly content: string;
  readonly createAt: number;
  readonly name: string | null;
  readonly nameKey: string | null;
  readonly isOfficialAgent: boolean;
  readonly attachments: readonly ChatAttachment[];
  readonly phase: ChatMessagePhase;
}

export interface ChatSettings {
  readonly onlineSearch: boolean;
  readonly instruction: ChatInstruction | null;
}

export type ChatState =
  | { readonly status: 'closed' }
  | {
      readonly status: 'open';
      readonly sessionId: string;
      readonly channelId: string;
      readonly connection: 'online' | 'offline';
      /** Ordered by `createAt`, ties in arrival order. */
      readonly messages: readonly ChatMessage[];
      /** What the server said of the history before the oldest message shown (spec §7 paging). */
      readonly hasOlder: boolean;
      /** Messages deleted by the person and still within their undo window: hidden, not gone. */
      readonly pendingDeletes: readonly string[];
      /** Server ids deleted for good: a history page that still names one does not bring it back. */
      readonly deleted: readonly string[];
      readonly settings: ChatSettings;
      /** Play the voice of replies as they finish (a character that speaks, spec §3 support_voice). */
      readonly voiceReplies: boolean;
      /** The message whose voice is playing or loading. */
      readonly speaking: string | null;
    };

export type OpenChatState = Extract<ChatState, { readonly status: 'open' }>;

export const initialChatState: ChatState = { status: 'closed' };

/**
 * The session with another message list, written as a literal of its fields: a streamed token
 * makes one per token, and a literal of known fields is several times cheaper than a spread
 * (measured by `npm run bench`, as the root's `copyRoot`).
 */
const openWith = (s: OpenChatState, messages: readonly ChatMessage[]): OpenChatState => ({
  status: 'open',
  sessionId: s.sessionId,
  channelId: s.channelId,
  connection: s.connection,
  messages,
  hasOlder: s.hasOlder,
  pendingDeletes: s.pendingDeletes,
  deleted: s.deleted,
  settings: s.settings,
  voiceReplies: s.voiceReplies,
  speaking: s.speaking,
});

const withMessages = (state: OpenChatState, messages: readonly ChatMessage[]): ChatState =>
  messages === state.messages ? state : openWith(state, messages);

/**
 * The last reply `withToken` grew and the message it grew from: a certificate that the one's content
 * is the other's with a token appended, made where the append is made, so `streamingOnlyAppends`
 * need not compare the two texts (a reply is a string grown token by token: comparing flattens and
 * reads all of it, each token). One slot, not a table: the replay checks right after the event, and
 * messages are never changed once made; any other pair is compared in full.
 */
let grownFrom: ChatMessage | null = null;
let grown: ChatMessage | null = null;

/** Whether `after` is `before` with a token appended by `withToken` (false: not known, compare). */
export const grewByToken = (before: ChatMessage, after: ChatMessage): boolean =>
  grown === after && grownFrom === before;

/** A streaming reply with one more token: a literal of its fields, as `openWith`. */
const withToken = (m: ChatMessage, text: string, nextToken: number): ChatMessage => {
  const next: ChatMessage = {
    clientId: m.clientId,
    serverId: m.serverId,
    role: m.role,
    content: m.content + text,
    createAt: m.createAt,
    name: m.name,
    nameKey: m.nameKey,
    isOfficialAgent: m.isOfficialAgent,
    attachments: m.attachments,
    phase: { status: 'streaming', nextToken },
  };
  grownFrom = m;
  grown = next;
  return next;
};

/** Searched from the end: the message an event names is nearly always the newest (a streaming reply). */
const indexOfClient = (state: OpenChatState, clientId: string): number => {
  const messages = state.messages;
  let i = messages.length - 1;
  while (i >= 0 && (messages[i] as ChatMessage).clientId !== clientId) i--;
  return i;
};

const notDeleted =
  (state: OpenChatState) =>
  (m: IncomingChatMessage): boolean =>
    !state.deleted.includes(m.serverId);

export const DEFAULT_CHAT_SETTINGS: ChatSettings = { onlineSearch: false, instruction: null };

/** Applies a message event to the open session it names; other sessions' events are stale. */
const evolveOpen = (state: OpenChatState, event: ChatEvent): ChatState => {
  switch (event.type) {
    case 'chat/sessionOpened':
    case 'chat/sessionClosed':
    case 'chat/connectionLost':
    case 'chat/connectionRestored':
      return state;
    case 'chat/historyLoaded': {
      const page = dedupeIncoming(event.payload.messages.filter(notDeleted(state)));
      const merged = withMessages(
        state,
        followingThePage(state.messages, page).reduce(mergeIncoming, state.messages),
      ) as OpenChatState;
      const older = event.payload.older;
      return older === undefined || older.hasMore === merged.hasOlder
        ? merged
        : { ...merged, hasOlder: older.hasMore };
    }
    case 'chat/messageReceived':
      if (!notDeleted(state)(event.payload.message)) return state;
      return withMessages(state, mergeIncoming(state.messages, event.payload.message));
    case 'chat/settingsChanged': {
      const p = event.payload;
      return { ...state, settings: { onlineSearch: p.onlineSearch, instruction: p.instruction } };
    }
    case 'chat/messageDeleteRequested': {
      const { clientId } = event.payload;
      if (indexOfClient(state, clientId) < 0 || state.pendingDeletes.includes(clientId)) return state;
      return { ...state, pendingDeletes: [...state.pendingDeletes, clientId] };
    }
    case 'chat/messageDeleteUndone': {
      const { clientId } = event.payload;
      if (!state.pendingDeletes.includes(clientId)) return state;
      return { ...state, pendingDeletes: state.pendingDeletes.filter((id) => id !== clientId) };
    }
    case 'chat/messageDeleted': {
      const { clientId } = event.payload;
      const m = state.messages[indexOfClient(state, clientId)];
      if (m === undefined) return state;
      return {
        ...state,
        messages: state.messages.filter((x) => x.clientId !== clientId),
        pendingDeletes: state.pendingDeletes.filter((id) => id !== clientId),
        deleted: m.serverId === null ? state.deleted : [...state.deleted, m.serverId],
        speaking: state.speaking === clientId ? null : state.speaking,
      };
    }
    case 'chat/voiceRequested':
      return indexOfClient(state, event.payload.clientId) < 0 || state.speaking === event.payload.clientId
        ? state
        : { ...state, speaking: event.payload.clientId };
    case 'chat/voiceRepliesChosen':
      return state.voiceReplies === event.payload.enabled
        ? state
        : { ...state, voiceReplies: event.payload.enabled };
    case 'chat/messageSent': {
      const p = event.payload;
      if (indexOfClient(state, p.clientId) >= 0) return state;
      return withMessages(
        state,
        insertOrdered(state.messages, {
          clientId: p.clientId,
          serverId: null,
          role: 'user',
          content: p.content,
          createAt: p.createAt,
          name: null,
          nameKey: null,
          isOfficialAgent: false,
          attachments: p.attachments ?? [],
          phase: { status: 'sending' },
        }),
      );
    }
    case 'chat/messageAcknowledged': {
      const p = event.payload;
      const i = indexOfClient(state, p.clientId);
      const m = state.messages[i];
      if (m === undefined || serverIdTaken(state.messages, p.serverId, i)) return state;
      if (m.serverId !== null && m.serverId !== p.serverId) return state;
      const settled = m.phase.status === 'sending' || m.phase.status === 'failed';
      return withMessages(
        state,
        replaceAt(state.messages, i, {
          ...m,
          serverId: p.serverId,
          phase: settled ? { status: 'delivered' } : m.phase,
        }),
      );
    }
    case 'chat/messageFailed': {
      const p = event.payload;
      const i = indexOfClient(state, p.clientId);
      const m = state.messages[i];
      if (m === undefined || m.phase.status !== 'sending') return state;
      return withMessages(
        state,
        replaceAt(state.messages, i, { ...m, phase: { status: 'failed', reasonKey: p.reasonKey } }),
      );
    }
    case 'chat/replyStarted': {
      const p = event.payload;
      if (indexOfClient(state, p.clientId) >= 0) return state;
      return withMessages(
        state,
        insertOrdered(state.messages, {
          clientId: p.clientId,
          serverId: null,
          role: 'assistant',
          content: '',
          createAt: placedAt(state.messages, p.follows, p.createAt),
          name: p.name,
          nameKey: p.nameKey,
          isOfficialAgent: p.isOfficialAgent,
          attachments: [],
          phase: { status: 'streaming', nextToken: 0 },
        }),
      );
    }
    case 'chat/tokenReceived': {
      const p = event.payload;
      const i = indexOfClient(state, p.clientId);
      const m = state.messages[i];
      // Only the next token in sequence is taken: a resent token (lower index) is already in the
      // content and a gap is left to the final text of replyFinished.
      if (m === undefined || m.phase.status !== 'streaming' || p.index !== m.phase.nextToken) return state;
      // The one message replaced in a copy of the list (a token always changes it: its index moves on).
      const messages = state.messages.slice();
      messages[i] = withToken(m, p.text, m.phase.nextToken + 1);
      return openWith(state, messages);
    }
    case 'chat/replyFinished': {
      const p = event.payload;
      const i = indexOfClient(state, p.clientId);
      const m = state.messages[i];
      if (m === undefined || serverIdTaken(state.messages, p.serverId, i)) return state;
      if (m.serverId !== null && m.serverId !== p.serverId) return state;
      return withMessages(
        state,
        replaceAt(state.messages, i, {
          ...m,
          serverId: p.serverId,
          content: p.content ?? m.content,
          phase: { status: 'delivered' },
        }),
      );
    }
    case 'chat/replyFailed': {
      const p = event.payload;
      const i = indexOfClient(state, p.clientId);
      const m = state.messages[i];
      if (m === undefined || m.phase.status !== 'streaming') return state;
      return withMessages(
        state,
        replaceAt(state.messages, i, { ...m, phase: { status: 'failed', reasonKey: p.reasonKey } }),
      );
    }
    default:
      return assertNever(event);
  }
};

export const evolveChat = (state: ChatState, event: ChatEvent): ChatState => {
  switch (event.type) {
    case 'chat/sessionOpened': {
      const p = event.payload;
      if (state.status === 'open' && state.sessionId === p.sessionId) return state;
      return {
        status: 'open',
        sessionId: p.sessionId,
        channelId: p.channelId,
        connection: 'online',
        messages: [],
        hasOlder: false,
        pendingDeletes: [],
        deleted: [],
        settings: DEFAULT_CHAT_SETTINGS,
        voiceReplies: true,
        speaking: null,
      };
    }
    case 'chat/sessionClosed':
      return state.status === 'closed' ? state : initialChatState;
    case 'chat/connectionLost':
      return state.status === 'open' && state.connection === 'online'
        ? { ...state, connection: 'offline' }
        : state;
    case 'chat/connectionRestored':
      return state.status === 'open' && state.connection === 'offline'
        ? { ...state, connection: 'online' }
        : state;
    case 'chat/historyLoaded':
    case 'chat/messageSent':
    case 'chat/messageAcknowledged':
    case 'chat/messageReceived':
    case 'chat/messageFailed':
    case 'chat/replyStarted':
    case 'chat/tokenReceived':
    case 'chat/replyFinished':
    case 'chat/replyFailed':
    case 'chat/settingsChanged':
    case 'chat/messageDeleteRequested':
    case 'chat/messageDeleteUndone':
    case 'chat/messageDeleted':
    case 'chat/voiceRequested':
    case 'chat/voiceRepliesChosen':
      return state.status === 'open' && state.sessionId === event.payload.sessionId
        ? evolveOpen(state, event)
        : state;
    default:
      return assertNever(event);
  }
};
