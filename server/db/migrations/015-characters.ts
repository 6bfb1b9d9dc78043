import type { Migration } from './types';

/**
 * Issue 14 (characters and chat): uploaded covers, gender (the form's templates are by gender) and
 * publishing of characters; a chat's settings (online search, second instructions); the files
 * attached to a message. Every character of the square's character tab is a character one can
 * open and chat with (seeded by seeds/studio.ts with the square item's id).
 * (Statements are split on ";\\n", so none may contain one.)
 */
export const m015Characters: Migration = {
  id: 15,
  name: 'character covers, gender, publishing; chat settings and attachments',
  sql: `
      ALTER TABLE characters ADD COLUMN cover_url text;
      ALTER TABLE characters ADD COLUMN gender text NOT NULL DEFAULT 'female' CHECK (gender IN ('female', 'male', 'other'));
      ALTER TABLE characters ADD COLUMN is_public boolean NOT NULL DEFAULT true;
      ALTER TABLE chat_sessions ADD COLUMN on_line_search boolean NOT NULL DEFAULT false;
      ALTER TABLE chat_sessions ADD COLUMN instruction_title text NOT NULL DEFAULT '';
      ALTER TABLE chat_sessions ADD COLUMN instruction_content text NOT NULL DEFAULT '';
      ALTER TABLE chat_messages ADD COLUMN attachments jsonb NOT NULL DEFAULT '[]'::jsonb;
      CREATE INDEX characters_public_rank ON characters(is_public, rank DESC)
  `,
};
