/**
 * Chat: sessions, history pages and the socket.io server at /im/v1 (spec §7 "Websocket at /im/v1",
 * §3 chat messages, §9 history pages of 100 and 80).
 *
 * The handshake is authenticated with the session token (`auth.token`, else the T cookie); guests
 * are refused with `{ code: 20000 }`. Each socket joins its account's room, so every tab of the
 * account sees a reply, and a socket that reconnects in the middle of one receives the rest.
 * `chat:send` stores the message once per (session, client_id): a resent message is acknowledged
 * with the first id and starts no second reply; if its reply is already done the reply is sent
 * again to that socket, so a client that lost it while offline gets it back.
 */
import type { FastifyInstance } from 'fastify';
import { Server as SocketServer, type Socket } from 'socket.io';
import { useClusterAdapter } from '../realtime/adapter';
import { accountRoom } from '../realtime/push';
import {
  HISTORY_PAGE_INIT_MEM,
  HISTORY_PAGE_MESSAGES,
  chatVoicePath,
  type ChatHistoryRequest,
  type ChatHistoryResponse,
  type ChatSessionOpenResponse,
} from '../../infrastructure/contract/characters';
import {
  CHAT_EVENT,
  CHAT_SOCKET_PATH,
  ChatResumeRequest,
  ChatSendRequest,
  type ChatAttachmentItem,
  type ChatMessageItem,
  type ChatReplyInProgress,
  type ChatResumeAck,
  type ChatMessagePush,
  type ChatReplyDone,
  type ChatReplyError,
  type ChatReplyStart,
  type ChatSendAck,
  type ChatToken,
} from '../../infrastructure/contract/streaming';
import { TOKEN_COOKIE } from '../../infrastructure/contract/envelope';
import { isSessionToken, newId, parseCookies } from '../auth';
import type { ServerContext } from '../context';
import type { Queryable } from '../db/database';
import { ApiError, CODES, failure, ok } from '../envelope';
import { CHARACTER_SELECT, toCharacter, toPersona, type CharacterRow } from './characters';
import { composeReply, shapeReply, tokenize, type MemoryLine } from './persona';
import { CREATE_CHAT_FAILED, attachmentsOf, readSettings } from './tavern';

/** Pause between two streamed tokens of a reply. */
export const TOKEN_INTERVAL_MS = 15;

export const roomOf = accountRoom;

interface SessionRow extends Record<string, unknown> {
  id: string;
  account_id: string;
  character_id: string;
}

