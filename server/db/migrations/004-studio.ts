import type { Migration } from './types';

/**
 * Characters (official ones have no owner), chat sessions (one per account and character) and
 * chat messages. `(session_id, client_id)` is unique so a resent message is stored once; `seq`
 * orders messages that share a millisecond and is the history cursor.
 */
export const m004Studio: Migration = {
  id: 4,
  name: 'characters and chat',
  sql: `
      CREATE TABLE characters (
        id text PRIMARY KEY,
        owner_id text REFERENCES accounts(id) ON DELETE CASCADE,
        name text NOT NULL,
        intro text NOT NULL DEFAULT '',
        greeting text NOT NULL DEFAULT '',
        character_type integer NOT NULL CHECK (character_type IN (0, 1, 2, 3)),
        init_mem_num integer NOT NULL DEFAULT 0 CHECK (init_mem_num >= 0 AND init_mem_num <= 80),
        support_voice boolean NOT NULL DEFAULT false,
        is_official_agent boolean NOT NULL DEFAULT false,
        voice text NOT NULL DEFAULT 'female' CHECK (voice IN ('female', 'male')),
        cover_prompt text NOT NULL DEFAULT '',
        corpus text NOT NULL DEFAULT '',
        rank integer NOT NULL DEFAULT 0,
        created_at bigint NOT NULL,
        updated_at bigint NOT NULL
      );
      CREATE INDEX characters_owner ON characters(owner_id, created_at DESC);
      CREATE TABLE chat_sessions (
        id text PRIMARY KEY,
        account_id text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        character_id text NOT NULL REFERENCES characters(id) ON DELETE CASCADE,
        created_at bigint NOT NULL,
        UNIQUE (account_id, character_id)
      );
      CREATE TABLE chat_messages (
        seq bigserial PRIMARY KEY,
        id text NOT NULL UNIQUE,
        session_id text NOT NULL REFERENCES chat_sessions(id) ON DELETE CASCADE,
        client_id text,
        role text NOT NULL CHECK (role IN ('user', 'assistant', 'system')),
        content text NOT NULL,
        reply_id text,
        created_at bigint NOT NULL,
        UNIQUE (session_id, client_id)
      );
      CREATE INDEX chat_messages_session ON chat_messages(session_id, seq DESC)
  `,
};
