import type { BoundedContext } from '../kernel/context.js';
import { noticeEventTypes, type NoticeEvent } from './events.js';
import { evolveNotices, initialNoticesState, type NoticesState } from './state.js';

export * from './events.js';
export * from './state.js';
export * from './toast.js';

export const noticesContext: BoundedContext<NoticesState, NoticeEvent> = {
  name: 'notices',
  initialState: initialNoticesState,
  evolve: evolveNotices,
  eventTypes: noticeEventTypes,
  invariants: [],
};
