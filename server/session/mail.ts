/**
 * The server's mail interface: `send(to, subject, body)`. The reference implementation stores
 * each mail in the `outbox` table (readable at /dev/outbox outside production) instead of
 * delivering it; a real deployment replaces `outboxMailer` with an SMTP (or mail API) sender
 * behind the same interface, and nothing else changes.
 */
import type { Queryable } from '../db/database';

export interface Mailer {
  readonly send: (to: string, subject: string, body: string) => Promise<void>;
}

export interface OutboxMail {
  readonly id: string;
  readonly to_address: string;
  readonly subject: string;
  readonly body: string;
  readonly created_at: string | number;
}

export const outboxMailer = (db: Queryable, clock: { readonly now: () => number }): Mailer => ({
  send: async (to, subject, body) => {
    await db.query('INSERT INTO outbox (to_address, subject, body, created_at) VALUES ($1, $2, $3, $4)', [
      to,
      subject,
      body,
      clock.now(),
    ]);
  },
});

/** The latest mails first, for the development outbox page. */
export const readOutbox = (db: Queryable, limit = 50): Promise<OutboxMail[]> =>
  db.query<OutboxMail & Record<string, unknown>>(
    'SELECT id::text AS id, to_address, subject, body, created_at FROM outbox ORDER BY id DESC LIMIT $1',
    [limit],
  );
