/**
 * A guest's uploads saved to form fields (spec §4): on signing in, each field's upload of this
 * device becomes the account's, and the saved fields are listed per field.
 */
import type {
  GuestFieldSaved,
  GuestFieldsResponse,
  GuestFieldsSaveRequest,
} from '../../infrastructure/contract/uploads';
import type { Caller } from '../auth';
import type { Queryable } from '../db/database';
import { ApiError, CODES } from '../envelope';
import type { UploadEnv, UploadRow } from './rows';

export const saveGuestFields = async (
  env: UploadEnv,
  caller: Caller,
  req: GuestFieldsSaveRequest,
  now: number,
): Promise<GuestFieldsResponse> => {
  if (caller.accountId === null) throw new ApiError(CODES.notLoggedIn, 'please log in');
  const accountId = caller.accountId;
  await env.db.transaction(async (tx) => {
    for (const item of req.items) {
      const [up] = await tx.query<UploadRow>(
        `SELECT * FROM uploads WHERE url = $1 AND status = 'complete' FOR UPDATE`,
        [item.url],
      );
      const mine =
        up !== undefined &&
        (up.account_id === accountId ||
          (up.account_id === null && up.device_id !== null && up.device_id === caller.deviceId));
      if (!up || !mine)
        throw new ApiError(CODES.forbidden, `${item.url} is not an upload of this device or account`);
      if (up.account_id === null)
        await tx.query('UPDATE uploads SET account_id = $2 WHERE file_id = $1', [up.file_id, accountId]);
      await tx.query(
        `INSERT INTO guest_field_saves (account_id, field, url, width, height, category, saved_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (account_id, field, url) DO NOTHING`,
        [
          accountId,
          item.field,
          item.url,
          up.width ?? item.width,
          up.height ?? item.height,
          item.category,
          now,
        ],
      );
    }
  });
  return listFields(env.db, accountId);
};

export const listGuestFields = async (env: UploadEnv, caller: Caller): Promise<GuestFieldsResponse> => {
  if (caller.accountId === null) throw new ApiError(CODES.notLoggedIn, 'please log in');
  return listFields(env.db, caller.accountId);
};

const listFields = async (db: Queryable, accountId: string): Promise<GuestFieldsResponse> => {
  const rows = await db.query<{
    field: string;
    url: string;
    width: number | null;
    height: number | null;
    category: number;
  }>('SELECT field, url, width, height, category FROM guest_field_saves WHERE account_id = $1 ORDER BY id', [
    accountId,
  ]);
  const fields: Record<string, GuestFieldSaved[]> = {};
  for (const r of rows)
    (fields[r.field] ??= []).push({
      field: r.field,
      url: r.url,
      width: r.width,
      height: r.height,
      category: r.category,
    });
  return { fields };
};
