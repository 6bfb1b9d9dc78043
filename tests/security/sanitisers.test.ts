/**
 * Issue 25 figure 8, the sanitiser half: 10,000 fast-check runs of hostile HTML through both
 * rich-text sanitisers of spec §5, the server's (server/moderation/sanitize.ts, which every post
 * passes when it is written) and the web client's (infrastructure/details/sanitize.ts, which a
 * post passes again before it is rendered). The input is built from tags, attributes, event
 * handlers, URLs in every encoding, styles, nested and malformed markup and the known vectors of
 * tests/support/xssVectors.ts. Each output is parsed again by parse5 (the HTML parser jsdom uses,
 * in the context of the <div> the post page renders it into) and its styles by css-tree, and
 * must hold: sanitising twice gives the same HTML; only allow-listed tags (in the HTML namespace),
 * attributes and style properties; no comment; no URL a browser would resolve to anything but
 * http(s), mailto or (for the client) tel; every link that leaves the site opens in a new tab with
 * rel noopener and noreferrer.
 */
import { createRequire } from 'node:module';
import fc from 'fast-check';
import { JSDOM } from 'jsdom';
import { defaultTreeAdapter, html as parse5Html, parseFragment, type DefaultTreeAdapterTypes } from 'parse5';
import { describe, expect, it } from 'vitest';
import { moderation } from '../../domain/index.js';
import { makeRichTextSanitizer } from '../../infrastructure/details/sanitize';
import {
  ALLOWED_STYLES,
  ALLOWED_TAGS,
  ATTRIBUTES,
  GLOBAL_ATTRIBUTES,
  WRITTEN_ATTRIBUTES,
  sanitizeHtml,
} from '../../server/moderation/sanitize';
import { ALL_XSS_VECTORS } from '../support/xssVectors';

const OWN_ORIGIN = 'https://atelier.example';
/** Where a post is read: relative links resolve against it. */
const BASE = `${OWN_ORIGIN}/posts/p-1`;
const RUNS = 10_000;

interface Policy {
  readonly name: 'server' | 'client';
  readonly sanitize: (html: string) => string;
  readonly tags: readonly string[];
  readonly attributes: (tag: string) => readonly string[];
  readonly styles: readonly string[];
  readonly protocols: readonly string[];
}

const POLICIES: readonly Policy[] = [
  {
    name: 'server',
    sanitize: sanitizeHtml,
    tags: ALLOWED_TAGS,
    attributes: (tag) => [
      ...(ATTRIBUTES[tag] ?? []),
      ...GLOBAL_ATTRIBUTES,
      ...(tag === 'a' ? WRITTEN_ATTRIBUTES : []),
    ],
    styles: ALLOWED_STYLES,
    protocols: ['http:', 'https:', 'mailto:'],
  },
  {
    name: 'client',
    sanitize: makeRichTextSanitizer(new JSDOM('').window as never, OWN_ORIGIN),
    tags: moderation.ALLOWED_TAGS,
    attributes: () => moderation.ALLOWED_ATTRIBUTES,
    styles: moderation.ALLOWED_STYLES,
    protocols: moderation.SAFE_SCHEMES.map((s) => `${s}:`),
  },
];

// ---------------------------------------------------------------------------------------------
// The oracle: a real HTML parser and a real CSS parser read the output.

interface CssNode {
  readonly type: string;
  readonly name?: string;
  readonly property?: string;
  readonly value?: unknown;
}
interface CssTree {
  parse(css: string, options: { context: string; onParseError?: () => void }): CssNode;
  walk(ast: CssNode, visit: (node: CssNode) => void): void;
  generate(node: CssNode): string;
}
/** css-tree (jsdom's CSS parser; it ships no types, so the few calls used here are typed above). */
const csstree = createRequire(import.meta.url)('css-tree') as CssTree;

/**
 * Functions that load a resource or run script wherever they are taken (none of the allowed
 * properties takes an image, so `image-set()` and its kin are inert there).
 */
const LOADING_FUNCTIONS = /^(url|src|expression)$/i;

type Element = DefaultTreeAdapterTypes.Element;
type ParentNode = DefaultTreeAdapterTypes.ParentNode;

const contextDiv = defaultTreeAdapter.createElement('div', parse5Html.NS.HTML, []);

interface Findings {
  tags: number;
  attributes: number;
  styles: number;
  urls: number;
  externalLinks: number;
  comments: number;
  /** What was found, for the failure message. */
  readonly notes: string[];
}

