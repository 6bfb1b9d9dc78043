/**
 * Detail pages (issue 11, spec §2 card types and shared addresses, §8 error codes): which page
 * shows which card type, the address of any card, remix and image-to-video links, and what an
 * error code means for a page.
 */
import type { CardType } from '../feed/catalog.js';
import { pictureOf, type PictureSet } from '../images/rules.js';
import { splitLocalePath } from '../routing/rules.js';

/** The detail pages of this area. */
export type DetailPage = 'artwork' | 'model' | 'post' | 'audio' | 'video';

/**
 * The card types each page shows: a portfolio (and a lookbook, a set of stills) is an artwork
 * page; any other type at that address is not found.
 */
export const DETAIL_PAGE_CARD_TYPES: { readonly [P in DetailPage]: readonly CardType[] } = {
  artwork: ['artwork', 'portfolio', 'lookBook'],
  model: ['model'],
  post: ['post'],
  audio: ['aiAudio'],
  video: ['aiVideo'],
};

export const pageShows = (page: DetailPage, cardType: CardType): boolean =>
  DETAIL_PAGE_CARD_TYPES[page].includes(cardType);

const seg = (id: string): string => encodeURIComponent(id);

/**
 * The address of a card's detail, the one definition every card, search result and related work
 * uses (the shared addresses of the issue: `/artwork/:id` for artworks and portfolios,
 * `/models/:id`, `/posts/:id`, `/audio/:id`, `/video/:id`, `/characters/:id`, `/apps/:id`,
 * `/workflows/:id`, `/templates/:id`, `/novels/:id`). A LoRA training (spec §2 "lora_train: a
 * model-navigation action") opens the model it produced, `trainedModelId`; one that names no model
 * has no page of its own and opens LoRA training with its template.
 */
export const detailPathOf = (cardType: CardType, id: string, trainedModelId?: string): string => {
  switch (cardType) {
    case 'artwork':
    case 'portfolio':
    case 'lookBook':
      return `/artwork/${seg(id)}`;
    case 'model':
      return `/models/${seg(id)}`;
    case 'post':
      return `/posts/${seg(id)}`;
    case 'aiAudio':
      return `/audio/${seg(id)}`;
    case 'aiVideo':
      return `/video/${seg(id)}`;
    case 'character':
      return `/characters/${seg(id)}`;
    case 'aiapp':
    case 'comfyUIApp':
      return `/apps/${seg(id)}`;
    case 'workflow':
      return `/workflows/${seg(id)}`;
    case 'paletteTemplate':
      return `/templates/${seg(id)}`;
    case 'ebook':
      return `/novels/${seg(id)}`;
    case 'lora_train':
      return trainedModelId === undefined || trainedModelId === ''
        ? `/lora-training?template=${seg(id)}`
        : `/models/${seg(trainedModelId)}`;
  }
};

/** Remix a work: Create loads it and fills its prompt and parameters. */
export const remixHref = (artworkId: string): string => `/create?remix=${seg(artworkId)}`;
/** Create with this model. */
export const modelRemixHref = (modelId: string): string => `/create?model=${seg(modelId)}`;
/** Spec §2 image-to-video of a still work (its image URL, URL-encoded). */
export const imageToVideoHref = (imageUrl: string): string =>
  `/ai-tools/ai-video-generator?image=${encodeURIComponent(imageUrl)}`;
/** A person's profile (engineer "social"). */
export const userPath = (userId: string): string => `/user/${seg(userId)}`;

/** The code the server answers for an id it does not know (spec §8 10404). */
export const NOT_FOUND_CODE = 10404;

/** What a failed load means for a detail page: a real not-found page, or an error to retry. */
export const failureOf = (code: number): 'notFound' | 'error' =>
  code === NOT_FOUND_CODE ? 'notFound' : 'error';

/** A duration in seconds as m:ss (h:mm:ss from an hour), for players. */
export const formatDuration = (seconds: number): string => {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
};

/** Related works and sample images a detail page shows at most. */
export const RELATED_COUNT = 8;
export const SAMPLES_COUNT = 12;
/** Comments per page. */
export const COMMENTS_PAGE = 10;
/** Spec-free bound of a comment (the contract's). */
export const COMMENT_MAX_LENGTH = 500;

/** A comment as sent: trimmed; null when empty or too long. */
export const commentText = (raw: string): string | null => {
  const text = raw.trim();
  return text.length === 0 || text.length > COMMENT_MAX_LENGTH ? null : text;
};

/**
 * How wide a detail page's work is shown (Details.module.css `.layout`): the whole column below
 * 900 px, else the media column, 1.5 of 2.5 parts of the page, at most 760 px.
 */
export const MEDIA_SIZES = '(max-width: 899.98px) 100vw, 60vw';
export const MEDIA_MAX_PX = 760;

/** A detail page's work: the picture its page draws first (its largest paint). */
export const mainPictureOf = (cover: { readonly url: string; readonly width: number }): PictureSet =>
  pictureOf(cover.url, MEDIA_MAX_PX, cover.width, MEDIA_SIZES);

/** The detail pages whose work is a picture, and the item an address of one names. */
export const pictureDetailOfPath = (
  pathname: string,
): { readonly page: 'artwork' | 'model'; readonly id: string } | null => {
  const m = /^\/(artwork|models)\/([^/]+)\/?$/.exec(splitLocalePath(pathname).rest);
  if (!m || m[2] === undefined) return null;
  let id: string;
  try {
    id = decodeURIComponent(m[2]);
  } catch {
    return null;
  }
  return id === '' ? null : { page: m[1] === 'models' ? 'model' : 'artwork', id };
};

/**
 * What a detail page's HTML names for the browser to fetch beside the scripts (issue 22: the work
 * is the page's largest paint, and its request waited for the page's code to run): the preload
 * of its most compact variant set, with the same candidates and sizes as the page's `<picture>`,
 * so the browser takes the preloaded file. An original without variants gets none.
 */
export const mainPicturePreload = (cover: {
  readonly url: string;
  readonly width: number;
}): { readonly type: string; readonly srcSet: string; readonly sizes: string } | null => {
  const picture = mainPictureOf(cover);
  const first = picture.sources[0];
  return first === undefined ? null : { type: first.type, srcSet: first.srcSet, sizes: picture.sizes };
};
