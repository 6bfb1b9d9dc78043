/**
 * People rules (spec §2 personal area and profile, §3 stats): the personal area's tabs, what a
 * list entry holds, paging, and the earnings chart (a day series with its gaps filled, and the
 * bars an accessible SVG draws). Pure functions over plain values.
 */
import type { FeedCard } from '../feed/rules.js';
import { formatCount } from '../format/rules.js';

/** The personal area's tabs (spec §2 personal area): my works, my collections, followers, following. */
export const PERSONAL_TABS = ['works', 'collections', 'followers', 'following'] as const;
export type PersonalTab = (typeof PERSONAL_TABS)[number];

export const personalTabOf = (name: string | null | undefined): PersonalTab | null =>
  (PERSONAL_TABS as readonly string[]).includes(name ?? '') ? (name as PersonalTab) : null;

/** A person as a profile page shows them (spec §3 account fields that are public). */
export interface Profile {
  readonly id: string;
  readonly name: string;
  readonly avatar: string;
  /** The preview image of the avatar box the person wears (spec §3 avatar_frame), null when none. */
  readonly avatarFrame?: string | null;
  readonly createdAt: number;
  readonly isSelf: boolean;
  readonly followers: number;
  readonly following: number;
  readonly works: number;
}

/** A person in a followers or following list. */
export interface PersonCard {
  readonly id: string;
  readonly name: string;
  readonly avatar: string;
  /** The preview image of the avatar box the person wears (spec §3 avatar_frame), null when none. */
  readonly avatarFrame?: string | null;
  readonly followers: number;
  readonly works: number;
}

/** A collected item in a folder: the card and the collect's own id (spec §7 remove and move take it). */
export interface CollectEntry {
  readonly collectId: string;
  readonly card: FeedCard;
}

/** One of the viewer's collection folders (spec §7 collection_no / folder_no). */
export interface Folder {
  readonly id: string;
  readonly name: string;
  readonly isDefault: boolean;
  readonly count: number;
}

export interface EntryOf {
  readonly works: FeedCard;
  readonly collects: CollectEntry;
  readonly followers: PersonCard;
  readonly following: PersonCard;
}
export type ListKind = keyof EntryOf;
export const LIST_KINDS = [
  'works',
  'collects',
  'followers',
  'following',
] as const satisfies readonly ListKind[];

/** Which list: a person's works, followers or following, or one of the viewer's folders. */
export interface ListRef {
  readonly kind: ListKind;
  /** The person's id, or the folder's id for `collects`. */
  readonly id: string;
}

/** The identity of an entry, so a page that overlaps the previous one adds nothing twice. */
export const entryId = (kind: ListKind, entry: EntryOf[ListKind]): string => {
  switch (kind) {
    case 'works':
      return `${(entry as FeedCard).obj_type}:${(entry as FeedCard).id}`;
    case 'collects':
      return (entry as CollectEntry).collectId;
    case 'followers':
    case 'following':
      return (entry as PersonCard).id;
  }
};

/** Spec §3 decoration stats, in domain names. */
export interface Stats {
  /** colleted_cnt: collections the person's works received. */
  readonly collected: number;
  readonly following: number;
  readonly followers: number;
  /** Coins earned as a creator, in total. */
  readonly earnings: number;
  /** Earnings per UTC day, the days with earnings only. */
  readonly byDay: readonly EarningsPoint[];
  /** When the server answered (epoch ms): the series ends on that day. */
  readonly asOf: number;
}

/** The four figures every page shows of an account, in this order, each with one definition. */
export const ACCOUNT_FIGURES = ['collected', 'following', 'followers', 'earnings'] as const;
export type AccountFigure = (typeof ACCOUNT_FIGURES)[number];

export interface AccountFigureRow {
  readonly figure: AccountFigure;
  readonly value: number;
  /** The value as shown (spec §9 compact count). */
  readonly shown: string;
}

/**
 * The figures' rows: times collected (how many times the person's works were collected),
 * following, followers, and earnings (the coins earned as a creator), as the server defines them
 * once for both stats answers.
 */
export const accountFigureRows = (f: Readonly<Record<AccountFigure, number>>): readonly AccountFigureRow[] =>
  ACCOUNT_FIGURES.map((figure) => ({ figure, value: f[figure], shown: formatCount(f[figure]) }));

export interface EarningsPoint {
  /** The UTC midnight the day starts at, epoch ms. */
  readonly day: number;
  readonly amount: number;
}

export const DAY_MS = 86_400_000;
export const EARNINGS_CHART_DAYS = 30;

/**
 * The last `days` UTC days up to the one `asOf` falls in, oldest first, each with its earnings
 * (0 where the server listed none; several entries of one day add up; days outside are ignored).
 */
export const earningsSeries = (
  points: readonly EarningsPoint[],
  asOf: number,
  days = EARNINGS_CHART_DAYS,
): readonly EarningsPoint[] => {
  const last = Math.floor(asOf / DAY_MS) * DAY_MS;
  const first = last - (days - 1) * DAY_MS;
  const byDay = new Map<number, number>();
  for (const p of points) {
    const day = Math.floor(p.day / DAY_MS) * DAY_MS;
    if (day < first || day > last || !Number.isFinite(p.amount)) continue;
    byDay.set(day, (byDay.get(day) ?? 0) + p.amount);
  }
  return Array.from({ length: days }, (_, i) => {
    const day = first + i * DAY_MS;
    return { day, amount: byDay.get(day) ?? 0 };
  });
};

export interface ChartBar {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly point: EarningsPoint;
}

/**
 * Bars of an earnings series in a `width` × `height` box: equal slots with a gap, heights in
 * proportion to the largest day (a day of 0 draws nothing), bottoms on the box's floor.
 */
export const chartBars = (
  series: readonly EarningsPoint[],
  width: number,
  height: number,
  gapRatio = 0.25,
): readonly ChartBar[] => {
  if (series.length === 0 || width <= 0 || height <= 0) return [];
  const max = Math.max(0, ...series.map((p) => p.amount));
  const slot = width / series.length;
  const barWidth = slot * (1 - gapRatio);
  return series.map((point, i) => {
    const h = max <= 0 ? 0 : (Math.max(0, point.amount) / max) * height;
    return { x: i * slot + (slot - barWidth) / 2, y: height - h, width: barWidth, height: h, point };
  });
};

/** The longest folder name (the server's FOLDER_NAME_MAX agrees). */
export const FOLDER_NAME_MAX = 40;

export type FolderNameProblem = 'folderNameEmpty' | 'folderNameTooLong';

/** A new folder's name: something visible, at most FOLDER_NAME_MAX characters (code points). */
export const folderNameProblem = (name: string): FolderNameProblem | null => {
  const trimmed = name.trim();
  if (trimmed === '') return 'folderNameEmpty';
  return [...trimmed].length > FOLDER_NAME_MAX ? 'folderNameTooLong' : null;
};