const noFindings = (): Findings => ({
  tags: 0,
  attributes: 0,
  styles: 0,
  urls: 0,
  externalLinks: 0,
  comments: 0,
  notes: [],
});

const styleProblems = (style: string, allowed: readonly string[]): string[] => {
  const problems: string[] = [];
  if (style.includes('\\')) problems.push(`escape in ${JSON.stringify(style)}`);
  const ast = csstree.parse(style, { context: 'declarationList', onParseError: () => undefined });
  csstree.walk(ast, (node) => {
    if (node.type === 'Declaration' && !allowed.includes((node.property ?? '').toLowerCase()))
      problems.push(`property ${node.property ?? ''}`);
    if (node.type === 'Url') problems.push('url()');
    if (node.type === 'Function' && LOADING_FUNCTIONS.test(node.name ?? '')) problems.push(`${node.name}()`);
    if (node.type === 'Raw' && /url\s*\(|expression|javascript:/i.test(String(node.value)))
      problems.push(`raw ${String(node.value)}`);
  });
  return problems;
};

/** The URL a browser would follow, or null when it would follow none. */
const resolved = (value: string): URL | null => {
  try {
    return new URL(value, BASE);
  } catch {
    return null;
  }
};

const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'action',
  'formaction',
  'xlink:href',
  'srcdoc',
  'data',
  'poster',
]);

const audit = (output: string, policy: Policy): Findings => {
  const found = noFindings();
  const note = (what: string) => {
    if (found.notes.length < 5) found.notes.push(what);
  };
  const walk = (parent: ParentNode): void => {
    for (const node of parent.childNodes) {
      if (defaultTreeAdapter.isCommentNode(node)) {
        found.comments += 1;
        note('a comment');
        continue;
      }
      if (!defaultTreeAdapter.isElementNode(node)) continue;
      const el: Element = node;
      if (el.namespaceURI !== parse5Html.NS.HTML || !policy.tags.includes(el.tagName)) {
        found.tags += 1;
        note(`tag ${el.tagName} (${el.namespaceURI})`);
      }
      const attrs = new Map(el.attrs.map((a) => [a.prefix ? `${a.prefix}:${a.name}` : a.name, a.value]));
      for (const [name, value] of attrs) {
        if (!policy.attributes(el.tagName).includes(name)) {
          found.attributes += 1;
          note(`attribute ${name} on ${el.tagName}`);
        }
        if (name === 'style')
          for (const problem of styleProblems(value, policy.styles)) {
            found.styles += 1;
            note(`style: ${problem}`);
          }
        if (URL_ATTRIBUTES.has(name)) {
          const url = resolved(value);
          if (url !== null && !policy.protocols.includes(url.protocol)) {
            found.urls += 1;
            note(`${name}=${JSON.stringify(value)} is ${url.protocol}`);
          }
        }
      }
      const href = el.tagName === 'a' ? attrs.get('href') : undefined;
      const target = href === undefined ? null : resolved(href);
      const leaves =
        target !== null && /^https?:$/.test(target.protocol) && target.host !== new URL(OWN_ORIGIN).host;
      const rel = (attrs.get('rel') ?? '').split(/\s+/);
      const newTab =
        attrs.get('target') === '_blank' && rel.includes('noopener') && rel.includes('noreferrer');
      // A target without the rel (or any target but _blank) would hand this window to the page opened.
      if ((leaves && !newTab) || (attrs.has('target') && !newTab)) {
        found.externalLinks += 1;
        note(`link ${JSON.stringify(href)} target=${attrs.get('target')} rel=${attrs.get('rel')}`);
      }
      // A <template>'s children live in its content fragment.
      walk('content' in el ? (el as DefaultTreeAdapterTypes.Template).content : el);
    }
  };
  walk(parseFragment(contextDiv, output, {}));
  return found;
};

const total = (f: Findings): number =>
  f.tags + f.attributes + f.styles + f.urls + f.externalLinks + f.comments;

// ---------------------------------------------------------------------------------------------
// The arbitrary: hostile HTML from its parts.

