/**
 * The post editor's schema (issue 21), shared by the editor and by the property test that holds
 * it to the server's sanitiser (tests/features/posts/editorSanitiser.test.ts): every document
 * this editor can hold serialises to HTML that `server/moderation/sanitize.ts` keeps unchanged.
 * To get there the editor is narrowed to the sanitiser's allow-list: headings h2 and h3; bold,
 * italic, underline, strike, inline code; lists, quotes, rules and line breaks; links only to
 * http(s) or mailto addresses, always in a new tab (the sanitiser writes the same target and rel
 * on every such link); images from http(s) or this site with an alt text; no code blocks (their
 * language class is not allowed), no link titles or classes, no image titles or sizes, no list
 * types; and no deeper nesting than the sanitiser keeps.
 */
import { Extension, type AnyExtension } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import Link from '@tiptap/extension-link';
import OrderedList from '@tiptap/extension-ordered-list';
import type { Node as PmNode } from '@tiptap/pm/model';
import { Plugin } from '@tiptap/pm/state';
import StarterKit from '@tiptap/starter-kit';
import { moderation } from '../../../domain/index.js';

/** What the sanitiser writes on a link that leaves the site (server/moderation/sanitize.ts). */
export const POST_LINK_REL = 'noopener noreferrer nofollow';

/** The sanitiser keeps alt texts up to this length. */
export const IMAGE_ALT_MAX = 200;

/** The sanitiser keeps `start` values of up to six digits. */
export const LIST_START_MAX = 999_999;

/**
 * The deepest nesting of blocks the editor takes (a document is depth 0). With at most six marks
 * around a text, an element sits at most 26 levels deep, under the sanitiser's 32.
 */
export const MAX_BLOCK_DEPTH = 20;

export const isLinkKept = (href: string): boolean => moderation.postLinkHref(href) === href;
export const isImageKept = (src: string): boolean => moderation.postImageSrc(src) === src;

const PostLink = Link.extend({
  addAttributes() {
    return {
      href: { default: null, parseHTML: (el: HTMLElement) => el.getAttribute('href') },
    };
  },
  renderHTML({ HTMLAttributes }) {
    const href = typeof HTMLAttributes['href'] === 'string' ? HTMLAttributes['href'] : '';
    return ['a', { href, target: '_blank', rel: POST_LINK_REL }, 0];
  },
});

/**
 * An alt text as the sanitiser keeps it: DOMPurify trims every attribute value before the
 * sanitiser cuts it to IMAGE_ALT_MAX, so the editor writes the trimmed cut (trimmed again: a cut
 * may end in a space). Found by the round-trip property (alt " " came back as "").
 */
const keptAlt = (alt: string | null | undefined): string | null =>
  alt === null || alt === undefined ? null : alt.trim().slice(0, IMAGE_ALT_MAX).trim();

const PostImage = Image.extend({
  addAttributes() {
    return {
      src: { default: null, parseHTML: (el: HTMLElement) => el.getAttribute('src') },
      alt: {
        default: null,
        parseHTML: (el: HTMLElement) => keptAlt(el.getAttribute('alt')),
      },
    };
  },
  parseHTML() {
    return [
      {
        tag: 'img[src]',
        getAttrs: (el: HTMLElement) => (isImageKept(el.getAttribute('src') ?? '') ? null : false),
      },
    ];
  },
  renderHTML({ HTMLAttributes }) {
    const { src, alt } = HTMLAttributes as { src?: string | null; alt?: string | null };
    const kept = keptAlt(alt);
    return ['img', kept === null ? { src } : { src, alt: kept }];
  },
});

const PostOrderedList = OrderedList.extend({
  addAttributes() {
    return {
      start: {
        default: 1,
        parseHTML: (el: HTMLElement) => {
          const n = Number.parseInt(el.getAttribute('start') ?? '1', 10);
          return Number.isInteger(n) && n >= 1 && n <= LIST_START_MAX ? n : 1;
        },
      },
    };
  },
  renderHTML({ HTMLAttributes }) {
    const start = HTMLAttributes['start'] as number;
    return ['ol', start === 1 ? {} : { start: String(start) }, 0];
  },
});

export const blockDepth = (node: PmNode): number => {
  let deepest = 0;
  node.forEach((child) => {
    if (!child.isText) deepest = Math.max(deepest, 1 + blockDepth(child));
  });
  return deepest;
};

/** Refuses a change that would nest blocks deeper than `MAX_BLOCK_DEPTH`. */
const DepthCap = Extension.create({
  name: 'depthCap',
  addProseMirrorPlugins() {
    return [
      new Plugin({
        filterTransaction: (tr) => !tr.docChanged || blockDepth(tr.doc) <= MAX_BLOCK_DEPTH,
      }),
    ];
  },
});

/** The editor's extensions, in one list for the editor and the property test alike. */
export const postEditorExtensions: readonly AnyExtension[] = [
  StarterKit.configure({
    heading: { levels: [2, 3] },
    codeBlock: false,
    link: false,
    orderedList: false,
  }),
  PostLink.configure({
    openOnClick: false,
    autolink: true,
    linkOnPaste: true,
    defaultProtocol: 'https',
    isAllowedUri: (url) => isLinkKept(url),
  }),
  PostOrderedList,
  PostImage.configure({ inline: false, allowBase64: false }),
  DepthCap,
];
