import type { Migration } from './types';

/**
 * Commerce: orders of the simulated payment provider, the subscription state beside
 * `memberships` (001, which payment info reads and which stays as it is), membership add-ons
 * (lite, top membership, buff vip, day pass), decorations with ownership and wearing, uploads.
 *
 * Guards the database keeps even if code slips: one order per (account, idempotency key);
 * stock never negative; one ownership per (account, ornament); a worn ornament is owned
 * (foreign key); one avatar box worn per account and one production box per work (partial
 * unique indexes).
 */
export const m003Commerce: Migration = {
  id: 3,
  name: 'memberships, orders, decorations, uploads',
  sql: `
      CREATE TABLE payment_orders (
        id text PRIMARY KEY,
        account_id text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        idempotency_key text NOT NULL,
        goods_id text NOT NULL,
        kind text NOT NULL CHECK (kind IN ('plan', 'coins')),
        amount_cents integer NOT NULL CHECK (amount_cents >= 0),
        currency text NOT NULL,
        payment_method_id integer NOT NULL,
        status text NOT NULL CHECK (status IN ('pending', 'paid', 'failed', 'expired')),
        failure_code integer,
        created_at bigint NOT NULL,
        expires_at bigint NOT NULL,
        paid_at bigint,
        UNIQUE (account_id, idempotency_key)
      );
      CREATE INDEX payment_orders_owner ON payment_orders(account_id, created_at DESC);
      CREATE TABLE subscriptions (
        account_id text PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
        goods_id text NOT NULL,
        is_trial boolean NOT NULL DEFAULT false,
        started_at bigint NOT NULL,
        is_pause boolean NOT NULL DEFAULT false,
        pause_month integer NOT NULL DEFAULT 0,
        pause_start_at bigint,
        pause_end_at bigint,
        free_month_status integer NOT NULL DEFAULT 0,
        free_month_start_at bigint,
        free_month_end_at bigint,
        cancel_at bigint,
        prev_product text,
        next_product text,
        next_product_active_at bigint,
        had_trial boolean NOT NULL DEFAULT false,
        updated_at bigint NOT NULL
      );
      CREATE TABLE membership_addons (
        account_id text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        kind text NOT NULL CHECK (kind IN ('lite', 'big', 'buff', 'day')),
        goods_id text NOT NULL,
        vip_type text NOT NULL,
        expiry_time bigint NOT NULL,
        PRIMARY KEY (account_id, kind)
      );
      CREATE TABLE ornaments (
        id text PRIMARY KEY,
        type text NOT NULL CHECK (type IN ('production_box', 'avatar_box')),
        name text NOT NULL,
        price integer NOT NULL CHECK (price >= 0),
        stock integer NOT NULL CHECK (stock >= 0),
        sold integer NOT NULL DEFAULT 0 CHECK (sold >= 0),
        preview_key text NOT NULL,
        preview_width integer NOT NULL,
        preview_height integer NOT NULL,
        sort integer NOT NULL DEFAULT 0,
        created_at bigint NOT NULL
      );
      CREATE TABLE ornament_ownership (
        account_id text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        ornament_id text NOT NULL REFERENCES ornaments(id) ON DELETE CASCADE,
        price_paid integer NOT NULL,
        bought_at bigint NOT NULL,
        PRIMARY KEY (account_id, ornament_id)
      );
      CREATE INDEX ornament_ownership_history ON ornament_ownership(account_id, bought_at DESC);
      CREATE TABLE ornament_wear (
        account_id text NOT NULL,
        ornament_id text NOT NULL,
        type text NOT NULL CHECK (type IN ('production_box', 'avatar_box')),
        work_id text,
        worn_at bigint NOT NULL,
        FOREIGN KEY (account_id, ornament_id) REFERENCES ornament_ownership(account_id, ornament_id) ON DELETE CASCADE,
        CHECK ((type = 'avatar_box' AND work_id IS NULL) OR (type = 'production_box' AND work_id IS NOT NULL))
      );
      CREATE UNIQUE INDEX ornament_wear_one_avatar ON ornament_wear(account_id) WHERE type = 'avatar_box';
      CREATE UNIQUE INDEX ornament_wear_one_per_work ON ornament_wear(account_id, work_id) WHERE type = 'production_box';
      CREATE TABLE uploads (
        file_id text PRIMARY KEY,
        account_id text REFERENCES accounts(id) ON DELETE CASCADE,
        device_id text,
        kind text NOT NULL CHECK (kind IN ('file', 'image', 'audio')),
        file_name text NOT NULL,
        content_type text NOT NULL,
        file_size bigint NOT NULL CHECK (file_size >= 0),
        category integer NOT NULL,
        sub_category integer,
        hash_val text,
        chunk_size integer NOT NULL CHECK (chunk_size > 0),
        chunk_count integer NOT NULL CHECK (chunk_count > 0),
        status text NOT NULL CHECK (status IN ('pending', 'complete', 'failed')),
        storage text,
        blob_key text,
        url text,
        width integer,
        height integer,
        audio_info jsonb,
        created_at bigint NOT NULL,
        expires_at bigint NOT NULL,
        completed_at bigint,
        CHECK (account_id IS NOT NULL OR device_id IS NOT NULL)
      );
      CREATE INDEX uploads_url ON uploads(url) WHERE url IS NOT NULL;
      CREATE TABLE upload_chunks (
        file_id text NOT NULL REFERENCES uploads(file_id) ON DELETE CASCADE,
        chunk_index integer NOT NULL,
        size integer NOT NULL,
        etag text NOT NULL,
        received_at bigint NOT NULL,
        PRIMARY KEY (file_id, chunk_index)
      );
      CREATE TABLE guest_field_saves (
        id bigserial PRIMARY KEY,
        account_id text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        field text NOT NULL,
        url text NOT NULL,
        width integer,
        height integer,
        category integer NOT NULL,
        saved_at bigint NOT NULL,
        UNIQUE (account_id, field, url)
      )
    `,
};
