/**
 * The streamed reply to one user message: composed from the character's persona, its memory of the
 * session and the session's settings (server/characters/persona.ts), claimed in `chat_replies` (a
 * message another process is answering, or has answered, gets no second reply), then sent token by
 * token to the account's room (each token stored before it is sent, each write renewing the lease),
 * and stored as a message when it is complete. A failure ends it with `chat:error`.
 */
import type {
  ChatAttachmentItem,
  ChatReplyDone,
  ChatReplyError,
  ChatReplyStart,
  ChatToken,
} from '../../infrastructure/contract/streaming';
import { CHAT_EVENT } from '../../infrastructure/contract/streaming';
import { newId } from '../auth';
import { CHARACTER_SELECT, toPersona, type CharacterRow } from '../characters/characters';
import { composeReply, shapeReply, tokenize, type MemoryLine } from '../characters/persona';
import { readSettings } from '../characters/tavern';
import { emitEnded, endExpired, later, roomOf, type ChatRuntime } from './replies';
import type { SessionRow } from './sessions';

/** The user message a reply answers. */
export interface UserMessage {
  readonly id: string;
  readonly clientId: string;
  readonly content: string;
  readonly seq: string;
  readonly createdAt: number;
  readonly attachments: readonly ChatAttachmentItem[];
}

/** One reply being made: who it is for, what it answers, its id. */
interface ReplyJob {
  readonly rt: ChatRuntime;
  readonly accountId: string;
  readonly session: SessionRow;
  readonly user: UserMessage;
  readonly replyId: string;
}

/** The reply composed, with the character that speaks it and its time. */
interface ComposedReply {
  readonly character: CharacterRow;
  readonly text: string;
  readonly tokens: readonly string[];
  readonly createAt: number;
  /** When it was composed: the time of its claim. */
  readonly now: number;
}

/** Whether this process still holds the reply (a process that found its lease run out ended it). */
const held = (rows: readonly unknown[]) => rows.length > 0;

const room = (job: ReplyJob) => job.rt.io.to(roomOf(job.accountId));

/** The reply's text, from the persona, the session's memory before the message and its settings. */
const composeText = async ({ rt, session, user }: ReplyJob): Promise<ComposedReply> => {
  const { db } = rt.ctx;
  const [character] = await db.query<CharacterRow>(`${CHARACTER_SELECT} WHERE c.id = $1`, [
    session.character_id,
  ]);
  if (!character) throw new Error('character gone');
  const memoryRows = await db.query<{ role: MemoryLine['role']; content: string }>(
    'SELECT role, content FROM chat_messages WHERE session_id = $1 AND seq < $2 ORDER BY seq DESC LIMIT $3',
    [session.id, user.seq, Math.max(character.init_mem_num, 1)],
  );
  const [turnRow] = await db.query<{ n: string }>(
    "SELECT count(*) AS n FROM chat_messages WHERE session_id = $1 AND role = 'user' AND seq <= $2",
    [session.id, user.seq],
  );
  const settings = await readSettings(db, session.id);
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
  const now = rt.ctx.clock.now();
  return { character, text, tokens: tokenize(text), createAt: Math.max(now, user.createdAt), now };
};

/**
 * Claims the reply in `chat_replies`. A reply of this message whose writer died is ended first (its
 * viewers hear it), then replaced; a live or done one, or a stored answer, wins over this one.
 */
const claimReply = async (job: ReplyJob, reply: ComposedReply): Promise<boolean> => {
  const { rt, user, session } = job;
  const { now } = reply;
  emitEnded(rt, await endExpired(rt, now, { userMessageId: user.id }));
  const claimed = await rt.ctx.db.query(
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
      job.replyId,
      user.id,
      job.accountId,
      session.id,
      user.clientId,
      reply.createAt,
      reply.character.name,
      reply.character.is_official_agent,
      rt.writer,
      now + rt.leaseMs,
    ],
  );
  return held(claimed);
};

