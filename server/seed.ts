/**
 * Demo data, idempotent: re-running adds nothing that is already there. The demo account's
 * credentials are printed by `npm start` and listed in the README.
 */
import { hashPassword } from './auth';
import type { Database } from './db/database';
import { credit, WELCOME_BONUS_REASON } from './ledger';

export const DEMO_ACCOUNT = {
  id: 'demo',
  email: 'demo@atelier.test',
  password: 'atelier-demo',
  accountName: 'demo',
  name: 'Demo Creator',
} as const;

/**
 * A demo company (spec §3 enterprise): its admin and one member, so the company upsells can be
 * seen (a full queue tells the member to ask the admin, the admin to upgrade the company plan).
 */
export const DEMO_COMPANY = [
  { id: 'demo-company-admin', email: 'admin@studio.atelier.test', name: 'Studio Admin', role: 'admin' },
  { id: 'demo-company-member', email: 'member@studio.atelier.test', name: 'Studio Member', role: 'member' },
] as const;

const seedCompany = async (db: Database, now: number): Promise<void> => {
  for (const a of DEMO_COMPANY) {
    const added = await db.query(
      `INSERT INTO accounts (id, email, password_hash, account_name, name, status, role, created_at, enterprise_role)
       VALUES ($1, $2, $3, $4, $5, 1, 'user', $6, $7) ON CONFLICT DO NOTHING RETURNING id`,
      [a.id, a.email, await hashPassword(DEMO_ACCOUNT.password), a.id, a.name, now, a.role],
    );
    if (added.length > 0) await credit(db, a.id, 'free', 200, WELCOME_BONUS_REASON, 'seed', now);
  }
};

export const seed = async (db: Database, now: number): Promise<void> => {
  await seedCompany(db, now);
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
  await credit(db, DEMO_ACCOUNT.id, 'free', 200, WELCOME_BONUS_REASON, 'seed', now);
  await credit(db, DEMO_ACCOUNT.id, 'paid', 300, 'demo recharge', 'seed', now);
};
