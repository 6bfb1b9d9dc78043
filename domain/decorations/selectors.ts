import type { DecorationResource } from './events.js';
import {
  AVATAR_RECOMMENDATION_PAGE_SIZE,
  PURCHASE_HISTORY_PAGE_SIZE,
  actionOf,
  buyTime,
  deriveOrnamentView,
  pagerOf,
  priceText,
  purchaseQuote,
  type DecorationPreviewItem,
  type Ornament,
  type OrnamentAction,
  type OrnamentType,
  type OrnamentView,
  type PurchaseQuote,
  type PurchaseRecord,
  type PurchaseRefusal,
} from './rules.js';
import type { DecorationsState, LoadStatus } from './state.js';

export const selectOrnaments = (s: DecorationsState): readonly Ornament[] =>
  s.order.map((id) => s.ornaments[id]).filter((o): o is Ornament => o !== undefined);

export const selectOrnamentsOfType = (s: DecorationsState, type: OrnamentType): readonly Ornament[] =>
  selectOrnaments(s).filter((o) => o.type === type);

export const selectOrnamentView = (s: DecorationsState, id: string): OrnamentView | undefined => {
  const o = s.ornaments[id];
  return o === undefined ? undefined : deriveOrnamentView(o);
};

export const selectWornAvatarBox = (s: DecorationsState): Ornament | null =>
  selectOrnaments(s).find((o) => o.type === 'avatarBox' && o.is_wearing) ?? null;

export const selectProductionBoxOfWork = (s: DecorationsState, workId: string): Ornament | null => {
  const id = s.productionBoxOnWork[workId];
  return id === undefined ? null : (s.ornaments[id] ?? null);
};

export const selectOwnedOrnaments = (s: DecorationsState): readonly Ornament[] =>
  selectOrnaments(s).filter((o) => o.is_owned);

/** What a decoration card shows: the ornament, its spec §3 derived fields, its one action. */
export interface OrnamentCard {
  readonly ornament: Ornament;
  readonly view: OrnamentView;
  readonly action: OrnamentAction;
  /** A call for this ornament is on its way. */
  readonly pending: boolean;
  /** Why its last purchase was refused, until dismissed. */
  readonly refusal: PurchaseRefusal | null;
}

export const selectOrnamentCards = (s: DecorationsState, type: OrnamentType): readonly OrnamentCard[] =>
  selectOrnamentsOfType(s, type).map((o) => ({
    ornament: o,
    view: deriveOrnamentView(o),
    action: actionOf(o),
    pending: s.pending[o.id] !== undefined,
    refusal: s.refusal !== null && s.refusal.ornamentId === o.id ? s.refusal.refused : null,
  }));

export const selectLoadStatus = (s: DecorationsState, resource: DecorationResource): LoadStatus =>
  s.load[resource];

/** A purchase history row as shown: the spec §9 YYYY/MM/DD buy time and the price text. */
export interface PurchaseRow {
  readonly record: PurchaseRecord;
  readonly buyTime: string;
  readonly priceText: string;
}

export interface HistoryView {
  readonly rows: readonly PurchaseRow[];
  readonly page: number;
  readonly pages: number;
  readonly hasPrevious: boolean;
  readonly hasNext: boolean;
  readonly total: number;
}

export const selectHistoryView = (s: DecorationsState): HistoryView | null => {
  const h = s.history;
  if (h === null) return null;
  return {
    rows: h.items.map((record) => ({
      record,
      buyTime: buyTime(record.buyAt) ?? '',
      priceText: priceText(record.price),
    })),
    total: h.total,
    ...pagerOf(h.page, h.total, PURCHASE_HISTORY_PAGE_SIZE),
  };
};

/** Spec §9 avatar recommendation page size: at most four works to preview a box on. */
export const selectPreviewItems = (s: DecorationsState): readonly DecorationPreviewItem[] =>
  s.previews.slice(0, AVATAR_RECOMMENDATION_PAGE_SIZE);

export const selectOrnament = (s: DecorationsState, id: string): Ornament | null => s.ornaments[id] ?? null;

/** The buy confirmation of one decoration at the given balance, or null when it is not in the list. */
export const selectPurchaseQuote = (
  s: DecorationsState,
  id: string,
  balance: number | null,
): PurchaseQuote | null => {
  const o = s.ornaments[id];
  return o === undefined ? null : purchaseQuote(o, balance);
};
