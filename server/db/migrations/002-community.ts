import type { Migration } from './types';

/**
 * The square: content items of every card type (one table; type-specific columns are null
 * elsewhere), tags, likes, collections in folders, follows, reports, appeals and notices.
 * Counters on content_items start at the seeded base and move by one per like or collect.
 * (Statements are split on ";\n", so none may contain one.)
 */
export const m002Community: Migration = {
  id: 2,
  name: 'feed, content, social, notices',
  sql: `
      CREATE TABLE content_items (
        id text PRIMARY KEY,
        kind text NOT NULL,
        obj_type integer NOT NULL,
        author_id text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        title text NOT NULL,
        description text NOT NULL DEFAULT '',
        body_html text,
        cover_prompt text NOT NULL,
        cover_aspect text NOT NULL,
        cover_long_side integer NOT NULL,
        cover_width integer NOT NULL,
        cover_height integer NOT NULL,
        artwork_type integer,
        model_type text,
        base_model text,
        character_type integer,
        sub_channel text,
        nodes_type text,
        run_available boolean,
        extra jsonb NOT NULL DEFAULT '{}'::jsonb,
        num_of_like integer NOT NULL DEFAULT 0 CHECK (num_of_like >= 0),
        num_of_collection integer NOT NULL DEFAULT 0 CHECK (num_of_collection >= 0),
        num_of_play integer NOT NULL DEFAULT 0,
        num_of_task integer NOT NULL DEFAULT 0,
        recommend_boost integer NOT NULL DEFAULT 0,
        created_at bigint NOT NULL
      );
      CREATE INDEX content_items_kind_new ON content_items(kind, created_at DESC, id);
      CREATE INDEX content_items_author ON content_items(author_id, created_at DESC);
      CREATE TABLE tags (
        id text PRIMARY KEY,
        name text NOT NULL,
        description text NOT NULL DEFAULT '',
        created_at bigint NOT NULL
      );
      CREATE UNIQUE INDEX tags_name_lower ON tags((lower(name)));
      CREATE TABLE content_tags (
        item_id text NOT NULL REFERENCES content_items(id) ON DELETE CASCADE,
        tag_id text NOT NULL REFERENCES tags(id) ON DELETE CASCADE,
        position integer NOT NULL DEFAULT 0,
        PRIMARY KEY (item_id, tag_id)
      );
      CREATE INDEX content_tags_tag ON content_tags(tag_id);
      CREATE TABLE likes (
        account_id text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        item_id text NOT NULL REFERENCES content_items(id) ON DELETE CASCADE,
        created_at bigint NOT NULL,
        PRIMARY KEY (account_id, item_id)
      );
      CREATE TABLE collect_folders (
        id text PRIMARY KEY,
        account_id text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        name text NOT NULL,
        is_default boolean NOT NULL DEFAULT false,
        created_at bigint NOT NULL
      );
      CREATE UNIQUE INDEX collect_folders_one_default ON collect_folders(account_id) WHERE is_default;
      CREATE INDEX collect_folders_account ON collect_folders(account_id, created_at);
      CREATE TABLE collects (
        id text PRIMARY KEY,
        account_id text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        folder_id text NOT NULL REFERENCES collect_folders(id) ON DELETE CASCADE,
        item_id text NOT NULL REFERENCES content_items(id) ON DELETE CASCADE,
        created_at bigint NOT NULL,
        UNIQUE (account_id, item_id)
      );
      CREATE INDEX collects_folder ON collects(folder_id, created_at DESC);
      CREATE TABLE follows (
        follower_id text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        followee_id text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        created_at bigint NOT NULL,
        PRIMARY KEY (follower_id, followee_id),
        CHECK (follower_id <> followee_id)
      );
      CREATE INDEX follows_followee ON follows(followee_id);
      CREATE TABLE content_reports (
        id text PRIMARY KEY,
        account_id text REFERENCES accounts(id) ON DELETE SET NULL,
        device_id text,
        item_id text NOT NULL REFERENCES content_items(id) ON DELETE CASCADE,
        obj_type integer NOT NULL,
        reason text NOT NULL DEFAULT '',
        created_at bigint NOT NULL
      );
      CREATE TABLE resource_appeals (
        id text PRIMARY KEY,
        account_id text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        remark text NOT NULL,
        item_id text,
        obj_type integer,
        created_at bigint NOT NULL
      );
      CREATE TABLE notices (
        id text PRIMARY KEY,
        account_id text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        type text NOT NULL CHECK (type IN ('likeCol', 'com', 'fol', 'sys')),
        action text NOT NULL,
        actor_id text REFERENCES accounts(id) ON DELETE SET NULL,
        item_id text REFERENCES content_items(id) ON DELETE SET NULL,
        title text NOT NULL DEFAULT '',
        content text NOT NULL DEFAULT '',
        dedupe_key text,
        is_read boolean NOT NULL DEFAULT false,
        created_at bigint NOT NULL
      );
      CREATE INDEX notices_account ON notices(account_id, created_at DESC, id);
      CREATE UNIQUE INDEX notices_dedupe ON notices(account_id, dedupe_key) WHERE dedupe_key IS NOT NULL
    `,
};
