/**
 * Wires the browser's real capabilities into the store: fetch, the §7 headers, the clock, the
 * async scheduler, random ids, a navigator the view layer plugs its router into, and what the
 * route guards read (cookies, A/B flags, user agent, language).
 */
import { asyncScheduler } from 'rxjs';
import { flags, notices } from '../../domain/index.js';
import { APP_ID, HEADER, PLATFORM } from '../contract/envelope';
import { deviceId, randomId, storedLanguage } from '../platform/device';
import { makeApi } from './api';
import { makeHttpClient } from '../http/client';
import { openTokenStore } from '../http/tokenStore';
import { browserCaptchaDeps } from '../tasks/captcha';
import { browserDetailsDeps } from '../details/browser';
import { browserDecorationsDeps } from '../decorations/api';
import { browserBillingDeps } from '../billing/browser';
import { browserPlatformDeps } from '../platform/browser';
import { makeCookieAdapter } from '../platform/cookies';
import { browserLocalStore } from '../platform/storage';
import type { RouteGuardEnv } from '../routing/guard';
import { buildStore } from '../store/buildStore';
import { coreEpics, loadLaterCoreEpics } from './registry';
import { deferredSink, LOG_SEGMENT_EVENTS } from '../store/recorder';
import { browserSocialDeps } from '../social/browser';
import { browserStreamingDeps } from '../streaming/browser';
import { browserChatDeps } from '../chat/browser';
import { browserCharactersDeps } from '../characters/browser';
import { browserStudioDeps } from '../studio/browser';
import { makeSupportApi } from '../support/api';
import { browserTelemetryDeps } from '../telemetry/browser';
import { browserTasksDeps } from '../tasks/deps';
import { browserUploadsDeps } from '../uploads/browser';

export interface Navigator {
  readonly navigate: (to: string) => void;
  /** Routes navigation through `handler` until the returned detach is called. */
  readonly attach: (handler: (to: string) => void) => () => void;
}

const makeNavigator = (): Navigator => {
  const fallback = (to: string) => window.location.assign(to);
  let handler = fallback;
  return {
    navigate: (to) => handler(to),
    attach: (h) => {
      handler = h;
      return () => {
        if (handler === h) handler = fallback;
      };
    },
  };
};

export const bootstrap = (getLanguage: () => string) => {
  const device = deviceId(window.localStorage);
  // The spec §7 headers of every call, plain requests and streams alike.
  const headers = (): Record<string, string> => ({
    [HEADER.deviceId]: device,
    [HEADER.appId]: APP_ID,
    [HEADER.platform]: PLATFORM,
    [HEADER.requestId]: randomId(),
    [HEADER.timezone]: Intl.DateTimeFormat().resolvedOptions().timeZone,
    [HEADER.language]: getLanguage(),
  });
  const cookies = makeCookieAdapter(document, { secure: window.location.protocol === 'https:' });
  // The bearer token lives here, beside the HTTP client, never in the store (issue 9) nor in
  // local storage (issue 25): after a reload the HttpOnly cookie T carries the session.
  const token = openTokenStore(browserLocalStore(window.localStorage));
  const http = makeHttpClient({
    baseUrl: '',
    fetch: (input, init) => window.fetch(input, init),
    headers,
    token,
  });
  const navigator = makeNavigator();
  // The event log is bounded and kept on the device as it grows (issue 24), where IndexedDB is;
  // the ring's code loads after the first paint, what is recorded meanwhile waits for it.
  const ring =
    typeof indexedDB === 'undefined'
      ? null
      : import('../store/logRing').then((m) =>
          m.openLogRing(m.indexedDbRingStorage(), { visitId: randomId(), now: () => Date.now() }),
        );
  if (ring !== null) {
    const flush = () => void ring.then((r) => r.flush()).catch(() => undefined);
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') flush();
    });
  }
  const store = buildStore({
    // Their code loads after the store starts, beside the first route's (issue 22: not in the first visit).
    core: coreEpics,
    later: loadLaterCoreEpics,
    log: {
      segment: LOG_SEGMENT_EVENTS,
      ...(ring === null ? {} : { sink: deferredSink(ring.then((r) => r.sink)) }),
    },
    dependencies: {
      api: makeApi(http),
      clock: { now: () => Date.now() },
      scheduler: asyncScheduler,
      ids: () => randomId(),
      token,
      navigate: navigator.navigate,
      currentPath: () => window.location.pathname + window.location.search,
      tasks: browserTasksDeps(http),
      uploads: browserUploadsDeps(http),
      streaming: browserStreamingDeps(headers),
      chat: browserChatDeps(http),
      characters: browserCharactersDeps(http),
      studio: browserStudioDeps(http),
      telemetry: browserTelemetryDeps(http),
      platform: browserPlatformDeps(http),
      details: browserDetailsDeps(http),
      billing: browserBillingDeps(http),
      social: browserSocialDeps(http),
      captcha: browserCaptchaDeps(http, window.crypto.subtle),
      decorations: browserDecorationsDeps(http),
      support: { api: makeSupportApi(http) },
      ...(ring === null
        ? {}
        : {
            keptLogs: {
              earlier: () => ring.then((r) => r.earlier()),
              read: (visitId: string) => ring.then((r) => r.read(visitId)),
            },
          }),
    },
  });
  const routeGuard: RouteGuardEnv = {
    cookies: cookies.all,
    hasSession: cookies.hasSession,
    flags: () => flags.selectRouteFlags(store.getState().flags),
    userAgent: () => window.navigator.userAgent,
    preferredLanguage: () => storedLanguage(window.localStorage) ?? window.navigator.language,
    store: (key, value) => window.localStorage.setItem(key, value),
    loginDialogOpen: () => notices.selectDialog(store.getState().notices)?.name === 'login',
  };
  return { store, navigator, routeGuard };
};
