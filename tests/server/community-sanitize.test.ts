/**
 * The post sanitiser (spec §5 rich text: only a fixed list of tags, attributes and styles is
 * allowed; javascript and data links are removed; external links open in a new tab): DOMPurify
 * over jsdom with this platform's hooks. Pure unit tests and properties; no server is started in
 * this file. What hostile input costs is measured in bench/sanitize.ts, not asserted here.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ALLOWED_TAGS,
  ATTRIBUTES,
  GLOBAL_ATTRIBUTES,
  MAX_OPEN_ELEMENTS,
  WRITTEN_ATTRIBUTES,
  decodeEntities,
  hasContent,
  htmlToText,
  openElementsBound,
  safeStyle,
  safeUrl,
  sanitizeHtml,
} from '../../server/moderation/sanitize';

const ALLOWED = ALLOWED_TAGS;
const ATTRS = [...Object.values(ATTRIBUTES).flat(), ...GLOBAL_ATTRIBUTES, ...WRITTEN_ATTRIBUTES];
const TAG = /<\/?([a-z0-9]+)((?: [a-z]+="[^"<>]*")*)>/g;

/** Every `<` of the output opens an allowed tag with allowed, double-quoted attributes; no URL runs script. */
const isSafe = (html: string): boolean => {
  const rest = html.replace(TAG, (whole, name: string, attrs: string) => {
    if (!ALLOWED.includes(name)) return '<BAD>';
    for (const m of attrs.matchAll(/ ([a-z]+)="([^"]*)"/g)) {
      if (!ATTRS.includes(m[1]!)) return '<BAD>';
      if (
        (m[1] === 'href' || m[1] === 'src') &&
        // eslint-disable-next-line no-control-regex
        /^(javascript|data|vbscript):/i.test(decodeEntities(m[2]!).replace(/[\s\u0000-\u001f]/g, ''))
      )
        return '<BAD>';
      if (m[1] === 'style' && /url|expression|javascript/i.test(m[2]!)) return '<BAD>';
    }
    return whole.length > 0 ? '' : '<BAD>';
  });
  return !rest.includes('<') && !rest.includes('>');
};

describe('sanitizeHtml keeps the allow-list (spec §5 rich text)', () => {
  it('keeps allowed tags and their text, lower-cased and balanced', () => {
    expect(sanitizeHtml('<P>Hi <STRONG>there</STRONG></P><ul><li>one<li>two</ul>')).toBe(
      '<p>Hi <strong>there</strong></p><ul><li>one</li><li>two</li></ul>',
    );
    expect(
      sanitizeHtml('<h2>T</h2><blockquote><em>q</em></blockquote><pre><code>x &lt; y</code></pre><hr><br/>'),
    ).toBe('<h2>T</h2><blockquote><em>q</em></blockquote><pre><code>x &lt; y</code></pre><hr><br>');
    expect(sanitizeHtml('<div><p>unclosed <em>em')).toBe('<div><p>unclosed <em>em</em></p></div>');
    expect(sanitizeHtml('</p>stray</b> closing')).toBe('stray closing');
    expect(sanitizeHtml('<ol start="3"><li>c</li></ol>')).toBe('<ol start="3"><li>c</li></ol>');
  });

  it('unwraps unknown tags (text kept) and drops script-like elements with their content', () => {
    expect(sanitizeHtml('<section><font color="red">kept</font></section>')).toBe('kept');
    for (const tag of [
      'script',
      'style',
      'iframe',
      'object',
      'noscript',
      'template',
      'textarea',
      'title',
      'select',
    ])
      expect(sanitizeHtml(`a<${tag} x="1"><p>hidden</p>alert(1)</${tag}>b`), tag).toBe('ab');
    expect(sanitizeHtml('a<embed src="x">b')).toBe('ab');
    expect(sanitizeHtml('a<svg x="1"><text>hidden</text>alert(1)</svg>b')).toBe('ab');
    expect(sanitizeHtml('a<math><mi>hidden</mi>alert(1)</math>b')).toBe('ab');
    // HTML elements break out of foreign content, as they do in a browser: then they are kept.
    expect(sanitizeHtml('a<svg><p>out</p></svg>b')).toBe('a<p>out</p>b');
    expect(sanitizeHtml('a<script>never closed <p>x</p>')).toBe('a');
    // The tokenizer reads `<scr<script>` as one unknown tag: unwrapped, the rest is text.
    expect(sanitizeHtml('<scr<script>ipt>alert(1)</script>')).toBe('ipt&gt;alert(1)');
    expect(sanitizeHtml('x<plaintext><p>y')).toBe('x');
  });

  it('drops comments, doctypes, processing instructions and CDATA', () => {
    expect(sanitizeHtml('<!-- <script>x</script> -->ok<!doctype html><?xml x?><![CDATA[<b>]]>!')).toBe(
      'ok]]&gt;!',
    );
    expect(sanitizeHtml('a<!-- never closed <b>x</b>')).toBe('a');
  });

  it('escapes text: stray <, > and & become entities, references are decoded and re-escaped', () => {
    expect(sanitizeHtml('< not a tag & stuff > &amp; &copy; &#60; &#x3c;')).toBe(
      '&lt; not a tag &amp; stuff &gt; &amp; © &lt; &lt;',
    );
    expect(sanitizeHtml('1 <2 and 3> 2')).toBe('1 &lt;2 and 3&gt; 2');
    expect(sanitizeHtml('nul\u0000byte')).toBe('nulbyte');
  });

  it('keeps only allowed attributes, re-quoted and escaped; event handlers go', () => {
    expect(sanitizeHtml('<p onclick="x()" onmouseover=alert(1) class="c" id="i">z</p>')).toBe('<p>z</p>');
    expect(sanitizeHtml(`<a title='say "hi" <b>'>t</a>`)).toBe(
      '<a title="say &quot;hi&quot; &lt;b&gt;">t</a>',
    );
    expect(
      sanitizeHtml('<img src=https://x.test/a.png width=10 height="20" alt="a&quot;b" onerror="x()">'),
    ).toBe('<img src="https://x.test/a.png" width="10" height="20" alt="a&quot;b">');
    expect(sanitizeHtml('<img width="100%" height="-1" src="/blobs/a.png">')).toBe(
      '<img src="/blobs/a.png">',
    );
    expect(sanitizeHtml('<a href="/a" href="javascript:x">d</a>')).toBe('<a href="/a">d</a>');
  });

  it('opens external links in a new tab with rel noopener; site links stay in the tab', () => {
    expect(sanitizeHtml('<a href="https://example.com/x?a=1&amp;b=2">e</a>')).toBe(
      '<a href="https://example.com/x?a=1&amp;b=2" target="_blank" rel="noopener noreferrer nofollow">e</a>',
    );
    expect(sanitizeHtml('<a href="mailto:a@b.c">m</a>')).toBe(
      '<a href="mailto:a@b.c" target="_blank" rel="noopener noreferrer nofollow">m</a>',
    );
    expect(sanitizeHtml('<a href="/model" target="_self">in</a><a href="#top">top</a>')).toBe(
      '<a href="/model">in</a><a href="#top">top</a>',
    );
  });

  it('caps nesting depth at 32 (deeper tags are unwrapped)', () => {
    const out = sanitizeHtml(`${'<b>'.repeat(40)}x${'</b>'.repeat(40)}`);
    expect(out).toBe(`${'<b>'.repeat(32)}x${'</b>'.repeat(32)}`);
  });
});

