/** The browser's detail-page capabilities: the calls on the shared HTTP client, DOMPurify over this window. */
import type { HttpClient } from '../http/client';
import { makeDetailsApi } from './api';
import type { DetailsDeps } from './deps';
import { makeRichTextSanitizer } from './sanitize';

export const browserDetailsDeps = (http: HttpClient): DetailsDeps => ({
  api: makeDetailsApi(http),
  sanitize: makeRichTextSanitizer(window, window.location.origin),
});