const TAGS = [
  ...new Set([...ALLOWED_TAGS, ...moderation.ALLOWED_TAGS]),
  ...'script style svg math iframe object embed applet meta base link form input button textarea select option template noscript noembed noframes xmp title plaintext table caption td video audio source image use animate set foreignObject desc mglyph mtext malignmark annotation-xml details marquee frameset frame body html head portal isindex keygen xss custom-el'.split(
    ' ',
  ),
];
const HANDLERS = [
  'onerror',
  'onload',
  'onclick',
  'onmouseover',
  'onfocus',
  'onbegin',
  'ontoggle',
  'onanimationstart',
];
const ATTRIBUTE_NAMES = [
  ...HANDLERS,
  ...'href src style title alt width height start target rel srcset srcdoc action formaction xlink:href data background poster id name class is xmlns data-x aria-label open autofocus tabindex values to attributeName'.split(
    ' ',
  ),
];

/** One character as an HTML character reference, in one of the ways a browser decodes. */
const reference = (c: string, style: number): string => {
  const code = c.codePointAt(0) ?? 0;
  switch (style) {
    case 1:
      return `&#${code};`;
    case 2:
      return `&#x${code.toString(16)};`;
    case 3:
      return `&#${String(code).padStart(7, '0')}`;
    case 4:
      return `&#X${code.toString(16).toUpperCase()}`;
    default:
      return c;
  }
};
/** Each character raw or as a reference (about one in three encoded). */
const encoded = (s: string): fc.Arbitrary<string> =>
  fc
    .array(fc.nat({ max: 11 }), { minLength: s.length, maxLength: s.length })
    .map((styles) => [...s].map((c, i) => reference(c, styles[i] ?? 0)).join(''));

/** What browsers skip inside or before a scheme, raw and as references. */
const INVISIBLE = [
  '\t',
  '\n',
  '\r',
  '\u0000',
  '\u0001',
  ' ',
  '&#9;',
  '&#x0a;',
  '&Tab;',
  '&NewLine;',
  '&#1;',
  '\u00a0',
  '\u2028',
  '\ufeff',
];
const COLONS = [':', ':', '&colon;', '&#58;', '&#x3a;', '%3a'];

const scheme = fc
  .constantFrom(
    'javascript',
    'data',
    'vbscript',
    'livescript',
    'file',
    'blob',
    'http',
    'https',
    'mailto',
    'tel',
  )
  .chain((s) => fc.mixedCase(fc.constant(s)))
  .chain((s) => fc.tuple(fc.constant(s), fc.nat({ max: s.length }), fc.option(fc.constantFrom(...INVISIBLE))))
  .map(([s, at, gap]) => (gap === null ? s : s.slice(0, at) + gap + s.slice(at)))
  .chain(encoded);

const url: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(
      fc.option(fc.constantFrom(...INVISIBLE)),
      scheme,
      fc.constantFrom(...COLONS),
      fc.constantFrom(
        'alert(1)',
        '//evil.example/x',
        '//atelier.example/x',
        '//%0aalert(1)',
        'text/html,<script>alert(1)</script>',
        'text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
        'image/png;base64,iVBORw0KGgo=',
        'a@b.example',
        '%61lert(1)',
      ),
    )
    .map(([lead, s, colon, rest]) => `${lead ?? ''}${s}${colon}${rest}`),
  fc.constantFrom(
    '/x',
    '#top',
    '?q=1',
    'relative/x',
    '//evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    'https://atelier.example/own',
    'HTTPS://EVIL.EXAMPLE',
    'https:evil.example',
    'x',
    '',
  ),
);

const STYLE_PROPERTIES = [
  ...new Set([...ALLOWED_STYLES, ...moderation.ALLOWED_STYLES]),
  ...'background background-image behavior -moz-binding position width list-style-image content cursor font-family xss'.split(
    ' ',
  ),
];
const STYLE_VALUES = [
  'red',
  '#fff',
  '#123456',
  'rgb(1, 2, 3)',
  'center',
  'bold',
  'italic',
  'underline',
  '12px',
  'url(javascript:alert(1))',
  'url("x")',
  'u\\rl(x)',
  'expression(alert(1))',
  'expr/**/ession(alert(1))',
  'image-set("x" 1x)',
  'var(--x)',
  '/*',
  '*/',
  '"</style><script>alert(1)</script>"',
  'red !important',
  '}',
  'fixed',
];
const style = fc
  .array(
    fc.tuple(
      fc.constantFrom(...STYLE_PROPERTIES).chain((p) => fc.mixedCase(fc.constant(p))),
      fc.constantFrom(...STYLE_VALUES),
      fc.constantFrom(';', '; ', ';;', ' ;'),
    ),
    { maxLength: 4 },
  )
  .map((decls) => decls.map(([p, v, sep]) => `${p}:${v}${sep}`).join(''))
  .chain((s) => fc.oneof(fc.constant(s), encoded(s)));

