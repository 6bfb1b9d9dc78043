/**
 * The browser's detail-page capabilities: the calls on the shared HTTP client, and DOMPurify over
 * this window, loaded with the first post that has rich text (a chunk of its own, not in the first
 * visit: issue 22). A failed load is not kept: the next post asks again.
 */
import { defer, map, shareReplay } from 'rxjs';
import type { HttpClient } from '../http/client';
import { makeDetailsApi } from './api';
import type { DetailsDeps } from './deps';

const sanitizer$ = defer(() => import('./sanitize')).pipe(
  map((m) => m.makeRichTextSanitizer(window, window.location.origin)),
  shareReplay({ bufferSize: 1, refCount: false }),
);

export const browserDetailsDeps = (http: HttpClient): DetailsDeps => ({
  api: makeDetailsApi(http),
  sanitize: (html) => sanitizer$.pipe(map((sanitize) => sanitize(html))),
});
