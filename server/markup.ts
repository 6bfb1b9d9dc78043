/**
 * Text put into markup the server writes (the checkout page, the development outbox, the support
 * log viewer, sitemap.xml, a detail page's preload link): the five characters that could end a
 * text or an attribute, as entities. One rule for HTML and XML alike.
 */
const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeMarkup = (s: string): string => s.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