describe('javascript and data links are removed (spec §5)', () => {
  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    '\u0001javascript:alert(1)',
    'jav&#x61;script:alert(1)',
    'jav&#97;script:alert(1)',
    '&#106;avascript:1',
    'javascript&colon;1',
    'javascript&#58;1',
    'javascript&NewLine;:1',
    'data:text/html;base64,PHNjcmlwdD4=',
    'vbscript:msgbox(1)',
    '//evil.com/x',
    '/\\evil.com',
    'https:evil',
    'a:b',
  ])('refuses %j as a link', (url) => {
    expect(safeUrl(url, 'link')).toBeNull();
    expect(sanitizeHtml(`<a href="${url.replace(/"/g, '&quot;')}">x</a>`)).toBe('<a>x</a>');
  });

  it('allows http(s), mailto and fragments for links; http(s) and site paths for images', () => {
    expect(safeUrl('https://example.com', 'link')).toBe('https://example.com');
    expect(safeUrl('HTTP://example.com', 'link')).toBe('HTTP://example.com');
    expect(safeUrl('mailto:a@b.c', 'link')).toBe('mailto:a@b.c');
    expect(safeUrl('#section', 'link')).toBe('#section');
    expect(safeUrl('relative/path', 'link')).toBe('relative/path');
    expect(safeUrl('/blobs/a.png', 'image')).toBe('/blobs/a.png');
    expect(safeUrl('mailto:a@b.c', 'image')).toBeNull();
    expect(safeUrl('#x', 'image')).toBeNull();
    expect(safeUrl('data:image/png;base64,AAAA', 'image')).toBeNull();
    expect(safeUrl('', 'image')).toBeNull();
  });
});

describe('styles are filtered to a fixed list (spec §5)', () => {
  it('keeps text-align, colour, weight, decoration and italic only', () => {
    expect(safeStyle('color: #FFF; text-align:center')).toBe('color: #fff; text-align: center');
    expect(
      safeStyle('color: rgb(1, 2, 3); font-weight: bold; text-decoration: underline; font-style: italic'),
    ).toBe('color: rgb(1, 2, 3); font-weight: bold; text-decoration: underline; font-style: italic');
    expect(
      safeStyle('background: url(javascript:x); color: expression(alert(1)); position: fixed'),
    ).toBeNull();
    expect(safeStyle('color: red')).toBeNull();
    expect(sanitizeHtml('<p style="color:#123;background:url(x)">c</p>')).toBe(
      '<p style="color: #123">c</p>',
    );
    expect(sanitizeHtml('<span style="position:absolute">s</span>')).toBe('<span>s</span>');
  });
});

