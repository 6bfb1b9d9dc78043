import type { Migration } from './types';

/**
 * Issue 14 edges: the customer-support messages and resource appeals (spec §1, §7).
 * (Statements are split on ";\n", so none may contain one.)
 */
export const m014Support: Migration = {
  id: 14,
  name: 'support messages',
  sql: `
      CREATE TABLE support_messages (
        id text PRIMARY KEY,
        account_id text REFERENCES accounts(id) ON DELETE SET NULL,
        device_id text,
        topic text NOT NULL CHECK (topic IN ('question', 'bug', 'billing', 'appeal', 'other')),
        email text NOT NULL,
        message text NOT NULL,
        resource_id text,
        created_at bigint NOT NULL
      );
      CREATE INDEX support_messages_created ON support_messages(created_at)
  `,
};
