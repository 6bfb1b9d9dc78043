/**
 * An account's settings (spec §3): the row made on first read, and writes of the given columns.
 */
import type { AccountSettings } from '../../infrastructure/contract/account';
import type { Queryable } from '../db/database';
import { ApiError, CODES } from '../envelope';

interface SettingsRow extends Record<string, unknown> {
  lang_code: string;
  use_model_preset_meta_mode: number;
  task_image_prompt_switch: boolean;
  task_flow_version: string;
  is_auto_pub_community: boolean;
  show_sexy: boolean;
}

const toSettings = (r: SettingsRow): AccountSettings => ({
  lang_code: r.lang_code,
  use_model_preset_meta_mode: r.use_model_preset_meta_mode === 2 ? 2 : 1,
  task_image_prompt_switch: r.task_image_prompt_switch,
  task_flow_version: r.task_flow_version === 'v2' ? 'v2' : 'v1',
  is_auto_pub_community: r.is_auto_pub_community,
  show_sexy: r.show_sexy,
});

export const readSettings = async (db: Queryable, accountId: string): Promise<AccountSettings> => {
  await db.query('INSERT INTO account_settings (account_id) VALUES ($1) ON CONFLICT DO NOTHING', [accountId]);
  const [row] = await db.query<SettingsRow>('SELECT * FROM account_settings WHERE account_id = $1', [
    accountId,
  ]);
  if (!row) throw new ApiError(CODES.accountNotExistent, 'the account is gone');
  return toSettings(row);
};

/** Writes the given columns (names from the codecs' keys only, never from the request). */
export const writeSettings = async (
  db: Queryable,
  accountId: string,
  changes: Partial<Omit<AccountSettings, never>>,
): Promise<AccountSettings> => {
  await readSettings(db, accountId);
  const entries = Object.entries(changes).filter(([, v]) => v !== undefined);
  if (entries.length > 0)
    await db.query(
      `UPDATE account_settings SET ${entries.map(([k], i) => `${k} = $${i + 2}`).join(', ')} WHERE account_id = $1`,
      [accountId, ...entries.map(([, v]) => v)],
    );
  return readSettings(db, accountId);
};
