import type { Migration } from './types';

/**
 * Issue 13: the caption tags of a LoRA training, and voices made with the voice creation form (spec §3, §5). The square's card of a
 * published voice is a content_items row (kind aiAudio), named by `item_id`.
 * (Statements are split on ";\n", so none may contain one.)
 */
export const m012Voices: Migration = {
  id: 12,
  name: 'voices, training tags',
  sql: `
      CREATE TABLE voices (
        id text PRIMARY KEY,
        account_id text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        name text NOT NULL,
        cover text NOT NULL,
        gender text NOT NULL,
        age text NOT NULL,
        langs jsonb NOT NULL,
        tones jsonb NOT NULL,
        text text NOT NULL,
        tag jsonb NOT NULL DEFAULT '[]'::jsonb,
        publish_status integer NOT NULL DEFAULT 0 CHECK (publish_status IN (0, 1)),
        audios jsonb NOT NULL,
        item_id text,
        created_at bigint NOT NULL
      );
      CREATE INDEX voices_owner ON voices(account_id, created_at DESC);
      ALTER TABLE lora_trainings ADD COLUMN tags jsonb NOT NULL DEFAULT '[]'::jsonb
  `,
};
