/**
 * Rich-text sanitising for posts (spec §5): only a fixed list of tags, attributes and styles
 * survives; javascript and data links are removed; external links open in a new tab.
 *
 * No sanitiser package is installed on the server, so this is a small allow-list filter that is
 * safe by construction: the input is tokenised and the output is written from scratch. Text is
 * always entity-escaped (well-formed entity references are kept), and only allowed tags are
 * emitted, each with only its allowed, re-validated and re-escaped attributes. Anything that does
 * not parse as a tag is text. Unknown tags are unwrapped (their text is kept); script-like
 * elements are dropped with their content; comments, doctypes and processing instructions go.
 * Open tags are balanced at the end, stray closing tags dropped, nesting capped.
 */

const ALLOWED_TAGS: ReadonlySet<string> = new Set([
  'p',
  'div',
  'br',
  'hr',
  'h2',
  'h3',
  'h4',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'del',
  'blockquote',
  'ul',
  'ol',
  'li',
  'code',
  'pre',
  'span',
  'a',
  'img',
]);
const VOID_TAGS: ReadonlySet<string> = new Set(['br', 'hr', 'img']);
/** Elements dropped together with everything up to their closing tag. */
const DROP_WITH_CONTENT: ReadonlySet<string> = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'noscript',
  'template',
  'textarea',
  'title',
  'xmp',
  'noembed',
  'noframes',
  'svg',
  'math',
  'select',
  'head',
  'plaintext',
]);
const ATTRIBUTES: { readonly [tag: string]: readonly string[] } = {
  a: ['href', 'title'],
  img: ['src', 'alt', 'width', 'height'],
  ol: ['start'],
};
const GLOBAL_ATTRIBUTES: readonly string[] = ['style'];
const MAX_DEPTH = 32;

const NAMED: { readonly [name: string]: string } = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  colon: ':',
  tab: '\t',
  newline: '\n',
  sol: '/',
  lpar: '(',
  rpar: ')',
};

/** Decodes numeric references and a few named ones (enough to see through `jav&#x61;script:`). */
export const decodeEntities = (s: string): string =>
  s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code =
        ref[1] === 'x' || ref[1] === 'X'
          ? Number.parseInt(ref.slice(2), 16)
          : Number.parseInt(ref.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return NAMED[ref.toLowerCase()] ?? whole;
  });

