/**
 * Decorations state and reducer. Lifecycle per spec §4: not owned, bought (owned, stock one
 * less), worn, unloaded. An avatar box is worn on the profile, one at a time; a production
 * box is worn on a work (spec §7 use: ornament_id, work_id), one box per work.
 */
import { produce, type Draft } from 'immer';
import { assertNever } from '../kernel/event.js';
import type { DecorationsEvent } from './events.js';
import type { DecorationStats, Ornament } from './rules.js';

export interface DecorationsState {
  readonly ornaments: Readonly<Record<string, Ornament>>;
  /** List order as the server sent it. */
  readonly order: readonly string[];
  /** Which production box each work wears. */
  readonly productionBoxOnWork: Readonly<Record<string, string>>;
  readonly stats: DecorationStats | null;
}

export const initialDecorationsState: DecorationsState = {
  ornaments: {},
  order: [],
  productionBoxOnWork: {},
  stats: null,
};

const whole = (n: number): number => (Number.isFinite(n) && n > 0 ? Math.floor(n) : 0);

/** Server copies as kept: no negative stock, and anything worn is owned. */
const normalise = (o: Ornament): Ornament => ({
  ...o,
  price: Number.isFinite(o.price) && o.price > 0 ? o.price : 0,
  stock: whole(o.stock),
  sold: whole(o.sold),
  is_owned: o.is_owned || o.is_wearing,
});

const unwearOtherAvatarBoxes = (draft: Draft<DecorationsState>, keep: string) => {
  for (const o of Object.values(draft.ornaments))
    if (o.type === 'avatarBox' && o.id !== keep && o.is_wearing) o.is_wearing = false;
};

/** A production box counts as worn while some work wears it. */
const refreshProductionWearing = (draft: Draft<DecorationsState>, boxId: string) => {
  const box = draft.ornaments[boxId];
  if (box === undefined) return;
  box.is_wearing = Object.values(draft.productionBoxOnWork).includes(boxId);
};

export const evolveDecorations = (state: DecorationsState, event: DecorationsEvent): DecorationsState =>
  produce(state, (draft) => {
    switch (event.type) {
      case 'decorations/ornamentsReceived': {
        let wornAvatar: string | null = null;
        for (const raw of event.payload.ornaments) {
          const o = normalise(raw);
          if (draft.ornaments[o.id] === undefined) draft.order.push(o.id);
          draft.ornaments[o.id] = o;
          if (o.type === 'avatarBox' && o.is_wearing) wornAvatar = o.id;
        }
        // A list that claims two worn avatar boxes keeps the last one it names.
        if (wornAvatar !== null) unwearOtherAvatarBoxes(draft, wornAvatar);
        for (const [workId, boxId] of Object.entries(draft.productionBoxOnWork)) {
          const box = draft.ornaments[boxId];
          if (box === undefined || box.type !== 'productionBox' || !box.is_wearing)
            delete draft.productionBoxOnWork[workId];
        }
        return;
      }
      case 'decorations/ornamentBought': {
        const o = draft.ornaments[event.payload.ornamentId];
        if (o === undefined || o.is_owned || o.stock <= 0) return;
        o.is_owned = true;
        o.stock -= 1;
        o.sold += 1;
        o.buy_at = event.payload.buyAt;
        return;
      }
      case 'decorations/avatarBoxWorn': {
        const o = draft.ornaments[event.payload.ornamentId];
        if (o === undefined || o.type !== 'avatarBox' || !o.is_owned || o.is_wearing) return;
        unwearOtherAvatarBoxes(draft, o.id);
        o.is_wearing = true;
        return;
      }
      case 'decorations/avatarBoxUnloaded': {
        const o = draft.ornaments[event.payload.ornamentId];
        if (o === undefined || o.type !== 'avatarBox' || !o.is_wearing) return;
        o.is_wearing = false;
        return;
      }
      case 'decorations/productionBoxWorn': {
        const { ornamentId, workId } = event.payload;
        const o = draft.ornaments[ornamentId];
        if (o === undefined || o.type !== 'productionBox' || !o.is_owned) return;
        const previous = draft.productionBoxOnWork[workId];
        if (previous === ornamentId) return;
        draft.productionBoxOnWork[workId] = ornamentId;
        o.is_wearing = true;
        if (previous !== undefined) refreshProductionWearing(draft, previous);
        return;
      }
      case 'decorations/productionBoxUnloaded': {
        const previous = draft.productionBoxOnWork[event.payload.workId];
        if (previous === undefined) return;
        delete draft.productionBoxOnWork[event.payload.workId];
        refreshProductionWearing(draft, previous);
        return;
      }
      case 'decorations/statsReceived':
        draft.stats = event.payload.stats;
        return;
      default:
        return assertNever(event);
    }
  });
