/**
 * The data router: English at the root and every other locale under its prefix (spec §2); for
 * each address a loader that starts the route's epics, runs the route guards and settles what the
 * page needs before it renders, and the page itself loaded lazily in a chunk of its own.
 */
import { createBrowserRouter, useLoaderData, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { routing } from '../../domain/index.js';
import type { Navigator } from '../../infrastructure/app/bootstrap';
import { APP_ROUTES, notFound, translationFileOf, type AppRoute, type RouteContext } from '../routes';
import { LoginGate } from '../features/session';
import { runGuard, type GuardOutcome } from './guard';
import { localizeHref } from '../i18n/locale';
import { RootLayout, ShellFallback } from './RootLayout';
import { loadOverlaysShown } from './shell/LazyHosts';
import { RouteError } from './RouteError';

export interface RouteHandle {
  readonly titleId: string;
  /** The meta description's message id (the site's own when the route has none). */
  readonly descriptionId?: string;
  /** The route's name (its guard meta name), for views that depend on the page (the popup queue). */
  readonly name?: string;
}

const localeOfPath = (pathname: string): routing.Locale =>
  routing.splitLocalePath(pathname).locale ?? routing.DEFAULT_LOCALE;

const NOT_FOUND_META = { name: 'notFound', requiresAuth: false } as const;

/** Whether the router is still loading the document's first page (it then waits for its `firstScreen`). */
interface FirstLoad {
  pending: boolean;
}

const pageRoute = (ctx: RouteContext, route: AppRoute, first: FirstLoad): RouteObject => ({
  ...(route.path === '' ? { index: true } : { path: route.path }),
  handle: {
    titleId: route.titleId,
    name: route.meta.name,
    ...(route.descriptionId === undefined ? {} : { descriptionId: route.descriptionId }),
  } satisfies RouteHandle,
  errorElement: <RouteError />,
  loader: async ({ request, params }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    // The route's messages (spec §2: by route name and locale) load beside its epics.
    const messages = ctx.catalogue.load(localeOfPath(url.pathname), translationFileOf(route));
    // The route's epics start before its guard and data (which may dispatch their commands).
    for (const module of await Promise.all((route.modules ?? []).map((load) => load())))
      ctx.store.addEpics(module);
    // What the page asks for first leaves now, beside the guard's own requests (issue 22).
    route.start?.(ctx, params, url);
    await messages;
    const outcome = await runGuard(ctx, route.meta, url);
    // A dialog or toast the guard opened shows with the page (their chunks load on first use).
    await loadOverlaysShown(ctx.store.getState());
    // Behind the login dialog the page's data is not asked for: a guest has no right to it yet.
    if (!outcome.gated) await route.load?.(ctx, params, url);
    if (!outcome.gated && first.pending) await route.firstScreen?.(ctx, params, url);
    return outcome;
  },
  lazy: async () => {
    // The router asks for the page's code before it runs the loader: the route's epic modules are
    // asked for first, so their few small files are not queued behind the page's many (on a phone
    // the page's first request, `start`, waits for them). The loader takes the same imports.
    for (const load of route.modules ?? []) load().catch(() => undefined);
    const Page = (await route.page()).default;
    // A guest at a page that needs a session sees its place behind the login dialog (spec §2).
    const Guarded = () => ((useLoaderData() as GuardOutcome | null)?.gated ? <LoginGate /> : <Page />);
    return { Component: Guarded };
  },
});

const notFoundRoute = (ctx: RouteContext): RouteObject => ({
  path: '*',
  handle: { titleId: 'title.notFound' } satisfies RouteHandle,
  loader: async ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    await ctx.catalogue.load(localeOfPath(url.pathname));
    await runGuard(ctx, NOT_FOUND_META, url);
    await loadOverlaysShown(ctx.store.getState());
    throw notFound();
  },
  errorElement: <RouteError />,
});

const pages = (ctx: RouteContext, first: FirstLoad): RouteObject[] => [
  ...APP_ROUTES.map((r) => pageRoute(ctx, r, first)),
  notFoundRoute(ctx),
];

export const createAppRouter = (ctx: RouteContext, navigator: Navigator) => {
  const first: FirstLoad = { pending: true };
  const router = createBrowserRouter([
    {
      element: <RootLayout catalogue={ctx.catalogue} />,
      HydrateFallback: ShellFallback,
      errorElement: <RouteError />,
      children: [
        ...pages(ctx, first),
        {
          // `/:lang/...` is a locale prefix only for a supported locale other than English.
          path: ':lang',
          errorElement: <RouteError />,
          loader: async ({ params }: LoaderFunctionArgs) => {
            if (routing.splitLocalePath(`/${params['lang'] ?? ''}`).locale === null) {
              await ctx.catalogue.load(routing.DEFAULT_LOCALE);
              throw notFound();
            }
            return null;
          },
          children: pages(ctx, first),
        },
      ],
    },
  ]);
  void whenRouterReady(router).then(() => {
    first.pending = false;
  });
  // Epics leave the page through the router, in the address's locale, instead of a full reload.
  navigator.attach((to) => {
    const locale = routing.splitLocalePath(router.state.location.pathname).locale ?? routing.DEFAULT_LOCALE;
    void router.navigate(localizeHref(locale, to));
  });
  return router;
};

/**
 * Resolves once the router has run the first page's loaders and loaded its code (its state is
 * initialized): React's first render is then the page.
 */
export const whenRouterReady = (router: ReturnType<typeof createAppRouter>): Promise<void> =>
  new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