interface MessageRow extends Record<string, unknown> {
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

const MESSAGE_SELECT = `SELECT m.seq, m.id, m.session_id, m.client_id, m.role, m.content, m.reply_id, m.created_at, m.attachments,
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
const storedAttachments = (value: unknown): ChatAttachmentItem[] => {
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

export interface ChatServer {
  readonly io: SocketServer;
  /** Replies being streamed now. */
  readonly replying: () => number;
}

interface SocketData {
  accountId: string;
}

type AckFn = (answer: unknown) => void;

const accountOfToken = async (db: Queryable, token: string | null, now: number): Promise<string | null> => {
  if (token === null || token === '') return null;
  const [row] = await db.query<{ account_id: string }>(
    'SELECT account_id FROM sessions WHERE token = $1 AND expires_at > $2',
    [token, now],
  );
  return row?.account_id ?? null;
};

const handshakeToken = (socket: Socket): string | null => {
  const auth = socket.handshake.auth as Record<string, unknown> | undefined;
  if (auth && typeof auth['token'] === 'string' && auth['token'] !== '')
    return isSessionToken(auth['token']) ? auth['token'] : null;
  const cookie = parseCookies(socket.handshake.headers.cookie)[TOKEN_COOKIE];
  return cookie !== undefined && isSessionToken(cookie) ? cookie : null;
};

export const attachChatSocket = (app: FastifyInstance, ctx: ServerContext): ChatServer => {
  const io = new SocketServer(app.server, {
    path: CHAT_SOCKET_PATH,
    serveClient: false,
    cors: { origin: false },
  });
  // One platform over several processes: rooms span them all (realtime/adapter.ts).
  const releaseAdapter = useClusterAdapter(io, ctx.config.databaseUrl);
  ctx.push.attach(io);
  /** User message id -> reply id, while the reply streams. */
  const inFlight = new Map<string, string>();
  /**
   * The replies being written, by reply id, with every token sent so far: a client that reloads or
   * comes back to a hidden tab asks for them (`chat:resume`) and catches up instead of losing them.
   */
  const writing = new Map<string, { accountId: string; progress: ChatReplyInProgress }>();
  const timers = new Set<NodeJS.Timeout>();
  const tokenInterval = ctx.config.chatTokenIntervalMs ?? TOKEN_INTERVAL_MS;
  let closed = false;

  io.use((socket, next) => {
    accountOfToken(ctx.db, handshakeToken(socket), ctx.clock.now())
      .then((accountId) => {
        if (accountId === null) {
          const refusal = Object.assign(new Error('please log in'), {
            data: { code: CODES.notLoggedIn, msg: 'please log in' },
          });
          next(refusal);
          return;
        }
        (socket.data as SocketData).accountId = accountId;
        next();
      })
      .catch(() =>
        next(Object.assign(new Error('internal error'), { data: { code: 500, msg: 'internal error' } })),
      );
  });

  const later = (fn: () => void, ms: number) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!closed) fn();
    }, ms);
    timers.add(timer);
  };

  const replyDone = (row: MessageRow, replyTo: string): ChatReplyDone => ({
    session_id: row.session_id,
    reply_id: row.id,
    reply_to: replyTo,
    content: row.content,
    create_at: Number(row.created_at) as ChatReplyDone['create_at'],
    name: row.character_name,
    is_official_agent: row.is_official_agent,
  });

  /** Composes and streams the reply to one user message; the reply is stored when it is complete. */
  const startReply = (
    accountId: string,
    session: SessionRow,
    user: {
      id: string;
      clientId: string;
      content: string;
      seq: string;
      createdAt: number;
      attachments: readonly ChatAttachmentItem[];
    },
  ) => {
    if (inFlight.has(user.id)) return;
    const replyId = `msg_${newId()}`;
    inFlight.set(user.id, replyId);
    const room = io.to(roomOf(accountId));
    const run = async () => {
      const [character] = await ctx.db.query<CharacterRow>(`${CHARACTER_SELECT} WHERE c.id = $1`, [
        session.character_id,
      ]);
      if (!character) throw new Error('character gone');
      const memoryRows = await ctx.db.query<{ role: MemoryLine['role']; content: string }>(
        'SELECT role, content FROM chat_messages WHERE session_id = $1 AND seq < $2 ORDER BY seq DESC LIMIT $3',
        [session.id, user.seq, Math.max(character.init_mem_num, 1)],
      );
      const [turnRow] = await ctx.db.query<{ n: string }>(
        "SELECT count(*) AS n FROM chat_messages WHERE session_id = $1 AND role = 'user' AND seq <= $2",
        [session.id, user.seq],
      );
      const settings = await readSettings(ctx.db, session.id);
      const persona = toPersona(character);
      // Second instructions speak through the persona: their words join what it draws from.
      const text = shapeReply(
        composeReply(
          settings.instruction === null
            ? persona
            : { ...persona, corpus: `${persona.corpus}\n${settings.instruction.content}` },
          user.content,
          memoryRows.reverse(),
          Number(turnRow?.n ?? 1),
        ),
        user.content,
        {
          instruction: settings.instruction,
          onlineSearch: settings.on_line_search,
          attachments: user.attachments,
        },
      );
      const tokens = tokenize(text);
      const createAt = Math.max(ctx.clock.now(), user.createdAt);
      const start: ChatReplyStart = {
        session_id: session.id,
        reply_id: replyId,
        reply_to: user.clientId,
        create_at: createAt as ChatReplyStart['create_at'],
        name: character.name,
        is_official_agent: character.is_official_agent,
      };
      const progress: ChatReplyInProgress = { ...start, tokens: [] };
      writing.set(replyId, { accountId, progress });
      room.emit(CHAT_EVENT.start, start);
      const finish = async () => {
        await ctx.db.transaction(async (tx) => {
          await tx.query(
            `INSERT INTO chat_messages (id, session_id, client_id, role, content, created_at) VALUES ($1, $2, NULL, 'assistant', $3, $4)`,
            [replyId, session.id, text, createAt],
          );
          await tx.query('UPDATE chat_messages SET reply_id = $1 WHERE id = $2', [replyId, user.id]);
        });
        inFlight.delete(user.id);
        writing.delete(replyId);
        const done: ChatReplyDone = {
          session_id: session.id,
          reply_id: replyId,
          reply_to: user.clientId,
          content: text,
          create_at: createAt as ChatReplyDone['create_at'],
          name: character.name,
          is_official_agent: character.is_official_agent,
        };
        room.emit(CHAT_EVENT.done, done);
      };
      let index = 0;
      const step = () => {
        if (index < tokens.length) {
          const token: ChatToken = {
            session_id: session.id,
            reply_id: replyId,
            index: index as ChatToken['index'],
            token: tokens[index] as string,
          };
          progress.tokens.push(token.token);
          room.emit(CHAT_EVENT.token, token);
          index += 1;
          later(step, tokenInterval);
        } else finish().catch(fail);
      };
      later(step, tokenInterval);
    };
    const fail = () => {
      inFlight.delete(user.id);
      writing.delete(replyId);
      if (closed) return;
      const error: ChatReplyError = {
        session_id: session.id,
        reply_id: replyId,
        code: 500,
        msg: 'the reply failed',
      };
      room.emit(CHAT_EVENT.error, error);
    };
    run().catch(fail);
  };

  const handleSend = async (socket: Socket, accountId: string, payload: unknown): Promise<unknown> => {
    const decoded = ChatSendRequest.decode(payload);
    if (decoded._tag === 'Left') return failure(CODES.invalidRequest, 'malformed chat message');
    const msg = decoded.right;
    const session = await ownedSession(ctx.db, accountId, msg.session_id);
    if (session.character_id !== msg.character_id)
      return failure(CODES.invalidRequest, 'character_id is not the character of this session');
    const attachments =
      msg.attachment_ids === undefined ? [] : await attachmentsOf(ctx.db, accountId, msg.attachment_ids);
    const now = ctx.clock.now();
    const inserted = await ctx.db.query<{
      seq: string;
      id: string;
      created_at: string;
      reply_id: string | null;
    }>(
      `INSERT INTO chat_messages (id, session_id, client_id, role, content, created_at, attachments)
       VALUES ($1, $2, $3, 'user', $4, $5, $6::jsonb)
       ON CONFLICT (session_id, client_id) DO NOTHING RETURNING seq, id, created_at, reply_id`,
      [`msg_${newId()}`, session.id, msg.client_id, msg.content, now, JSON.stringify(attachments)],
    );
    const fresh = inserted.length > 0;
    const [row] = fresh
      ? inserted
      : await ctx.db.query<{ seq: string; id: string; created_at: string; reply_id: string | null }>(
          'SELECT seq, id, created_at, reply_id FROM chat_messages WHERE session_id = $1 AND client_id = $2',
          [session.id, msg.client_id],
        );
    if (!row) return failure(CODES.notFound, 'no such message');
    const ack: ChatSendAck = {
      id: row.id,
      client_id: msg.client_id,
      create_at: Number(row.created_at) as ChatSendAck['create_at'],
    };
    // The stored content is answered, not the resent one: a resend cannot change a message.
    const [stored] = await ctx.db.query<MessageRow>(`${MESSAGE_SELECT} WHERE m.id = $1`, [row.id]);
    if (!stored) return failure(CODES.notFound, 'no such message');
    const user = {
      id: row.id,
      clientId: msg.client_id,
      content: stored.content,
      seq: row.seq,
      createdAt: Number(row.created_at),
      attachments: storedAttachments(stored.attachments),
    };
    if (fresh) {
      const push: ChatMessagePush = { message: toMessageItem(stored, false) };
      socket.to(roomOf(accountId)).emit(CHAT_EVENT.message, push);
      // The reply starts after the ack has gone out, so the client sees ack, start, tokens, done.
      setImmediate(() => {
        if (!closed) startReply(accountId, session, user);
      });
      return ok(ack);
    }
    if (row.reply_id !== null) {
      const [reply] = await ctx.db.query<MessageRow>(`${MESSAGE_SELECT} WHERE m.id = $1`, [row.reply_id]);
      if (reply) setImmediate(() => socket.emit(CHAT_EVENT.done, replyDone(reply, msg.client_id)));
    } else if (!inFlight.has(row.id)) {
      // Stored but never answered (the server stopped mid-reply): answer now.
      setImmediate(() => {
        if (!closed) startReply(accountId, session, user);
      });
    }
    return ok(ack);
  };

  /** The replies of the caller's session `payload.session_id` still being written, tokens so far. */
  const handleResume = async (accountId: string, payload: unknown): Promise<unknown> => {
    const decoded = ChatResumeRequest.decode(payload);
    if (decoded._tag === 'Left') return failure(CODES.invalidRequest, 'malformed resume request');
    await ownedSession(ctx.db, accountId, decoded.right.session_id);
    const replies = [...writing.values()]
      .filter((w) => w.accountId === accountId && w.progress.session_id === decoded.right.session_id)
      // A copy: the tokens sent so far, not the array that keeps growing.
      .map((w) => ({ ...w.progress, tokens: [...w.progress.tokens] }));
    const ack: ChatResumeAck = { replies };
    return ok(ack);
  };

  io.on('connection', (socket) => {
    const { accountId } = socket.data as SocketData;
    void socket.join(roomOf(accountId));
    socket.on(CHAT_EVENT.resume, (payload: unknown, ack: unknown) => {
      const answer: AckFn = typeof ack === 'function' ? (ack as AckFn) : () => undefined;
      handleResume(accountId, payload)
        .then(answer)
        .catch((err: unknown) => {
          if (err instanceof ApiError) answer(failure(err.code, err.message));
          else answer(failure(500, 'internal error'));
        });
    });
    socket.on(CHAT_EVENT.send, (payload: unknown, ack: unknown) => {
      const answer: AckFn = typeof ack === 'function' ? (ack as AckFn) : () => undefined;
      handleSend(socket, accountId, payload)
        .then(answer)
        .catch((err: unknown) => {
          if (err instanceof ApiError) answer(failure(err.code, err.message));
          else answer(failure(500, 'internal error'));
        });
    });
  });

  app.addHook('preClose', (done) => {
    closed = true;
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
    io.local.disconnectSockets(true);
    done();
  });
  app.addHook('onClose', (_instance, done) => {
    io.close(() => void releaseAdapter().finally(done));
  });

  return { io, replying: () => inFlight.size };
};
