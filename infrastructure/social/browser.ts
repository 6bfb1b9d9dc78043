/** The browser's social capabilities: the calls on the HTTP client and the online/offline events. */
import { fromEvent, map, merge } from 'rxjs';
import type { HttpClient } from '../http/client';
import { makeSocialApi } from './api';
import type { SocialDeps } from './deps';

export const browserSocialDeps = (http: HttpClient): SocialDeps => ({
  api: makeSocialApi(http),
  connectivity: {
    isOnline: () => window.navigator.onLine,
    changes$: merge(
      fromEvent(window, 'online').pipe(map(() => true)),
      fromEvent(window, 'offline').pipe(map(() => false)),
    ),
  },
});