const escapeAttr = (s: string): string =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** Text keeps well-formed entity references; every other `&`, `<` and `>` is escaped. */
const escapeText = (s: string): string =>
  s
    // eslint-disable-next-line no-control-regex
    .replace(/\u0000/g, '')
    .replace(/&(?!(?:#\d{1,7}|#x[0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');

export type UrlUse = 'link' | 'image';

/**
 * An allowed URL, or null: http(s) (and mailto and #fragments for links) or a site path.
 * Control characters and whitespace are removed first, as browsers do, so they cannot hide
 * a scheme; backslashes, protocol-relative `//` and undecodable entities are refused.
 */
export const safeUrl = (raw: string, use: UrlUse): string | null => {
  // eslint-disable-next-line no-control-regex
  const url = decodeEntities(raw).replace(/[\u0000-\u0020\u007f-\u009f\u00a0\u2028\u2029]/g, '');
  if (url === '' || url.length > 2048 || url.includes('\\') || /&[a-z]+;/i.test(url)) return null;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url);
  if (scheme) {
    const name = scheme[1]!.toLowerCase();
    if (name === 'http' || name === 'https') return /^https?:\/\/[^/]/i.test(url) ? url : null;
    if (name === 'mailto' && use === 'link') return url;
    return null;
  }
  if (url.startsWith('//')) return null;
  if (url.startsWith('/')) return url;
  if (url.startsWith('#')) return use === 'link' ? url : null;
  // A relative path: safe only if no colon could be read as a scheme further on.
  return url.includes(':') ? null : url;
};

const isExternal = (url: string): boolean => /^(https?:|mailto:)/i.test(url);

const STYLE_RULES: { readonly [prop: string]: RegExp } = {
  'text-align': /^(left|right|center|justify)$/,
  color: /^(#[0-9a-f]{3}|#[0-9a-f]{6}|rgb\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*\))$/,
  'font-weight': /^(normal|bold|400|700)$/,
  'text-decoration': /^(none|underline|line-through)$/,
  'font-style': /^(normal|italic)$/,
};

/** Keeps only the allowed declarations; null when none is left. */
export const safeStyle = (raw: string): string | null => {
  const kept: string[] = [];
  for (const decl of decodeEntities(raw).split(';')) {
    const i = decl.indexOf(':');
    if (i < 0) continue;
    const prop = decl.slice(0, i).trim().toLowerCase();
    const value = decl
      .slice(i + 1)
      .trim()
      .toLowerCase();
    const rule = STYLE_RULES[prop];
    if (rule && rule.test(value)) kept.push(`${prop}: ${value}`);
  }
  return kept.length === 0 ? null : kept.join('; ');
};

const TAG =
  /<(\/?)([A-Za-z][A-Za-z0-9-]{0,31})((?:\s+[^\s"'<>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/y;
const ATTR = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

const attributesOf = (tag: string, raw: string): string => {
  const allowed = [...(ATTRIBUTES[tag] ?? []), ...GLOBAL_ATTRIBUTES];
  const seen = new Set<string>();
  const out: string[] = [];
  let external = false;
  for (const m of raw.matchAll(ATTR)) {
    const name = m[1]!.toLowerCase();
    if (!allowed.includes(name) || seen.has(name)) continue;
    seen.add(name);
    const value = m[2] ?? m[3] ?? m[4] ?? '';
    let clean: string | null;
    switch (name) {
      case 'href':
        clean = safeUrl(value, 'link');
        if (clean !== null) external = isExternal(clean);
        break;
      case 'src':
        clean = safeUrl(value, 'image');
        break;
      case 'title':
      case 'alt':
        clean = decodeEntities(value).slice(0, 200);
        break;
      case 'width':
      case 'height':
        clean = /^\d{1,4}$/.test(value.trim()) ? value.trim() : null;
        break;
      case 'start':
        clean = /^\d{1,6}$/.test(value.trim()) ? value.trim() : null;
        break;
      case 'style':
        clean = safeStyle(value);
        break;
      default:
        clean = null;
    }
    if (clean !== null) out.push(` ${name}="${escapeAttr(clean)}"`);
  }
  if (tag === 'a' && external) out.push(' target="_blank" rel="noopener noreferrer nofollow"');
  return out.join('');
};

/** Where the dropped element `name`, opened before `from`, ends (after its closing tag). */
const endOfDropped = (html: string, name: string, from: number): number => {
  if (name === 'plaintext') return html.length;
  const close = new RegExp(`</${name}[\\s/>]`, 'ig');
  close.lastIndex = from;
  const m = close.exec(html);
  if (!m) return html.length;
  const gt = html.indexOf('>', m.index);
  return gt < 0 ? html.length : gt + 1;
};

/** The allow-listed, balanced HTML of `input`. */
export const sanitizeHtml = (input: string): string => {
  const out: string[] = [];
  const open: string[] = [];
  let i = 0;
  const n = input.length;
  while (i < n) {
    const lt = input.indexOf('<', i);
    if (lt < 0) {
      out.push(escapeText(input.slice(i)));
      break;
    }
    if (lt > i) out.push(escapeText(input.slice(i, lt)));
    i = lt;
    if (input.startsWith('<!--', i)) {
      const end = input.indexOf('-->', i + 4);
      i = end < 0 ? n : end + 3;
      continue;
    }
    if (input[i + 1] === '!' || input[i + 1] === '?') {
      const end = input.indexOf('>', i);
      i = end < 0 ? n : end + 1;
      continue;
    }
    TAG.lastIndex = i;
    const m = TAG.exec(input);
    if (!m) {
      out.push('&lt;');
      i += 1;
      continue;
    }
    i = TAG.lastIndex;
    const closing = m[1] === '/';
    const name = m[2]!.toLowerCase();
    if (DROP_WITH_CONTENT.has(name)) {
      if (!closing) i = endOfDropped(input, name, i);
      continue;
    }
    if (!ALLOWED_TAGS.has(name)) continue;
    if (closing) {
      const at = open.lastIndexOf(name);
      if (at < 0) continue;
      while (open.length > at) out.push(`</${open.pop()!}>`);
      continue;
    }
    if (VOID_TAGS.has(name)) {
      out.push(`<${name}${attributesOf(name, m[3] ?? '')}>`);
      continue;
    }
    if (open.length >= MAX_DEPTH) continue;
    open.push(name);
    out.push(`<${name}${attributesOf(name, m[3] ?? '')}>`);
  }
  while (open.length > 0) out.push(`</${open.pop()!}>`);
  return out.join('');
};

/** The plain text of sanitised HTML, whitespace collapsed (for summaries and search). */
export const htmlToText = (html: string): string =>
  decodeEntities(
    html.replace(/<(br|\/p|\/div|\/li|\/h[2-4]|\/blockquote|\/pre)[^>]*>/gi, ' ').replace(/<[^>]*>/g, ''),
  )
    .replace(/\s+/g, ' ')
    .trim();

/** Whether sanitised HTML shows anything: some text or an image. */
export const hasContent = (html: string): boolean => htmlToText(html) !== '' || /<img\s/i.test(html);
