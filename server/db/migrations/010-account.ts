import type { Migration } from './types';

/**
 * Issue 11: account settings (spec §3), password reset tokens (only their SHA-256 is stored, each
 * used once, expiring) and the outbox the reference mail interface writes to.
 * (Statements are split on ";\n", so none may contain one.)
 */
export const m010Account: Migration = {
  id: 10,
  name: 'account settings, password resets, outbox',
  sql: `
      CREATE TABLE account_settings (
        account_id text PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
        lang_code text NOT NULL DEFAULT 'en',
        use_model_preset_meta_mode integer NOT NULL DEFAULT 1 CHECK (use_model_preset_meta_mode IN (1, 2)),
        task_image_prompt_switch boolean NOT NULL DEFAULT false,
        task_flow_version text NOT NULL DEFAULT 'v1' CHECK (task_flow_version IN ('v1', 'v2')),
        is_auto_pub_community boolean NOT NULL DEFAULT false,
        show_sexy boolean NOT NULL DEFAULT false
      );
      CREATE TABLE password_resets (
        token_hash text PRIMARY KEY,
        account_id text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        created_at bigint NOT NULL,
        expires_at bigint NOT NULL,
        used_at bigint
      );
      CREATE INDEX password_resets_account ON password_resets(account_id);
      CREATE TABLE outbox (
        id bigserial PRIMARY KEY,
        to_address text NOT NULL,
        subject text NOT NULL,
        body text NOT NULL,
        created_at bigint NOT NULL
      )
  `,
};
