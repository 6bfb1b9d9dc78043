/**
 * Masonry placement that never moves a card: each card goes, once, to the column that is
 * shortest when it arrives, measured by the cover aspect ratios the feed already knows (no
 * layout read). Placing more cards only appends; a placed card keeps its column for as long as
 * the column count stays the same. Muted cards keep their slot in the plan (the view skips them),
 * so muting one never moves the cards after it to other columns.
 */
import { pictureOf, type MadeVariants, type PictureSet } from '../images/rules.js';

/** What placement needs of a card: its key and its cover's height over its width. */
export interface Placeable {
  readonly key: string;
  readonly ratio: number;
}

export interface ColumnPlan {
  readonly columns: number;
  /** The keys placed, in arrival order. */
  readonly order: readonly string[];
  /** Column index by key. */
  readonly columnOf: Readonly<Record<string, number>>;
  /** Each column's height, in column widths. */
  readonly heights: readonly number[];
}

/** The card's body under its cover (title and the like row), in column widths; a typical 220 px column. */
export const CARD_META_HEIGHT = 0.4;
/** Covers taller or flatter than this are cropped by the card, so they count as this. */
export const RATIO_MIN = 0.4;
export const RATIO_MAX = 2.5;

/** A cover's height over its width as a card shows it: bounded, and square when it is not a number. */
const boundedRatio = (ratio: number): number =>
  Number.isFinite(ratio) ? Math.min(RATIO_MAX, Math.max(RATIO_MIN, ratio)) : 1;

/** How tall a card stands in its column, in column widths. */
export const cardHeight = (ratio: number): number => boundedRatio(ratio) + CARD_META_HEIGHT;

export const emptyPlan = (columns: number): ColumnPlan => {
  const n = Math.max(1, Math.floor(columns));
  return { columns: n, order: [], columnOf: {}, heights: Array.from({ length: n }, () => 0) };
};

/**
 * Places the cards not yet in the plan, each on the shortest column (the leftmost of equals).
 * A plan for another column count starts again from empty.
 */
export const placeCards = (plan: ColumnPlan, columns: number, cards: readonly Placeable[]): ColumnPlan => {
  const base = plan.columns === Math.max(1, Math.floor(columns)) ? plan : emptyPlan(columns);
  const fresh = cards.filter((c) => base.columnOf[c.key] === undefined);
  if (fresh.length === 0) return base;
  const heights = [...base.heights];
  const columnOf: Record<string, number> = { ...base.columnOf };
  const order = [...base.order];
  for (const card of fresh) {
    if (columnOf[card.key] !== undefined) continue;
    let shortest = 0;
    for (let i = 1; i < heights.length; i++) if (heights[i]! < heights[shortest]!) shortest = i;
    columnOf[card.key] = shortest;
    heights[shortest] = heights[shortest]! + cardHeight(card.ratio);
    order.push(card.key);
  }
  return { columns: base.columns, order, columnOf, heights };
};

/** The keys of each column, top to bottom, keeping only those `shown` accepts. */
export const columnsOf = (
  plan: ColumnPlan,
  shown: (key: string) => boolean,
): readonly (readonly string[])[] => {
  const out: string[][] = Array.from({ length: plan.columns }, () => []);
  for (const key of plan.order) if (shown(key)) out[plan.columnOf[key]!]!.push(key);
  return out;
};

/** Spec-free layout choice: 2 columns on a phone, then one more per 260 px of width, up to 5. */
export const COLUMN_MIN_WIDTH = 260;
export const MIN_COLUMNS = 2;
export const MAX_COLUMNS = 5;
export const columnCountFor = (width: number): number =>
  Math.min(
    MAX_COLUMNS,
    Math.max(MIN_COLUMNS, Math.floor((Number.isFinite(width) ? width : 0) / COLUMN_MIN_WIDTH)),
  );

/**
 * How tall a card's cover stands at its column's width, in column widths (Masonry.tsx sizes each card as
 * this times the column's width plus its fixed body): the cover's height over its width, bounded as
 * `cardHeight` bounds it (computed as it is, not as `cardHeight` less the body: a ratio of 3/4 stays 0.75,
 * so the server's drawn card rounds as Masonry does, server/feed/squareScreen.ts); without a cover, square.
 */
export const coverRatioOf = (cover: { readonly width: number; readonly height: number } | null): number =>
  boundedRatio(cover === null ? 1 : cover.height / cover.width);

/** Below this container width the square has two columns (the third comes at three minimum widths). */
export const TWO_COLUMNS_BELOW_PX = 3 * COLUMN_MIN_WIDTH;

/** Space between columns and between cards, in px: narrower on a phone (Masonry.tsx). */
export const columnGapFor = (width: number): number => (width < 640 ? 8 : 16);

/**
 * A phone's column, as the page lays it out below TWO_COLUMNS_BELOW_PX: half the window less the
 * shell's inline padding (12 px each side below 640 px, 20 px up to it: src/app/shell/Shell.module.css)
 * and half the gap (columnGapFor). 164 to 199 CSS px on phones 360 to 430 px wide.
 */
export const PHONE_COLUMN_SIZES = '(max-width: 639.98px) calc(50vw - 16px), calc(50vw - 28px)';
export const PHONE_COLUMN_PX = 190;

/** A picture the page's head asks for beside the scripts, where `media` holds. */
export interface FirstRowPreload {
  readonly type: string;
  readonly srcSet: string;
  readonly sizes: string;
  readonly media: string;
}

/**
 * What a phone's first screen of the square shows first (issue 22: the first covers are the
 * page's largest paint, and their requests waited for the scripts, the page's list and its
 * layout): placement puts the first cards one per column (`placeCards` into empty columns), so
 * on a phone (two columns) the first two cards' covers, each as its card's first-in-column
 * `<picture>` asks for it (its first source, AVIF, over the ladder of a phone's column), only
 * where the window is a phone's. A card without a cover or one without variants names nothing; a
 * variant already made (`made`) is named by its immutable address, as the drawn picture names it.
 */
export const phoneFirstRowPreloads = (
  covers: readonly ({ readonly url: string; readonly width: number; readonly made?: MadeVariants } | null)[],
): readonly FirstRowPreload[] =>
  covers.slice(0, 2).flatMap((cover) => {
    const first = cover === null ? undefined : firstRowPictureOf(cover).sources[0];
    return first === undefined
      ? []
      : [
          {
            type: first.type,
            srcSet: first.srcSet,
            sizes: PHONE_COLUMN_SIZES,
            media: `(max-width: ${TWO_COLUMNS_BELOW_PX - 0.02}px)`,
          },
        ];
  });

/**
 * The sizes of a first-row cover the server draws before the page's scripts (server/feed/squareScreen.ts):
 * a phone's column where the square has two (PHONE_COLUMN_SIZES), else about a column at 1280 px.
 */
export const FIRST_ROW_SIZES = `(max-width: 639.98px) calc(50vw - 16px), (max-width: ${
  TWO_COLUMNS_BELOW_PX - 0.02
}px) calc(50vw - 28px), 300px`;

/**
 * A first-row cover as the server draws it (issue 22: on a phone the square's largest paint is the first
 * card of a column): the ladder and first source of `phoneFirstRowPreloads`, so the drawn picture takes the
 * preloaded file on a phone, and the FIRST_ROW_SIZES of every window.
 */
export const firstRowPictureOf = (cover: {
  readonly url: string;
  readonly width: number;
  readonly made?: MadeVariants;
}): PictureSet => pictureOf(cover.url, PHONE_COLUMN_PX, cover.width, FIRST_ROW_SIZES, cover.made);
