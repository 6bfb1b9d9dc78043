import { assertNever } from '../kernel/event.js';
import type { NoticeEvent, NoticeRaisedPayload } from './events.js';

export interface Notice extends NoticeRaisedPayload {
  readonly raisedAt: number;
}

export interface NoticesState {
  readonly active: readonly Notice[];
}

export const initialNoticesState: NoticesState = { active: [] };

/** Spec §8: error toasts last 5 s. */
export const TOAST_DURATION_MS = 5000;

export const evolveNotices = (state: NoticesState, event: NoticeEvent): NoticesState => {
  switch (event.type) {
    case 'notices/raised':
      if (state.active.some((n) => n.id === event.payload.id)) return state;
      return { active: [...state.active, { ...event.payload, raisedAt: event.meta.at }] };
    case 'notices/dismissed': {
      const active = state.active.filter((n) => n.id !== event.payload.id);
      return active.length === state.active.length ? state : { active };
    }
    default:
      return assertNever(event);
  }
};

export const selectNotices = (s: NoticesState): readonly Notice[] => s.active;