const handlerCode = fc.constantFrom(
  'alert(1)',
  'alert&#40;1&#41;',
  'confirm(1)',
  'print()',
  'top["al"+"ert"](1)',
);

const attributeValue = (name: string): fc.Arbitrary<string> => {
  if (name.startsWith('on')) return handlerCode;
  if (name === 'style') return style;
  if (
    [
      'href',
      'src',
      'action',
      'formaction',
      'xlink:href',
      'data',
      'background',
      'poster',
      'srcset',
      'values',
      'to',
    ].includes(name)
  )
    return url;
  if (name === 'srcdoc')
    return fc.constantFrom('<script>parent.alert(1)</script>', '&lt;img src=x onerror=alert(1)&gt;');
  return fc.oneof(
    fc.constantFrom(
      '_blank',
      '_self',
      'opener',
      'noopener',
      '10',
      '-1',
      '100%',
      '</p><img src=x onerror=alert(1)>',
      '"',
      "'",
      '`',
    ),
    fc.string({ maxLength: 8 }),
  );
};

const attribute = fc
  .constantFrom(...ATTRIBUTE_NAMES)
  .chain((name) =>
    fc.tuple(
      fc.mixedCase(fc.constant(name)),
      attributeValue(name),
      fc.constantFrom('"', "'", '', 'none'),
      fc.constantFrom(' ', '/', '\t', '\n', ' / '),
    ),
  )
  .map(([name, value, quote, sep]) =>
    quote === 'none' ? `${sep}${name}` : `${sep}${name}=${quote}${value}${quote}`,
  );

const RAW = [
  '<!--',
  '-->',
  '--!>',
  '<![CDATA[',
  ']]>',
  '<?x?>',
  '<!doctype html>',
  '</',
  '<',
  '>',
  '"',
  "'",
  '&',
  '&lt;script&gt;',
  '&#60;',
  '&amp;lt;',
  '\u0000',
  '</p>',
  '</svg>',
  '</math>',
  '</style>',
  '</noscript>',
  '</template>',
  'alert(1)',
  'text',
  'ünï',
];

const text = fc.oneof(fc.constantFrom(...RAW), fc.string({ maxLength: 6 }));

const { node } = fc.letrec<{ node: string; element: string }>((tie) => ({
  node: fc.oneof(
    { maxDepth: 3, depthIdentifier: 'html' },
    text,
    fc.constantFrom(...ALL_XSS_VECTORS),
    tie('element'),
    tie('element'),
  ),
  element: fc
    .tuple(
      fc.constantFrom(...TAGS).chain((t) => fc.mixedCase(fc.constant(t))),
      fc.array(attribute, { maxLength: 4 }),
      fc.boolean(),
      fc.array(tie('node'), { maxLength: 3 }),
      fc.constantFrom('close', 'close', 'open', 'other'),
      fc.constantFrom(...TAGS),
    )
    .map(([tag, attrs, selfClosing, children, close, other]) => {
      const end = close === 'close' ? `</${tag}>` : close === 'other' ? `</${other}>` : '';
      return `<${tag}${attrs.join('')}${selfClosing ? '/' : ''}>${children.join('')}${end}`;
    }),
}));

/** Markup torn into tokens and joined at random (what tests/server/community-sanitize.test.ts used). */
const SOUP = [
  '<',
  '>',
  '</',
  '/>',
  '"',
  "'",
  '=',
  ' ',
  '\t',
  '\n',
  '&',
  '#',
  ';',
  'x',
  '1',
  '&#x61;',
  '&colon;',
  '\u0000',
  'a',
  'p',
  'img',
  'b',
  'script',
  'style',
  'svg',
  'iframe',
  'div',
  'li',
  'ol',
  'pre',
  'table',
  'td',
  'href',
  'src',
  'title',
  'onclick',
  'onerror',
  'javascript:',
  'data:',
  'https://x.test',
  '/path',
  'color:red',
  'text-align:center',
  'url(',
  '<!--',
  '-->',
  '<!',
  '<?',
  'alert(1)',
];
const soup = fc.array(fc.constantFrom(...SOUP), { maxLength: 60 }).map((xs) => xs.join(''));

