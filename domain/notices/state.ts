import { assertNever } from '../kernel/event.js';
import type { DialogOpenedPayload, NoticeEvent, NoticeRaisedPayload } from './events.js';

export interface Notice extends NoticeRaisedPayload {
  readonly raisedAt: number;
}

export interface NoticesState {
  readonly active: readonly Notice[];
  /** At most one dialog is open; a newer one replaces it. */
  readonly dialog: DialogOpenedPayload | null;
}

export const initialNoticesState: NoticesState = { active: [], dialog: null };

/** Spec §8: error toasts last 5 s. */
export const TOAST_DURATION_MS = 5000;

export const evolveNotices = (state: NoticesState, event: NoticeEvent): NoticesState => {
  switch (event.type) {
    case 'notices/raised':
      if (state.active.some((n) => n.id === event.payload.id)) return state;
      return { ...state, active: [...state.active, { ...event.payload, raisedAt: event.meta.at }] };
    case 'notices/dismissed': {
      const active = state.active.filter((n) => n.id !== event.payload.id);
      return active.length === state.active.length ? state : { ...state, active };
    }
    case 'notices/dialogOpened':
      return { ...state, dialog: event.payload };
    case 'notices/dialogClosed':
      return state.dialog?.name === event.payload.name ? { ...state, dialog: null } : state;
    default:
      return assertNever(event);
  }
};

export const selectNotices = (s: NoticesState): readonly Notice[] => s.active;

export const selectDialog = (s: NoticesState): DialogOpenedPayload | null => s.dialog;

export type NoticePlacement = 'top-right' | 'bottom-right';

/** Where a notice shows: its `placement` value when it names one (spec §9 award_task: top-right), else bottom-right. */
export const noticePlacement = (n: Notice): NoticePlacement =>
  n.values['placement'] === 'top-right' ? 'top-right' : 'bottom-right';

/** A notice that carries a link opens it when clicked (spec §9 award_task). */
export const noticeHasLink = (n: Notice): boolean => typeof n.values['link'] === 'string';
