import type { Migration } from './types';

/**
 * The table `@socket.io/postgres-adapter` keeps payloads over NOTIFY's 8,000 bytes in (its
 * documented schema): socket.io across processes on one PostgreSQL (server/realtime/adapter.ts).
 * (Statements are split on ";\n", so none may contain one.)
 */
export const m021SocketAttachments: Migration = {
  id: 21,
  name: 'socket.io attachments',
  sql: `
      CREATE TABLE IF NOT EXISTS socket_io_attachments (
        id bigserial UNIQUE,
        created_at timestamptz DEFAULT NOW(),
        payload bytea
      )
  `,
};
