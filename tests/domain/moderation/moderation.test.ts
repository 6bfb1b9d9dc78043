import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as mod from '../../../domain/moderation/index.js';

const labels = { title: 'Title', description: 'Description', tags: 'Tags' };

describe('moderation: the check request (spec §5 "texts are sent per field (category is the field name) with a scene")', () => {
  it('sends one text per field, its category the field name, with the scene', () => {
    expect(
      mod.buildSensitiveCheckRequest(
        [
          { field: 'title', text: 'Night city' },
          { field: 'description', text: 'Neon rain' },
        ],
        'post_publish',
      ),
    ).toEqual({
      scene: 'post_publish',
      items: [
        {
          texts: [
            { text: 'Night city', category: 'title' },
            { text: 'Neon rain', category: 'description' },
          ],
        },
      ],
    });
  });
  it('leaves blank fields out; with nothing to check, no call is needed', () => {
    const request = mod.buildSensitiveCheckRequest([{ field: 'title', text: '  ' }], 'post_publish');
    expect(request.items).toEqual([]);
    expect(mod.needsSensitiveCheck(request)).toBe(false);
    expect(
      mod.needsSensitiveCheck(mod.buildSensitiveCheckRequest([{ field: 'title', text: 'x' }], 's')),
    ).toBe(true);
  });
});

describe('moderation: the publish decision (spec §5 "an error is shown naming the offending field labels joined by a separator plus the contains sensitive words message, and the action is blocked")', () => {
  it('a clean check allows publishing', () => {
    expect(
      mod.decidePublish({ kind: 'checked', hasSensitiveWord: false, sensitiveCategories: [] }, labels),
    ).toEqual({
      allowed: true,
    });
  });
  it('a sensitive word blocks and names the offending fields by their labels', () => {
    expect(
      mod.decidePublish(
        { kind: 'checked', hasSensitiveWord: true, sensitiveCategories: ['title', 'tags'] },
        labels,
      ),
    ).toEqual({
      allowed: false,
      reason: 'sensitiveWords',
      messageKey: 'ContainsSensitiveWords',
      fields: 'Title, Tags',
    });
  });
  it('uses the given separator, names a field without a label by itself, and names each field once', () => {
    const d = mod.decidePublish(
      {
        kind: 'checked',
        hasSensitiveWord: true,
        sensitiveCategories: ['title', 'extra', 'title', 'constructor'],
      },
      labels,
      '、',
    );
    expect(d).toMatchObject({ allowed: false, fields: 'Title、extra、constructor' });
  });
  it('"If the check call fails, the action is also blocked"', () => {
    expect(mod.decidePublish({ kind: 'failed' }, labels)).toEqual({ allowed: false, reason: 'checkFailed' });
  });
  it('property: any check with a sensitive word blocks, a failed check always blocks, a clean one allows', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.record({
            kind: fc.constant('checked' as const),
            hasSensitiveWord: fc.boolean(),
            sensitiveCategories: fc.array(fc.string()),
          }),
          fc.constant({ kind: 'failed' as const }),
        ),
        fc.dictionary(fc.string(), fc.string()),
        (result, fieldLabels) => {
          const d = mod.decidePublish(result, fieldLabels);
          const shouldBlock = result.kind === 'failed' || result.hasSensitiveWord;
          expect(d.allowed).toBe(!shouldBlock);
          if (result.kind === 'checked' && result.hasSensitiveWord)
            expect(d).toMatchObject({ messageKey: 'ContainsSensitiveWords' });
        },
      ),
    );
  });
});

