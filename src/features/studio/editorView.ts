import type { IntlShape } from 'react-intl';
import { editor } from '../../../domain/index.js';

/** The open project the editor's panels work on. */
export type OpenProject = Extract<editor.EditorState, { status: 'open' }>;

/** An item's name in the library's labels: its title, or the translated 'untitled' placeholder. */
export const itemName = (intl: IntlShape, title: string | null | undefined): string => {
  const name = editor.libraryItemName(title);
  return name.kind === 'text' ? name.text : intl.formatMessage({ id: name.key });
};

/** Whether a clip's address is a video (not a picture or a GIF). */
export const isVideoUrl = (url: string) => !/\.(gif|png|jpe?g|webp|avif)(\?|$)/i.test(url);

/** The length of a media file, read by the browser (an upload's is not known before). */
export const mediaDuration = (url: string, kind: 'audio' | 'video'): Promise<number | null> =>
  new Promise((resolve) => {
    const el = document.createElement(kind);
    el.preload = 'metadata';
    el.onloadedmetadata = () => resolve(Number.isFinite(el.duration) ? el.duration : null);
    el.onerror = () => resolve(null);
    el.src = url;
  });
