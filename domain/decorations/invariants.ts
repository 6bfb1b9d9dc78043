import type { Invariant } from '../kernel/invariant.js';
import type { DecorationsState } from './state.js';

/** Spec §4: only one avatar box is worn at a time. */
export const atMostOneAvatarBoxWorn: Invariant<DecorationsState> = {
  name: 'atMostOneAvatarBoxWorn',
  check: (_before, after) => {
    const worn = Object.values(after.ornaments).filter((o) => o.type === 'avatarBox' && o.is_wearing);
    return worn.length <= 1 ? null : `avatar boxes ${worn.map((o) => o.id).join(', ')} are worn together`;
  },
};

/** Stock is a whole number, never negative; only owned ornaments are worn. */
export const stockNeverNegative: Invariant<DecorationsState> = {
  name: 'stockNeverNegative',
  check: (_before, after) => {
    for (const o of Object.values(after.ornaments)) {
      if (!(Number.isInteger(o.stock) && o.stock >= 0)) return `ornament ${o.id} stock is ${o.stock}`;
      if (o.is_wearing && !o.is_owned) return `ornament ${o.id} is worn but not owned`;
    }
    return null;
  },
};

/** Each work wears at most one production box (by construction), and it is an owned, worn production box. */
export const productionBoxPerWork: Invariant<DecorationsState> = {
  name: 'productionBoxPerWork',
  check: (_before, after) => {
    for (const [workId, boxId] of Object.entries(after.productionBoxOnWork)) {
      const box = after.ornaments[boxId];
      if (box === undefined || box.type !== 'productionBox' || !box.is_owned || !box.is_wearing)
        return `work ${workId} wears ${boxId}, which is not an owned, worn production box`;
    }
    return null;
  },
};

export const decorationsInvariants = [
  atMostOneAvatarBoxWorn,
  stockNeverNegative,
  productionBoxPerWork,
] as const;