describe('moderation: rich text allow-lists (spec §5 "only a fixed list of tags, attributes and styles is allowed")', () => {
  it('allows ordinary formatting tags and refuses script, iframe, style, object and form', () => {
    for (const tag of ['p', 'A', 'strong', 'img', 'ul', 'li', 'h2', 'blockquote'])
      expect(mod.isAllowedTag(tag)).toBe(true);
    for (const tag of ['script', 'iframe', 'style', 'object', 'embed', 'form', 'svg', 'math'])
      expect(mod.isAllowedTag(tag)).toBe(false);
  });
  it('allows presentational attributes and refuses event handlers', () => {
    for (const attr of ['href', 'SRC', 'alt', 'title', 'style'])
      expect(mod.isAllowedAttribute(attr)).toBe(true);
    for (const attr of ['onclick', 'onerror', 'srcdoc', 'formaction'])
      expect(mod.isAllowedAttribute(attr)).toBe(false);
    expect(mod.URL_ATTRIBUTES.every((a) => mod.ALLOWED_ATTRIBUTES.includes(a))).toBe(true);
  });
  it('keeps only allowed, inert style declarations', () => {
    expect(
      mod.filterStyle('color: red; position: fixed; FONT-SIZE:14px ; background-color: url(x.png)'),
    ).toBe('color: red; font-size: 14px');
    expect(mod.filterStyle('color: expression(alert(1)); text-align: center; junk; color:')).toBe(
      'text-align: center',
    );
    expect(mod.filterStyle('')).toBe('');
    // Found by the sanitisers' 10,000 runs: `expression&#X28alert(1))` decodes to `expressionʊlert(1))`.
    expect(
      mod.filterStyle(
        'background-color: expression\u028alert(1)); color: expre/**/ssion(alert(1)); color: red',
      ),
    ).toBe('color: red');
    expect(mod.filterStyle('text-decoration: /*; color: blue')).toBe('color: blue');
  });
});

const scriptSchemes = ['javascript', 'data', 'vbscript'];
describe('moderation: links (spec §5 "javascript and data links are removed")', () => {
  it('keeps web, mail, phone and relative links', () => {
    for (const href of [
      'https://example.com/a',
      'http://example.com',
      'mailto:hi@example.com',
      'tel:+81',
      '/explore/model',
      '#top',
      '//cdn.example.com/x.png',
      'images/a.png',
      'page?q=a:b',
      'a&amp;b',
    ])
      expect(mod.isSafeHref(href)).toBe(true);
  });
  it('removes script and data links in their usual disguises', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      '  javascript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      '\u0000javascript:alert(1)',
      'javascript :alert(1)',
      'javascript&colon;alert(1)',
      '&#106;avascript:alert(1)',
      '&#x6A;avascript:alert(1)',
      'jav&#x09;ascript:alert(1)',
      'data:text/html;base64,PHNjcmlwdD4=',
      ' DATA:image/svg+xml,<svg onload=alert(1)>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      '&#0;javascript:alert(1)',
      '&#x110000;javascript:alert(1)',
      '&NewLine;javascript:alert(1)',
    ])
      expect(mod.isSafeHref(href), href).toBe(false);
  });
  it('property: isSafeHref rejects every case and whitespace variant of javascript: and data:', () => {
    const ws = fc.constantFrom(
      ' ',
      '\t',
      '\n',
      '\r',
      '\f',
      '\u0000',
      '\u000b',
      '\u00a0',
      '\u200b',
      '\ufeff',
      '\u3000',
    );
    const variant = fc
      .tuple(
        fc.constantFrom(...scriptSchemes.slice(0, 2)),
        fc.array(fc.boolean(), { minLength: 10, maxLength: 10 }),
        fc.array(fc.array(ws, { maxLength: 2 }), { minLength: 12, maxLength: 12 }),
        fc.string(),
      )
      .map(([scheme, upper, spaces, rest]) => {
        const letters = [...`${scheme}:`].map((ch, i) => (upper[i % upper.length] ? ch.toUpperCase() : ch));
        return letters.map((ch, i) => (spaces[i] ?? []).join('') + ch).join('') + rest;
      });
    fc.assert(
      fc.property(variant, (href) => {
        expect(mod.isSafeHref(href), JSON.stringify(href)).toBe(false);
      }),
      { numRuns: 1000 },
    );
  });
  it('property: isSafeHref never throws', () => {
    fc.assert(fc.property(fc.string(), (s) => typeof mod.isSafeHref(s) === 'boolean'));
  });
});

