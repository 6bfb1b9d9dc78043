import { defineEvent, type DomainEvent } from '../kernel/event.js';
import type { WorkCard } from '../details/events.js';

/** The tag lists of `/tag` (spec §7 hot tags, my collected tags, official tags). */
export const TAG_LISTS = ['hot', 'collected', 'official'] as const;
export type TagList = (typeof TAG_LISTS)[number];

export interface TagCard {
  readonly id: string;
  readonly name: string;
  readonly works: number;
  readonly coverUrl: string | null;
}

export interface TagInfo extends TagCard {
  readonly description: string;
  readonly likes: number;
  readonly isCollected: boolean;
  /** Set on official tags (spec §7 "official tags (show_area)"). */
  readonly showArea: string | null;
}

export interface UserCard {
  readonly id: string;
  readonly name: string;
  readonly avatar: string;
  /** The preview image of the avatar box the person wears (spec §3 avatar_frame), null when none. */
  readonly avatarFrame?: string | null;
  readonly followers: number;
  readonly works: number;
}

export type SearchResult =
  | { readonly kind: 'work'; readonly work: WorkCard }
  | { readonly kind: 'tag'; readonly tag: TagCard }
  | { readonly kind: 'user'; readonly user: UserCard };

export interface SuggestPayload {
  readonly prefix: string;
}
export const suggestRequested = defineEvent<SuggestPayload>()('search/suggestRequested');
/** The answer for a prefix: its tags (`items`) and, since issue 21, the people and works it starts. */
export interface SuggestLoadedPayload extends SuggestPayload {
  readonly items: readonly TagCard[];
  readonly users?: readonly UserCard[];
  readonly works?: readonly WorkCard[];
}
export const suggestLoaded = defineEvent<SuggestLoadedPayload>()('search/suggestLoaded');
export const suggestFailed = defineEvent<SuggestPayload>()('search/suggestFailed');
/** The text got too short, the box closed, or a search started: no suggestions shown. */
export const suggestCleared = defineEvent<Record<string, never>>()('search/suggestCleared');

/** A results list: a search (`search:<tab>:<text>`) or a tag's works (`tag:<id>`). */
export interface ResultsPagePayload {
  readonly key: string;
  readonly offset: number;
}
export const resultsRequested = defineEvent<ResultsPagePayload>()('search/resultsRequested');
export const resultsLoaded = defineEvent<
  ResultsPagePayload & {
    readonly items: readonly SearchResult[];
    readonly nextOffset: number;
    readonly hasMore: boolean;
  }
>()('search/resultsLoaded');
export const resultsFailed = defineEvent<ResultsPagePayload & { readonly code: number }>()(
  'search/resultsFailed',
);

export const tagListRequested = defineEvent<{ readonly list: TagList }>()('search/tagListRequested');
export const tagListLoaded = defineEvent<{ readonly list: TagList; readonly items: readonly TagCard[] }>()(
  'search/tagListLoaded',
);
export const tagListFailed = defineEvent<{ readonly list: TagList; readonly code: number }>()(
  'search/tagListFailed',
);

export const tagRequested = defineEvent<{ readonly name: string }>()('search/tagRequested');
export const tagLoaded = defineEvent<{ readonly name: string; readonly tag: TagInfo }>()('search/tagLoaded');
export const tagFailed = defineEvent<{ readonly name: string; readonly code: number }>()('search/tagFailed');
/** The server accepted collecting (or un-collecting) a tag. */
export const tagCollectChanged = defineEvent<{ readonly tagId: string; readonly collected: boolean }>()(
  'search/tagCollectChanged',
);

type P<T extends { readonly type: string }, X> = DomainEvent<T['type'], X>;

export type SearchEvent =
  | P<typeof suggestRequested, SuggestPayload>
  | P<typeof suggestLoaded, SuggestLoadedPayload>
  | P<typeof suggestFailed, SuggestPayload>
  | P<typeof suggestCleared, Record<string, never>>
  | P<typeof resultsRequested, ResultsPagePayload>
  | P<
      typeof resultsLoaded,
      ResultsPagePayload & {
        readonly items: readonly SearchResult[];
        readonly nextOffset: number;
        readonly hasMore: boolean;
      }
    >
  | P<typeof resultsFailed, ResultsPagePayload & { readonly code: number }>
  | P<typeof tagListRequested, { readonly list: TagList }>
  | P<typeof tagListLoaded, { readonly list: TagList; readonly items: readonly TagCard[] }>
  | P<typeof tagListFailed, { readonly list: TagList; readonly code: number }>
  | P<typeof tagRequested, { readonly name: string }>
  | P<typeof tagLoaded, { readonly name: string; readonly tag: TagInfo }>
  | P<typeof tagFailed, { readonly name: string; readonly code: number }>
  | P<typeof tagCollectChanged, { readonly tagId: string; readonly collected: boolean }>;

export const searchEventTypes = [
  suggestRequested.type,
  suggestLoaded.type,
  suggestFailed.type,
  suggestCleared.type,
  resultsRequested.type,
  resultsLoaded.type,
  resultsFailed.type,
  tagListRequested.type,
  tagListLoaded.type,
  tagListFailed.type,
  tagRequested.type,
  tagLoaded.type,
  tagFailed.type,
  tagCollectChanged.type,
] as const;
