/**
 * Chat: sessions, history pages and the socket.io server at /im/v1 (spec §7 "Websocket at /im/v1",
 * §3 chat messages, §9 history pages of 100 and 80).
 *
 * The handshake is authenticated with the session token (`auth.token`, else the T cookie); guests
 * are refused with `{ code: 20000 }`. Each socket joins its account's room, so every tab of the
 * account sees a reply, and a socket that reconnects in the middle of one receives the rest.
 * `chat:send` stores the message once per (session, client_id), a socket's messages one after the
 * other in the order it sent them: a resent message is acknowledged with the first id and starts
 * no second reply; if its reply is already done the reply is sent again to that socket, so a
 * client that lost it while offline gets it back.
 *
 * A reply being written lives in PostgreSQL (`chat_replies`, migration 019) with the tokens sent so
 * far, so `chat:resume` on any server process finds it, and one process writes it under a lease
 * it refreshes. When the writer dies the lease runs out: a process ends the reply (one wins the
 * row) with `chat:error` to the account's room, and `chat:resume` answers it followed by its
 * `chat:error`, so no client is left waiting on a reply nobody writes. Time is the server's clock.
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

/** How long a writer's claim on a reply lasts unrefreshed; a reply whose writer died ends after it. */
export const CHAT_LEASE_MS = 10_000;

/**
 * How long an ended reply stays in `chat_replies`: a failed one is still answered to `chat:resume`
 * (a client that reconnects after the longest backoff, 30 s, or reloads learns that it failed), and
 * a done one keeps a late resend of its message from starting a second reply.
 */
export const ENDED_REPLY_KEPT_MS = 10 * 60_000;

/** The `chat:error` of a reply whose writer stopped before it was done. */
export const REPLY_CUT_OFF = {
  code: 503,
  msg: 'the reply was cut off: the server writing it stopped',
} as const;

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
  /** Replies this process is composing or streaming now. */
  readonly replying: () => number;
}

/** A row of `chat_replies`: a reply being written, or one that ended a short while ago. */
interface ReplyRow extends Record<string, unknown> {
  reply_id: string;
  account_id: string;
  session_id: string;
  reply_to: string;
  create_at: string | number;
  name: string | null;
  is_official_agent: boolean;
  tokens: string[];
  status: 'writing' | 'done' | 'failed';
  /** What a failed reply's chat:error said. */
  error_code: number | null;
  error_msg: string | null;
}

const REPLY_COLUMNS =
  'reply_id, account_id, session_id, reply_to, create_at, name, is_official_agent, tokens, status, error_code, error_msg';

const inProgressOf = (row: ReplyRow): ChatReplyInProgress => ({
  session_id: row.session_id,
  reply_id: row.reply_id,
  reply_to: row.reply_to,
  create_at: Number(row.create_at) as ChatReplyInProgress['create_at'],
  name: row.name,
  is_official_agent: row.is_official_agent,
  tokens: [...row.tokens],
});

