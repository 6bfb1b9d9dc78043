/**
 * Spec §2 route guards as the router's loaders run them, before a page renders: a guard that
 * depends on the server's flags (character and tavern routes) first waits for them, so that a
 * first visit is decided on real data; a decision to go elsewhere becomes the router's redirect.
 */
import { redirect } from 'react-router';
import { routing } from '../../domain/index.js';
import {
  carryOut,
  guardNavigation,
  openLoginDialog,
  type RouteMeta,
} from '../../infrastructure/routing/guard';
import { whenState } from '../../infrastructure/store/modules';
import type { RouteContext } from '../routes/types';

/** How long a guard waits for the flags (the are/you/ok call) before deciding with none. */
export const FLAGS_WAIT_MS = 5000;

export const runGuard = async (ctx: RouteContext, meta: RouteMeta, url: URL): Promise<void> => {
  const bare = routing.splitLocalePath(url.pathname).rest;
  if (routing.guardNeedsFlags(meta.name, bare))
    await whenState(ctx.store, (s) => s.flags.status === 'known', FLAGS_WAIT_MS);
  let to: string | null = null;
  carryOut(guardNavigation(ctx.guard, url, meta), url, {
    go: (href) => {
      to = href;
    },
    openLogin: (variant) => ctx.store.dispatch(openLoginDialog(variant)),
  });
  if (to !== null) throw redirect(to);
};
