/**
 * Capabilities the detail and search epics need, injected: their calls, and the rich-text
 * sanitiser (spec §5) a post's HTML passes before it enters an event. Browser implementations
 * are in browser.ts; tests pass fakes.
 */
import type { DetailsApi } from './api';

export interface DetailsDeps {
  readonly api: DetailsApi;
  /** HTML to HTML under the spec §5 policy (domain/moderation): allowed tags, attributes, styles, links. */
  readonly sanitize: (html: string) => string;
}
