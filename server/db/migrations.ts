/**
 * Schema migrations, applied in order, each once, recorded in `schema_migrations`.
 * The coin ledger is append-only: balances are sums over it, never stored numbers.
 */
import type { Database } from './database';

import type { Migration } from './migrations/types';
import { m001Core } from './migrations/001-core';
import { m002Community } from './migrations/002-community';
import { m003Commerce } from './migrations/003-commerce';
import { m004Studio } from './migrations/004-studio';
import { m005Ops } from './migrations/005-ops';
import { m006Platform } from './migrations/006-platform';
import { m007Creation } from './migrations/007-creation';
import { m008Marketing } from './migrations/008-marketing';
import { m009LedgerRef } from './migrations/009-ledger-ref';
import { m010Account } from './migrations/010-account';
import { m011Details } from './migrations/011-details';
import { m012Voices } from './migrations/012-voices';
import { m013Social } from './migrations/013-social';
import { m014Support } from './migrations/014-support';
import { m015Characters } from './migrations/015-characters';
import { m016WorkflowCopies } from './migrations/016-workflow-copies';
import { m017Enterprise } from './migrations/017-enterprise';
import { m018WorkClaims } from './migrations/018-work-claims';
import { m019SharedState } from './migrations/019-shared-state';
import { m020BlobStore } from './migrations/020-blob-store';
import { m021SocketAttachments } from './migrations/021-socket-attachments';
import { m022ProblemReports } from './migrations/022-problem-reports';

/** In order. A migration with no SQL yet is a reserved slot: skipped, not recorded. */
export const migrations: readonly Migration[] = [
  m001Core,
  m002Community,
  m003Commerce,
  m004Studio,
  m005Ops,
  m006Platform,
  m007Creation,
  m008Marketing,
  m009LedgerRef,
  m010Account,
  m011Details,
  m012Voices,
  m013Social,
  m014Support,
  m015Characters,
  m016WorkflowCopies,
  m017Enterprise,
  m018WorkClaims,
  m019SharedState,
  m020BlobStore,
  m021SocketAttachments,
  m022ProblemReports,
];

export const migrate = async (db: Database): Promise<number> => {
  await db.exec(
    `CREATE TABLE IF NOT EXISTS schema_migrations (id integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`,
  );
  const applied = new Set(
    (await db.query<{ id: number }>('SELECT id FROM schema_migrations')).map((r) => r.id),
  );
  let count = 0;
  for (const m of migrations) {
    if (applied.has(m.id) || m.sql.trim() === '') continue;
    await db.transaction(async (tx) => {
      for (const statement of m.sql
        .split(/;\s*\n/)
        .map((s) => s.trim())
        .filter(Boolean))
        await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (id, name) VALUES ($1, $2)', [m.id, m.name]);
    });
    count += 1;
  }
  return count;
};
