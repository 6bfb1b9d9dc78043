import type { StudioResource, StudioResourceKind } from './resources.js';
import type { PaletteState, ResourcePhase, StudioState } from './state.js';

export type ResourceView<K extends StudioResourceKind> =
  | { readonly status: 'idle' | 'loading' | 'missing' }
  | { readonly status: 'failed'; readonly code: number }
  | { readonly status: 'loaded'; readonly value: Extract<StudioResource, { kind: K }> };

const IDLE = { status: 'idle' } as const;

/** A resource of one kind under its key; a value of another kind reads as not loaded. */
export const selectResource = <K extends StudioResourceKind>(
  s: StudioState,
  key: string,
  kind: K,
): ResourceView<K> => {
  const phase: ResourcePhase | undefined = s.resources[key];
  if (phase === undefined) return IDLE;
  if (phase.status === 'loaded')
    return phase.value.kind === kind
      ? { status: 'loaded', value: phase.value as Extract<StudioResource, { kind: K }> }
      : IDLE;
  return phase;
};

export const selectRun = (s: StudioState, key: string): string | null => s.runs[key] ?? null;

export const selectPalette = (s: StudioState, url: string): PaletteState | null => s.palettes[url] ?? null;

export const selectPlayback = (s: StudioState) => s.playback;
