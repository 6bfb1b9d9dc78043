/**
 * What a chat socket says and is answered (spec §7 "Websocket at /im/v1"). `chat:send` stores the
 * message once per (session, client_id), a socket's messages one after the other in the order it
 * sent them: a resent message is acknowledged with the first id and starts no second reply; if its
 * reply is already done the reply is sent again to that socket, so a client that lost it while
 * offline gets it back. `chat:resume` answers the replies of a session still being written (on any
 * process) and those that failed lately, followed by their `chat:error`.
 */
import type { Socket } from 'socket.io';
import {
  CHAT_EVENT,
  ChatResumeRequest,
  ChatSendRequest,
  type ChatMessagePush,
  type ChatReplyDone,
  type ChatResumeAck,
  type ChatSendAck,
} from '../../infrastructure/contract/streaming';
import { newId } from '../auth';
import { attachmentsOf } from '../characters/tavern';
import { ApiError, CODES, failure, ok } from '../envelope';
import type { SocketData } from './auth';
import { startReply } from './reply';
import {
  REPLY_COLUMNS,
  endExpired,
  errorOf,
  inProgressOf,
  roomOf,
  type ChatRuntime,
  type ReplyRow,
} from './replies';
import { MESSAGE_SELECT, ownedSession, storedAttachments, toMessageItem, type MessageRow } from './sessions';

type AckFn = (answer: unknown) => void;

const replyDone = (row: MessageRow, replyTo: string): ChatReplyDone => ({
  session_id: row.session_id,
  reply_id: row.id,
  reply_to: replyTo,
  content: row.content,
  create_at: Number(row.created_at) as ChatReplyDone['create_at'],
  name: row.character_name,
  is_official_agent: row.is_official_agent,
});

const handleSend = async (
  rt: ChatRuntime,
  socket: Socket,
  accountId: string,
  payload: unknown,
): Promise<unknown> => {
  const decoded = ChatSendRequest.decode(payload);
  if (decoded._tag === 'Left') return failure(CODES.invalidRequest, 'malformed chat message');
  const msg = decoded.right;
  const session = await ownedSession(rt.ctx.db, accountId, msg.session_id);
  if (session.character_id !== msg.character_id)
    return failure(CODES.invalidRequest, 'character_id is not the character of this session');
  const attachments =
    msg.attachment_ids === undefined ? [] : await attachmentsOf(rt.ctx.db, accountId, msg.attachment_ids);
  const now = rt.ctx.clock.now();
  const inserted = await rt.ctx.db.query<{
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
    : await rt.ctx.db.query<{ seq: string; id: string; created_at: string; reply_id: string | null }>(
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
  const [stored] = await rt.ctx.db.query<MessageRow>(`${MESSAGE_SELECT} WHERE m.id = $1`, [row.id]);
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
      if (!rt.closed) startReply(rt, accountId, session, user);
    });
    return ok(ack);
  }
  if (row.reply_id !== null) {
    const [reply] = await rt.ctx.db.query<MessageRow>(`${MESSAGE_SELECT} WHERE m.id = $1`, [row.reply_id]);
    if (reply) setImmediate(() => socket.emit(CHAT_EVENT.done, replyDone(reply, msg.client_id)));
  } else {
    // Stored but never answered (its reply failed, or its writer stopped): answer now, unless a
    // reply is being written on some process (startReply's claim decides).
    setImmediate(() => {
      if (!rt.closed) startReply(rt, accountId, session, user);
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
  rt: ChatRuntime,
  socket: Socket,
  accountId: string,
  payload: unknown,
): Promise<{ readonly answer: unknown; readonly after: () => void }> => {
  const decoded = ChatResumeRequest.decode(payload);
  const nothing = () => undefined;
  if (decoded._tag === 'Left')
    return { answer: failure(CODES.invalidRequest, 'malformed resume request'), after: nothing };
  const sessionId = decoded.right.session_id;
  await ownedSession(rt.ctx.db, accountId, sessionId);
  const ended = await endExpired(rt, rt.ctx.clock.now(), { sessionId });
  const rows = await rt.ctx.db.query<ReplyRow>(
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

/** A signed-in socket: it joins its account's room and may resume replies and send messages. */
export const onConnection =
  (rt: ChatRuntime) =>
  (socket: Socket): void => {
    const { accountId } = socket.data as SocketData;
    void socket.join(roomOf(accountId));
    socket.on(CHAT_EVENT.resume, (payload: unknown, ack: unknown) => {
      const answer: AckFn = typeof ack === 'function' ? (ack as AckFn) : () => undefined;
      handleResume(rt, socket, accountId, payload)
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
        handleSend(rt, socket, accountId, payload)
          .then(answer)
          .catch((err: unknown) => {
            if (err instanceof ApiError) answer(failure(err.code, err.message));
            else answer(failure(500, 'internal error'));
          }),
      );
    });
  };