/** Stores the complete reply as a message (if still this process's) and sends `chat:done`. */
const finishReply = async (job: ReplyJob, reply: ComposedReply): Promise<void> => {
  const { rt, session, user, replyId } = job;
  const stored = await rt.ctx.db.transaction(async (tx) => {
    const mine = await tx.query(
      `UPDATE chat_replies SET status = 'done', ended_at = $3
       WHERE reply_id = $1 AND writer = $2 AND status = 'writing' RETURNING reply_id`,
      [replyId, rt.writer, rt.ctx.clock.now()],
    );
    if (!held(mine)) return false;
    await tx.query(
      `INSERT INTO chat_messages (id, session_id, client_id, role, content, created_at) VALUES ($1, $2, NULL, 'assistant', $3, $4)`,
      [replyId, session.id, reply.text, reply.createAt],
    );
    await tx.query('UPDATE chat_messages SET reply_id = $1 WHERE id = $2', [replyId, user.id]);
    return true;
  });
  rt.ownReplies.delete(user.id);
  if (!stored) return;
  const done: ChatReplyDone = {
    session_id: session.id,
    reply_id: replyId,
    reply_to: user.clientId,
    content: reply.text,
    create_at: reply.createAt as ChatReplyDone['create_at'],
    name: reply.character.name,
    is_official_agent: reply.character.is_official_agent,
  };
  room(job).emit(CHAT_EVENT.done, done);
};

/** Ends the reply with `chat:error`: in PostgreSQL too, so a resume on any process reports it. */
const failReply = (job: ReplyJob): void => {
  const { rt, session, user, replyId } = job;
  rt.ownReplies.delete(user.id);
  if (rt.closed) return;
  const error: ChatReplyError = {
    session_id: session.id,
    reply_id: replyId,
    code: 500,
    msg: 'the reply failed',
  };
  // The error goes out whether the row could be written or not.
  rt.ctx.db
    .query(
      `UPDATE chat_replies SET status = 'failed', ended_at = $3, error_code = $4, error_msg = $5
       WHERE reply_id = $1 AND writer = $2 AND status = 'writing'`,
      [replyId, rt.writer, rt.ctx.clock.now(), error.code, error.msg],
    )
    .catch(() => undefined)
    .finally(() => room(job).emit(CHAT_EVENT.error, error));
};

/**
 * Sends the tokens one at a time. Each token is in PostgreSQL before it is sent (a resume on any
 * process has every token sent), and each write renews the lease.
 */
const streamTokens = (job: ReplyJob, reply: ComposedReply): void => {
  const { rt, session, user, replyId } = job;
  const fail = () => failReply(job);
  let index = 0;
  const step = () => {
    if (index >= reply.tokens.length) {
      finishReply(job, reply).catch(fail);
      return;
    }
    const token: ChatToken = {
      session_id: session.id,
      reply_id: replyId,
      index: index as ChatToken['index'],
      token: reply.tokens[index] as string,
    };
    rt.ctx.db
      .query(
        `UPDATE chat_replies SET tokens = array_append(tokens, $3::text), lease_until = $4
         WHERE reply_id = $1 AND writer = $2 AND status = 'writing' RETURNING reply_id`,
        [replyId, rt.writer, token.token, rt.ctx.clock.now() + rt.leaseMs],
      )
      .then((kept) => {
        if (rt.closed) return;
        // Ended by a process that found the lease run out: its chat:error went out already.
        if (!held(kept)) {
          rt.ownReplies.delete(user.id);
          return;
        }
        room(job).emit(CHAT_EVENT.token, token);
        index += 1;
        later(rt, step, rt.tokenInterval);
      })
      .catch(fail);
  };
  later(rt, step, rt.tokenInterval);
};

const runReply = async (job: ReplyJob): Promise<void> => {
  const { rt, session, user, replyId } = job;
  const reply = await composeText(job);
  const claimed = await claimReply(job, reply);
  if (!claimed || rt.closed) {
    rt.ownReplies.delete(user.id);
    return;
  }
  rt.ownReplies.set(user.id, replyId);
  const start: ChatReplyStart = {
    session_id: session.id,
    reply_id: replyId,
    reply_to: user.clientId,
    create_at: reply.createAt as ChatReplyStart['create_at'],
    name: reply.character.name,
    is_official_agent: reply.character.is_official_agent,
  };
  room(job).emit(CHAT_EVENT.start, start);
  streamTokens(job, reply);
};

/**
 * Composes and streams the reply to one user message; the reply is stored when it is complete.
 * A message this process is already answering starts nothing.
 */
export const startReply = (
  rt: ChatRuntime,
  accountId: string,
  session: SessionRow,
  user: UserMessage,
): void => {
  if (rt.ownReplies.has(user.id)) return;
  const job: ReplyJob = { rt, accountId, session, user, replyId: `msg_${newId()}` };
  rt.ownReplies.set(user.id, null);
  runReply(job).catch(() => failReply(job));
};
