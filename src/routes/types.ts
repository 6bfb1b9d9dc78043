import type { ComponentType } from 'react';
import type { Params } from 'react-router';
import type { RouteGuardEnv, RouteMeta } from '../../infrastructure/routing/guard';
import type { AppStore } from '../../infrastructure/store/buildStore';
import type { EpicModuleLoader } from '../../infrastructure/app/registry';
import type { Catalogue } from '../../infrastructure/i18n/catalogue';

/** What a route's loader may use: the store, the world the spec §2 guards read, the messages. */
export interface RouteContext {
  readonly store: AppStore;
  readonly guard: RouteGuardEnv;
  /** The interface messages loaded so far; a route's loader adds its translation file. */
  readonly catalogue: Catalogue;
}

/**
 * One address of the web client: its path below the locale prefix ('' is the index), what the
 * guards know of it, its title's message id, the epic modules it needs, its lazily loaded page,
 * and what its loader must settle before the page renders (e.g. a 404 for an unknown id).
 */
export interface AppRoute {
  readonly path: string;
  readonly meta: RouteMeta;
  readonly titleId: string;
  /** The page's meta description (issue 22: one per public route, in the page's language); else the site's. */
  readonly descriptionId?: string;
  readonly modules?: readonly EpicModuleLoader[];
  readonly page: () => Promise<{ readonly default: ComponentType }>;
  /**
   * What the page will ask for first, asked for as soon as the route's epics run, beside its
   * guard and messages rather than after them (issue 22: on a phone each round trip the page's
   * largest paint waits for is counted). Never awaited; a guard that sends the person elsewhere
   * leaves the answer unused.
   */
  readonly start?: (ctx: RouteContext, params: Params, url: URL) => void;
  readonly load?: (ctx: RouteContext, params: Params, url: URL) => Promise<void>;
  /**
   * What the document's first page also waits for before React's first render, after `load` (issue 22:
   * the server drew the page's first screen into its HTML, which stays painted until that render, so the
   * render puts the real one in its place rather than a skeleton); a later navigation does not wait.
   */
  readonly firstScreen?: (ctx: RouteContext, params: Params, url: URL) => Promise<void>;
}

/** Thrown by a loader for an id that does not exist: the router shows the not-found page. */
export const notFound = (): Response => new Response(null, { status: 404, statusText: 'Not Found' });
