/**
 * Demo data, idempotent: re-running adds nothing that is already there. The demo account's
 * credentials are printed by `npm start` and listed in the README.
 */
import { hashPassword } from './auth';
import type { Database } from './db/database';
import { credit } from './ledger';

export const DEMO_ACCOUNT = {
  id: 'demo',
  email: 'demo@atelier.test',
  password: 'atelier-demo',
  accountName: 'demo',
  name: 'Demo Creator',
} as const;

export const seed = async (db: Database, now: number): Promise<void> => {
  const existing = await db.query('SELECT 1 FROM accounts WHERE id = $1', [DEMO_ACCOUNT.id]);
  if (existing.length > 0) return;
  await db.query(
    `INSERT INTO accounts (id, email, password_hash, account_name, name, status, role, created_at)
     VALUES ($1, $2, $3, $4, $5, 1, 'user', $6) ON CONFLICT (id) DO NOTHING`,
    [
      DEMO_ACCOUNT.id,
      DEMO_ACCOUNT.email,
      await hashPassword(DEMO_ACCOUNT.password),
      DEMO_ACCOUNT.accountName,
      DEMO_ACCOUNT.name,
      now,
    ],
  );
  await credit(db, DEMO_ACCOUNT.id, 'free', 200, 'welcome bonus', 'seed', now);
  await credit(db, DEMO_ACCOUNT.id, 'paid', 300, 'demo recharge', 'seed', now);
};
