/**
 * Spec §2 route guards as the router's loaders run them, before a page renders: a guard that
 * depends on the server's flags (character and tavern routes) first waits for them, so that a
 * first visit is decided on real data; a decision to go elsewhere becomes the router's redirect
 * (with a toast saying why when a permission or a test sends the person home); a guest on a page
 * that needs a session sees the page's place behind the login dialog (the loader's `gated`).
 */
import { redirect } from 'react-router';
import { flags, routing } from '../../domain/index.js';
import { showNotice } from '../../infrastructure/notices/commands';
import {
  carryOut,
  guardNavigation,
  openLoginDialog,
  type RouteMeta,
} from '../../infrastructure/routing/guard';
import { whenState } from '../../infrastructure/store/whenState';
import type { RouteContext } from '../routes/types';

/**
 * The longest a guard waits for the flags (the are/you/ok call) before deciding with none. An
 * answer or a failed call (`flags/unavailable`) ends the wait first; this only bounds a call that
 * hangs. (5 s sent people in the tavern group home whenever the server was slow to answer.)
 */
export const FLAGS_WAIT_MS = 15_000;

/** What a page's loader learns from its guard: whether the page stays behind the login dialog. */
export interface GuardOutcome {
  readonly gated: boolean;
}

export const runGuard = async (ctx: RouteContext, meta: RouteMeta, url: URL): Promise<GuardOutcome> => {
  const bare = routing.splitLocalePath(url.pathname).rest;
  if (routing.guardNeedsFlags(meta.name, bare))
    await whenState(ctx.store, (s) => flags.flagsSettledFor(s.flags, ctx.guard.hasSession()), FLAGS_WAIT_MS);
  let to: string | null = null;
  let gated = false;
  carryOut(guardNavigation(ctx.guard, url, meta), url, {
    go: (href) => {
      to = href;
    },
    openLogin: (variant) => ctx.store.dispatch(openLoginDialog(variant)),
    explain: (reason) =>
      ctx.store.dispatch(
        showNotice({ level: 'warning', messageKey: routing.REDIRECT_REASON_MESSAGE[reason] }),
      ),
    gate: () => {
      gated = true;
    },
  });
  if (to !== null) throw redirect(to);
  return { gated };
};
