import { defineEvent, type DomainEvent } from '../kernel/event.js';
import type { StudioResource } from './resources.js';

export interface ResourceKeyPayload {
  readonly key: string;
}
export interface ResourceLoadedPayload extends ResourceKeyPayload {
  readonly value: StudioResource;
}
export interface ResourceFailedPayload extends ResourceKeyPayload {
  /** The server's code (spec §8), or 0 for a network failure. */
  readonly code: number;
}
/** Something a screen started: a task run (`taskId`) or a training (its id). */
export interface RunStartedPayload {
  readonly key: string;
  readonly id: string;
}
export interface PaletteExtractedPayload {
  readonly url: string;
  readonly colours: readonly { readonly hex: string; readonly share: number }[];
}
export interface PaletteFailedPayload {
  readonly url: string;
}
export type PlaybackStatus = 'playing' | 'paused' | 'ended';
export interface PlaybackChangedPayload {
  readonly streamId: string;
  readonly status: PlaybackStatus;
}

export const resourceRequested = defineEvent<ResourceKeyPayload>()('studio/resourceRequested');
export const resourceLoaded = defineEvent<ResourceLoadedPayload>()('studio/resourceLoaded');
/** The server has no such thing (10404): the screen shows its not-found state. */
export const resourceMissing = defineEvent<ResourceKeyPayload>()('studio/resourceMissing');
export const resourceFailed = defineEvent<ResourceFailedPayload>()('studio/resourceFailed');
export const runStarted = defineEvent<RunStartedPayload>()('studio/runStarted');
export const paletteExtracted = defineEvent<PaletteExtractedPayload>()('studio/paletteExtracted');
export const paletteFailed = defineEvent<PaletteFailedPayload>()('studio/paletteFailed');
/** Playback of the streamed audio (Web Audio): playing, paused by the person, or played to its end. */
export const playbackChanged = defineEvent<PlaybackChangedPayload>()('studio/playbackChanged');
/** Sign-out: nothing of the account stays on the screens. */
export const studioCleared = defineEvent<Record<string, never>>()('studio/cleared');

export type StudioEvent =
  | DomainEvent<typeof resourceRequested.type, ResourceKeyPayload>
  | DomainEvent<typeof resourceLoaded.type, ResourceLoadedPayload>
  | DomainEvent<typeof resourceMissing.type, ResourceKeyPayload>
  | DomainEvent<typeof resourceFailed.type, ResourceFailedPayload>
  | DomainEvent<typeof runStarted.type, RunStartedPayload>
  | DomainEvent<typeof paletteExtracted.type, PaletteExtractedPayload>
  | DomainEvent<typeof paletteFailed.type, PaletteFailedPayload>
  | DomainEvent<typeof playbackChanged.type, PlaybackChangedPayload>
  | DomainEvent<typeof studioCleared.type, Record<string, never>>;

export const studioEventTypes = [
  resourceRequested.type,
  resourceLoaded.type,
  resourceMissing.type,
  resourceFailed.type,
  runStarted.type,
  paletteExtracted.type,
  paletteFailed.type,
  playbackChanged.type,
  studioCleared.type,
] as const;
