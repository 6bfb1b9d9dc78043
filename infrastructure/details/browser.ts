/**
 * The browser's detail-page capabilities: the calls on the shared HTTP client, DOMPurify over this
 * window, loaded (once) with the first post to clean rather than with the page (issue 22).
 */
import { defer, map, shareReplay } from 'rxjs';
import type { HttpClient } from '../http/client';
import { makeDetailsApi } from './api';
import type { DetailsDeps } from './deps';

export const browserDetailsDeps = (http: HttpClient): DetailsDeps => {
  const sanitizer$ = defer(() => import('./sanitize')).pipe(
    map((m) => m.makeRichTextSanitizer(window, window.location.origin)),
    shareReplay({ bufferSize: 1, refCount: false }),
  );
  return {
    api: makeDetailsApi(http),
    sanitize: (html) => sanitizer$.pipe(map((sanitize) => sanitize(html))),
  };
};