const hostileHtml = fc.oneof(
  { arbitrary: fc.array(node, { minLength: 1, maxLength: 4 }).map((parts) => parts.join('')), weight: 3 },
  { arbitrary: soup, weight: 1 },
);

// ---------------------------------------------------------------------------------------------

describe('the rich-text sanitisers under hostile HTML (issue 25 figure 8)', () => {
  it('the oracle sees what it must refuse', () => {
    const server = POLICIES[0]!;
    expect(total(audit('<p style="color: #fff">ok</p><a href="/x">in</a>', server))).toBe(0);
    expect(
      total(
        audit('<a href="https://x.example" target="_blank" rel="noopener noreferrer nofollow">x</a>', server),
      ),
    ).toBe(0);
    for (const bad of [
      '<script>alert(1)</script>',
      '<svg></svg>',
      '<p onclick="x">p</p>',
      '<p class="c">p</p>',
      '<a href="jav&#x61;script:alert(1)">a</a>',
      '<a href="&#1;javascript:alert(1)">a</a>',
      '<img src="data:image/png;base64,AAAA">',
      '<p style="position: fixed">p</p>',
      '<p style="color: u\\rl(x)">p</p>',
      '<p style="color: url(x)">p</p>',
      '<a href="https://evil.example">a</a>',
      '<a href="//evil.example" target="_blank">a</a>',
      '<a href="/x" target="_self">a</a>',
      '<!-- c -->',
    ])
      expect(total(audit(bad, server)), bad).toBeGreaterThan(0);
  });

  it('every known vector comes out inert and stable from both sanitisers', () => {
    for (const policy of POLICIES)
      for (const vector of ALL_XSS_VECTORS) {
        const once = policy.sanitize(vector);
        expect(policy.sanitize(once), `${policy.name}: ${vector}`).toBe(once);
        const found = audit(once, policy);
        expect(found.notes, `${policy.name}: ${vector} -> ${once}`).toEqual([]);
      }
  });

  it('regressions the runs found: unwrapped elements leave trees a parser rebuilds otherwise', () => {
    const cases: readonly [string, string][] = [
      // A customised built-in element keeps its `is` name through serialisation (client only).
      ['<p is="_blank">x</p><b>y</b>', '<b>y</b>'],
      // <table>, <object>, <font> unwrapped: the parser would split what was nested.
      ['<p>a<table><tr><td><p>b</p></td></tr></table>c</p>', '<p>a</p><p>b</p>c<p></p>'],
      ['<h2><font><h3>x</h3></font></h2>', '<h2></h2><h3>x</h3>'],
      [
        '<a href="/x">a<table><td><a href="/y">b</a></td></table></a>',
        '<a href="/x">a</a><a href="/y">b</a>',
      ],
      // A parser drops the newline after <pre>: the one the text starts with is kept.
      ['<pre>\n\n\nx</pre>', '<pre>\n\n\nx</pre>'],
      ['<pre><font>\nx</font></pre>', '<pre>\n\nx</pre>'],
    ];
    for (const policy of POLICIES)
      for (const [input, output] of cases) {
        expect(policy.sanitize(input), `${policy.name}: ${input}`).toBe(output);
        expect(policy.sanitize(output), `${policy.name}: ${output}`).toBe(output);
      }
  });

  it(`${RUNS} runs: idempotent, only allow-listed tags, attributes and styles, external links in a new tab`, () => {
    let runs = 0;
    fc.assert(
      fc.property(hostileHtml, (input) => {
        runs += 1;
        for (const policy of POLICIES) {
          const once = policy.sanitize(input);
          const twice = policy.sanitize(once);
          if (twice !== once) throw new Error(`${policy.name} is not idempotent:\n${once}\n${twice}`);
          const found = audit(once, policy);
          if (total(found) > 0) throw new Error(`${policy.name}: ${found.notes.join('; ')}\n${once}`);
        }
      }),
      { numRuns: RUNS },
    );
    expect(runs).toBe(RUNS);
    console.log(
      `sanitiser: ${RUNS} runs (server and client sanitisers), idempotent, 0 disallowed tags/attributes/styles, every external link target=_blank rel=noopener noreferrer`,
    );
    // Four jsdom sanitisations a run: a few seconds alone, more beside the other test files.
  }, 300_000);
});
