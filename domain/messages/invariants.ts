import type { Invariant } from '../kernel/invariant.js';
import { MESSAGE_TYPES } from './rules.js';
import type { MessagesState } from './state.js';

/** Unread counts are never negative (DESIGN.md, spec §4). */
export const unreadNeverNegative: Invariant<MessagesState> = {
  name: 'unreadNeverNegative',
  check: (_before, after) => {
    for (const key of [...MESSAGE_TYPES, 'total'] as const) {
      const n = after.unread[key];
      if (!(Number.isInteger(n) && n >= 0)) return `unread ${key} is ${n}`;
    }
    return null;
  },
};

/** The total is the sum of the four types. */
export const unreadTotalIsSum: Invariant<MessagesState> = {
  name: 'unreadTotalIsSum',
  check: (_before, after) => {
    const u = after.unread;
    const sum = u.likeCol + u.com + u.fol + u.sys;
    return u.total === sum ? null : `unread total ${u.total} is not the sum ${sum}`;
  },
};

export const messagesInvariants = [unreadNeverNegative, unreadTotalIsSum] as const;
