/**
 * Rich-text sanitising for posts (spec §5): only a fixed list of tags, attributes and styles
 * survives; javascript and data links are removed; external links open in a new tab.
 *
 * The work is done by DOMPurify over one jsdom window: the input is parsed by a real HTML5
 * parser, every node outside the allow-list is removed (unknown tags unwrapped with their text
 * kept, script-like elements dropped with their content) and the tree is serialised again. The
 * hooks below narrow DOMPurify's own checks to this platform's policy: attributes per tag,
 * URLs by `safeUrl`, styles by `safeStyle`, a nesting cap, and external links in a new tab.
 */
import { createRequire } from 'node:module';
import createDOMPurify, {
  type DOMPurify,
  type UponSanitizeAttributeHookEvent,
  type WindowLike,
} from 'dompurify';
import type * as Jsdom from 'jsdom';
import { moderation } from '../../domain/index.js';

export const ALLOWED_TAGS: readonly string[] = [
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
];
/** The attributes each tag may keep; `style` is allowed on every tag. */
export const ATTRIBUTES: { readonly [tag: string]: readonly string[] } = {
  a: ['href', 'title'],
  img: ['src', 'alt', 'width', 'height'],
  ol: ['start'],
};
export const GLOBAL_ATTRIBUTES: readonly string[] = ['style'];
/** Attributes the sanitiser itself writes (on external links), never taken from the input. */
export const WRITTEN_ATTRIBUTES: readonly string[] = ['target', 'rel'];
/** Elements dropped together with their content (DOMPurify's own list is kept as well). */
const DROP_WITH_CONTENT: readonly string[] = [
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
];
export const MAX_DEPTH = 32;
/**
 * Past this many elements left open, the input is sanitised as text (its tags removed): an HTML
 * parser spends quadratic time on deep nesting (16 000 unclosed `<b>` take the jsdom parser a
 * minute), and no post nests that deep. Browsers cap the tree depth at about the same figure.
 */
export const MAX_OPEN_ELEMENTS = 512;
/** Tags the parser closes by itself when the next one opens (or never opens): no depth from them. */
const SELF_LIMITING: ReadonlySet<string> = new Set([
  'p',
  'li',
  'dt',
  'dd',
  'option',
  'optgroup',
  'tr',
  'td',
  'th',
  'thead',
  'tbody',
  'tfoot',
  'caption',
  'colgroup',
  'rb',
  'rt',
  'rp',
  'br',
  'hr',
  'img',
  'input',
  'meta',
  'link',
  'area',
  'base',
  'col',
  'embed',
  'param',
  'source',
  'track',
  'wbr',
]);
const EXTERNAL_REL = 'noopener noreferrer nofollow';
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
/** The style properties a `style` attribute may keep (each with its own value rule above). */
export const ALLOWED_STYLES: readonly string[] = Object.keys(STYLE_RULES);

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

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
const ALL_ATTRIBUTES = [...new Set([...Object.values(ATTRIBUTES).flat(), ...GLOBAL_ATTRIBUTES])];

/** The cleaned value of an allowed attribute, or null to drop it. */
const cleanAttribute = (tag: string, name: string, value: string): string | null => {
  if (!(ATTRIBUTES[tag] ?? []).includes(name) && !GLOBAL_ATTRIBUTES.includes(name)) return null;
  switch (name) {
    case 'href':
      return safeUrl(value, 'link');
    case 'src':
      return safeUrl(value, 'image');
    case 'title':
    case 'alt':
      return value.slice(0, 200);
    case 'width':
    case 'height':
      return /^\d{1,4}$/.test(value.trim()) ? value.trim() : null;
    case 'start':
      return /^\d{1,6}$/.test(value.trim()) ? value.trim() : null;
    case 'style':
      return safeStyle(value);
    default:
      return null;
  }
};

interface Purifier {
  readonly window: Window;
  readonly purify: DOMPurify;
}
let purifier: Purifier | null = null;

/**
 * The one jsdom window and its DOMPurify, made on first use: loading jsdom takes about 0.6 s,
 * which a server restart over an already seeded database need not pay until a post arrives.
 */
