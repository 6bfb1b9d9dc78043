import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { storedLanguage } from '../infrastructure/adapters/device';
import { bootstrap } from '../infrastructure/app/bootstrap';
import { appStarted } from '../infrastructure/store/commands';
import { reportClientError } from '../infrastructure/telemetry/commands';
import { Root } from './app/Root';
import { pickLocale, type Locale } from './i18n/locales';
import './styles.css';

let locale: Locale = pickLocale(storedLanguage(window.localStorage), navigator.languages);
const { store, navigator: appNavigator } = bootstrap(() => locale);
store.dispatch(appStarted({}));
// Spec §8 error-report types: uncaught page errors are reported (batched and retried by telemetry).
window.addEventListener('error', (e) =>
  store.dispatch(reportClientError({ type: 'page_error', message: String(e.message).slice(0, 500) })),
);
window.addEventListener('unhandledrejection', (e) =>
  store.dispatch(reportClientError({ type: 'page_error', message: String(e.reason).slice(0, 500) })),
);

// A read-only window for auditors and end-to-end tests: the state and the session's event log.
Object.defineProperty(window, '__ATELIER__', {
  value: Object.freeze({
    state: () => store.getState(),
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
        initialLocale={locale}
        onLocaleChange={(next) => {
          locale = next;
        }}
      />
    </StrictMode>,
  );
