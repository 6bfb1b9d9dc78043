/**
 * The upsell behind each limit dialog of spec §8 (70002 queue full, 70010/80008 VIP or GPU limit,
 * 80214/70039 VIP computing, 120013 LoRA training limit, 190000 unlock buy, 40313 canvas limit):
 * which text the person reads, with which numbers, by their tier and company role (spec §6: lite
 * and tier 1 and 2 are told to upgrade, tier 3 and 4 see a plain limit; enterprise admins and
 * members read different messages), and where its button leads: the membership page (on the
 * tier to buy), the coin page, or nowhere when nothing can be bought.
 */
import { TIER_BENEFITS, TIER_ORDER, upgradeTarget, type Tier } from './benefits.js';

export type EnterpriseRole = 'none' | 'admin' | 'member';

export interface UpsellContext {
  readonly tier: Tier;
  readonly enterpriseRole: EnterpriseRole;
}

export type UpsellTopic = 'queue' | 'training' | 'vipComputing' | 'gpu' | 'unlock' | 'canvas';

export type UpsellAction =
  | { readonly kind: 'pricing'; readonly tier: Tier | null }
  | { readonly kind: 'coins' }
  | { readonly kind: 'none' };

export interface Upsell {
  readonly topic: UpsellTopic;
  readonly titleKey: string;
  readonly bodyKey: string;
  /** Numbers and the tiers (as ICU select values: guest, none, basic, standard, pro). */
  readonly values: Readonly<Record<string, string | number>>;
  readonly action: UpsellAction;
  readonly actionKey: string | null;
}

/** The topic of a named dialog (and its variant); null for a dialog that sells nothing (login). */
export const upsellTopicOf = (name: string, variant: string | null): UpsellTopic | null => {
  switch (name) {
    case 'upgrade':
    case 'break':
      if (variant === 'LoraTrain') return 'training';
      if (variant === 'Basic') return 'canvas';
      return 'queue';
    case 'vipComputing':
      return 'vipComputing';
    case 'vipLimit':
    case 'gpuLimit':
    case 'enterpriseCompute':
      return 'gpu';
    case 'enterpriseQueue':
      return 'queue';
    case 'unlockBuy':
      return 'unlock';
    case 'canvasLimit':
      return 'canvas';
    default:
      return null;
  }
};

const key = (topic: UpsellTopic, part: string) => `billing.upsell.${topic}.${part}`;

/**
 * The plan a company admin is sent to. The membership page sells no company plan of its own, so
 * the admin lands on its highest tier, the one that best stands for a company's plan.
 */
export const COMPANY_PLAN_TIER: Tier = TIER_ORDER[TIER_ORDER.length - 1] ?? 'pro';

/**
 * The company role an upsell speaks to: the role the error map wrote into a company dialog
 * (`enterpriseQueue` / `enterpriseCompute` with variant Admin or Member) wins, so the text always
 * matches the dialog that was decided; any other dialog speaks to the person's own role.
 */
export const upsellRoleOf = (name: string, variant: string | null, own: EnterpriseRole): EnterpriseRole => {
  if (name !== 'enterpriseQueue' && name !== 'enterpriseCompute') return own;
  return variant === 'Admin' ? 'admin' : 'member';
};

/**
 * The upsell of one dialog for one person, or null when the dialog is not an upsell. The body is
 * chosen in this order: a company member (ask the admin; nothing to buy), a company admin (the
 * company's plan: the membership page on its highest tier), the top tier (a plain limit, spec §6), a free account, a member who can go higher.
 */
export const upsellOf = (name: string, variant: string | null, ctx: UpsellContext): Upsell | null => {
  const topic = upsellTopicOf(name, variant);
  if (topic === null) return null;
  const role = upsellRoleOf(name, variant, ctx.enterpriseRole);
  const target = upgradeTarget(ctx.tier);
  const own = TIER_BENEFITS[ctx.tier];
  const next = target === null ? null : TIER_BENEFITS[target];
  const values: Record<string, string | number> = {
    tier: ctx.tier,
    target: target ?? ctx.tier,
    queue: own.queue,
    nextQueue: next?.queue ?? own.queue,
    trainings: own.trainingsPer30Days,
    nextTrainings: next?.trainingsPer30Days ?? own.trainingsPer30Days,
    speed: own.speed,
    nextSpeed: next?.speed ?? own.speed,
  };
  const titleKey = key(topic, 'title');
  if (topic === 'unlock')
    return {
      topic,
      titleKey,
      bodyKey: key(topic, 'body'),
      values,
      action: { kind: 'coins' },
      actionKey: 'billing.upsell.action.coins',
    };
  if (role === 'member')
    return {
      topic,
      titleKey,
      bodyKey: key(topic, 'enterpriseMember'),
      values,
      action: { kind: 'none' },
      actionKey: null,
    };
  if (role === 'admin')
    return {
      topic,
      titleKey,
      bodyKey: key(topic, 'enterpriseAdmin'),
      values,
      action: { kind: 'pricing', tier: COMPANY_PLAN_TIER },
      actionKey: 'billing.upsell.action.companyPlan',
    };
  if (target === null)
    return { topic, titleKey, bodyKey: key(topic, 'top'), values, action: { kind: 'none' }, actionKey: null };
  const free = ctx.tier === 'guest' || ctx.tier === 'none';
  return {
    topic,
    titleKey,
    bodyKey: key(topic, free ? 'free' : 'member'),
    values,
    action: { kind: 'pricing', tier: target },
    actionKey: free ? 'billing.upsell.action.join' : 'billing.upsell.action.upgrade',
  };
};

/** Every message key an upsell can name, for the catalogue test. */
export const UPSELL_MESSAGE_KEYS: readonly string[] = [
  ...(['queue', 'training', 'vipComputing', 'gpu', 'canvas'] as const).flatMap((t) =>
    ['title', 'enterpriseMember', 'enterpriseAdmin', 'top', 'free', 'member'].map((p) => key(t, p)),
  ),
  key('unlock', 'title'),
  key('unlock', 'body'),
  'billing.upsell.action.coins',
  'billing.upsell.action.companyPlan',
  'billing.upsell.action.join',
  'billing.upsell.action.upgrade',
];
