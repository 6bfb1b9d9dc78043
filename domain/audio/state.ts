/**
 * The audio stream of spec §4: start, chunks in order, end; statuses start, paused, over, error.
 * A malformed, duplicate or out-of-order chunk ends the stream in error, because a gap cannot be
 * repaired once playback has the bytes. Over and error are terminal for their stream: only a
 * stream with a new id starts again.
 */
import { assertNever } from '../kernel/event.js';
import type { AudioEvent } from './events.js';
import { acceptChunk } from './rules.js';

export type AudioStreamState =
  | { readonly status: 'idle' }
  /** Spec status `start`: receiving (and playing) chunks. */
  | { readonly status: 'start'; readonly streamId: string; readonly chunks: readonly string[] }
  /** Playback paused; chunks still arriving are kept. */
  | { readonly status: 'paused'; readonly streamId: string; readonly chunks: readonly string[] }
  | { readonly status: 'over'; readonly streamId: string; readonly chunks: readonly string[] }
  | {
      readonly status: 'error';
      readonly streamId: string;
      readonly chunks: readonly string[];
      readonly reasonKey: string;
    };

export const initialAudioState: AudioStreamState = { status: 'idle' };

const isTerminal = (s: AudioStreamState): boolean => s.status === 'over' || s.status === 'error';

export const evolveAudio = (state: AudioStreamState, event: AudioEvent): AudioStreamState => {
  if (event.type === 'audio/streamStarted') {
    const id = event.payload.streamId;
    if (state.status !== 'idle' && state.streamId === id) return state;
    return { status: 'start', streamId: id, chunks: [] };
  }
  // Events of another stream are late arrivals of an abandoned one; a finished stream absorbs its own.
  if (state.status === 'idle' || isTerminal(state) || state.streamId !== event.payload.streamId) return state;
  switch (event.type) {
    case 'audio/chunkReceived': {
      const verdict = acceptChunk(state.chunks, event.payload.index, event.payload.audioData);
      return verdict.kind === 'append'
        ? { ...state, chunks: [...state.chunks, event.payload.audioData] }
        : { status: 'error', streamId: state.streamId, chunks: state.chunks, reasonKey: verdict.reasonKey };
    }
    case 'audio/streamPaused':
      return state.status === 'start' ? { ...state, status: 'paused' } : state;
    case 'audio/streamResumed':
      return state.status === 'paused' ? { ...state, status: 'start' } : state;
    case 'audio/streamEnded':
      return { status: 'over', streamId: state.streamId, chunks: state.chunks };
    case 'audio/streamFailed':
      return {
        status: 'error',
        streamId: state.streamId,
        chunks: state.chunks,
        reasonKey: event.payload.reasonKey,
      };
    default:
      return assertNever(event);
  }
};
