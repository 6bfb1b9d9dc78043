import type { Migration } from './types';

/**
 * Uploads straight into an S3-compatible store and finalised once across server processes
 * (issue 23): `multipart_id` is the store's multipart upload id (null where chunks come through the
 * server); `finalizing_until` is the lease of the one confirm that is finalising the upload (a row
 * claim: `UPDATE ... WHERE status = 'pending' AND lease free RETURNING`), taken over when it lapses;
 * `failure_code` is why a failed upload failed, so every confirm of it gives the same answer.
 * (Statements are split on ";\n", so none may contain one.)
 */
export const m020BlobStore: Migration = {
  id: 20,
  name: 'blob store uploads and finalisation claims',
  sql: `
      ALTER TABLE uploads ADD COLUMN multipart_id text;
      ALTER TABLE uploads ADD COLUMN finalizing_until bigint;
      ALTER TABLE uploads ADD COLUMN failure_code integer
  `,
};
