import { joinChunks } from './rules.js';
import type { AudioStreamState } from './state.js';

export type AudioStatus = AudioStreamState['status'];

export const selectAudioStatus = (s: AudioStreamState): AudioStatus => s.status;

export const selectChunkCount = (s: AudioStreamState): number => (s.status === 'idle' ? 0 : s.chunks.length);

/** The whole stream's bytes, once it is over; null before and after an error. */
export const selectFinishedAudio = (s: AudioStreamState): Uint8Array | null =>
  s.status === 'over' ? joinChunks(s.chunks) : null;

export const selectAudioErrorKey = (s: AudioStreamState): string | null =>
  s.status === 'error' ? s.reasonKey : null;

export const selectIsPlaying = (s: AudioStreamState): boolean => s.status === 'start';
