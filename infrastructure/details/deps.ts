/**
 * Capabilities the detail and search epics need, injected: their calls, and the rich-text
 * sanitiser (spec §5) a post's HTML passes before it enters an event. Browser implementations
 * are in browser.ts; tests pass fakes.
 */
import type { Observable } from 'rxjs';
import type { DetailsApi } from './api';

export interface DetailsDeps {
  readonly api: DetailsApi;
  /**
   * HTML to HTML under the spec §5 policy (domain/moderation): allowed tags, attributes, styles,
   * links. An Observable: the browser's sanitiser (DOMPurify) is loaded on the first post shown,
   * not with the first visit (issue 22).
   */
  readonly sanitize: (html: string) => Observable<string>;
}
