import type { DetailItem, WorkListKind } from './events.js';
import { pageShows, type DetailPage } from './rules.js';
import { worksKey, type CommentList, type DetailsState, type ItemLoad, type WorkListLoad } from './state.js';

const IDLE: ItemLoad = { status: 'loading' };

/** What a detail page shows for `id`: loading until an answer; an item of another type is not found here. */
export const selectDetailFor = (s: DetailsState, page: DetailPage, id: string): ItemLoad => {
  const load = s.items[id];
  if (load === undefined) return IDLE;
  if (load.status === 'loaded' && !pageShows(page, load.item.cardType)) return NOT_FOUND;
  return load;
};
const NOT_FOUND: ItemLoad = { status: 'notFound' };

/** Whether the loader may render the page: the item's answer (or its failure) is known. */
export const isDetailSettled = (s: DetailsState, id: string): boolean => {
  const load = s.items[id];
  return load !== undefined && load.status !== 'loading';
};

export const selectDetailItem = (s: DetailsState, id: string): DetailItem | null => {
  const load = s.items[id];
  return load?.status === 'loaded' ? load.item : null;
};

const NO_COMMENTS: CommentList = {
  status: 'loading',
  items: [],
  offset: 0,
  pending: 0,
  hasMore: true,
  total: 0,
};
export const selectComments = (s: DetailsState, id: string): CommentList => s.comments[id] ?? NO_COMMENTS;

/** The offset of the next comments page, or null while one loads or when none is left. */
export const selectNextCommentsOffset = (s: DetailsState, id: string): number | null => {
  const list = s.comments[id];
  if (list === undefined) return 0;
  if (list.status === 'loading') return null;
  if (list.status === 'error') return list.pending ?? list.offset;
  return list.hasMore ? list.offset : null;
};

const NO_WORKS: WorkListLoad = { status: 'loading' };
export const selectWorks = (s: DetailsState, list: WorkListKind, id: string): WorkListLoad =>
  s.works[worksKey(list, id)] ?? NO_WORKS;
