/**
 * The error map's context, read from the root state: who is asking (membership, VIP tier,
 * company role) and from where (a tool page, a listed task call). Pure, so the epic that
 * carries out effects and the tests derive it the same way.
 */
import type { BillingState } from '../billing/state.js';
import { isToolPage } from '../routing/rules.js';
import { enterpriseRoleOf } from '../session/rules.js';
import type { SessionState } from '../session/state.js';
import { vipTierOf } from './catalogue.js';
import type { ErrorContext } from './rules.js';

/** Spec §8: the task calls that open the login dialog in place on 20000..20004. */
export const isListedTaskCall = (apiPath: string): boolean => apiPath.startsWith('/api/v1/task/');

export const errorContextOf = (
  state: { readonly session: SessionState; readonly billing: BillingState },
  apiPath: string,
  pagePath: string,
): ErrorContext => {
  const user = state.session.status === 'signedIn' ? state.session.user : null;
  const role = user ? enterpriseRoleOf(user) : 'none';
  const billing = state.billing.status === 'known' ? state.billing : null;
  const vipTier = billing ? vipTierOf(billing.vipType) : undefined;
  return {
    isMember: billing !== null && (billing.activeState || billing.liteActiveState || vipTier !== undefined),
    isEnterprise: role !== 'none',
    ...(role === 'none' ? {} : { enterpriseRole: role }),
    ...(vipTier === undefined ? {} : { vipTier }),
    onToolPage: isToolPage(pagePath),
    isListedTaskCall: isListedTaskCall(apiPath),
  };
};
