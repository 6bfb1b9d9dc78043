/**
 * Decoration rules (spec §3, §5, §8, §9): what a view derives from an ornament, the local
 * purchase check, the codes the server uses for the same refusals, and the page sizes.
 */

export type OrnamentType = 'productionBox' | 'avatarBox';

/** An image with its natural size (a decoration's preview, a work's banner). */
export interface DecorationImage {
  readonly url: string;
  readonly width: number;
  readonly height: number;
}

/** Spec §3 decoration (ornament), in the spec's field names. */
export interface Ornament {
  readonly id: string;
  readonly type: OrnamentType;
  /** Its display name (server content, shown as is). */
  readonly name: string;
  /** The decoration's image: a ring for an avatar box, a frame for a production box. */
  readonly preview: DecorationImage;
  /** In coins. */
  readonly price: number;
  readonly stock: number;
  readonly is_owned: boolean;
  readonly is_wearing: boolean;
  /** Epoch milliseconds of the purchase; null when not bought. */
  readonly buy_at: number | null;
  /** How many have been sold (our reading of `sold`). */
  readonly sold: number;
}

/** Spec §3 decoration stats, spelled as the spec spells them. */
export interface DecorationStats {
  readonly colleted_cnt: number;
  readonly following_cnt: number;
  readonly follower_cnt: number;
  readonly earnings: number;
}

/** Spec §9 page sizes. */
export const DECORATION_LIST_PAGE_SIZE = 1000;
export const PURCHASE_HISTORY_PAGE_SIZE = 5;
export const AVATAR_RECOMMENDATION_PAGE_SIZE = 4;
export const PRODUCT_PICKER_PAGE_SIZE = 5;

/** Spec §2 avatar preview tabs. */
export const AVATAR_PREVIEW_TABS = ['selfCenter', 'recommend', 'detail', 'comments'] as const;
export type AvatarPreviewTab = (typeof AVATAR_PREVIEW_TABS)[number];

/** Spec §8 codes for the refusals the client also checks locally. */
export const DECORATION_SOLD_OUT_CODE = 80304;
export const DECORATION_NO_COINS_CODE = 80307;

export const isSoldOut = (o: Pick<Ornament, 'stock'>): boolean => o.stock <= 0;

export const canBuy = (o: Pick<Ornament, 'stock' | 'is_owned'>): boolean => !o.is_owned && !isSoldOut(o);

/** The price as digits, at most two decimals, no trailing zeros; the view adds the coin mark. */
export const priceText = (price: number): string =>
  Number.isFinite(price) ? String(Number(Math.max(0, price).toFixed(2))) : '0';

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/**
 * YYYY/MM/DD of an epoch-milliseconds instant, read in UTC so that every client and the
 * replay tool show the same date; null when not bought.
 */
export const buyTime = (buyAt: number | null): string | null => {
  if (buyAt === null || !Number.isFinite(buyAt)) return null;
  const d = new Date(buyAt);
  return `${pad(d.getUTCFullYear(), 4)}/${pad(d.getUTCMonth() + 1, 2)}/${pad(d.getUTCDate(), 2)}`;
};

export type OrnamentStatusKey =
  | 'decorations.status.wearing'
  | 'decorations.status.owned'
  | 'decorations.status.soldOut'
  | 'decorations.status.onSale';

export const statusTextKey = (o: Ornament): OrnamentStatusKey =>
  o.is_wearing
    ? 'decorations.status.wearing'
    : o.is_owned
      ? 'decorations.status.owned'
      : isSoldOut(o)
        ? 'decorations.status.soldOut'
        : 'decorations.status.onSale';

/** The label of the one button an ornament offers: unload, wear, buy, or a disabled sold-out. */
export type OrnamentUseKey =
  'decorations.use.unload' | 'decorations.use.wear' | 'decorations.use.buy' | 'decorations.use.soldOut';

export const useTextKey = (o: Ornament): OrnamentUseKey =>
  o.is_wearing
    ? 'decorations.use.unload'
    : o.is_owned
      ? 'decorations.use.wear'
      : isSoldOut(o)
        ? 'decorations.use.soldOut'
        : 'decorations.use.buy';

/** Spec §3 derived fields. */
export interface OrnamentView {
  readonly isSoldOut: boolean;
  readonly priceText: string;
  readonly canBuy: boolean;
  readonly buyTime: string | null;
  readonly statusTextKey: OrnamentStatusKey;
  readonly useTextKey: OrnamentUseKey;
}

export const deriveOrnamentView = (o: Ornament): OrnamentView => ({
  isSoldOut: isSoldOut(o),
  priceText: priceText(o.price),
  canBuy: canBuy(o),
  buyTime: buyTime(o.buy_at),
  statusTextKey: statusTextKey(o),
  useTextKey: useTextKey(o),
});

export type PurchaseRefusal = 'noCoins' | 'soldOut' | 'alreadyOwned';

export type PurchaseDecision =
  | { readonly ok: true }
  | { readonly ok: false; readonly refused: PurchaseRefusal; readonly code: number | null };

const refuse = (refused: PurchaseRefusal): PurchaseDecision => ({
  ok: false,
  refused,
  code:
    refused === 'noCoins'
      ? DECORATION_NO_COINS_CODE
      : refused === 'soldOut'
        ? DECORATION_SOLD_OUT_CODE
        : null,
});

