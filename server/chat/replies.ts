/**
 * Replies in PostgreSQL (`chat_replies`, migration 019): a reply being written is stored with the
 * tokens sent so far, so `chat:resume` on any server process finds it, and one process writes it
 * under a lease it refreshes. When the writer dies the lease runs out: a process ends the reply (one
 * wins the row) with `chat:error` to the account's room. Here: the chat server's running state of
 * this process (ChatRuntime), the reply rows, ending the expired ones and the periodic sweep.
 */
import type { Server as SocketServer } from 'socket.io';
import type { ChatReplyError, ChatReplyInProgress } from '../../infrastructure/contract/streaming';
import { CHAT_EVENT } from '../../infrastructure/contract/streaming';
import type { ServerContext } from '../context';
import { accountRoom } from '../realtime/push';

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

/** What the chat server of this process holds while it runs. */
export interface ChatRuntime {
  readonly ctx: ServerContext;
  readonly io: SocketServer;
  /**
   * The user messages whose reply this process is composing or writing, with the reply's id once
   * it is claimed in `chat_replies` (the leases this process refreshes).
   */
  readonly ownReplies: Map<string, string | null>;
  /** This process's name on the replies it writes. */
  readonly writer: string;
  readonly timers: Set<NodeJS.Timeout>;
  readonly tokenInterval: number;
  readonly leaseMs: number;
  /** Set once the server closes: nothing more is written or sent. */
  closed: boolean;
}

/** Runs `fn` after `ms` unless the server closed meanwhile. */
export const later = (rt: ChatRuntime, fn: () => void, ms: number): void => {
  const timer = setTimeout(() => {
    rt.timers.delete(timer);
    if (!rt.closed) fn();
  }, ms);
  rt.timers.add(timer);
};

/** A row of `chat_replies`: a reply being written, or one that ended a short while ago. */
export interface ReplyRow extends Record<string, unknown> {
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

export const REPLY_COLUMNS =
  'reply_id, account_id, session_id, reply_to, create_at, name, is_official_agent, tokens, status, error_code, error_msg';

export const inProgressOf = (row: ReplyRow): ChatReplyInProgress => ({
  session_id: row.session_id,
  reply_id: row.reply_id,
  reply_to: row.reply_to,
  create_at: Number(row.create_at) as ChatReplyInProgress['create_at'],
  name: row.name,
  is_official_agent: row.is_official_agent,
  tokens: [...row.tokens],
});

/** The chat:error a failed reply ended with. */
export const errorOf = (row: ReplyRow): ChatReplyError => ({
  session_id: row.session_id,
  reply_id: row.reply_id,
  code: row.error_code ?? REPLY_CUT_OFF.code,
  msg: row.error_msg ?? REPLY_CUT_OFF.msg,
});

/** Tells each ended reply's account room that it failed. */
export const emitEnded = (rt: ChatRuntime, rows: readonly ReplyRow[]): void => {
  for (const row of rows) rt.io.to(roomOf(row.account_id)).emit(CHAT_EVENT.error, errorOf(row));
};

/**
 * Ends the replies (of one session, or of one user message, or all) whose writer's lease ran out:
 * one statement, so of several processes exactly one ends each, and it tells their viewers.
 */
export const endExpired = async (
  rt: ChatRuntime,
  now: number,
  only: { readonly sessionId: string } | { readonly userMessageId: string } | null,
): Promise<ReplyRow[]> => {
  const [filter, extra] =
    only === null
      ? ['', []]
      : 'sessionId' in only
        ? ['AND session_id = $4', [only.sessionId]]
        : ['AND user_message_id = $4', [only.userMessageId]];
  return rt.ctx.db.query<ReplyRow>(
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
export const sweepReplies = async (rt: ChatRuntime): Promise<void> => {
  const { ctx } = rt;
  const now = ctx.clock.now();
  const leased = [...rt.ownReplies.values()].filter((id) => id !== null);
  if (leased.length > 0)
    await ctx.db.query(
      `UPDATE chat_replies SET lease_until = $1
       WHERE writer = $2 AND status = 'writing' AND reply_id = ANY($3::text[])`,
      [now + rt.leaseMs, rt.writer, leased],
    );
  emitEnded(rt, await endExpired(rt, now, null));
  await ctx.db.query("DELETE FROM chat_replies WHERE status <> 'writing' AND ended_at <= $1", [
    now - ENDED_REPLY_KEPT_MS,
  ]);
};
