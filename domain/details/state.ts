/**
 * Detail pages' state: each item by id (loading, loaded, not found, or failed with its code),
 * its comments paged newest first, and the works shown beside it (related works, a model's
 * sample images). An answer for a page no longer awaited is dropped; comments are held once.
 */
import { assertNever } from '../kernel/event.js';
import type { DetailComment, DetailItem, DetailsEvent, WorkCard, WorkListKind } from './events.js';
import { failureOf } from './rules.js';

export type ItemLoad =
  | { readonly status: 'loading' }
  | { readonly status: 'loaded'; readonly item: DetailItem }
  | { readonly status: 'notFound' }
  | { readonly status: 'error'; readonly code: number };

export interface CommentList {
  readonly status: 'loading' | 'loaded' | 'error';
  readonly items: readonly DetailComment[];
  /** Where the next page starts. */
  readonly offset: number;
  /** The offset asked for while loading (or that failed). */
  readonly pending: number | null;
  readonly hasMore: boolean;
  readonly total: number;
}

export type WorkListLoad =
  | { readonly status: 'loading' }
  | { readonly status: 'loaded'; readonly items: readonly WorkCard[] }
  | { readonly status: 'error'; readonly code: number };

export interface DetailsState {
  readonly items: Readonly<Record<string, ItemLoad>>;
  readonly comments: Readonly<Record<string, CommentList>>;
  readonly works: Readonly<Record<string, WorkListLoad>>;
}

export const initialDetailsState: DetailsState = { items: {}, comments: {}, works: {} };

/** The key of one work list of one item. */
export const worksKey = (list: WorkListKind, id: string): string => `${list}:${id}`;

const EMPTY_COMMENTS: CommentList = {
  status: 'loading',
  items: [],
  offset: 0,
  pending: 0,
  hasMore: true,
  total: 0,
};

const appendComments = (held: readonly DetailComment[], page: readonly DetailComment[]) => {
  const seen = new Set(held.map((c) => c.id));
  const fresh = page.filter((c) => !seen.has(c.id) && (seen.add(c.id), true));
  return fresh.length === 0 ? held : [...held, ...fresh];
};

export const evolveDetails = (state: DetailsState, event: DetailsEvent): DetailsState => {
  switch (event.type) {
    case 'details/itemRequested': {
      const before = state.items[event.payload.id];
      // A loaded item stays shown while it is fetched again.
      if (before?.status === 'loaded' || before?.status === 'loading') return state;
      return { ...state, items: { ...state.items, [event.payload.id]: { status: 'loading' } } };
    }
    case 'details/itemLoaded':
      return {
        ...state,
        items: { ...state.items, [event.payload.item.id]: { status: 'loaded', item: event.payload.item } },
      };
    case 'details/itemFailed': {
      const before = state.items[event.payload.id];
      if (before?.status === 'loaded' && failureOf(event.payload.code) === 'error') return state;
      const next: ItemLoad =
        failureOf(event.payload.code) === 'notFound'
          ? { status: 'notFound' }
          : { status: 'error', code: event.payload.code };
      return { ...state, items: { ...state.items, [event.payload.id]: next } };
    }
    case 'details/commentsRequested': {
      const { id, offset } = event.payload;
      const held = state.comments[id];
      // Offset 0 starts the list again (a reload of the page); a later offset continues it.
      const list: CommentList =
        held === undefined || offset === 0
          ? { ...EMPTY_COMMENTS, items: held?.items ?? [], total: held?.total ?? 0 }
          : { ...held, status: 'loading', pending: offset };
      return { ...state, comments: { ...state.comments, [id]: list } };
    }
    case 'details/commentsLoaded': {
      const p = event.payload;
      const held = state.comments[p.id];
      if (held === undefined || held.status !== 'loading' || held.pending !== p.offset) return state;
      const items = p.offset === 0 ? appendComments([], p.items) : appendComments(held.items, p.items);
      return {
        ...state,
        comments: {
          ...state.comments,
          [p.id]: {
            status: 'loaded',
            items,
            offset: Math.max(0, Math.floor(p.nextOffset)),
            pending: null,
            hasMore: p.hasMore,
            total: Math.max(p.total, items.length),
          },
        },
      };
    }
    case 'details/commentsFailed': {
      const p = event.payload;
      const held = state.comments[p.id];
      if (held === undefined || held.status !== 'loading' || held.pending !== p.offset) return state;
      return { ...state, comments: { ...state.comments, [p.id]: { ...held, status: 'error' } } };
    }
    case 'details/commentAdded': {
      const { id, comment } = event.payload;
      const held = state.comments[id] ?? {
        ...EMPTY_COMMENTS,
        status: 'loaded',
        pending: null,
        hasMore: false,
      };
      if (held.items.some((c) => c.id === comment.id)) return state;
      return {
        ...state,
        comments: {
          ...state.comments,
          // The server's offsets count from the newest, so the next page starts one further.
          [id]: { ...held, items: [comment, ...held.items], total: held.total + 1, offset: held.offset + 1 },
        },
      };
    }
    case 'details/worksRequested': {
      const key = worksKey(event.payload.list, event.payload.id);
      if (state.works[key]?.status === 'loaded') return state;
      return { ...state, works: { ...state.works, [key]: { status: 'loading' } } };
    }
    case 'details/worksLoaded': {
      const key = worksKey(event.payload.list, event.payload.id);
      const seen = new Set<string>();
      const items = event.payload.items.filter((w) => !seen.has(w.id) && (seen.add(w.id), true));
      return { ...state, works: { ...state.works, [key]: { status: 'loaded', items } } };
    }
    case 'details/worksFailed': {
      const key = worksKey(event.payload.list, event.payload.id);
      if (state.works[key]?.status === 'loaded') return state;
      return { ...state, works: { ...state.works, [key]: { status: 'error', code: event.payload.code } } };
    }
    default:
      return assertNever(event);
  }
};
