import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { redact, routing } from '../domain/index.js';
import { bootstrap } from '../infrastructure/app/bootstrap';
import { carryOut, guardNavigation, openLoginDialog } from '../infrastructure/platform/routeGuard';
import { appStarted } from '../infrastructure/store/commands';
import { reportClientError } from '../infrastructure/telemetry/commands';
import { Root } from './app/Root';
import { pageOf } from './app/routes';
import './styles.css';

let locale: routing.Locale = routing.DEFAULT_LOCALE;
const { store, navigator: appNavigator, routeGuard } = bootstrap(() => locale);
store.dispatch(appStarted({}));
// Spec §8 error-report types: uncaught page errors are reported (batched and retried by telemetry).
window.addEventListener('error', (e) =>
  store.dispatch(reportClientError({ type: 'page_error', message: String(e.message).slice(0, 500) })),
);
window.addEventListener('unhandledrejection', (e) =>
  store.dispatch(reportClientError({ type: 'page_error', message: String(e.reason).slice(0, 500) })),
);

// Spec §2 route guards for the page load, before the first render: a Japanese browser lands on
// /ja/... at once instead of flashing the English page first.
carryOut(
  guardNavigation(routeGuard, window.location, pageOf(window.location.pathname).meta),
  window.location,
  {
    go: (href, { replace }) =>
      replace ? window.history.replaceState(null, '', href) : window.history.pushState(null, '', href),
    openLogin: (variant) => store.dispatch(openLoginDialog(variant)),
  },
);
locale = routing.splitLocalePath(window.location.pathname).locale ?? routing.DEFAULT_LOCALE;

// A read-only window for auditors and end-to-end tests: the state and the session's event log,
// both redacted (no token, e-mail, cookie value, URL signature or card number).
Object.defineProperty(window, '__ATELIER__', {
  value: Object.freeze({
    state: () => redact(store.getState()),
    eventLog: () => store.recorder.toJsonLines(Date.now()),
  }),
});

const container = document.getElementById('root');
if (container)
  createRoot(container).render(
    <StrictMode>
      <Root
        store={store}
        navigator={appNavigator}
        routeGuard={routeGuard}
        initialHref={window.location.pathname + window.location.search}
        onLocaleChange={(next) => {
          locale = next;
        }}
      />
    </StrictMode>,
  );
