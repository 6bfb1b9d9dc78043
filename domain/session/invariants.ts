import type { Invariant } from '../kernel/invariant.js';
import { adminOffFor } from './rules.js';
import type { SessionState } from './state.js';

/** Spec §6: the admin-off flag always agrees with the stored role. */
export const adminOffMatchesRole: Invariant<SessionState> = {
  name: 'adminOffMatchesRole',
  check: (_before, after) =>
    after.status === 'signedIn' && after.adminOff !== adminOffFor(after.user.role)
      ? `admin-off is ${after.adminOff} for role ${after.user.role}`
      : null,
};

/** Per-user lists hold each id once (a reload never duplicates a folder, notice or tag). */
export const sessionListsUnique: Invariant<SessionState> = {
  name: 'sessionListsUnique',
  check: (_before, after) => {
    if (after.status !== 'signedIn') return null;
    const lists = {
      collections: after.collections.map((c) => c.id),
      notices: after.notices.map((n) => n.id),
      collectedTags: after.collectedTags.map((t) => t.id),
    };
    for (const [name, ids] of Object.entries(lists))
      if (new Set(ids).size !== ids.length) return `${name} holds a duplicate id`;
    return null;
  },
  holdsAfter: (before, after) =>
    after.status !== 'signedIn' ||
    (before.status === 'signedIn' &&
      after.collections === before.collections &&
      after.notices === before.notices &&
      after.collectedTags === before.collectedTags),
};

export const sessionInvariants = [adminOffMatchesRole, sessionListsUnique] as const;
