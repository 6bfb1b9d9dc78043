/**
 * The spec §5 rich-text sanitiser of the web client: DOMPurify configured from the policy of
 * domain/moderation (allowed tags, attributes and styles; only safe link schemes; external links
 * in a new tab without access to this window). The server sanitises posts when they are written;
 * the client sanitises again what it renders, so a post never depends on the server's copy alone.
 */
import createDOMPurify, { type WindowLike } from 'dompurify';
import { moderation } from '../../domain/index.js';

/** Attributes only the sanitiser writes (from `linkTarget`), never taken from the input. */
const WRITTEN = new Set(['target', 'rel']);

export const makeRichTextSanitizer = (window: WindowLike, ownOrigin: string): ((html: string) => string) => {
  const purify = createDOMPurify(window);
  purify.addHook('uponSanitizeAttribute', (_node, data) => {
    const name = data.attrName.toLowerCase();
    if (WRITTEN.has(name)) {
      data.keepAttr = false;
      return;
    }
    if (name === 'style') {
      const style = moderation.filterStyle(data.attrValue);
      if (style === '') data.keepAttr = false;
      else data.attrValue = style;
      return;
    }
    if (moderation.URL_ATTRIBUTES.includes(name) && !moderation.isSafeHref(data.attrValue))
      data.keepAttr = false;
  });
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName.toLowerCase() !== 'a') return;
    const el = node as Element;
    const href = el.getAttribute('href');
    if (href === null) return;
    const target = moderation.linkTarget(href, ownOrigin);
    if (target.target === '_blank') {
      el.setAttribute('target', '_blank');
      el.setAttribute('rel', target.rel);
    }
  });
  const config = {
    ALLOWED_TAGS: [...moderation.ALLOWED_TAGS],
    ALLOWED_ATTR: [...moderation.ALLOWED_ATTRIBUTES],
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
  };
  return (html) => purify.sanitize(html, config);
};
