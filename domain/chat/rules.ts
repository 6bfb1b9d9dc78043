/**
 * The chat rules of spec §3, §5 and §9 as pure functions: message validity, the file types a
 * chat accepts, history page sizes, character types, official agents, and the merge of a
 * server message into the ordered list (deduplicated by client id and server id).
 */
import type { ChatMessage, ChatRole } from './state.js';

/** Spec §3 chat message as the history call returns it (id, create_at, channel_id, session_id). */
export interface ChatHistoryMessage {
  readonly id: string;
  readonly createAt: number;
  readonly channelId: string;
  readonly sessionId: string;
}

/** Spec §3 chat message as a view shows it (id, content, role, loading, name/name_key, is_official_agent). */
export interface ChatViewMessage {
  readonly id: string;
  readonly content: string;
  readonly role: ChatRole;
  readonly loading: boolean;
  /** A literal speaker name, or null when the speaker is named by `nameKey` (an i18n key). */
  readonly name: string | null;
  readonly nameKey: string | null;
  readonly isOfficialAgent: boolean;
}

/**
 * The content the server puts in a reply the model declined to give. Compared after trimming and
 * case-insensitively, because the server has sent it both capitalised and not.
 */
export const REFUSE_TO_ANSWER = 'refuse to answer';

/** A numeric id (a number, or a string that parses as a finite number) marks a local placeholder. */
export const isNumericId = (id: string | number): boolean =>
  typeof id === 'number' || (id.trim() !== '' && Number.isFinite(Number(id)));

export interface ValidityInput {
  readonly id: string | number;
  readonly content: string | null | undefined;
  readonly loading: boolean;
}

/**
 * Spec §5: a chat message is valid when it has content, is not loading, is not 'refuse to answer',
 * and has a non-numeric id. Only valid messages are offered for copy, regenerate and context.
 */
export const isValidChatMessage = (m: ValidityInput): boolean => {
  const content = (m.content ?? '').trim();
  if (content === '' || m.loading) return false;
  if (content.toLowerCase() === REFUSE_TO_ANSWER) return false;
  if (typeof m.id === 'string' && m.id.trim() === '') return false;
  return !isNumericId(m.id);
};

/** Spec §5 chat file types: png, jpg, jpeg, txt, pdf, word, json, markdown, excel. */
export type ChatFileKind = 'png' | 'jpeg' | 'txt' | 'pdf' | 'word' | 'json' | 'markdown' | 'excel';

export const CHAT_FILE_TYPES: Readonly<
  Record<ChatFileKind, { readonly extensions: readonly string[]; readonly mimes: readonly string[] }>
