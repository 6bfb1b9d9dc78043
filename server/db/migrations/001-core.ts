import type { Migration } from './types';

export const m001Core: Migration = {
  id: 1,
  name: 'accounts, sessions, ledger, tasks',
  sql: `
      CREATE TABLE accounts (
        id text PRIMARY KEY,
        email text NOT NULL UNIQUE,
        password_hash text NOT NULL,
        account_name text NOT NULL,
        name text NOT NULL,
        avatar text NOT NULL DEFAULT '',
        status integer NOT NULL DEFAULT 1,
        role text NOT NULL DEFAULT 'user',
        created_at bigint NOT NULL
      );
      CREATE TABLE sessions (
        token text PRIMARY KEY,
        account_id text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        created_at bigint NOT NULL,
        expires_at bigint NOT NULL
      );
      CREATE TABLE coin_ledger (
        id bigserial PRIMARY KEY,
        account_id text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        kind text NOT NULL CHECK (kind IN ('paid', 'free', 'temp')),
        delta integer NOT NULL,
        reason text NOT NULL,
        ref text,
        created_at bigint NOT NULL
      );
      CREATE INDEX coin_ledger_account ON coin_ledger(account_id);
      CREATE TABLE memberships (
        account_id text PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
        product_level integer NOT NULL,
        product_type integer NOT NULL,
        vip_type text NOT NULL DEFAULT '',
        expiry_time bigint
      );
      CREATE TABLE tasks (
        id text PRIMARY KEY,
        account_id text REFERENCES accounts(id) ON DELETE CASCADE,
        device_id text,
        domain_type integer NOT NULL,
        prompt text NOT NULL,
        aspect_ratio text NOT NULL,
        seed bigint NOT NULL,
        status integer NOT NULL,
        process integer NOT NULL DEFAULT 0,
        status_desc text NOT NULL DEFAULT '',
        img_uris jsonb NOT NULL DEFAULT '[]'::jsonb,
        cost integer NOT NULL DEFAULT 0,
        duration_ms integer NOT NULL,
        created_at bigint NOT NULL,
        updated_at bigint NOT NULL,
        CHECK (account_id IS NOT NULL OR device_id IS NOT NULL)
      );
      CREATE INDEX tasks_active ON tasks(status) WHERE status IN (1, 2);
      CREATE INDEX tasks_owner ON tasks(account_id, created_at DESC);
    `,
};
