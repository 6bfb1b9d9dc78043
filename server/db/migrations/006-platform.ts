import type { Migration } from './types';

export const m006Platform: Migration = {
  id: 6,
  name: 'moderation, downloads, editor projects, push tokens',
  sql: `
      CREATE TABLE editor_projects (
        id text PRIMARY KEY,
        workspace_id text NOT NULL UNIQUE,
        account_id text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        workspace_name text NOT NULL DEFAULT '',
        cover text NOT NULL DEFAULT '',
        aspect_ratio text NOT NULL DEFAULT '16:9',
        editor_info jsonb NOT NULL,
        version integer NOT NULL DEFAULT 0,
        created_at bigint NOT NULL,
        updated_at bigint NOT NULL
      );
      CREATE INDEX editor_projects_owner ON editor_projects(account_id, updated_at DESC);
      CREATE TABLE push_tokens (
        token text PRIMARY KEY,
        account_id text REFERENCES accounts(id) ON DELETE CASCADE,
        device_id text,
        created_at bigint NOT NULL,
        updated_at bigint NOT NULL,
        CHECK (account_id IS NOT NULL OR device_id IS NOT NULL)
      );
      CREATE INDEX push_tokens_account ON push_tokens(account_id)
  `,
};
