import type { Migration } from './types';

/**
 * Issue 11 (social): the idempotency keys of the social writes (one row per caller and key, with
 * the path and the first answer, so a replayed like, collect or follow changes nothing), the
 * new-user guide status of spec §3, and an index for the creator earnings the stats sum.
 * (Statements are split on ";\n", so none may contain one.)
 */
export const m013Social: Migration = {
  id: 13,
  name: 'idempotent social writes, guide status, earnings index',
  sql: `
      CREATE TABLE idempotent_requests (
        account_id text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        key text NOT NULL,
        path text NOT NULL,
        response jsonb,
        created_at bigint NOT NULL,
        PRIMARY KEY (account_id, key)
      );
      ALTER TABLE accounts ADD COLUMN guide_status integer NOT NULL DEFAULT 0 CHECK (guide_status IN (0, 1));
      CREATE INDEX coin_ledger_reason ON coin_ledger(account_id, reason, created_at)
    `,
};
