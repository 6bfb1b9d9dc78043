import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { redact, routing } from '../domain/index.js';
import { bootstrap } from '../infrastructure/app/bootstrap';
import { appStarted } from '../infrastructure/store/commands';
import { reportClientError } from '../infrastructure/telemetry/commands';
import { createAppRouter, whenRouterReady } from './app/router';
import { createCatalogue } from '../infrastructure/i18n/catalogue';
import './ui/tokens.css';

const currentLocale = () =>
  routing.splitLocalePath(window.location.pathname).locale ?? routing.DEFAULT_LOCALE;

/**
 * Ends the current task: the browser may paint and take input between start-up's steps. On a phone's
 * CPU the store's start, the router's first match and the first render were one task of ~300 ms
 * (issue 22: the blocking time Lighthouse counts after the first paint); now they are three.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const { store, navigator: appNavigator, routeGuard } = bootstrap(currentLocale);
store.dispatch(appStarted({}));
// Spec §8 error-report types: uncaught page errors are reported (batched and retried by telemetry).
window.addEventListener('error', (e) =>
  store.dispatch(reportClientError({ type: 'page_error', message: String(e.message).slice(0, 500) })),
);
window.addEventListener('unhandledrejection', (e) =>
  store.dispatch(reportClientError({ type: 'page_error', message: String(e.reason).slice(0, 500) })),
);

// A read-only window for auditors and end-to-end tests: the state and the session's event log,
// both redacted (no token, e-mail, cookie value, URL signature or card number).
Object.defineProperty(window, '__ATELIER__', {
  value: Object.freeze({
    state: () => redact(store.getState()),
    eventLog: store.eventLog,
  }),
});

/** The router and the first render, each in a task of its own after the store's start. */
const mount = async () => {
  await nextTask();
  // The router's loaders run the spec §2 guards before the first page renders.
  const router = createAppRouter({ store, guard: routeGuard, catalogue: createCatalogue() }, appNavigator);
  // React's first render is the first page itself: until its loaders have run, the page's HTML stays
  // painted (the header band, and for Create and pricing the first screen the server drew in the
  // page's language, server/routing/firstScreen.ts), rather than a fallback that would blank it.
  await whenRouterReady(router);
  await nextTask();
  const container = document.getElementById('root');
  if (!container) return;
  const root = createRoot(container);
  // The first render as a transition: React renders it in slices of a few milliseconds, yielding to
  // the browser between them, where a default render is one task (190 to 225 ms under Lighthouse's
  // 4x CPU, counted as blocking time). The page's HTML stays painted until the render commits.
  startTransition(() =>
    root.render(
      <StrictMode>
        <Provider store={store}>
          <RouterProvider router={router} />
        </Provider>
      </StrictMode>,
    ),
  );
};
void mount();
