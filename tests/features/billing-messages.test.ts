import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { billing, payment } from '../../domain/index.js';
import { english as en } from '../support/messages';

const has = (id: string) => id in en;
const DIR = path.resolve('src/features/billing');
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory()
      ? sources(path.join(dir, d.name))
      : d.name.endsWith('.tsx') || d.name.endsWith('.ts')
        ? [path.join(dir, d.name)]
        : [],
  );

describe('billing screens never show a raw message id', () => {
  it('every literal id the billing feature and the notices dialog name is in the English catalogue', () => {
    const files = [...sources(DIR), path.resolve('src/features/notices/Dialogs.tsx')];
    const ids = files.flatMap((f) =>
      [...readFileSync(f, 'utf8').matchAll(/\bid(?:=|: )["']([A-Za-z0-9_.]+)["']/g)].map(
        (m) => m[1] as string,
      ),
    );
    expect(ids.length).toBeGreaterThan(50);
    expect(ids.filter((id) => !has(id))).toEqual([]);
  });

  it('every id a rule can name: upsells, payment errors, tiers, levels, benefit types, ledger categories, refusals', () => {
    const dynamic = [
      ...billing.UPSELL_MESSAGE_KEYS,
      ...payment.PAYMENT_ERROR_KEYS,
      ...billing.TIER_ORDER.map((t) => `billing.tier.${t}`),
      ...['inactive', 'Basic', 'Standard', 'Pro'].map((l) => `billing.level.${l}`),
      ...[
        'computePurchase',
        'trialSubscription',
        'upgrade',
        'oneTimePurchase',
        'weeklySubscription',
        'monthlySubscription',
        'yearlySubscription',
        'unknown',
      ].map((b) => `billing.buy.${b}`),
      ...[
        'task',
        'taskRefund',
        'training',
        'trainingRefund',
        'recharge',
        'rechargeBonus',
        'decoration',
        'creatorReward',
        'bonus',
        'other',
      ].map((c) => `billing.ledger.category.${c}`),
      // A ledger line's task: every kind it can name (a training, an unknown kind) and the placeholder.
      ...[-1, ...Array.from({ length: 27 }, (_, i) => i)].map(
        (domainType) => billing.ledgerTaskName({ id: 'x', domainType, prompt: '', status: 3 }).kindKey,
      ),
      'billing.ledger.taskName',
      'billing.ledger.pack',
      'billing.ledger.untitled',
      ...['pause', 'resume', 'cancel', 'freeMonth', 'changePlan'].map(
        (a) => `billing.subscription.refused.${a}`,
      ),
      ...['svip', 'lite', 'big', 'buff', 'day'].map((k) => `billing.vip.${k}`),
      ...['lite', 'big', 'buff', 'day', 'main', 'svip', 'trial', 'unknown'].map((k) => `billing.plan.${k}`),
    ];
    expect(dynamic.filter((id) => !has(id))).toEqual([]);
  });
});
