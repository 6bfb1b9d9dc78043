/**
 * Chat sessions and their messages (spec §3 chat messages, §9 history pages of 100 and 80): the
 * caller's own session (10404 otherwise), opening a session with a character (its greeting as the
 * first message), history pages, a message as a client reads it and the source of a reply's voice.
 */
import {
  HISTORY_PAGE_INIT_MEM,
  HISTORY_PAGE_MESSAGES,
  chatVoicePath,
  type ChatHistoryRequest,
  type ChatHistoryResponse,
  type ChatSessionOpenResponse,
} from '../../infrastructure/contract/characters';
import type { ChatAttachmentItem, ChatMessageItem } from '../../infrastructure/contract/streaming';
import { newId } from '../auth';
import { CHARACTER_SELECT, toCharacter, type CharacterRow } from '../characters/characters';
import { CREATE_CHAT_FAILED, readSettings } from '../characters/tavern';
import type { ServerContext } from '../context';
import type { Queryable } from '../db/database';
import { ApiError, CODES } from '../envelope';

export interface SessionRow extends Record<string, unknown> {
  id: string;
  account_id: string;
  character_id: string;
}

export interface MessageRow extends Record<string, unknown> {
  seq: string;
  id: string;
  session_id: string;
  client_id: string | null;
  role: 'user' | 'assistant' | 'system';
  content: string;
  reply_id: string | null;
  created_at: string;
  character_id: string;
  character_name: string;
  is_official_agent: boolean;
  support_voice: boolean;
  attachments: unknown;
}

export const MESSAGE_SELECT = `SELECT m.seq, m.id, m.session_id, m.client_id, m.role, m.content, m.reply_id, m.created_at, m.attachments,
  c.id AS character_id, c.name AS character_name, c.is_official_agent, c.support_voice
  FROM chat_messages m JOIN chat_sessions s ON s.id = m.session_id JOIN characters c ON c.id = s.character_id`;

export const toMessageItem = (row: MessageRow, withVoice: boolean): ChatMessageItem => {
  const assistant = row.role === 'assistant';
  return {
    id: row.id,
    client_id: row.client_id,
    session_id: row.session_id,
    channel_id: row.character_id,
    role: row.role,
    content: row.content,
    create_at: Number(row.created_at) as ChatMessageItem['create_at'],
    name: assistant ? row.character_name : null,
    is_official_agent: assistant && row.is_official_agent,
    voice_url: withVoice && assistant && row.support_voice ? chatVoicePath(row.id) : null,
    attachments: storedAttachments(row.attachments),
  };
};

/** The jsonb column as the driver gives it (parsed, or text from some drivers). */
export const storedAttachments = (value: unknown): ChatAttachmentItem[] => {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(parsed) ? (parsed as ChatAttachmentItem[]) : [];
};

/** The caller's session, or 10404 (another account's session is as unknown as a missing one). */
export const ownedSession = async (
  db: Queryable,
  accountId: string,
  sessionId: string,
): Promise<SessionRow> => {
  const [row] = await db.query<SessionRow>(
    'SELECT id, account_id, character_id FROM chat_sessions WHERE id = $1',
    [sessionId],
  );
  if (!row || row.account_id !== accountId) throw new ApiError(CODES.notFound, 'no such chat session');
  return row;
};

export const openSession = async (
  ctx: ServerContext,
  accountId: string,
  characterId: string,
): Promise<ChatSessionOpenResponse> => {
  const [character] = await ctx.db.query<CharacterRow>(`${CHARACTER_SELECT} WHERE c.id = $1`, [characterId]);
  if (!character) throw new ApiError(CODES.notFound, 'no such character');
  // Spec §8 10608 names the chat's target before the colon: a character its owner made private
  // (after a link to it was shared, or after this chat began) cannot be chatted with.
  if (!character.is_public && character.owner_id !== accountId)
    throw new ApiError(CREATE_CHAT_FAILED, `${character.name}: this character is private`);
  const now = ctx.clock.now();
  const opened = await ctx.db.transaction(async (tx) => {
    const inserted = await tx.query<{ id: string }>(
      `INSERT INTO chat_sessions (id, account_id, character_id, created_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (account_id, character_id) DO NOTHING RETURNING id`,
      [`ses_${newId()}`, accountId, characterId, now],
    );
    const created = inserted.length > 0;
    const [session] = created
      ? inserted
      : await tx.query<{ id: string }>(
          'SELECT id FROM chat_sessions WHERE account_id = $1 AND character_id = $2',
          [accountId, characterId],
        );
    if (!session) throw new ApiError(CODES.notFound, 'no such chat session');
    if (created && character.greeting.trim() !== '')
      await tx.query(
        `INSERT INTO chat_messages (id, session_id, client_id, role, content, created_at) VALUES ($1, $2, NULL, 'assistant', $3, $4)`,
        [`msg_${newId()}`, session.id, character.greeting, now],
      );
    return { sessionId: session.id, created };
  });
  return {
    session_id: opened.sessionId,
    channel_id: characterId,
    character: toCharacter(character, accountId),
    created: opened.created,
    settings: await readSettings(ctx.db, opened.sessionId),
  };
};

export const historyPage = async (
  db: Queryable,
  accountId: string,
  req: ChatHistoryRequest,
): Promise<ChatHistoryResponse> => {
  await ownedSession(db, accountId, req.session_id);
  const cap = req.init_mem_num === true ? HISTORY_PAGE_INIT_MEM : HISTORY_PAGE_MESSAGES;
  const pageSize = Math.min(req.page_size ?? cap, cap);
  let cursor: { created_at: string; seq: string } | undefined;
  if (req.offset_to !== undefined) {
    [cursor] = await db.query<{ created_at: string; seq: string }>(
      'SELECT created_at, seq FROM chat_messages WHERE id = $1 AND session_id = $2',
      [req.offset_to, req.session_id],
    );
    if (!cursor) throw new ApiError(CODES.invalidRequest, 'offset_to is not a message of this session');
  }
  const rows = await db.query<MessageRow>(
    `${MESSAGE_SELECT} WHERE m.session_id = $1 ${cursor ? 'AND (m.created_at, m.seq) < ($3, $4)' : ''}
     ORDER BY m.created_at DESC, m.seq DESC LIMIT $2`,
    cursor ? [req.session_id, pageSize + 1, cursor.created_at, cursor.seq] : [req.session_id, pageSize + 1],
  );
  const hasMore = rows.length > pageSize;
  const page = rows.slice(0, pageSize).reverse();
  return {
    items: page.map((r) => toMessageItem(r, req.support_voice === true)),
    has_more: hasMore,
    offset_to: hasMore && page[0] ? page[0].id : null,
    page_size: pageSize as ChatHistoryResponse['page_size'],
  };
};

/** The assistant message `id` if the caller owns its session, with what the voice needs. */
export const voiceSource = async (
  db: Queryable,
  accountId: string,
  messageId: string,
): Promise<{ content: string; voice: 'female' | 'male' } | null> => {
  const [row] = await db.query<{
    content: string;
    voice: string;
    account_id: string;
    role: string;
    support_voice: boolean;
  }>(
    `SELECT m.content, m.role, c.voice, c.support_voice, s.account_id FROM chat_messages m
     JOIN chat_sessions s ON s.id = m.session_id JOIN characters c ON c.id = s.character_id WHERE m.id = $1`,
    [messageId],
  );
  if (!row || row.account_id !== accountId || row.role !== 'assistant' || !row.support_voice) return null;
  return { content: row.content, voice: row.voice === 'male' ? 'male' : 'female' };
};