/**
 * Spec §5: a purchase is refused locally when the coin balance is below the price. Owning it
 * already and a sold-out stock are refused first: no coin count makes those purchasable.
 * An unknown balance (null) is treated as no coins.
 */
export const decidePurchase = (
  ornament: Ornament,
  balance: number | null,
  owned: boolean = ornament.is_owned,
): PurchaseDecision => {
  if (owned) return refuse('alreadyOwned');
  if (isSoldOut(ornament)) return refuse('soldOut');
  if (balance === null || !(balance >= ornament.price)) return refuse('noCoins');
  return { ok: true };
};

/** What the buy confirmation shows: the price, the balance now and after, as digits. */
export interface PurchaseQuote {
  readonly ornamentId: string;
  readonly name: string;
  readonly price: number;
  readonly priceText: string;
  /** The coins now; null while the payment info is unknown. */
  readonly balanceText: string | null;
  /** The coins left after the purchase; null when it cannot be bought (see `refused`). */
  readonly balanceAfter: number | null;
  readonly balanceAfterText: string | null;
  /** Why it cannot be bought now, or null. The server decides again whatever this says. */
  readonly refused: PurchaseRefusal | null;
}

/**
 * The confirmation of a purchase (spec §5: the local check, then the server's): the balance after
 * is the balance less the price, in cents so that decimal prices subtract exactly; never below 0.
 */
export const purchaseQuote = (ornament: Ornament, balance: number | null): PurchaseQuote => {
  const decision = decidePurchase(ornament, balance);
  const after =
    decision.ok && balance !== null
      ? Math.max(0, Math.round(balance * 100) - Math.round(ornament.price * 100)) / 100
      : null;
  return {
    ornamentId: ornament.id,
    name: ornament.name,
    price: ornament.price,
    priceText: priceText(ornament.price),
    balanceText: balance === null ? null : priceText(balance),
    balanceAfter: after,
    balanceAfterText: after === null ? null : priceText(after),
    refused: decision.ok ? null : decision.refused,
  };
};

/** The same refusal when the server answers with its code (spec §8 80304, 80307). */
export const refusalOfCode = (code: number): PurchaseRefusal | null =>
  code === DECORATION_NO_COINS_CODE ? 'noCoins' : code === DECORATION_SOLD_OUT_CODE ? 'soldOut' : null;

/** One row of the purchase history (spec §9: 5 a page), the price as paid at the time. */
export interface PurchaseRecord {
  readonly ornamentId: string;
  readonly type: OrnamentType;
  readonly name: string;
  readonly price: number;
  /** Epoch milliseconds of the purchase. */
  readonly buyAt: number;
  readonly preview: DecorationImage;
}

/** Spec §3 decoration preview item: a work an avatar box is previewed on (the fields a view reads). */
export interface DecorationPreviewItem {
  readonly id: string;
  readonly title: string;
  readonly modelName: string;
  readonly channel: string;
  readonly banner: DecorationImage;
  readonly createdAt: number;
  readonly prompt: string;
  readonly tags: readonly string[];
}

/** The number of pages of a paged list (at least one, so "page 1 of 1" reads for an empty list). */
export const pageCount = (total: number, pageSize: number): number =>
  pageSize > 0 && Number.isFinite(total) && total > 0 ? Math.ceil(total / pageSize) : 1;

/** The pages a pager may move to from `page`: previous and next when they exist. */
export const pagerOf = (page: number, total: number, pageSize: number) => {
  const pages = pageCount(total, pageSize);
  return { page, pages, hasPrevious: page > 1, hasNext: page < pages };
};

/** The one thing a decoration card's button does, from `useTextKey` (the view never compares fields). */
export type OrnamentAction = 'buy' | 'wear' | 'unload' | 'none';

export const actionOf = (o: Ornament): OrnamentAction =>
  o.is_wearing ? 'unload' : o.is_owned ? 'wear' : isSoldOut(o) ? 'none' : 'buy';

/** A finished work of one's own a production box can go on (spec §7 use: ornament_id, work_id). */
export interface PickableWork {
  readonly id: string;
  readonly imageUrl: string;
  readonly createdAt: number;
}

/** The shape of a task this rule reads (domain/tasks' Task satisfies it). */
interface TaskLike {
  readonly id: string;
  readonly guest: boolean;
  readonly createdAt: number;
  readonly phase:
    | {
        readonly status: 'completed';
        readonly media?: readonly { readonly url: string; readonly kind: string }[];
      }
    | { readonly status: string };
}

/**
 * The works a production box may be worn on: the person's own (not a guest's) completed
 * generations with an image to frame, in the order given (the task list is newest first).
 */
export const worksForProductionBox = (list: readonly TaskLike[]): readonly PickableWork[] =>
  list.flatMap((t) => {
    if (t.guest || t.phase.status !== 'completed' || !('media' in t.phase)) return [];
    const media = (t.phase.media ?? []).find((m) => m.kind === 'image');
    return media === undefined ? [] : [{ id: t.id, imageUrl: media.url, createdAt: t.createdAt }];
  });