const instance = (): Purifier => {
  if (purifier !== null) return purifier;
  const { JSDOM } = createRequire(import.meta.url)('jsdom') as typeof Jsdom;
  const window = new JSDOM('').window as unknown as Window;
  const purify = createDOMPurify(window as unknown as WindowLike);
  purify.addHook('uponSanitizeAttribute', (node: Element, event: UponSanitizeAttributeHookEvent) => {
    const clean = cleanAttribute(node.nodeName.toLowerCase(), event.attrName, event.attrValue);
    if (clean === null) event.keepAttr = false;
    else event.attrValue = clean;
  });
  purify.addHook('afterSanitizeAttributes', (node: Element) => {
    if (node.nodeName.toLowerCase() !== 'a') return;
    const href = node.getAttribute('href');
    if (href !== null && isExternal(href)) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', EXTERNAL_REL);
    }
  });
  purifier = { window, purify };
  return purifier;
};

/** Unwraps (keeps the children of) every element nested deeper than `MAX_DEPTH`. */
const capDepth = (parent: Node, depth: number): void => {
  for (let child = parent.firstChild; child !== null;) {
    const next = child.nextSibling;
    if (child.nodeType === ELEMENT_NODE) {
      if (depth >= MAX_DEPTH) {
        capDepth(child, depth);
        while (child.firstChild) parent.insertBefore(child.firstChild, child);
        parent.removeChild(child);
      } else capDepth(child, depth + 1);
    }
    child = next;
  }
};

const TAG_TOKEN = /<(\/?)([A-Za-z][A-Za-z0-9-]*)/g;

/**
 * An upper bound, in one linear pass, on how deep the parser would nest `input`: each tag name's
 * start tags not yet matched by its end tags count as open.
 */
export const openElementsBound = (input: string): number => {
  const open = new Map<string, number>();
  let total = 0;
  let max = 0;
  for (const m of input.matchAll(TAG_TOKEN)) {
    const name = m[2]!.toLowerCase();
    if (SELF_LIMITING.has(name)) continue;
    const count = open.get(name) ?? 0;
    if (m[1] === '/') {
      if (count > 0) {
        open.set(name, count - 1);
        total -= 1;
      }
    } else {
      open.set(name, count + 1);
      total += 1;
      if (total > max) max = total;
    }
  }
  return max;
};

/** The HTML as a parser reads it back (domain/moderation `settleHtml`), under the same depth cap. */
const reparse = (html: string): string => {
  const template = instance().window.document.createElement('template');
  template.innerHTML = html;
  capDepth(template.content, 0);
  moderation.keepPreNewlines(template.content);
  return template.innerHTML;
};

const purifyHtml = (input: string): string => {
  const body = instance().purify.sanitize(input, {
    ALLOWED_TAGS: [...ALLOWED_TAGS],
    ALLOWED_ATTR: ALL_ATTRIBUTES,
    ADD_FORBID_CONTENTS: [...DROP_WITH_CONTENT],
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    ALLOW_UNKNOWN_PROTOCOLS: false,
    KEEP_CONTENT: true,
    RETURN_DOM: true,
  }) as Element | null;
  if (body === null) return '';
  capDepth(body, 0);
  moderation.keepPreNewlines(body);
  return body.innerHTML;
};

/** The text of `input` alone, its tags removed. */
const textOnly = (input: string): string => purifyHtml(input.replace(/<[^>]*>?/g, ''));

/**
 * The allow-listed, well-formed HTML of `input`, settled: a browser parsing it builds exactly the
 * tree that was checked, and sanitising it again changes nothing.
 */
export const sanitizeHtml = (input: string): string => {
  if (openElementsBound(input) > MAX_OPEN_ELEMENTS) return textOnly(input);
  return moderation.settleHtml(purifyHtml(input), reparse) ?? textOnly(input);
};

const BLOCK_ENDS: ReadonlySet<string> = new Set([
  'br',
  'p',
  'div',
  'li',
  'h2',
  'h3',
  'h4',
  'blockquote',
  'pre',
]);

/** The plain text of sanitised HTML, whitespace collapsed (for summaries and search). */
export const htmlToText = (html: string): string => {
  const template = instance().window.document.createElement('template');
  template.innerHTML = html;
  const parts: string[] = [];
  const walk = (node: Node): void => {
    for (let child = node.firstChild; child !== null; child = child.nextSibling) {
      if (child.nodeType === TEXT_NODE) parts.push(child.nodeValue ?? '');
      else if (child.nodeType === ELEMENT_NODE) {
        walk(child);
        if (BLOCK_ENDS.has(child.nodeName.toLowerCase())) parts.push(' ');
      }
    }
  };
  walk(template.content);
  return parts.join('').replace(/\s+/g, ' ').trim();
};

/** Whether sanitised HTML shows anything: some text (pass it when already derived) or an image. */
export const hasContent = (html: string, text: string = htmlToText(html)): boolean =>
  text !== '' || /<img\s/i.test(html);
