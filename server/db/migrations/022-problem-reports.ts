import type { Migration } from './types';

/**
 * "Report a problem" (issue 24): an account's event logs sent with its consent, kept until the
 * person deletes them. The log is stored redacted (the client redacts when it records; the server
 * redacts again before storing).
 * (Statements are split on ";\n", so none may contain one.)
 */
export const m022ProblemReports: Migration = {
  id: 22,
  name: 'problem reports',
  sql: `
      CREATE TABLE problem_reports (
        id text PRIMARY KEY,
        account_id text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        note text NOT NULL,
        log text NOT NULL,
        events integer NOT NULL,
        bytes integer NOT NULL,
        created_at bigint NOT NULL
      );
      CREATE INDEX problem_reports_owner ON problem_reports(account_id, created_at DESC)
  `,
};
