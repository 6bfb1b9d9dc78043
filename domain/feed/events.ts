import { defineEvent, type DomainEvent } from '../kernel/event.js';
import type { ListTab } from './catalog.js';
import type { FeedCard, FeedQuery } from './rules.js';

/** A page of `query` (its tab, params and offset) was asked for. */
export interface PageRequestedPayload {
  readonly query: FeedQuery;
}

export interface PageLoadedPayload {
  readonly query: FeedQuery;
  readonly items: readonly FeedCard[];
  /** The offset the next page starts at, as the server (or the epic from the page size) says. */
  readonly nextOffset: number;
  readonly hasMore: boolean;
}

export interface PageFailedPayload {
  readonly query: FeedQuery;
  readonly code: number;
}

export interface FeedResetPayload {
  readonly tab: ListTab;
}

export const pageRequested = defineEvent<PageRequestedPayload>()('feed/pageRequested');
export const pageLoaded = defineEvent<PageLoadedPayload>()('feed/pageLoaded');
export const pageFailed = defineEvent<PageFailedPayload>()('feed/pageFailed');
/** A pull-to-refresh or leaving the tab: the tab's list starts again from nothing. */
export const feedReset = defineEvent<FeedResetPayload>()('feed/reset');

export type FeedEvent =
  | DomainEvent<typeof pageRequested.type, PageRequestedPayload>
  | DomainEvent<typeof pageLoaded.type, PageLoadedPayload>
  | DomainEvent<typeof pageFailed.type, PageFailedPayload>
  | DomainEvent<typeof feedReset.type, FeedResetPayload>;

export const feedEventTypes = [pageRequested.type, pageLoaded.type, pageFailed.type, feedReset.type] as const;
