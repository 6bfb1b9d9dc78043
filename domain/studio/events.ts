import { defineEvent, type DomainEvent } from '../kernel/event.js';
import type { GifSheet } from '../editor/gif.js';
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
export interface GifSheetReadyPayload {
  /** The GIF's address (a clip's material). */
  readonly url: string;
  readonly sheet: GifSheet;
}
export interface GifSheetFailedPayload {
  readonly url: string;
}
export interface GifSheetsReleasedPayload {
  /** The GIFs' addresses whose sheets were let go. */
  readonly urls: readonly string[];
}
export type PlaybackStatus = 'playing' | 'paused' | 'ended';
export interface PlaybackChangedPayload {
  readonly streamId: string;
  readonly status: PlaybackStatus;
}

/** A workflow card of the square tried (spec §2 "workflow: Try"): the card's id. */
export interface WorkflowTryPayload {
  readonly itemId: string;
}
export interface WorkflowCopiedPayload extends WorkflowTryPayload {
  /** The copy's id among the person's workflows. */
  readonly workflowId: string;
}
export interface WorkflowCopyFailedPayload extends WorkflowTryPayload {
  /** The server's code (spec §8), or 0 for a network failure. */
  readonly code: number;
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
/** A GIF clip's frames were decoded into a sheet the editor's preview draws them from. */
export const gifSheetReady = defineEvent<GifSheetReadyPayload>()('studio/gifSheetReady');
/** The GIF could not be read or decoded: the preview shows it as the browser plays it. */
export const gifSheetFailed = defineEvent<GifSheetFailedPayload>()('studio/gifSheetFailed');
/**
 * Sheets no clip of the open project uses any more (a clip removed, the project closed or
 * another opened) were let go, with the images they held: a clip using one again decodes it again.
 */
export const gifSheetsReleased = defineEvent<GifSheetsReleasedPayload>()('studio/gifSheetsReleased');
/** A guest tried a workflow card: the login dialog opened, and the try waits for the sign-in. */
export const workflowTryDeferred = defineEvent<WorkflowTryPayload>()('studio/workflowTryDeferred');
/** The login dialog closed and nobody signed in: the waiting try is forgotten. */
export const workflowTryDropped = defineEvent<Record<string, never>>()('studio/workflowTryDropped');
/** The card's copy into the person's workflows was asked of the server. */
export const workflowCopyRequested = defineEvent<WorkflowTryPayload>()('studio/workflowCopyRequested');
/** The person has their own copy of the card (made now, or the one they had). */
export const workflowCopied = defineEvent<WorkflowCopiedPayload>()('studio/workflowCopied');
/** The copy was refused or never answered: the button is free again and a toast says why. */
export const workflowCopyFailed = defineEvent<WorkflowCopyFailedPayload>()('studio/workflowCopyFailed');
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
  | DomainEvent<typeof gifSheetReady.type, GifSheetReadyPayload>
  | DomainEvent<typeof gifSheetFailed.type, GifSheetFailedPayload>
  | DomainEvent<typeof gifSheetsReleased.type, GifSheetsReleasedPayload>
  | DomainEvent<typeof workflowTryDeferred.type, WorkflowTryPayload>
  | DomainEvent<typeof workflowTryDropped.type, Record<string, never>>
  | DomainEvent<typeof workflowCopyRequested.type, WorkflowTryPayload>
  | DomainEvent<typeof workflowCopied.type, WorkflowCopiedPayload>
  | DomainEvent<typeof workflowCopyFailed.type, WorkflowCopyFailedPayload>
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
  gifSheetReady.type,
  gifSheetFailed.type,
  gifSheetsReleased.type,
  workflowTryDeferred.type,
  workflowTryDropped.type,
  workflowCopyRequested.type,
  workflowCopied.type,
  workflowCopyFailed.type,
  studioCleared.type,
] as const;
