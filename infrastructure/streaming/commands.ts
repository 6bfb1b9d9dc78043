/** Commands of the audio stream (spec §4): text to speech, songs, a chat reply's voice. */
import type { AudioEmotion, SongEmotion, SongInstrument, SongStyle, Voice } from '../contract/streaming';
import { defineCommand } from '../store/commands';

export type AudioStreamSource =
  | {
      readonly kind: 'tts';
      readonly text: string;
      readonly voice?: Voice;
      readonly timbreId?: string;
      readonly emotion?: AudioEmotion;
      readonly lang?: string;
    }
  | {
      readonly kind: 'song';
      readonly style: SongStyle;
      readonly emotion: SongEmotion;
      readonly instrument: SongInstrument;
      readonly voice?: Voice;
      readonly seed?: number;
    };

/** Starts a stream; a running one is abandoned (its request aborted). */
export const startAudioStream = defineCommand<{ readonly source: AudioStreamSource }>()('audio/streamStart');
/** Stops the running stream: its request is aborted and it ends in error `audio.streamStopped`. */
export const stopAudioStream = defineCommand()('audio/streamStop');
export const pauseAudioStream = defineCommand()('audio/streamPause');
export const resumeAudioStream = defineCommand()('audio/streamResume');
