import { defineEvent, type DomainEvent } from '../kernel/event.js';

export interface StreamRef {
  readonly streamId: string;
}

/** One SSE chunk: `index` is its 0-based position in the stream, `audioData` base64 (spec §3). */
export interface ChunkReceivedPayload extends StreamRef {
  readonly index: number;
  readonly audioData: string;
}

export interface StreamFailedPayload extends StreamRef {
  readonly reasonKey: string;
}

export const streamStarted = defineEvent<StreamRef>()('audio/streamStarted');
export const chunkReceived = defineEvent<ChunkReceivedPayload>()('audio/chunkReceived');
export const streamPaused = defineEvent<StreamRef>()('audio/streamPaused');
export const streamResumed = defineEvent<StreamRef>()('audio/streamResumed');
export const streamEnded = defineEvent<StreamRef>()('audio/streamEnded');
export const streamFailed = defineEvent<StreamFailedPayload>()('audio/streamFailed');

export type AudioEvent =
  | DomainEvent<typeof streamStarted.type, StreamRef>
  | DomainEvent<typeof chunkReceived.type, ChunkReceivedPayload>
  | DomainEvent<typeof streamPaused.type, StreamRef>
  | DomainEvent<typeof streamResumed.type, StreamRef>
  | DomainEvent<typeof streamEnded.type, StreamRef>
  | DomainEvent<typeof streamFailed.type, StreamFailedPayload>;

export const audioEventTypes = [
  streamStarted.type,
  chunkReceived.type,
  streamPaused.type,
  streamResumed.type,
  streamEnded.type,
  streamFailed.type,
] as const;
