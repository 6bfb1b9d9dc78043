import type { Migration } from './types';

/**
 * Issue 11 detail pages and tags: comments on content items, tags a person collects (spec §7 "my
 * collected tags") and the area an official tag is shown in (spec §7 "official tags (show_area)").
 * (Statements are split on ";\n", so none may contain one.)
 */
export const m011Details: Migration = {
  id: 11,
  name: 'comments, collected tags, official tags',
  sql: `
      CREATE TABLE comments (
        id text PRIMARY KEY,
        item_id text NOT NULL REFERENCES content_items(id) ON DELETE CASCADE,
        author_id text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        content text NOT NULL,
        created_at bigint NOT NULL
      );
      CREATE INDEX comments_item ON comments(item_id, created_at DESC, id);
      CREATE TABLE tag_collects (
        account_id text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        tag_id text NOT NULL REFERENCES tags(id) ON DELETE CASCADE,
        created_at bigint NOT NULL,
        PRIMARY KEY (account_id, tag_id)
      );
      ALTER TABLE tags ADD COLUMN show_area text
    `,
};
