/**
 * Studio state: each resource by key in a phase (loading, loaded, missing, failed), what the
 * screens started (a task run per key, the current training), the extracted palettes by image URL
 * the playback of the streamed audio, the GIF clips' frame sheets by address, and the tries of the square's workflow cards (spec §2 "workflow:
 * Try"; a guest's try waits for the sign-in, at most one at a time). A resource asked for again
 * keeps what it showed until the new answer arrives (a poll never flashes a skeleton).
 */
import type { GifSheet } from '../editor/gif.js';
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

export type GifSheetState =
  { readonly status: 'ready'; readonly sheet: GifSheet } | { readonly status: 'failed' };

/** Where the Try of one workflow card of the square stands. */
export type WorkflowTry =
  | { readonly status: 'awaitingLogin' }
  | { readonly status: 'copying' }
  | { readonly status: 'copied'; readonly workflowId: string }
  | { readonly status: 'failed'; readonly code: number };

export interface StudioState {
  readonly resources: Readonly<Record<string, ResourcePhase>>;
  readonly runs: Readonly<Record<string, string>>;
  readonly palettes: Readonly<Record<string, PaletteState>>;
  readonly playback: { readonly streamId: string; readonly status: PlaybackStatus } | null;
  /** By card id. */
  readonly tries: Readonly<Record<string, WorkflowTry>>;
  /** The GIF clips' frame sheets, by the GIF's address. */
  readonly gifs: Readonly<Record<string, GifSheetState>>;
}

export const initialStudioState: StudioState = {
  resources: {},
  runs: {},
  palettes: {},
  playback: null,
  tries: {},
  gifs: {},
};

/** The tries without the one waiting for a sign-in. */
const withoutWaiting = (tries: StudioState['tries']): StudioState['tries'] =>
  Object.fromEntries(Object.entries(tries).filter(([, t]) => t.status !== 'awaitingLogin'));

const withTry = (s: StudioState, itemId: string, phase: WorkflowTry): StudioState => ({
  ...s,
  tries: { ...s.tries, [itemId]: phase },
});

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
    case 'studio/gifSheetReady':
      return {
        ...state,
        gifs: { ...state.gifs, [event.payload.url]: { status: 'ready', sheet: event.payload.sheet } },
      };
    case 'studio/gifSheetFailed':
      return { ...state, gifs: { ...state.gifs, [event.payload.url]: { status: 'failed' } } };
    case 'studio/gifSheetsReleased': {
      const gone = new Set(event.payload.urls);
      if (!Object.keys(state.gifs).some((url) => gone.has(url))) return state;
      return {
        ...state,
        gifs: Object.fromEntries(Object.entries(state.gifs).filter(([url]) => !gone.has(url))),
      };
    }
    case 'studio/workflowTryDeferred':
      // The last card a guest tried is the one tried after the sign-in.
      return {
        ...state,
        tries: { ...withoutWaiting(state.tries), [event.payload.itemId]: { status: 'awaitingLogin' } },
      };
    case 'studio/workflowTryDropped':
      return Object.values(state.tries).some((t) => t.status === 'awaitingLogin')
        ? { ...state, tries: withoutWaiting(state.tries) }
        : state;
    case 'studio/workflowCopyRequested':
      return withTry(state, event.payload.itemId, { status: 'copying' });
    case 'studio/workflowCopied':
      return withTry(state, event.payload.itemId, { status: 'copied', workflowId: event.payload.workflowId });
    case 'studio/workflowCopyFailed':
      return withTry(state, event.payload.itemId, { status: 'failed', code: event.payload.code });
    case 'studio/cleared':
      return initialStudioState;
    default:
      return assertNever(event);
  }
};
