/** Commands of the decoration screens (spec §2 /decorations and /mall, §4 lifecycle). */
import { defineCommand } from '../store/commands';

/** Load the decoration list (spec §9 page size 1000: one page holds them all). */
export const loadDecorations = defineCommand()('decorations/load');

/** Buy with coins: refused locally below the price (spec §5), else the server decides. */
export const buyDecoration = defineCommand<{ readonly ornamentId: string }>()('decorations/buy');

/** Wear an owned decoration: an avatar box on the profile, a production box on one of one's works. */
export const wearDecoration = defineCommand<{ readonly ornamentId: string; readonly workId?: string }>()(
  'decorations/wear',
);

/** Take a decoration off (a production box: off one work, or every work without one). */
export const unloadDecoration = defineCommand<{ readonly ornamentId: string; readonly workId?: string }>()(
  'decorations/unload',
);

/** One page of the purchase history (spec §9: 5 a page). */
export const loadPurchaseHistory = defineCommand<{ readonly page: number }>()('decorations/loadHistory');

/** The spec §3 decoration stats and the works to preview an avatar box on (spec §2 preview tabs). */
export const loadDecorationPreview = defineCommand()('decorations/loadPreview');

export const dismissDecorationRefusal = defineCommand()('decorations/dismissRefusal');
