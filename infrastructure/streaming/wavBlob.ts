/** The finished stream as a playable Blob: the chunks decoded and joined (domain audio.joinChunks). */
import { audio } from '../../domain/index.js';
import { AUDIO_WAV_MIME } from '../contract/streaming';

export const audioBlobOf = (chunks: readonly string[], mime: string = AUDIO_WAV_MIME): Blob => {
  const bytes = audio.joinChunks(chunks);
  // A copy in a plain ArrayBuffer: Blob parts must not be views on shared memory.
  const buffer = new ArrayBuffer(bytes.byteLength);
  new Uint8Array(buffer).set(bytes);
  return new Blob([buffer], { type: mime });
};

/** The Blob of the current stream once it is over; null before and after an error. */
export const finishedAudioBlob = (state: audio.AudioStreamState): Blob | null =>
  state.status === 'over' ? audioBlobOf(state.chunks) : null;
