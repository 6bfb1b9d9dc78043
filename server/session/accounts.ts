/**
 * An account as the session routes read it, and its spec §3 account info: the fields, the frame
 * of the avatar box it wears (avatar_frame) and the enterprise identity.
 */
import type { AccountInfo } from '../../infrastructure/contract/account';
import type { ServerContext } from '../context';
import { avatarFrameOf } from '../decorations/decorations';

export interface AccountRow extends Record<string, unknown> {
  id: string;
  email: string;
  password_hash: string;
  account_name: string;
  name: string;
  avatar: string;
  status: number;
  role: string;
  created_at: string | number;
  enterprise_role?: string | null;
}

export const toAccountInfo = (r: AccountRow, avatarFrame: string | null): AccountInfo => ({
  id: r.id,
  account_id: r.id,
  account_name: r.account_name,
  name: r.name,
  email: r.email,
  avatar: r.avatar,
  status: r.status,
  role: r.role,
  create_at: Number(r.created_at),
  avatar_frame: avatarFrame,
  enterprise:
    r.enterprise_role === 'admin' || r.enterprise_role === 'member'
      ? { identity_type: 'enterprise', show_entry: r.enterprise_role === 'admin' }
      : null,
});

/** The account's fields with the frame of the avatar box it wears (spec §3 avatar_frame). */
export const infoOf = async (ctx: ServerContext, row: AccountRow): Promise<AccountInfo> =>
  toAccountInfo(row, await avatarFrameOf(ctx.db, ctx.blobs, row.id));
