import type { Migration } from './types';

/**
 * State every server process shares (issue 23: processes are stateless over PostgreSQL). Times
 * are epoch milliseconds from the caller's clock, like every other table.
 * - `throttle_hits`: sliding windows of attempts per scope and key (sign-in failures per account
 *   and per address, sign-ups and reset mails per address, guest generations per device and per
 *   address); server/security/throttle.ts.
 * - `rate_limits`: the fixed windows of `@fastify/rate-limit`'s PostgreSQL store, per route
 *   and key; server/security/rateLimitStore.ts.
 * - `captcha_nonces`: the nonces of redeemed captcha solutions until their challenge expires, so a
 *   solution is good once on any process; server/security/captcha.ts.
 * - `chat_replies`: chat replies being written (with the tokens sent so far and the writer's
 *   lease), and for a while after they end (done, or failed with the chat:error it ended with),
 *   one per user message;
 *   server/chat/socket.ts.
 * (Statements are split on ";\n", so none may contain one.)
 */
export const m019SharedState: Migration = {
  id: 19,
  name: 'shared state',
  sql: `
      CREATE TABLE throttle_hits (
        id bigserial PRIMARY KEY,
        scope text NOT NULL,
        key text NOT NULL,
        at bigint NOT NULL
      );
      CREATE INDEX throttle_hits_key ON throttle_hits (scope, key, at DESC);
      CREATE INDEX throttle_hits_age ON throttle_hits (scope, at);
      CREATE TABLE rate_limits (
        scope text NOT NULL,
        key text NOT NULL,
        hits integer NOT NULL,
        reset_at bigint NOT NULL,
        PRIMARY KEY (scope, key)
      );
      CREATE INDEX rate_limits_reset ON rate_limits (reset_at);
      CREATE TABLE captcha_nonces (
        nonce text PRIMARY KEY,
        expires_at bigint NOT NULL
      );
      CREATE INDEX captcha_nonces_expiry ON captcha_nonces (expires_at);
      CREATE TABLE chat_replies (
        reply_id text PRIMARY KEY,
        user_message_id text NOT NULL UNIQUE,
        account_id text NOT NULL,
        session_id text NOT NULL REFERENCES chat_sessions(id) ON DELETE CASCADE,
        reply_to text NOT NULL,
        create_at bigint NOT NULL,
        name text,
        is_official_agent boolean NOT NULL,
        tokens text[] NOT NULL DEFAULT '{}',
        status text NOT NULL CHECK (status IN ('writing', 'done', 'failed')),
        writer text NOT NULL,
        lease_until bigint NOT NULL,
        ended_at bigint,
        error_code integer,
        error_msg text
      );
      CREATE INDEX chat_replies_session ON chat_replies (session_id, create_at);
      CREATE INDEX chat_replies_lease ON chat_replies (status, lease_until)
  `,
};