> = {
  png: { extensions: ['png'], mimes: ['image/png'] },
  jpeg: { extensions: ['jpg', 'jpeg'], mimes: ['image/jpeg', 'image/jpg', 'image/pjpeg'] },
  txt: { extensions: ['txt'], mimes: ['text/plain'] },
  pdf: { extensions: ['pdf'], mimes: ['application/pdf'] },
  word: {
    extensions: ['doc', 'docx'],
    mimes: ['application/msword', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  },
  json: { extensions: ['json'], mimes: ['application/json', 'text/json'] },
  // Browsers disagree on markdown: some report text/markdown, some text/plain, many nothing.
  markdown: { extensions: ['md'], mimes: ['text/markdown', 'text/x-markdown', 'text/plain'] },
  excel: {
    extensions: ['xls', 'xlsx'],
    mimes: ['application/vnd.ms-excel', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  },
};

/** Mime types that say nothing about the file; the extension alone decides then. */
const UNKNOWN_MIMES: readonly string[] = ['', 'application/octet-stream'];

const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot < 0
    ? ''
    : name
        .slice(dot + 1)
        .trim()
        .toLowerCase();
};

const chatFileKinds = Object.keys(CHAT_FILE_TYPES) as ChatFileKind[];

/**
 * The kind of a chat attachment, or null when it is not accepted. The extension must be one of
 * the list; a mime type, when the browser gives a meaningful one, must agree with it, so a renamed
 * executable (`x.png` with `application/x-msdownload`) is refused.
 */
export const chatFileKind = (name: string, mime: string): ChatFileKind | null => {
  const ext = extensionOf(name);
  const kind = chatFileKinds.find((k) => CHAT_FILE_TYPES[k].extensions.includes(ext));
  if (kind === undefined) return null;
  const bareMime = (mime.split(';')[0] ?? '').trim().toLowerCase();
  if (UNKNOWN_MIMES.includes(bareMime)) return kind;
  return CHAT_FILE_TYPES[kind].mimes.includes(bareMime) ? kind : null;
};

export const isAllowedChatFile = (name: string, mime: string): boolean => chatFileKind(name, mime) !== null;

/** Spec §9: history page size 80 when loading a character's initial memory (init_mem_num), 100 for messages. */
export const HISTORY_PAGE_SIZE_INIT_MEMORY = 80;
export const HISTORY_PAGE_SIZE_MESSAGES = 100;

export type HistoryPurpose = 'initMemory' | 'messages';

export const historyPageSize = (purpose: HistoryPurpose): number =>
  purpose === 'initMemory' ? HISTORY_PAGE_SIZE_INIT_MEMORY : HISTORY_PAGE_SIZE_MESSAGES;

/** Spec §3 character_type: 0 and 2 digital, 1 tool, 3 agent. */
export type CharacterKind = 'digital' | 'tool' | 'agent' | 'unknown';

export const characterKind = (characterType: number): CharacterKind => {
  switch (characterType) {
    case 0:
    case 2:
      return 'digital';
    case 1:
      return 'tool';
    case 3:
      return 'agent';
    default:
      return 'unknown';
  }
};

/** Spec §6: official agents are identified by is_official_agent (the server sends a boolean or 0/1). */
export const isOfficialAgent = (c: { readonly isOfficialAgent?: boolean | number | null }): boolean =>
  c.isOfficialAgent === true || c.isOfficialAgent === 1;

export const selectOfficialAgents = <C extends { readonly isOfficialAgent?: boolean | number | null }>(
  characters: readonly C[],
): readonly C[] => characters.filter(isOfficialAgent);

/** A file sent with a message (spec §5 chat file types), as uploaded. */
export interface ChatAttachment {
  readonly fileId: string;
  readonly name: string;
  readonly kind: ChatFileKind;
  readonly url: string;
  readonly size: number;
}

/** Spec §7 second instructions (content, title): what the character follows in one chat. */
export interface ChatInstruction {
  readonly title: string;
  readonly content: string;
}

/** A message as the server sends it over the socket or in a history page. */
export interface IncomingChatMessage {
  readonly serverId: string;
  /** The id the sending client gave it; null for messages the client did not originate. */
  readonly clientId: string | null;
  readonly role: ChatRole;
  readonly content: string;
  readonly createAt: number;
  readonly name: string | null;
  readonly nameKey: string | null;
  readonly isOfficialAgent: boolean;
  readonly attachments?: readonly ChatAttachment[];
  /**
   * The client key of a message this one comes after (a reply's question, the message before it
   * in a history page): it is never placed above that one, whatever the two clocks say.
   */
  readonly follows?: string;
}

/** The client key of a message the client did not originate: derived from the server id, so stable. */
export const serverOnlyClientId = (serverId: string): string => `srv:${serverId}`;

/**
 * The time a new message is placed at: its own, or that of the shown message it follows when
 * that one is later. A user's message carries the device's time and a reply the server's: a device
 * clock ahead of the server's would otherwise put the reply above its question.
 */
export const placedAt = (
  messages: readonly ChatMessage[],
  follows: string | undefined,
  createAt: number,
): number => {
  if (follows === undefined) return createAt;
  const anchor = messages.find((m) => m.clientId === follows);
  return anchor === undefined ? createAt : Math.max(createAt, anchor.createAt);
};

/**
 * A history page as the server ordered it: each message follows the one before it in the page
 * (under the client key that message is shown with), unless it names what it follows.
 */
export const followingThePage = (
  messages: readonly ChatMessage[],
  page: readonly IncomingChatMessage[],
): readonly IncomingChatMessage[] =>
  page.map((m, i) => {
    const before = page[i - 1];
    if (m.follows !== undefined || before === undefined) return m;
    const key = before.clientId ?? serverOnlyClientId(before.serverId);
    const shown = messages.find((x) => x.clientId === key || x.serverId === before.serverId);
    return { ...m, follows: shown?.clientId ?? key };
  });

/**
 * Inserts keeping `createAt` order; among equal times the newcomer goes last, so messages with
 * the same timestamp keep their arrival order.
 */
export const insertOrdered = (
  messages: readonly ChatMessage[],
  message: ChatMessage,
): readonly ChatMessage[] => {
  let at = messages.length;
  while (at > 0 && (messages[at - 1] as ChatMessage).createAt > message.createAt) at--;
  return [...messages.slice(0, at), message, ...messages.slice(at)];
};

const sameMessage = (a: ChatMessage, b: ChatMessage): boolean =>
  a.clientId === b.clientId &&
  a.serverId === b.serverId &&
  a.role === b.role &&
  a.content === b.content &&
  a.createAt === b.createAt &&
  a.name === b.name &&
  a.nameKey === b.nameKey &&
  a.isOfficialAgent === b.isOfficialAgent &&
  JSON.stringify(a.attachments) === JSON.stringify(b.attachments) &&
  JSON.stringify(a.phase) === JSON.stringify(b.phase);

/**
 * A page of server messages with each server id and each client key once: the latest copy wins.
 * A page that names one message twice would otherwise make a reload merge differently from the
 * first load.
 */
export const dedupeIncoming = (page: readonly IncomingChatMessage[]): readonly IncomingChatMessage[] => {
  const seenServer = new Set<string>();
  const seenClient = new Set<string>();
  const kept: IncomingChatMessage[] = [];
  for (let i = page.length - 1; i >= 0; i--) {
    const m = page[i] as IncomingChatMessage;
    const key = m.clientId ?? serverOnlyClientId(m.serverId);
    if (seenServer.has(m.serverId) || seenClient.has(key)) continue;
    seenServer.add(m.serverId);
    seenClient.add(key);
    kept.push(m);
  }
  return kept.reverse();
};

/** Replaces one message, keeping the same array when nothing changed (so no-op events are cheap). */
export const replaceAt = (
  messages: readonly ChatMessage[],
  index: number,
  next: ChatMessage,
): readonly ChatMessage[] => {
  const current = messages[index];
  if (current === undefined || sameMessage(current, next)) return messages;
  const copy = messages.slice();
  copy[index] = next;
  return copy;
};

/** True when `serverId` already belongs to a message other than the one at `except`. */
export const serverIdTaken = (messages: readonly ChatMessage[], serverId: string, except: number): boolean =>
  messages.some((m, i) => i !== except && m.serverId === serverId);

/**
 * Merges one server message into the list: the same message (by client id, else by server id) is
 * updated in place, never shown twice; a new one is inserted in order. Ids that point at two
 * different messages are a conflict and leave the list as it is rather than drop one of them.
 * Applying the same message twice gives the list of applying it once.
 */
export const mergeIncoming = (
  messages: readonly ChatMessage[],
  incoming: IncomingChatMessage,
): readonly ChatMessage[] => {
  const clientId = incoming.clientId ?? serverOnlyClientId(incoming.serverId);
  const byClient = messages.findIndex((m) => m.clientId === clientId);
  const byServer = messages.findIndex((m) => m.serverId === incoming.serverId);
  if (byClient >= 0 && byServer >= 0 && byClient !== byServer) return messages;
  const index = byClient >= 0 ? byClient : byServer;
  if (index < 0) {
    return insertOrdered(messages, {
      clientId,
      serverId: incoming.serverId,
      role: incoming.role,
      content: incoming.content,
      createAt: placedAt(messages, incoming.follows, incoming.createAt),
      name: incoming.name,
      nameKey: incoming.nameKey,
      isOfficialAgent: incoming.isOfficialAgent,
      attachments: incoming.attachments ?? [],
      phase: { status: 'delivered' },
    });
  }
  const existing = messages[index] as ChatMessage;
  if (existing.serverId !== null && existing.serverId !== incoming.serverId) return messages;
  // The first-seen createAt is kept: moving a message when the server's clock disagrees with
  // the client's would reorder what the user already saw.
  return replaceAt(messages, index, {
    ...existing,
    serverId: incoming.serverId,
    content: incoming.content,
    name: incoming.name,
    nameKey: incoming.nameKey,
    isOfficialAgent: incoming.isOfficialAgent,
    // What the sender attached is kept when the server's copy names none (a push without files).
    attachments:
      incoming.attachments !== undefined && incoming.attachments.length > 0
        ? incoming.attachments
        : existing.attachments,
    phase: { status: 'delivered' },
  });
};

/** The longest message one can send in a chat. */
export const CHAT_CONTENT_MAX = 4000;

/** At most this many files go with one message. */
export const CHAT_ATTACHMENTS_MAX = 4;

export type ChatSendProblem = 'empty' | 'tooLong' | 'tooManyFiles';

/**
 * Whether a message can be sent: it needs text or at least one file, text of at most
 * CHAT_CONTENT_MAX characters, and at most CHAT_ATTACHMENTS_MAX files. Null when it can.
 */
export const chatSendProblem = (content: string, attachmentCount: number): ChatSendProblem | null => {
  if (content.length > CHAT_CONTENT_MAX) return 'tooLong';
  if (attachmentCount > CHAT_ATTACHMENTS_MAX) return 'tooManyFiles';
  if (content.trim() === '' && attachmentCount === 0) return 'empty';
  return null;
};

/** How long a deleted message can be brought back before the delete is sent (the toast's 5 s, spec §9). */
export const DELETE_UNDO_MS = 5000;

/** The accept list of a file picker for spec §5 chat file types. */
export const chatFileAccept = (): string =>
  (Object.keys(CHAT_FILE_TYPES) as ChatFileKind[])
    .flatMap((k) => [...CHAT_FILE_TYPES[k].extensions.map((e) => `.${e}`)])
    .join(',');

/**
 * The text a reply's voice speaks: the reply cut to `max` characters at the last word boundary
 * that fits (a speech stream takes a bounded text); null when there is nothing to speak.
 */
export const voiceTextOf = (content: string, max: number): string | null => {
  const text = content.trim();
  if (text === '' || max <= 0) return null;
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return (space > max / 2 ? cut.slice(0, space) : cut).trim();
};
