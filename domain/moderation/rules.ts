/**
 * Moderation rules of spec §5: the sensitive-word check before publishing, and the rich-text
 * policy as data. The sanitiser itself (DOMPurify) lives in infrastructure and is configured
 * from this policy, so the allowed lists and the link rules are tested here, without a DOM.
 */

// ---------------------------------------------------------------------------------------------
// Sensitive words

export const SENSITIVE_WORDS_MESSAGE_KEY = 'ContainsSensitiveWords';

/** The publish check's subject of a task's publish dialog. */
export const taskPublishSubject = (taskId: string): string => `task:${taskId}`;

/** The publish check's subject of the post editor (one new post at a time). */
export const NEW_POST_SUBJECT = 'post:new';

export interface SensitiveText {
  readonly text: string;
  /** Spec §5: the category of a text is the name of the field it comes from. */
  readonly category: string;
}

/** Spec §7: `items[{texts[{text, category}]}]` with the scene (`ss` on the wire). */
export interface SensitiveCheckRequest {
  readonly scene: string;
  readonly items: readonly { readonly texts: readonly SensitiveText[] }[];
}

/**
 * One text per field, its category the field name. Blank fields have nothing to check and are
 * left out; when every field is blank the request has no items and needs no call.
 */
export const buildSensitiveCheckRequest = (
  fields: readonly { readonly field: string; readonly text: string }[],
  scene: string,
): SensitiveCheckRequest => {
  const texts = fields
    .filter((f) => f.text.trim() !== '')
    .map((f): SensitiveText => ({ text: f.text, category: f.field }));
  return { scene, items: texts.length > 0 ? [{ texts }] : [] };
};

export const needsSensitiveCheck = (request: SensitiveCheckRequest): boolean =>
  request.items.some((item) => item.texts.length > 0);

export type SensitiveCheckResult =
  | {
      readonly kind: 'checked';
      readonly hasSensitiveWord: boolean;
      /** The offending fields' names (the categories of the request). */
      readonly sensitiveCategories: readonly string[];
    }
  /** The check call itself failed; its own error is shown by the error map. */
  | { readonly kind: 'failed' };

export type PublishDecision =
  | { readonly allowed: true }
  | {
      readonly allowed: false;
      readonly reason: 'sensitiveWords';
      readonly messageKey: typeof SENSITIVE_WORDS_MESSAGE_KEY;
      /** The offending fields' labels joined by the separator, shown before the message. */
      readonly fields: string;
    }
  | { readonly allowed: false; readonly reason: 'checkFailed' };

/**
 * Spec §5: a sensitive word blocks the action and names the offending fields by their labels;
 * a failed check blocks it too. A category without a label is named by itself, and repeated
 * categories are named once.
 */
export const decidePublish = (
  result: SensitiveCheckResult,
  fieldLabels: Readonly<Record<string, string>>,
  separator = ', ',
): PublishDecision => {
  if (result.kind === 'failed') return { allowed: false, reason: 'checkFailed' };
  if (!result.hasSensitiveWord) return { allowed: true };
  const labels = [...new Set(result.sensitiveCategories)].map((c) =>
    Object.prototype.hasOwnProperty.call(fieldLabels, c) ? (fieldLabels[c] ?? c) : c,
  );
  return {
    allowed: false,
    reason: 'sensitiveWords',
    messageKey: SENSITIVE_WORDS_MESSAGE_KEY,
    fields: labels.join(separator),
  };
};

// ---------------------------------------------------------------------------------------------
// Rich text policy (spec §5 "only a fixed list of tags, attributes and styles is allowed")

const words = (list: string): readonly string[] => list.trim().split(/\s+/);

export const ALLOWED_TAGS: readonly string[] = words(
  'a b blockquote br code del div em h1 h2 h3 h4 h5 h6 hr i img li ol p pre s span strong sub sup u ul',
);

export const ALLOWED_ATTRIBUTES: readonly string[] = words(
  'alt height href rel src style target title width',
);

/** URL-bearing attributes: their values must pass `isSafeHref`. */
export const URL_ATTRIBUTES: readonly string[] = ['href', 'src'];

export const ALLOWED_STYLES: readonly string[] = words(
  'background-color color font-size font-style font-weight line-height margin-left padding-left text-align text-decoration',
);

export const isAllowedTag = (tag: string): boolean => ALLOWED_TAGS.includes(tag.toLowerCase());
export const isAllowedAttribute = (name: string): boolean => ALLOWED_ATTRIBUTES.includes(name.toLowerCase());

