/**
 * Studio state: each resource by key in a phase (loading, loaded, missing, failed), what the
 * screens started (a task run per key, the current training), the extracted palettes by image URL
 * and the playback of the streamed audio. A resource asked for again keeps what it showed until the
 * new answer arrives (a poll never flashes a skeleton).
 */
import { assertNever } from '../kernel/event.js';
import type { PlaybackStatus, StudioEvent } from './events.js';
import type { StudioResource } from './resources.js';

export type ResourcePhase =
  | { readonly status: 'loading' }
  | { readonly status: 'loaded'; readonly value: StudioResource }
  | { readonly status: 'missing' }
  | { readonly status: 'failed'; readonly code: number };

export type PaletteState =
  | {
      readonly status: 'ready';
      readonly colours: readonly { readonly hex: string; readonly share: number }[];
    }
  | { readonly status: 'failed' };

export interface StudioState {
  readonly resources: Readonly<Record<string, ResourcePhase>>;
  readonly runs: Readonly<Record<string, string>>;
  readonly palettes: Readonly<Record<string, PaletteState>>;
  readonly playback: { readonly streamId: string; readonly status: PlaybackStatus } | null;
}

export const initialStudioState: StudioState = { resources: {}, runs: {}, palettes: {}, playback: null };

const withResource = (s: StudioState, key: string, phase: ResourcePhase): StudioState => ({
  ...s,
  resources: { ...s.resources, [key]: phase },
});

export const evolveStudio = (state: StudioState, event: StudioEvent): StudioState => {
  switch (event.type) {
    case 'studio/resourceRequested': {
      const known = state.resources[event.payload.key];
      return known?.status === 'loaded' || known?.status === 'loading'
        ? state
        : withResource(state, event.payload.key, { status: 'loading' });
    }
    case 'studio/resourceLoaded':
      return withResource(state, event.payload.key, { status: 'loaded', value: event.payload.value });
    case 'studio/resourceMissing':
      return withResource(state, event.payload.key, { status: 'missing' });
    case 'studio/resourceFailed': {
      // A failed refresh of something shown keeps it shown; the error map already spoke.
      const known = state.resources[event.payload.key];
      return known?.status === 'loaded'
        ? state
        : withResource(state, event.payload.key, { status: 'failed', code: event.payload.code });
    }
    case 'studio/runStarted':
      return state.runs[event.payload.key] === event.payload.id
        ? state
        : { ...state, runs: { ...state.runs, [event.payload.key]: event.payload.id } };
    case 'studio/paletteExtracted':
      return {
        ...state,
        palettes: {
          ...state.palettes,
          [event.payload.url]: { status: 'ready', colours: event.payload.colours },
        },
      };
    case 'studio/paletteFailed':
      return { ...state, palettes: { ...state.palettes, [event.payload.url]: { status: 'failed' } } };
    case 'studio/playbackChanged': {
      const { streamId, status } = event.payload;
      const now = state.playback;
      // An ended playback stays ended; a pause or resume of another stream is a late arrival.
      if (now !== null && now.streamId === streamId && now.status === 'ended') return state;
      if (now !== null && now.streamId !== streamId && status !== 'playing') return state;
      if (now !== null && now.streamId === streamId && now.status === status) return state;
      return { ...state, playback: { streamId, status } };
    }
    case 'studio/cleared':
      return initialStudioState;
    default:
      return assertNever(event);
  }
};
