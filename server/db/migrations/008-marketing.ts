import type { Migration } from './types';

/**
 * Marketing: the membership page's testimonials (spec §1: name, avatar, title and content in
 * English and Chinese; the avatar is rendered from `avatar_prompt` on its first GET) and the
 * weekly campaigns of the season (spec §9; times in epoch ms, `ends_at` exclusive; the status is
 * computed from the clock when answering, never stored).
 * (Statements are split on ";\n", so none may contain one.)
 */
export const m008Marketing: Migration = {
  id: 8,
  name: 'testimonials, campaigns',
  sql: `
      CREATE TABLE testimonials (
        id text PRIMARY KEY,
        sort integer NOT NULL,
        name text NOT NULL,
        avatar_prompt text NOT NULL,
        title_en text NOT NULL,
        title_zh text NOT NULL,
        content_en text NOT NULL,
        content_zh text NOT NULL,
        created_at bigint NOT NULL
      );
      CREATE TABLE campaigns (
        type text PRIMARY KEY,
        sort integer NOT NULL,
        starts_at bigint NOT NULL,
        ends_at bigint NOT NULL,
        CHECK (starts_at < ends_at)
      )
  `,
};