// A value that could load or run something (url(), expression(), a script scheme) is refused; so is
// one holding the word `expression` anywhere or a comment (old IE read `expre/**/ssion(` as
// expression(), and a value like `expression&#x28a...` decodes to another name): no value of an
// allowed property needs either.
const UNSAFE_STYLE_VALUE = /url\s*\(|expression|javascript:|@import|\/\*|[<>\\]/i;

/**
 * Keeps the declarations of a `style` attribute whose property is allowed and whose value is
 * inert, in their order; the result is a normalised `prop: value; ...` string ('' when none).
 */
export const filterStyle = (style: string): string =>
  style
    .split(';')
    .map((decl) => {
      const colon = decl.indexOf(':');
      if (colon < 0) return null;
      const prop = decl.slice(0, colon).trim().toLowerCase();
      const value = decl.slice(colon + 1).trim();
      if (!ALLOWED_STYLES.includes(prop) || value === '' || UNSAFE_STYLE_VALUE.test(value)) return null;
      return `${prop}: ${value}`;
    })
    .filter((d): d is string => d !== null)
    .join('; ');

/** Schemes a link may have; a link without a scheme (relative, #anchor, //host) is allowed too. */
export const SAFE_SCHEMES: readonly string[] = ['http', 'https', 'mailto', 'tel'];

const NAMED_ENTITIES: Readonly<Record<string, string>> = { colon: ':', tab: '\t', newline: '\n' };

/** Numeric and the few named character references that can spell a scheme are decoded first. */
const decodeEntities = (s: string): string =>
  s.replace(/&(#x[0-9a-f]+|#[0-9]+|colon|tab|newline);?/gi, (whole, ref: string) => {
    const lower = ref.toLowerCase();
    if (lower.startsWith('#')) {
      const code = lower.startsWith('#x') ? parseInt(lower.slice(2), 16) : parseInt(lower.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return NAMED_ENTITIES[lower] ?? whole;
  });

/**
 * Browsers ignore ASCII whitespace and control characters inside a scheme ("java\tscript:"),
 * so they are removed before the scheme is read; anything else invisible goes too.
 */
const IGNORED_IN_SCHEME =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0020\u007f-\u00a0\u00ad\u1680\u180e\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff]/g;

const schemeOf = (href: string): string | null => {
  const compact = decodeEntities(href).replace(IGNORED_IN_SCHEME, '');
  const m = /^([a-z][a-z0-9+.-]*):/i.exec(compact);
  return m ? (m[1] ?? '').toLowerCase() : null;
};

/**
 * Spec §5: javascript: and data: links are removed. An allow-list is used rather than a
 * deny-list, so vbscript:, file: and schemes not yet invented are removed as well.
 */
export const isSafeHref = (href: string): boolean => {
  const scheme = schemeOf(href);
  return scheme === null || SAFE_SCHEMES.includes(scheme);
};

/** How many times sanitised HTML is read back before it is given up as unsettled. */
export const SETTLE_PASSES = 3;

/** The parts of a DOM node `keepPreNewlines` reads and writes (a browser's or jsdom's; no DOM here). */
export interface PreNewlineNode {
  readonly nodeType: number;
  readonly nodeName: string;
  nodeValue: string | null;
  readonly firstChild: PreNewlineNode | null;
  readonly nextSibling: PreNewlineNode | null;
}

/**
 * A parser drops the newline right after `<pre>`: before a sanitised tree is written out, the first
 * newline of each `<pre>`'s text is doubled, so reading it back keeps it (both sanitisers).
 */
export const keepPreNewlines = (parent: PreNewlineNode): void => {
  for (let child = parent.firstChild; child !== null; child = child.nextSibling) {
    if (child.nodeType !== 1) continue;
    const first = child.firstChild;
    if (child.nodeName === 'PRE' && first?.nodeType === 3 && first.nodeValue?.startsWith('\n'))
      first.nodeValue = `\n${first.nodeValue}`;
    keepPreNewlines(child);
  }
};

/**
 * Sanitised HTML as a browser will read it. A sanitiser that unwraps the elements it removes can
 * leave a tree no HTML parser builds (a `<p>` inside a `<p>` once a `<table>` or `<font>` between
 * them is gone), and the browser that parses its output then builds another tree than the one
 * that was checked (the root of mutation XSS). So the output is parsed and serialised again by
 * `reparse` until it no longer changes: what is returned parses to exactly itself. Null when it
 * has not settled after `SETTLE_PASSES` readings; the caller then keeps the text alone.
 */
export const settleHtml = (html: string, reparse: (html: string) => string): string | null => {
  let out = html;
  for (let pass = 0; pass < SETTLE_PASSES; pass++) {
    const again = reparse(out);
    if (again === out) return out;
    out = again;
  }
  return null;
};

export type LinkTarget =
  | { readonly target: '_blank'; readonly rel: 'noopener noreferrer' }
  | { readonly target: '_self'; readonly rel: null };

const SAME_TAB: LinkTarget = { target: '_self', rel: null };
const NEW_TAB: LinkTarget = { target: '_blank', rel: 'noopener noreferrer' };

const DEFAULT_PORTS: Readonly<Record<string, string>> = { http: '80', https: '443' };

/** scheme://authority → the lower-cased host[:port] with the default port dropped, or null. */
const hostOf = (url: string, scheme: string): string | null => {
  const afterScheme = url.replace(/^[a-z][a-z0-9+.-]*:/i, '');
  if (!/^[/\\]{2}/.test(afterScheme)) return null;
  const authority = afterScheme.slice(2).split(/[/\\?#]/)[0] ?? '';
  const hostPort = authority.slice(authority.lastIndexOf('@') + 1).toLowerCase();
  // An IPv6 literal keeps its colons inside the brackets.
  const m = /^(\[[^\]]*\]|[^:]*)(?::(.*))?$/.exec(hostPort);
  const host = m?.[1];
  const port = m?.[2];
  if (!host) return null;
  return port === undefined || port === '' || port === DEFAULT_PORTS[scheme] ? host : `${host}:${port}`;
};

/**
 * Spec §5: external links open in a new tab (without access to this window). A link is external
 * when it names a host other than `ownOrigin`'s (e.g. 'https://atelier.example'); relative links,
 * anchors, mail and phone links stay in place.
 */
export const linkTarget = (href: string, ownOrigin: string): LinkTarget => {
  const url = decodeEntities(href).replace(IGNORED_IN_SCHEME, '');
  const bare = ownOrigin.replace(IGNORED_IN_SCHEME, '');
  // An origin given as a bare host ('atelier.example') is read as https.
  const own = schemeOf(bare) === null ? `https://${bare.replace(/^[/\\]+/, '')}` : bare;
  const ownScheme = schemeOf(own) ?? 'https';
  const ownHost = hostOf(own, ownScheme);
  const scheme = schemeOf(url);
  if (scheme === null) {
    if (!/^[/\\]{2}/.test(url)) return SAME_TAB;
    const host = hostOf(`${ownScheme}:${url}`, ownScheme);
    return host !== null && host === ownHost ? SAME_TAB : NEW_TAB;
  }
  if (scheme !== 'http' && scheme !== 'https') return SAME_TAB;
  const host = hostOf(url, scheme);
  return host !== null && host === ownHost && scheme === ownScheme ? SAME_TAB : NEW_TAB;
};

// ---------------------------------------------------------------------------------------------
// What the post editor may write (issue 21): its links and images are only those the server's
// sanitiser keeps exactly as they are, so what the editor shows is what the post will show.

/** The server keeps URLs up to this length. */
export const POST_URL_MAX = 2048;

/** Whitespace, controls and invisible separators: a browser would drop them inside a URL. */
// eslint-disable-next-line no-control-regex
const URL_BLANKS = /[\u0000-\u0020\u007f-\u00a0\u2028\u2029]/;

/**
 * A character reference the sanitiser would decode (`&#...`, `&name;`, or one of the named
 * references HTML reads even without the semicolon): such a URL would not stay as written.
 */
const URL_REFERENCE = /&(#|[a-z]+;|amp|lt|gt|quot|apos|nbsp|colon|tab|newline|sol|lpar|rpar)/i;

const plainUrl = (url: string): boolean =>
  url !== '' &&
  url.length <= POST_URL_MAX &&
  !URL_BLANKS.test(url) &&
  !url.includes('\\') &&
  !URL_REFERENCE.test(url);

/**
 * The link a person typed, as the post editor keeps it, or null when it is refused: an
 * http(s) address with a host, or a mailto: address (spec §5 removes javascript: and data:
 * links; every other scheme and relative paths are refused too). Outer spaces are dropped.
 * Every link the editor keeps opens in a new tab.
 */
export const postLinkHref = (raw: string): string | null => {
  const url = raw.trim();
  if (!plainUrl(url)) return null;
  if (/^https?:\/\/[^/]/i.test(url)) return url;
  if (/^mailto:./i.test(url)) return url;
  return null;
};

/** An image the post editor keeps: an http(s) address with a host, or a path of this site (an upload). */
export const postImageSrc = (raw: string): string | null => {
  const url = raw.trim();
  if (!plainUrl(url)) return null;
  if (/^https?:\/\/[^/]/i.test(url)) return url;
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  return null;
};