describe('text and content helpers', () => {
  it('derives plain text and tells empty posts apart', () => {
    expect(htmlToText('<p>Hi&nbsp;there</p><p>second &amp; third</p>')).toBe('Hi there second & third');
    expect(hasContent(sanitizeHtml('<p> </p><script>x</script>'))).toBe(false);
    expect(hasContent(sanitizeHtml('<img src="/blobs/a.png">'))).toBe(true);
    expect(hasContent(sanitizeHtml('<p>x</p>'))).toBe(true);
  });
});

describe('sanitizer properties (spec §5): safe output, idempotent, linear time', () => {
  // Safe output and idempotence over random markup: tests/security/sanitisers.test.ts (10,000
  // runs of both sanitisers, read back by parse5, including the token soup this file used).
  it('the oracle tells safe from unsafe output', () => {
    expect(isSafe('<p style="color: #fff">ok</p><a href="/x" target="_blank">y</a>')).toBe(true);
    for (const bad of [
      '<script>x</script>',
      '<a href="javascript:x">',
      '<a href="jav&#x61;script:x">',
      '<p onclick="x">',
      '<img src=x>',
      'a < b',
      '<p style="background: url(x)">',
    ])
      expect(isSafe(bad), bad).toBe(false);
  });

  it('keeps plain text intact (apart from escaping)', () => {
    fc.assert(
      fc.property(
        // eslint-disable-next-line no-control-regex
        fc.string({ maxLength: 200 }).filter((s) => !/[<>&\u0000]/.test(s)),
        (text) => sanitizeHtml(text) === text,
      ),
    );
  });

  it('falls back to text past MAX_OPEN_ELEMENTS open elements (the parser is quadratic in depth)', () => {
    expect(sanitizeHtml(`${'<b>'.repeat(MAX_OPEN_ELEMENTS + 1)}deep <script>x</script>`)).toBe('deep x');
    expect(sanitizeHtml(`${'<b>'.repeat(MAX_OPEN_ELEMENTS)}kept`)).toBe(
      `${'<b>'.repeat(32)}kept${'</b>'.repeat(32)}`,
    );
    // Self-closing and self-limiting tags add no depth, closed ones give it back.
    expect(openElementsBound('<p>'.repeat(2000))).toBe(0);
    expect(openElementsBound('<li><br><img>'.repeat(2000))).toBe(0);
    expect(openElementsBound('<b><i></i></b>'.repeat(2000))).toBe(2);
    expect(openElementsBound('<b></i>'.repeat(700))).toBe(700);
    expect(sanitizeHtml('<p>x'.repeat(2000))).toBe('<p>x</p>'.repeat(2000));
    for (const input of [
      '<a b=c '.repeat(7000),
      '<a b="'.repeat(8000),
      `<a ${'b '.repeat(25000)}`,
      '<'.repeat(50000),
      '<script>'.repeat(6000),
      '<b>'.repeat(16000),
      '<b><i></b></i>'.repeat(3500),
    ])
      expect(isSafe(sanitizeHtml(input))).toBe(true);
  });
});

describe('known XSS and mutation-XSS vectors come out inert (spec §5)', () => {
  it.each([
    ['<img src=x onerror=alert(1)>', '<img src="x">'],
    ['<svg><p><style><img src=x onerror=alert(1)></style></p></svg>', '<p></p>'],
    ['<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>', ''],
    ['<noscript><p title="</noscript><img src=x onerror=alert(1)>">', '<p></p>'],
    ['<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>', ''],
    ['<iframe srcdoc="<script>alert(1)</script>"></iframe>ok', 'ok'],
    ['<template><script>alert(1)</script></template>t', 't'],
    ['<select><option><img src=x onerror=alert(1)></select>', ''],
    ['<xmp><img src=x onerror=alert(1)></xmp>', ''],
    ['<textarea></textarea><img src=x onerror=alert(1)>', '<img src="x">'],
    ['<img src="https://x.test/a.png" srcset="javascript:alert(1)">', '<img src="https://x.test/a.png">'],
    ['<a href="/x" onclick="alert(1)" data-x="1" aria-label="l" id="__proto__">a</a>', '<a href="/x">a</a>'],
    [
      '<a href="https://x.test" target="_self" rel="opener">l</a>',
      '<a href="https://x.test" target="_blank" rel="noopener noreferrer nofollow">l</a>',
    ],
  ])('%j', (input, output) => {
    expect(sanitizeHtml(input)).toBe(output);
    expect(isSafe(output)).toBe(true);
  });
});
