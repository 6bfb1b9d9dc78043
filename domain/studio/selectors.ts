import type { TasksState } from '../tasks/state.js';
import type { StudioResource, StudioResourceKind } from './resources.js';
import type { GifSheetState, PaletteState, ResourcePhase, StudioState } from './state.js';

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
    // The phase itself (not a copy), so a view selecting it re-renders only when it changes.
    return phase.value.kind === kind ? (phase as ResourceView<K>) : IDLE;
  return phase;
};

export const selectRun = (s: StudioState, key: string): string | null => s.runs[key] ?? null;

export const selectPalette = (s: StudioState, url: string): PaletteState | null => s.palettes[url] ?? null;

export const selectPlayback = (s: StudioState) => s.playback;

/** A GIF's frame sheet (or its failure), or null before it was decoded. */
export const selectGifSheet = (s: StudioState, url: string): GifSheetState | null => s.gifs[url] ?? null;

/**
 * The decoded sheets that no clip in `inUse` (the open project's clips, none when no project is
 * open) shows: what the page lets go, with the images they hold. A GIF that could not be decoded
 * holds nothing and stays remembered as such.
 */
export const selectUnusedGifSheets = (
  s: StudioState,
  inUse: readonly { readonly url: string }[],
): readonly string[] => {
  const used = new Set(inUse.map((c) => c.url));
  return Object.entries(s.gifs).flatMap(([url, g]) => (g.status === 'ready' && !used.has(url) ? [url] : []));
};

/** A finished work of the person's that the editor can put on its timeline (spec §3 storyboard). */
export interface Work {
  readonly id: string;
  readonly url: string;
  readonly kind: 'video' | 'image' | 'audio';
  readonly durationS: number | null;
  readonly title: string;
}

/** The person's finished images, videos and audio, newest first, from their task list. */
export const selectWorks = (t: TasksState): readonly Work[] =>
  t.order.flatMap((id): Work[] => {
    const task = t.byId[id];
    if (!task || task.phase.status !== 'completed') return [];
    const title = task.params.prompt;
    const media = task.phase.media ?? [];
    const fromMedia = media
      .filter((m) => m.kind === 'video' || m.kind === 'image' || m.kind === 'audio')
      .map((m, i) => ({
        id: `${task.id}:${i}`,
        url: m.url,
        kind: m.kind as Work['kind'],
        durationS: m.durationS,
        title,
      }));
    if (fromMedia.length > 0) return fromMedia;
    return task.phase.images.map((img, i) => ({
      id: `${task.id}:${i}`,
      url: img.url,
      kind: 'image' as const,
      durationS: null,
      title,
    }));
  });
