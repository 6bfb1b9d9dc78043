import type { Invariant } from '../kernel/invariant.js';
import { kindOfKey } from './resources.js';
import type { StudioState } from './state.js';

/** A loaded resource is of the kind its key names (a training never sits under a workflow's key). */
export const resourceKindMatchesKey: Invariant<StudioState> = {
  name: 'resourceKindMatchesKey',
  check: (_before, after) => {
    for (const [key, phase] of Object.entries(after.resources))
      if (phase.status === 'loaded' && phase.value.kind !== kindOfKey(key))
        return `resource ${key} holds a ${phase.value.kind}`;
    return null;
  },
};

/** Palettes have at most the spec §9 five colours, with shares that add up to the whole. */
export const paletteShape: Invariant<StudioState> = {
  name: 'paletteShape',
  check: (_before, after) => {
    for (const [url, p] of Object.entries(after.palettes)) {
      if (p.status !== 'ready') continue;
      if (p.colours.length > 5) return `palette of ${url} has ${p.colours.length} colours`;
      const total = p.colours.reduce((n, c) => n + c.share, 0);
      if (p.colours.length > 0 && Math.abs(total - 1) > 1e-6)
        return `palette of ${url} shares add to ${total}`;
    }
    return null;
  },
};

/** Spec §5: a guest's one ask waits for the sign-in; at most one try waits at a time. */
export const oneTryAwaitsLogin: Invariant<StudioState> = {
  name: 'oneTryAwaitsLogin',
  check: (_before, after) => {
    const waiting = Object.values(after.tries).filter((t) => t.status === 'awaitingLogin').length;
    return waiting > 1 ? `${waiting} workflow tries wait for the sign-in` : null;
  },
};

/** A GIF sheet has a delay for every frame and a grid cell for each of them. */
export const gifSheetShape: Invariant<StudioState> = {
  name: 'gifSheetShape',
  check: (_before, after) => {
    for (const [url, g] of Object.entries(after.gifs)) {
      if (g.status !== 'ready') continue;
      const { columns, rows, timing } = g.sheet;
      const frames = timing.delaysCs.length;
      if (frames < 1) return `GIF sheet of ${url} has no frames`;
      if (!Number.isInteger(columns) || !Number.isInteger(rows) || columns * rows < frames)
        return `GIF sheet of ${url} has ${columns}×${rows} cells for ${frames} frames`;
    }
    return null;
  },
};

export const studioInvariants = [
  resourceKindMatchesKey,
  paletteShape,
  oneTryAwaitsLogin,
  gifSheetShape,
] as const;
