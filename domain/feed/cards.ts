/**
 * What a square card does (spec §2 "Card behaviour per content type", §8 image retries, §9 count
 * format): the address a card opens, what each of its actions does for that card, the actions it
 * can offer with what it holds, its statistics with their values, and the next try of a cover
 * that failed to load. Addresses are the ones agreed between the screens: details under
 * `/artwork`, `/models`, `/posts`, `/audio`, `/video`, `/characters`, `/apps`, `/workflows`,
 * `/templates`, `/novels`; Remix on Create; image-to-video on its tool; chat in its room.
 */
import { detailPathOf } from '../details/rules.js';
import { assertNever } from '../kernel/event.js';
import {
  cardActions,
  cardStatistics,
  type CardAction,
  type CardMedia,
  type CardStatistic,
  type FeedCard,
} from './rules.js';

/** The detail address of a card (its click target), by type (`details.detailPathOf`). */
export const cardDetailPath = (card: Pick<FeedCard, 'id' | 'cardType' | 'trainedModelId'>): string =>
  detailPathOf(card.cardType, card.id, card.trainedModelId);

/** The tool page that turns an image into a video (spec §2 tool routes). */
export const IMAGE_TO_VIDEO_PATH = '/ai-tools/ai-video-generator';
/** Create, where a remix lands. */
export const CREATE_PATH = '/create';
/** The conversation with a character (its chat room). */
export const chatPath = (characterId: string): string => `/chat/${encodeURIComponent(characterId)}`;

/**
 * What an action does for one card: go somewhere, save its image, play its media in place, or
 * copy a workflow into the person's own workflows (where it runs) and open the copy.
 */
export type CardIntent =
  | { readonly kind: 'navigate'; readonly to: string }
  | { readonly kind: 'download'; readonly url: string }
  | { readonly kind: 'play'; readonly media: CardMedia }
  | { readonly kind: 'copyWorkflow'; readonly itemId: string };

/**
 * The intent of `action` on `card`, or null when the card lacks what it needs (no cover to
 * download or animate, no media to play).
 */
export const actionIntent = (action: CardAction, card: FeedCard): CardIntent | null => {
  const id = encodeURIComponent(card.id);
  switch (action) {
    case 'remix':
      return {
        kind: 'navigate',
        to: card.cardType === 'model' ? `${CREATE_PATH}?model=${id}` : `${CREATE_PATH}?remix=${id}`,
      };
    case 'download':
      return card.cover ? { kind: 'download', url: card.cover.url } : null;
    case 'imageToVideo':
      return card.cover
        ? { kind: 'navigate', to: `${IMAGE_TO_VIDEO_PATH}?image=${encodeURIComponent(card.cover.url)}` }
        : null;
    case 'play':
      return card.media ? { kind: 'play', media: card.media } : null;
    case 'try':
      // A workflow runs from the person's own copy; the others are tried on their detail.
      return card.cardType === 'workflow'
        ? { kind: 'copyWorkflow', itemId: card.id }
        : { kind: 'navigate', to: cardDetailPath(card) };
    case 'chat':
      return { kind: 'navigate', to: chatPath(card.id) };
    case 'modelNavigation':
      // The model a LoRA training produced; a training that names none has no model to show.
      return card.trainedModelId === undefined || card.trainedModelId === ''
        ? null
        : { kind: 'navigate', to: `/models/${encodeURIComponent(card.trainedModelId)}` };
    default:
      return assertNever(action);
  }
};

/** The actions of the card's type it can carry out, with what each does, in the spec's order. */
export const cardIntents = (
  card: FeedCard,
): readonly { readonly action: CardAction; readonly intent: CardIntent }[] =>
  cardActions(card.cardType).flatMap((action) => {
    const intent = actionIntent(action, card);
    return intent === null ? [] : [{ action, intent }];
  });

/** The counts a card's statistics read (likes and collections come from the social context). */
export interface StatCounts {
  readonly like: number;
  readonly collection: number;
}

/** The statistics of the card's type, each with its count (a missing count reads 0). */
export const cardStatValues = (
  card: FeedCard,
  counts: StatCounts,
): readonly { readonly stat: CardStatistic; readonly value: number }[] =>
  cardStatistics(card.cardType).map((stat) => {
    switch (stat) {
      case 'like':
        return { stat, value: counts.like };
      case 'collection':
        return { stat, value: counts.collection };
      case 'play':
        return { stat, value: card.counts?.play ?? 0 };
      case 'task':
        return { stat, value: card.counts?.task ?? 0 };
      case 'token':
        return { stat, value: card.counts?.usage ?? 0 };
      default:
        return assertNever(stat);
    }
  });

/** Spec §8: an image that fails to load is tried again, up to 2 more times. */
export const COVER_LOAD_RETRIES = 2;

/**
 * The address of the next try of a cover after `failures` failed loads, or null once the
 * retries are spent. Each try has its own address (a `retry` query), so the browser asks again
 * rather than answering from the failed request.
 */
export const coverRetryUrl = (url: string, failures: number): string | null => {
  if (!Number.isInteger(failures) || failures < 1 || failures > COVER_LOAD_RETRIES) return null;
  const hash = url.indexOf('#');
  const base = hash === -1 ? url : url.slice(0, hash);
  const fragment = hash === -1 ? '' : url.slice(hash);
  return `${base}${base.includes('?') ? '&' : '?'}retry=${failures}${fragment}`;
};

/**
 * The statistics a card shows beside its like button (which shows the like count itself): the
 * type's statistics (spec §2) without `like`, in their order.
 */
export const cardCountStats = (
  card: FeedCard,
  collection: number,
): readonly { readonly stat: Exclude<CardStatistic, 'like'>; readonly value: number }[] =>
  cardStatValues(card, { like: 0, collection }).filter(
    (s): s is { readonly stat: Exclude<CardStatistic, 'like'>; readonly value: number } => s.stat !== 'like',
  );
