/**
 * From a company account's limit error to what it reads and where its button leads: the error map
 * (`errors.mapError`) decides the company dialog and the role, the upsell (`billing.upsellOf`) its
 * text and action.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { billing, errors } from '../../../domain/index.js';

const company = (
  enterpriseRole: 'admin' | 'member' | undefined,
  extra: Partial<errors.ErrorContext> = {},
): errors.ErrorContext => ({
  isMember: false,
  isEnterprise: true,
  ...(enterpriseRole === undefined ? {} : { enterpriseRole }),
  onToolPage: false,
  isListedTaskCall: false,
  ...extra,
});

const effectOf = (code: number, context: errors.ErrorContext) =>
  errors.mapError({ kind: 'api', code, msg: '', path: '/api/v1/task/create', context });

/** The upsell a person sees for an effect, read with the person's own tier and role. */
const upsellFor = (effect: errors.ErrorEffect, tier: billing.Tier, own: billing.EnterpriseRole) => {
  if (effect.kind !== 'dialog') throw new Error(`expected a dialog, got ${effect.kind}`);
  return billing.upsellOf(effect.name, effect.variant, { tier, enterpriseRole: own });
};

const LIMIT_CODES = [70002, 70010, 80008] as const;
const topicOfCode = (code: number): billing.UpsellTopic => (code === 70002 ? 'queue' : 'gpu');

describe('company limits (spec §6 "Enterprise admins and members see different messages"; spec §8 70002, 70010, 80008)', () => {
  it('70002 queue full: the admin reads the company queue text and is led to the company plan on the membership page', () => {
    const u = upsellFor(effectOf(70002, company('admin')), 'none', 'admin');
    expect(u).toMatchObject({
      topic: 'queue',
      titleKey: 'billing.upsell.queue.title',
      bodyKey: 'billing.upsell.queue.enterpriseAdmin',
      values: { queue: 2 },
      action: { kind: 'pricing', tier: 'pro' },
      actionKey: 'billing.upsell.action.companyPlan',
    });
  });

  it('70002 queue full: a member is told to ask the company admin, with nothing to buy', () => {
    const u = upsellFor(effectOf(70002, company('member')), 'none', 'member');
    expect(u).toMatchObject({
      topic: 'queue',
      bodyKey: 'billing.upsell.queue.enterpriseMember',
      action: { kind: 'none' },
      actionKey: null,
    });
  });

  it('70010 and 80008 compute limits: the same split, on the GPU texts', () => {
    for (const code of [70010, 80008]) {
      expect(upsellFor(effectOf(code, company('admin')), 'basic', 'admin')).toMatchObject({
        topic: 'gpu',
        bodyKey: 'billing.upsell.gpu.enterpriseAdmin',
        action: { kind: 'pricing', tier: billing.COMPANY_PLAN_TIER },
      });
      expect(upsellFor(effectOf(code, company('member')), 'basic', 'member')).toMatchObject({
        topic: 'gpu',
        bodyKey: 'billing.upsell.gpu.enterpriseMember',
        action: { kind: 'none' },
      });
    }
  });

  it('the company plan is the highest tier the membership page sells', () => {
    expect(billing.COMPANY_PLAN_TIER).toBe(billing.TIER_ORDER[billing.TIER_ORDER.length - 1]);
    expect(billing.upgradeTarget(billing.COMPANY_PLAN_TIER)).toBeNull();
  });

  it('the role the error map decided is the role the text speaks to, whatever the session says (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LIMIT_CODES),
        fc.constantFrom<'admin' | 'member' | undefined>('admin', 'member', undefined),
        fc.boolean(),
        fc.constantFrom<errors.VipTier | undefined>(undefined, 'lite', 'day', 1, 2, 3, 4),
        fc.constantFrom(...billing.TIER_ORDER),
        fc.constantFrom<billing.EnterpriseRole>('none', 'admin', 'member'),
        (code, role, isMember, vipTier, tier, own) => {
          const effect = effectOf(code, company(role, { isMember, ...(vipTier ? { vipTier } : {}) }));
          const u = upsellFor(effect, tier, own);
          const admin = role === 'admin';
          expect(u?.topic).toBe(topicOfCode(code));
          // A company's people are never sold a personal membership: only the admin buys, the company plan.
          expect(u?.bodyKey).toBe(
            `billing.upsell.${topicOfCode(code)}.${admin ? 'enterpriseAdmin' : 'enterpriseMember'}`,
          );
          expect(u?.action).toEqual(
            admin ? { kind: 'pricing', tier: billing.COMPANY_PLAN_TIER } : { kind: 'none' },
          );
          expect(u?.actionKey).toBe(admin ? 'billing.upsell.action.companyPlan' : null);
        },
      ),
    );
  });

  it('a person who is not in a company still gets the personal upsell of the same codes', () => {
    const personal: errors.ErrorContext = { ...company(undefined), isEnterprise: false };
    expect(upsellFor(effectOf(70002, personal), 'none', 'none')).toMatchObject({
      bodyKey: 'billing.upsell.queue.free',
      action: { kind: 'pricing', tier: 'basic' },
    });
  });
});
