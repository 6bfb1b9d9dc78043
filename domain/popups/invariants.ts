import type { Invariant } from '../kernel/invariant.js';
import { DAILY_EXEMPT, POPUP_TYPES, REMINDER_POPUPS, utcDayOf } from './rules.js';
import type { PopupsState } from './state.js';

/** Spec §4: a shown event never records a second show of a type on the same day (hot aside). */
export const atMostOncePerDay: Invariant<PopupsState> = {
  name: 'atMostOncePerDay',
  check: (before, after, event) => {
    if (event.type !== 'popups/shown') return null;
    for (const type of POPUP_TYPES) {
      if (DAILY_EXEMPT.has(type)) continue;
      const prev = before.shown[type];
      const next = after.shown[type];
      if (prev && next && next.at !== prev.at && utcDayOf(next.at) <= utcDayOf(prev.at))
        return `${type} shown twice on UTC day ${utcDayOf(next.at)}`;
    }
    return null;
  },
};

/** The shown status is a record of the past: never forgotten, never moved back. */
export const shownNeverMovesBack: Invariant<PopupsState> = {
  name: 'shownNeverMovesBack',
  check: (before, after) => {
    for (const type of [...POPUP_TYPES, ...REMINDER_POPUPS]) {
      const prev = before.shown[type];
      if (prev === undefined) continue;
      const next = after.shown[type];
      if (next === undefined) return `${type} lost its shown status`;
      if (next.at < prev.at) return `${type} shown status went back from ${prev.at} to ${next.at}`;
    }
    return null;
  },
  holdsAfter: (before, after) => after.shown === before.shown,
};

/** The open popup has been shown, and each candidate is queued once. */
export const queueConsistent: Invariant<PopupsState> = {
  name: 'queueConsistent',
  check: (_before, after) => {
    if (after.current !== null && after.shown[after.current] === undefined)
      return `${after.current} is open but was never shown`;
    if (new Set(after.offered).size !== after.offered.length) return 'a popup is offered twice';
    return null;
  },
  holdsAfter: (before, after) =>
    after.current === before.current && after.offered === before.offered && after.shown === before.shown,
};

/** A running half-discount countdown matches its stored end time and has a whole second left. */
export const countdownMatchesEndTime: Invariant<PopupsState> = {
  name: 'countdownMatchesEndTime',
  check: (_before, after) => {
    const c = after.halfDiscountCountdown;
    if (c.status !== 'running') return null;
    if (after.endTimes.halfDiscount !== c.endAt)
      return `countdown ends at ${c.endAt} but the half-discount end time is ${String(after.endTimes.halfDiscount)}`;
    if (c.remainingMs < 1000) return `countdown is running with ${c.remainingMs} ms left`;
    return null;
  },
};

/** The awaiting order's id is kept only while its reminder is valid. */
export const awaitingOrderIdWithEndTime: Invariant<PopupsState> = {
  name: 'awaitingOrderIdWithEndTime',
  check: (_before, after) =>
    after.awaitingOrderId !== null && after.endTimes.awaitingOrder === undefined
      ? `order ${after.awaitingOrderId} kept without an awaiting-order end time`
      : null,
};

export const popupsInvariants = [
  awaitingOrderIdWithEndTime,
  atMostOncePerDay,
  shownNeverMovesBack,
  queueConsistent,
  countdownMatchesEndTime,
] as const;
