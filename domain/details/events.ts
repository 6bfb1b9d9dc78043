import { defineEvent, type DomainEvent } from '../kernel/event.js';
import type { CardType, ContentObjType } from '../feed/catalog.js';

/** A work as a small tile (related works, sample images, search results, a tag's works). */
export interface WorkCard {
  readonly id: string;
  readonly objType: ContentObjType;
  readonly cardType: CardType;
  readonly title: string;
  readonly cover: { readonly url: string; readonly width: number; readonly height: number } | null;
  readonly authorId: string;
  readonly authorName: string;
  readonly likes: number;
  /** The preview image of the production box its author wears on the work, null when none. */
  readonly productionFrame?: string | null;
  /** A LoRA training: the model it produced, which its tile opens. */
  readonly trainedModelId?: string;
}

/** How a work was made (spec §3 preview item `meta.prompt`, with its generation parameters). */
export interface GenerationMeta {
  readonly prompt: string;
  readonly negativePrompt: string;
  readonly sampler: string;
  readonly steps: number;
  readonly cfgScale: number;
  readonly seed: number;
  readonly aspectRatio: string;
  readonly width: number;
  readonly height: number;
}

/** Spec §3 preview item `models (id, model_ver_no, type, name, cover)`. */
export interface UsedModel {
  readonly id: string;
  readonly versionNo: string;
  readonly type: string;
  readonly name: string;
  readonly coverUrl: string | null;
}

export interface MediaFile {
  readonly url: string;
  readonly contentType: string;
  /** Seconds. */
  readonly duration: number;
  readonly width: number | null;
  readonly height: number | null;
}

export interface ModelVersion {
  readonly id: string;
  readonly name: string;
  readonly baseModel: string;
}

/** The person who made a work or wrote a comment. */
export interface DetailAuthor {
  readonly id: string;
  readonly name: string;
  readonly avatar: string;
  /** The preview image of the avatar box the person wears (spec §3 avatar_frame), null when none. */
  readonly avatarFrame?: string | null;
}

/** One item as its detail page shows it (decoded at the API edge; a post's HTML already sanitised). */
export interface DetailItem {
  readonly id: string;
  readonly objType: ContentObjType;
  readonly cardType: CardType;
  readonly title: string;
  readonly description: string;
  readonly cover: { readonly url: string; readonly width: number; readonly height: number } | null;
  readonly author: DetailAuthor;
  /** The preview image of the production box its author wears on the work, null when none. */
  readonly productionFrame?: string | null;
  /** Epoch milliseconds (spec §3 `pt`). */
  readonly publishedAt: number;
  readonly tags: readonly { readonly id: string; readonly name: string }[];
  readonly stats: {
    readonly likes: number;
    readonly collections: number;
    readonly plays: number | null;
    readonly tasks: number | null;
  };
  readonly meta: GenerationMeta | null;
  readonly models: readonly UsedModel[];
  readonly media: MediaFile | null;
  readonly modelType: string | null;
  readonly baseModel: string | null;
  readonly versions: readonly ModelVersion[];
  readonly triggerWords: readonly string[];
  /** Posts: the body, sanitised under the spec §5 rich-text policy before it entered an event. */
  readonly contentHtml: string | null;
  readonly subChannel: string | null;
}

export interface DetailComment {
  readonly id: string;
  readonly content: string;
  readonly createdAt: number;
  readonly author: DetailAuthor;
}

/** The lists a detail page shows beside the item. */
export type WorkListKind = 'related' | 'samples';

export const itemRequested = defineEvent<{ readonly id: string }>()('details/itemRequested');
export const itemLoaded = defineEvent<{ readonly item: DetailItem }>()('details/itemLoaded');
export const itemFailed = defineEvent<{ readonly id: string; readonly code: number }>()('details/itemFailed');

export interface CommentsLoadedPayload {
  readonly id: string;
  /** The offset this page was asked at. */
  readonly offset: number;
  readonly items: readonly DetailComment[];
  readonly nextOffset: number;
  readonly hasMore: boolean;
  readonly total: number;
}
export const commentsRequested = defineEvent<{ readonly id: string; readonly offset: number }>()(
  'details/commentsRequested',
);
export const commentsLoaded = defineEvent<CommentsLoadedPayload>()('details/commentsLoaded');
export const commentsFailed = defineEvent<{
  readonly id: string;
  readonly offset: number;
  readonly code: number;
}>()('details/commentsFailed');
/** The signed-in person's comment, accepted by the server: it goes first. */
export const commentAdded = defineEvent<{ readonly id: string; readonly comment: DetailComment }>()(
  'details/commentAdded',
);

export interface WorksPayload {
  readonly id: string;
  readonly list: WorkListKind;
}
export const worksRequested = defineEvent<WorksPayload>()('details/worksRequested');
export const worksLoaded = defineEvent<WorksPayload & { readonly items: readonly WorkCard[] }>()(
  'details/worksLoaded',
);
export const worksFailed = defineEvent<WorksPayload & { readonly code: number }>()('details/worksFailed');

export type DetailsEvent =
  | DomainEvent<typeof itemRequested.type, { readonly id: string }>
  | DomainEvent<typeof itemLoaded.type, { readonly item: DetailItem }>
  | DomainEvent<typeof itemFailed.type, { readonly id: string; readonly code: number }>
  | DomainEvent<typeof commentsRequested.type, { readonly id: string; readonly offset: number }>
  | DomainEvent<typeof commentsLoaded.type, CommentsLoadedPayload>
  | DomainEvent<
      typeof commentsFailed.type,
      { readonly id: string; readonly offset: number; readonly code: number }
    >
  | DomainEvent<typeof commentAdded.type, { readonly id: string; readonly comment: DetailComment }>
  | DomainEvent<typeof worksRequested.type, WorksPayload>
  | DomainEvent<typeof worksLoaded.type, WorksPayload & { readonly items: readonly WorkCard[] }>
  | DomainEvent<typeof worksFailed.type, WorksPayload & { readonly code: number }>;

export const detailsEventTypes = [
  itemRequested.type,
  itemLoaded.type,
  itemFailed.type,
  commentsRequested.type,
  commentsLoaded.type,
  commentsFailed.type,
  commentAdded.type,
  worksRequested.type,
  worksLoaded.type,
  worksFailed.type,
] as const;
