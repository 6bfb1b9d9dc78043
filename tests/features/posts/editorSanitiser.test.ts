// @vitest-environment jsdom
/**
 * Issue 21: what the post editor can produce is exactly what the server's sanitiser keeps.
 * Documents are generated from the editor's own schema (the extension list the editor uses,
 * `postEditorExtensions`), serialised to HTML by Tiptap's `generateHTML` (what `editor.getHTML()`
 * sends) and run through `server/moderation/sanitize.ts`: the HTML must come back identical.
 */
import { generateHTML, getSchema, type JSONContent } from '@tiptap/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeUrl, sanitizeHtml } from '../../../server/moderation/sanitize';
import {
  IMAGE_ALT_MAX,
  isImageKept,
  isLinkKept,
  LIST_START_MAX,
  MAX_BLOCK_DEPTH,
  postEditorExtensions,
} from '../../../src/features/posts/editorExtensions';

const extensions = [...postEditorExtensions];
const schema = getSchema(extensions);

// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/g;

/** Text a person can type or paste: any characters but controls (the editor splits lines into blocks). */
const text = fc
  .string({ unit: 'grapheme', minLength: 1, maxLength: 12 })
  .map((s) => s.replace(CONTROLS, ''))
  .filter((s) => s !== '');

const someText = fc.oneof(
  text,
  fc.constantFrom(
    'a & b',
    '<script>x</script>',
    '"quoted" \'single\'',
    'x\u00a0y',
    '  spaced  ',
    'javascript:alert(1)',
  ),
);

const href = fc
  .oneof(
    fc.webUrl({ withQueryParameters: true, withFragments: true }),
    fc.constantFrom(
      'https://example.com/a?b=1&c=2',
      'mailto:someone@example.com',
      'http://localhost:8080/posts/1',
      'javascript:alert(1)',
      'data:text/html,x',
    ),
    fc.string(),
  )
  .filter(isLinkKept);

const src = fc
  .oneof(
    fc.webUrl(),
    fc.stringMatching(/^[0-9a-f]{4,24}$/).map((h) => `/blobs/uploads/${h}.png`),
    fc.string(),
  )
  .filter(isImageKept);

const alt = fc.option(
  fc
    .string({ unit: 'grapheme', maxLength: 60 })
    .map((s) => s.replace(CONTROLS, ''))
    .filter((s) => s.length <= IMAGE_ALT_MAX),
  { nil: null },
);

const styleMarks = fc.subarray(['bold', 'italic', 'underline', 'strike']);

const inlineText: fc.Arbitrary<JSONContent> = fc.oneof(
  fc
    .record({ t: someText, marks: styleMarks, link: fc.option(href, { nil: null }) })
    .map(({ t, marks, link }) => ({
      type: 'text',
      text: t,
      marks: [
        ...marks.map((m) => ({ type: m })),
        ...(link === null ? [] : [{ type: 'link', attrs: { href: link } }]),
      ],
    })),
  // Inline code excludes every other mark.
  someText.map((t) => ({ type: 'text', text: t, marks: [{ type: 'code' }] })),
  fc.constant({ type: 'hardBreak' }),
);

const inline = fc.array(inlineText, { maxLength: 6 });

const paragraph = inline.map((content): JSONContent => ({ type: 'paragraph', content }));

const blocks = fc.letrec<{ block: JSONContent; listItem: JSONContent }>((tie) => ({
  block: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    paragraph,
    fc
      .record({ level: fc.constantFrom(2, 3), content: inline })
      .map(({ level, content }): JSONContent => ({ type: 'heading', attrs: { level }, content })),
    fc.constant<JSONContent>({ type: 'horizontalRule' }),
    fc.record({ src, alt }).map(({ src, alt }): JSONContent => ({ type: 'image', attrs: { src, alt } })),
    fc
      .array(tie('block'), { minLength: 1, maxLength: 3 })
      .map((content): JSONContent => ({ type: 'blockquote', content })),
    fc
      .array(tie('listItem'), { minLength: 1, maxLength: 3 })
      .map((content): JSONContent => ({ type: 'bulletList', content })),
    fc
      .record({
        start: fc.integer({ min: 1, max: LIST_START_MAX }),
        content: fc.array(tie('listItem'), { minLength: 1, maxLength: 3 }),
      })
      .map(({ start, content }): JSONContent => ({ type: 'orderedList', attrs: { start }, content })),
  ),
  listItem: fc
    .record({ first: paragraph, rest: fc.array(tie('block'), { maxLength: 2 }) })
    .map(({ first, rest }): JSONContent => ({ type: 'listItem', content: [first, ...rest] })),
}));

const document = fc
  .array(blocks.block, { minLength: 1, maxLength: 5 })
  .map((content): JSONContent => ({ type: 'doc', content }));

const roundTrip = (doc: JSONContent) => {
  schema.nodeFromJSON(doc).check(); // a document the editor's schema accepts
  const html = generateHTML(doc, extensions);
  return { html, sanitised: sanitizeHtml(html) };
};

describe('the post editor produces exactly what the sanitiser keeps (issue 21, spec §5)', () => {
  it('property: any document of the editor schema -> HTML -> sanitise -> the same HTML', () => {
    fc.assert(
      fc.property(document, (doc) => {
        const { html, sanitised } = roundTrip(doc);
        expect(sanitised).toBe(html);
      }),
      { numRuns: 300 },
    );
  });

  it('regression (seed -1245266493): an alt text of spaces, or one cut at a space, is written trimmed as the sanitiser keeps it', () => {
    for (const alt of [' ', `${'a'.repeat(199)} b`, ' x ']) {
      const { html, sanitised } = roundTrip({
        type: 'doc',
        content: [{ type: 'blockquote', content: [{ type: 'image', attrs: { src: 'http://a.aa', alt } }] }],
      });
      expect(sanitised).toBe(html);
    }
  });

  it('property: a link or image the editor keeps is one the sanitiser keeps unchanged; scripts and data never', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.webUrl(), fc.constantFrom('javascript:x', ' data:x', 'JaVaScRiPt:x')),
        (s) => {
          if (isLinkKept(s)) expect(safeUrl(s, 'link')).toBe(s);
          if (isImageKept(s)) expect(safeUrl(s, 'image')).toBe(s);
          if (/^\s*(javascript|data|vbscript):/i.test(s)) {
            expect(isLinkKept(s)).toBe(false);
            expect(isImageKept(s)).toBe(false);
          }
        },
      ),
    );
  });

  it('a link is written with the target and rel the sanitiser gives an external link', () => {
    const { html, sanitised } = roundTrip({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            {
              type: 'text',
              text: 'site',
              marks: [{ type: 'link', attrs: { href: 'https://example.org/x' } }],
            },
          ],
        },
      ],
    });
    expect(html).toBe(
      '<p><a href="https://example.org/x" target="_blank" rel="noopener noreferrer nofollow">site</a></p>',
    );
    expect(sanitised).toBe(html);
  });

  it('the deepest nesting the editor takes, with every mark a text can carry, is kept whole', () => {
    let node: JSONContent = {
      type: 'paragraph',
      content: [
        {
          type: 'text',
          text: 'deep',
          marks: ['bold', 'italic', 'underline', 'strike']
            .map((type) => ({ type }))
            .concat([{ type: 'link', attrs: { href: 'https://example.org' } } as never]),
        },
      ],
    };
    for (let depth = 1; depth < MAX_BLOCK_DEPTH; depth++) node = { type: 'blockquote', content: [node] };
    const { html, sanitised } = roundTrip({ type: 'doc', content: [node] });
    expect(sanitised).toBe(html);
  });
});
