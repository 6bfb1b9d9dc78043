/**
 * Decorations state and reducer. Lifecycle per spec §4: not owned, bought (owned, stock one
 * less), worn, unloaded. An avatar box is worn on the profile, one at a time; a production
 * box is worn on a work (spec §7 use: ornament_id, work_id), one box per work.
 */
import { produce, type Draft } from 'immer';
import { assertNever } from '../kernel/event.js';
import type { DecorationResource, DecorationsEvent } from './events.js';
import type {
  DecorationPreviewItem,
  DecorationStats,
  Ornament,
  OrnamentAction,
  PurchaseRefusal,
  PurchaseRecord,
} from './rules.js';

export type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';

export interface HistoryPage {
  readonly page: number;
  readonly total: number;
  readonly items: readonly PurchaseRecord[];
}

export interface DecorationsState {
  readonly ornaments: Readonly<Record<string, Ornament>>;
  /** List order as the server sent it. */
  readonly order: readonly string[];
  /** Which production box each work wears. */
  readonly productionBoxOnWork: Readonly<Record<string, string>>;
  readonly stats: DecorationStats | null;
  /** Where each resource of the screens stands. */
  readonly load: Readonly<Record<DecorationResource, LoadStatus>>;
  readonly history: HistoryPage | null;
  readonly previews: readonly DecorationPreviewItem[];
  /** Calls on their way, per ornament. */
  readonly pending: Readonly<Record<string, Exclude<OrnamentAction, 'none'>>>;
  /** The last refused purchase, until dismissed or another action starts. */
  readonly refusal: { readonly ornamentId: string; readonly refused: PurchaseRefusal } | null;
}

const IDLE_LOAD: DecorationsState['load'] = {
  list: 'idle',
  history: 'idle',
  stats: 'idle',
  previews: 'idle',
};

export const initialDecorationsState: DecorationsState = {
  ornaments: {},
  order: [],
  productionBoxOnWork: {},
  stats: null,
  load: IDLE_LOAD,
  history: null,
  previews: [],
  pending: {},
  refusal: null,
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
        draft.load.list = 'loaded';
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
        draft.load.stats = 'loaded';
        return;
      case 'decorations/loadRequested':
        draft.load[event.payload.resource] = 'loading';
        return;
      case 'decorations/loadFailed':
        draft.load[event.payload.resource] = 'failed';
        return;
      case 'decorations/historyReceived': {
        const { page, total, items } = event.payload;
        draft.history = {
          page: Number.isInteger(page) && page >= 1 ? page : 1,
          total: whole(total),
          items: items as Draft<PurchaseRecord>[],
        };
        draft.load.history = 'loaded';
        return;
      }
      case 'decorations/previewsReceived':
        draft.previews = event.payload.items as Draft<DecorationPreviewItem>[];
        draft.load.previews = 'loaded';
        return;
      case 'decorations/actionStarted':
        draft.pending[event.payload.ornamentId] = event.payload.action;
        draft.refusal = null;
        return;
      case 'decorations/actionSettled':
        delete draft.pending[event.payload.ornamentId];
        return;
      case 'decorations/purchaseRefused':
        draft.refusal = { ornamentId: event.payload.ornamentId, refused: event.payload.refused };
        return;
      case 'decorations/refusalDismissed':
        draft.refusal = null;
        return;
      case 'decorations/accountCleared':
        return initialDecorationsState as Draft<DecorationsState>;
      default:
        return assertNever(event);
    }
  });
