import type { Migration } from './types';

/**
 * Issue 9: every task poll reads the coin ledger rows of its tasks (`ref` is the task or training
 * id); without an index that was a full scan of the ledger per poll.
 * (Statements are split on ";\n", so none may contain one.)
 */
export const m009LedgerRef: Migration = {
  id: 9,
  name: 'coin ledger ref index',
  sql: `
      CREATE INDEX coin_ledger_ref ON coin_ledger(ref)
  `,
};
