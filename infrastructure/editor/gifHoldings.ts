/**
 * What the GIF clips' frame sheets hold in the page, by the GIF's address, so that nothing
 * outlives its use: the sheet's image (a blob: address, revoked when let go) and, while a GIF is
 * being decoded, the browser's decoder and the frame being drawn (closed when let go). The
 * editor's epics let a sheet go when no clip of the open project shows it any more, and every
 * sheet when the person signs out (../editor/epics.ts).
 */

/** One thing a sheet holds: an object URL, or something with a `close()` (an ImageDecoder, a VideoFrame, an ImageBitmap). */
export type GifHeld =
  | { readonly kind: 'objectUrl'; readonly url: string }
  | { readonly kind: 'closable'; readonly close: () => void };

export interface GifHoldings {
  /** `held` belongs to the sheet of the GIF at `address` until it is dropped or released. */
  readonly hold: (address: string, held: GifHeld) => void;
  /** Lets go of one thing now (a frame once drawn, the decoder once done). */
  readonly drop: (address: string, held: GifHeld) => void;
  /** Lets go of everything the sheet of `address` holds; how many things that was. */
  readonly release: (address: string) => number;
  /** Lets go of everything every sheet holds (sign-out); how many things that was. */
  readonly releaseAll: () => number;
  /** How many things are held (by one address, or in all). */
  readonly count: (address?: string) => number;
}

/** Holdings that revoke object URLs with `revokeObjectURL` (the browser's `URL.revokeObjectURL`). */
export const makeGifHoldings = (revokeObjectURL: (url: string) => void): GifHoldings => {
  const byAddress = new Map<string, Set<GifHeld>>();
  const letGo = (held: GifHeld) => {
    try {
      if (held.kind === 'objectUrl') revokeObjectURL(held.url);
      else held.close();
    } catch {
      // Already closed (a frame closed by its decoder): nothing left to let go.
    }
  };
  const release = (address: string): number => {
    const held = byAddress.get(address);
    if (held === undefined) return 0;
    byAddress.delete(address);
    for (const h of held) letGo(h);
    return held.size;
  };
  return {
    hold: (address, held) => {
      const set = byAddress.get(address) ?? new Set<GifHeld>();
      set.add(held);
      byAddress.set(address, set);
    },
    drop: (address, held) => {
      const set = byAddress.get(address);
      if (set?.delete(held) !== true) return;
      if (set.size === 0) byAddress.delete(address);
      letGo(held);
    },
    release,
    releaseAll: () => [...byAddress.keys()].reduce((n, address) => n + release(address), 0),
    count: (address) =>
      address === undefined
        ? [...byAddress.values()].reduce((n, s) => n + s.size, 0)
        : (byAddress.get(address)?.size ?? 0),
  };
};
