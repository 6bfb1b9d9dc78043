/** The session's contract values as the domain holds them. */
import type { session } from '../../domain/index.js';
import type { AccountInfo } from '../contract/account';

export const toUserInfo = (a: AccountInfo): session.UserInfo => ({
  id: a.id,
  accountName: a.account_name,
  name: a.name,
  email: a.email,
  avatar: a.avatar,
  status: a.status,
  role: a.role,
  createdAt: a.create_at,
  avatarFrame: a.avatar_frame ?? null,
  enterprise:
    a.enterprise === undefined || a.enterprise === null
      ? null
      : { identityType: a.enterprise.identity_type, showEntry: a.enterprise.show_entry },
});
