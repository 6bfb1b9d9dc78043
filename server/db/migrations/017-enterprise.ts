import type { Migration } from './types';

/**
 * Company accounts (spec §3 `enterprise`: identity_type 'enterprise', show_entry for the company's
 * admin): an account belongs to a company as its admin or as a member, or to none. The upsells of
 * spec §6/§8 speak to each differently (an admin upgrades the company plan, a member asks the admin).
 * (Statements are split on ";\n", so none may contain one.)
 */
export const m017Enterprise: Migration = {
  id: 17,
  name: 'enterprise roles',
  sql: `
      ALTER TABLE accounts ADD COLUMN enterprise_role text CHECK (enterprise_role IN ('admin', 'member'))
  `,
};
