/**
 * The spec §5 rich-text sanitiser of the web client: DOMPurify configured from the policy of
 * domain/moderation (allowed tags, attributes and styles; only safe link schemes; external links
 * in a new tab without access to this window). The server sanitises posts when they are written;
 * the client sanitises again what it renders, so a post never depends on the server's copy alone.
 */
import createDOMPurify, { type Config, type WindowLike } from 'dompurify';
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
  const config: Config & { RETURN_DOM: true } = {
    ALLOWED_TAGS: [...moderation.ALLOWED_TAGS],
    ALLOWED_ATTR: [...moderation.ALLOWED_ATTRIBUTES],
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    // As a tree, not a string: an element parsed with an `is` attribute keeps that name through
    // serialisation even once the attribute is removed (DOMPurify then writes `is=""` to mask it);
    // DOMPurify removes such an element from a tree instead, as the server's sanitiser does.
    RETURN_DOM: true,
  };
  const document = (window as unknown as Window).document;
  // Read back in an inert template (nothing in it loads or runs) until it settles (domain/moderation).
  const reparse = (html: string): string => {
    const template = document.createElement('template');
    template.innerHTML = html;
    moderation.keepPreNewlines(template.content);
    return template.innerHTML;
  };
  const textOf = (root: Element): string => {
    const template = document.createElement('template');
    template.content.append(root.textContent ?? '');
    return template.innerHTML;
  };
  return (html) => {
    // The body of DOMPurify's own inert document; null for a document without one (a frameset).
    const body = purify.sanitize(html, config) as Element | null;
    if (body === null) return '';
    moderation.keepPreNewlines(body);
    return moderation.settleHtml(body.innerHTML, reparse) ?? textOf(body);
  };
};
