/** Commands of the streaming area: the audio stream (spec §4) and the character chat (spec §7). */
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

/** Opens (or creates) the session with a character and loads its latest history page. */
/** Load the character directory (spec §7 character list: every character the caller may chat with). */
export const loadCharacters = defineCommand()('characters/loadList');
export const openChat = defineCommand<{ readonly characterId: string }>()('chat/open');
export const closeChat = defineCommand()('chat/close');
/** Loads the page of history just older than the oldest message shown. */
export const loadOlderChat = defineCommand()('chat/loadOlder');
export const sendChatMessage = defineCommand<{ readonly content: string }>()('chat/send');
/** Sends a failed message again, with the same client id. */
export const retryChatMessage = defineCommand<{ readonly clientId: string }>()('chat/retry');