describe('moderation: link targets (spec §5 "External links open in a new tab")', () => {
  const own = 'https://atelier.example';
  const newTab = { target: '_blank', rel: 'noopener noreferrer' };
  const sameTab = { target: '_self', rel: null };
  it('opens links to other hosts in a new tab without access to this window', () => {
    expect(mod.linkTarget('https://other.example/x', own)).toEqual(newTab);
    expect(mod.linkTarget('//other.example/x', own)).toEqual(newTab);
    expect(mod.linkTarget('http://atelier.example/x', own)).toEqual(newTab);
    expect(mod.linkTarget('https://atelier.example.evil.com/', own)).toEqual(newTab);
    expect(mod.linkTarget('https://atelier.example@evil.com/', own)).toEqual(newTab);
    expect(mod.linkTarget('https://evil.com\\@atelier.example/', own)).toEqual(newTab);
    expect(mod.linkTarget('https://atelier.example:8443/', own)).toEqual(newTab);
    expect(mod.linkTarget('https:///nohost', own)).toEqual(newTab);
  });
  it('keeps own, relative, anchor, mail and phone links in place', () => {
    expect(mod.linkTarget('https://Atelier.Example/feed', own)).toEqual(sameTab);
    expect(mod.linkTarget('https://atelier.example:443/feed', own)).toEqual(sameTab);
    expect(mod.linkTarget('//atelier.example/feed', own)).toEqual(sameTab);
    expect(mod.linkTarget('/models/1', own)).toEqual(sameTab);
    expect(mod.linkTarget('#comments', own)).toEqual(sameTab);
    expect(mod.linkTarget('mailto:hi@atelier.example', own)).toEqual(sameTab);
    expect(mod.linkTarget('tel:+81', own)).toEqual(sameTab);
  });
  it('handles ports and IPv6 hosts', () => {
    expect(mod.linkTarget('http://localhost:8080/a', 'http://localhost:8080')).toEqual(sameTab);
    expect(mod.linkTarget('http://localhost:5173/a', 'http://localhost:8080')).toEqual(newTab);
    expect(mod.linkTarget('http://[::1]:8080/a', 'http://[::1]:8080')).toEqual(sameTab);
    expect(mod.linkTarget('http://[::1]:9090/a', 'http://[::1]:8080')).toEqual(newTab);
  });
  it('an origin without a scheme is taken as https', () => {
    expect(mod.linkTarget('//atelier.example/a', 'atelier.example')).toEqual(sameTab);
    expect(mod.linkTarget('https://atelier.example/a', 'atelier.example')).toEqual(sameTab);
    expect(mod.linkTarget('http://atelier.example/a', 'atelier.example')).toEqual(newTab);
  });
  it('property: any http(s) link to a host other than our own opens in a new tab', () => {
    fc.assert(
      fc.property(fc.domain(), fc.webPath(), (host, path) => {
        fc.pre(host !== 'atelier.example');
        expect(mod.linkTarget(`https://${host}${path}`, own)).toEqual(newTab);
        expect(mod.linkTarget(`https://atelier.example${path}`, own)).toEqual(sameTab);
      }),
    );
  });
});

describe('moderation: sanitised HTML is read back until it settles (mutation XSS)', () => {
  it('returns the HTML once a reading changes nothing', () => {
    expect(mod.settleHtml('<p>a</p>', (h) => h)).toBe('<p>a</p>');
    // One reading moves the nested paragraph out, the next changes nothing.
    const reread = (h: string) => h.replace('<p>a<p>b</p></p>', '<p>a</p><p>b</p>');
    expect(mod.settleHtml('<p>a<p>b</p></p>', reread)).toBe('<p>a</p><p>b</p>');
  });
  it('gives up (null) when it still changes after SETTLE_PASSES readings', () => {
    let readings = 0;
    const grows = (h: string) => {
      readings += 1;
      return `${h}x`;
    };
    expect(mod.settleHtml('a', grows)).toBeNull();
    expect(readings).toBe(mod.SETTLE_PASSES);
  });
});