/** The chat:error a failed reply ended with. */
const errorOf = (row: ReplyRow): ChatReplyError => ({
  session_id: row.session_id,
  reply_id: row.reply_id,
  code: row.error_code ?? REPLY_CUT_OFF.code,
  msg: row.error_msg ?? REPLY_CUT_OFF.msg,
});

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
  /**
   * The user messages whose reply this process is composing or writing, with the reply's id once
   * it is claimed in `chat_replies` (the leases this process refreshes).
   */
  const ownReplies = new Map<string, string | null>();
  /** This process's name on the replies it writes. */
  const writer = `writer_${newId()}`;
  const timers = new Set<NodeJS.Timeout>();
  const tokenInterval = ctx.config.chatTokenIntervalMs ?? TOKEN_INTERVAL_MS;
  const leaseMs = ctx.config.chatLeaseMs ?? CHAT_LEASE_MS;
  let closed = false;

  /**
   * Ends the replies (of one session, or of one user message, or all) whose writer's lease ran out:
   * one statement, so of several processes exactly one ends each, and it tells their viewers.
   */
  const endExpired = async (
    now: number,
    only: { readonly sessionId: string } | { readonly userMessageId: string } | null,
  ): Promise<ReplyRow[]> => {
    const [filter, extra] =
      only === null
        ? ['', []]
        : 'sessionId' in only
          ? ['AND session_id = $4', [only.sessionId]]
          : ['AND user_message_id = $4', [only.userMessageId]];
    return ctx.db.query<ReplyRow>(
      `UPDATE chat_replies SET status = 'failed', ended_at = $1, error_code = $2, error_msg = $3
       WHERE status = 'writing' AND lease_until <= $1 ${filter}
       RETURNING ${REPLY_COLUMNS}`,
      [now, REPLY_CUT_OFF.code, REPLY_CUT_OFF.msg, ...extra],
    );
  };

  /**
   * Every third of the lease: refreshes this process's leases, ends the replies whose writer died,
   * and forgets the replies that ended long enough ago.
   */
  const sweep = async () => {
    const now = ctx.clock.now();
    const leased = [...ownReplies.values()].filter((id) => id !== null);
    if (leased.length > 0)
      await ctx.db.query(
        `UPDATE chat_replies SET lease_until = $1
         WHERE writer = $2 AND status = 'writing' AND reply_id = ANY($3::text[])`,
        [now + leaseMs, writer, leased],
      );
    for (const row of await endExpired(now, null))
      io.to(roomOf(row.account_id)).emit(CHAT_EVENT.error, errorOf(row));
    await ctx.db.query("DELETE FROM chat_replies WHERE status <> 'writing' AND ended_at <= $1", [
      now - ENDED_REPLY_KEPT_MS,
    ]);
  };
  let sweeping: Promise<void> | null = null;
  const sweeper = setInterval(
    () => {
      if (sweeping !== null || closed) return;
      sweeping = sweep()
        .catch((err: unknown) => app.log.warn({ err }, 'chat: the replies sweep failed'))
        .finally(() => {
          sweeping = null;
        });
    },
    Math.max(20, Math.floor(leaseMs / 3)),
  );

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

  /**
   * Composes and streams the reply to one user message; the reply is stored when it is complete.
   * The reply is claimed in `chat_replies` first: a message another process is answering (or has
   * answered) gets no second reply.
   */
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
    if (ownReplies.has(user.id)) return;
    const replyId = `msg_${newId()}`;
    ownReplies.set(user.id, null);
    const room = io.to(roomOf(accountId));
    /** Whether this process still holds the reply (a process that found its lease run out ended it). */
    const held = (rows: readonly unknown[]) => rows.length > 0;
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
      const now = ctx.clock.now();
      const createAt = Math.max(now, user.createdAt);
      const start: ChatReplyStart = {
        session_id: session.id,
        reply_id: replyId,
        reply_to: user.clientId,
        create_at: createAt as ChatReplyStart['create_at'],
        name: character.name,
        is_official_agent: character.is_official_agent,
      };
      // A reply of this message whose writer died is ended first (its viewers hear it), then
      // replaced; a live or done one, or a stored answer, wins over this one.
      for (const row of await endExpired(now, { userMessageId: user.id }))
        io.to(roomOf(row.account_id)).emit(CHAT_EVENT.error, errorOf(row));
      const claimed = await ctx.db.query(
        `INSERT INTO chat_replies (reply_id, user_message_id, account_id, session_id, reply_to, create_at,
           name, is_official_agent, status, writer, lease_until)
         SELECT $1::text, $2::text, $3::text, $4::text, $5::text, $6::bigint, $7::text, $8::boolean, 'writing',
           $9::text, $10::bigint
         WHERE NOT EXISTS (SELECT 1 FROM chat_messages WHERE id = $2 AND reply_id IS NOT NULL)
         ON CONFLICT (user_message_id) DO UPDATE SET reply_id = EXCLUDED.reply_id,
           reply_to = EXCLUDED.reply_to, create_at = EXCLUDED.create_at, name = EXCLUDED.name,
           is_official_agent = EXCLUDED.is_official_agent, tokens = '{}', status = 'writing',
           writer = EXCLUDED.writer, lease_until = EXCLUDED.lease_until, ended_at = NULL,
           error_code = NULL, error_msg = NULL
         WHERE chat_replies.status = 'failed'
         RETURNING reply_id`,
        [
          replyId,
          user.id,
          accountId,
          session.id,
          user.clientId,
          createAt,
          character.name,
          character.is_official_agent,
          writer,
          now + leaseMs,
        ],
      );
      if (!held(claimed) || closed) {
        ownReplies.delete(user.id);
        return;
      }
      ownReplies.set(user.id, replyId);
      room.emit(CHAT_EVENT.start, start);
      const finish = async () => {
        const stored = await ctx.db.transaction(async (tx) => {
          const mine = await tx.query(
            `UPDATE chat_replies SET status = 'done', ended_at = $3
             WHERE reply_id = $1 AND writer = $2 AND status = 'writing' RETURNING reply_id`,
            [replyId, writer, ctx.clock.now()],
          );
          if (!held(mine)) return false;
          await tx.query(
            `INSERT INTO chat_messages (id, session_id, client_id, role, content, created_at) VALUES ($1, $2, NULL, 'assistant', $3, $4)`,
            [replyId, session.id, text, createAt],
          );
          await tx.query('UPDATE chat_messages SET reply_id = $1 WHERE id = $2', [replyId, user.id]);
          return true;
        });
        ownReplies.delete(user.id);
        if (!stored) return;
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
      // Each token is in PostgreSQL before it is sent (a resume on any process has every token sent),
      // and each write renews the lease.
      const step = () => {
        if (index >= tokens.length) {
          finish().catch(fail);
          return;
        }
        const token: ChatToken = {
          session_id: session.id,
          reply_id: replyId,
          index: index as ChatToken['index'],
          token: tokens[index] as string,
        };
        ctx.db
          .query(
            `UPDATE chat_replies SET tokens = array_append(tokens, $3::text), lease_until = $4
             WHERE reply_id = $1 AND writer = $2 AND status = 'writing' RETURNING reply_id`,
            [replyId, writer, token.token, ctx.clock.now() + leaseMs],
          )
          .then((kept) => {
            if (closed) return;
            // Ended by a process that found the lease run out: its chat:error went out already.
            if (!held(kept)) {
              ownReplies.delete(user.id);
              return;
            }
            room.emit(CHAT_EVENT.token, token);
            index += 1;
            later(step, tokenInterval);
          })
          .catch(fail);
      };
      later(step, tokenInterval);
    };
    const fail = () => {
      ownReplies.delete(user.id);
      if (closed) return;
      const error: ChatReplyError = {
        session_id: session.id,
        reply_id: replyId,
        code: 500,
        msg: 'the reply failed',
      };
      // Ended in PostgreSQL too, so a resume on any process reports it; the error goes out either way.
      ctx.db
        .query(
          `UPDATE chat_replies SET status = 'failed', ended_at = $3, error_code = $4, error_msg = $5
           WHERE reply_id = $1 AND writer = $2 AND status = 'writing'`,
          [replyId, writer, ctx.clock.now(), error.code, error.msg],
        )
        .catch(() => undefined)
        .finally(() => room.emit(CHAT_EVENT.error, error));
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
    } else {
      // Stored but never answered (its reply failed, or its writer stopped): answer now, unless a
      // reply is being written on some process (startReply's claim decides).
      setImmediate(() => {
        if (!closed) startReply(accountId, session, user);
      });
    }
    return ok(ack);
  };

  /**
   * The replies of the caller's session `payload.session_id` still being written on any process,
   * tokens so far, and those that failed a short while ago; `after` (run once the ack is sent)
   * sends each failed one's `chat:error` to this socket, so the client that took it as started
   * sees it end. A reply found with its writer's lease run out is ended here, for the whole room.
   */
  const handleResume = async (
    socket: Socket,
    accountId: string,
    payload: unknown,
  ): Promise<{ readonly answer: unknown; readonly after: () => void }> => {
    const decoded = ChatResumeRequest.decode(payload);
    const nothing = () => undefined;
    if (decoded._tag === 'Left')
      return { answer: failure(CODES.invalidRequest, 'malformed resume request'), after: nothing };
    const sessionId = decoded.right.session_id;
    await ownedSession(ctx.db, accountId, sessionId);
    const ended = await endExpired(ctx.clock.now(), { sessionId });
    const rows = await ctx.db.query<ReplyRow>(
      `SELECT ${REPLY_COLUMNS} FROM chat_replies WHERE session_id = $1 AND account_id = $2 AND status IN ('writing', 'failed')
       ORDER BY create_at, reply_id`,
      [sessionId, accountId],
    );
    const ack: ChatResumeAck = { replies: rows.map(inProgressOf) };
    return {
      answer: ok(ack),
      after: () => {
        for (const row of ended) socket.to(roomOf(accountId)).emit(CHAT_EVENT.error, errorOf(row));
        for (const row of rows) if (row.status === 'failed') socket.emit(CHAT_EVENT.error, errorOf(row));
      },
    };
  };

  io.on('connection', (socket) => {
    const { accountId } = socket.data as SocketData;
    void socket.join(roomOf(accountId));
    socket.on(CHAT_EVENT.resume, (payload: unknown, ack: unknown) => {
      const answer: AckFn = typeof ack === 'function' ? (ack as AckFn) : () => undefined;
      handleResume(socket, accountId, payload)
        .then(({ answer: reply, after }) => {
          answer(reply);
          after();
        })
        .catch((err: unknown) => {
          if (err instanceof ApiError) answer(failure(err.code, err.message));
          else answer(failure(500, 'internal error'));
        });
    });
    // One message of a socket at a time, in the order it sent them: socket.io delivers them in
    // order, and handled side by side they would race to the database (on a pool of connections a
    // burst resent after an outage was stored shuffled).
    let sending: Promise<void> = Promise.resolve();
    socket.on(CHAT_EVENT.send, (payload: unknown, ack: unknown) => {
      const answer: AckFn = typeof ack === 'function' ? (ack as AckFn) : () => undefined;
      sending = sending.then(() =>
        handleSend(socket, accountId, payload)
          .then(answer)
          .catch((err: unknown) => {
            if (err instanceof ApiError) answer(failure(err.code, err.message));
            else answer(failure(500, 'internal error'));
          }),
      );
    });
  });

  // A closing process stops writing and leaves its replies' leases to run out: to the others it is
  // a process that died, and one of them ends its replies.
  app.addHook('preClose', async () => {
    closed = true;
    clearInterval(sweeper);
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
    io.local.disconnectSockets(true);
    await sweeping;
  });
  app.addHook('onClose', (_instance, done) => {
    io.close(() => void releaseAdapter().finally(done));
  });

  return { io, replying: () => ownReplies.size };
};
