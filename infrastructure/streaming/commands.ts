/** Commands of the streaming area: the audio stream (spec §4) and the character chat (spec §7). */
import type { characters, chat } from '../../domain/index.js';
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

/** Load the character directory (spec §7 character list: every character the caller may chat with). */
export const loadCharacters = defineCommand()('characters/loadList');
/** One character by id (its detail page, its chat): known afterwards, or missing (a real 404). */
export const loadCharacter = defineCommand<{ readonly id: string }>()('characters/loadOne');
/** The caller's own characters (spec §2 myCharacters). */
export const loadMyCharacters = defineCommand()('characters/loadMine');
/** Spec §2 tavernSearch: the first page for `keyword`, or (append) the next one. */
export const searchCharacters = defineCommand<{ readonly keyword: string; readonly append?: boolean }>()(
  'characters/search',
);
/**
 * Creates (no id) or updates a character from the form. `coverFileId`: an uploaded image to be its
 * cover; null puts the generated cover back (update); absent keeps it.
 */
export const saveCharacter = defineCommand<{
  readonly id?: string;
  readonly form: characters.CharacterForm;
  readonly coverFileId?: string | null;
}>()('characters/save');
/** The form is opened afresh (a finished save is forgotten). */
export const resetCharacterForm = defineCommand()('characters/resetForm');
export const deleteCharacter = defineCommand<{ readonly id: string }>()('characters/delete');
/** Spec §7 digital person defaults (girlfriend_list). */
export const loadCharacterDefaults = defineCommand()('characters/loadDefaults');
/** Spec §7 templates by gender. */
export const loadCharacterTemplates = defineCommand<{ readonly gender: characters.CharacterGender }>()(
  'characters/loadTemplates',
);
/** The caller's chats (spec §2 tavernChatsHome). */
export const loadChats = defineCommand()('characters/loadChats');

/** Opens (or creates) the session with a character and loads its latest history page. */
export const openChat = defineCommand<{ readonly characterId: string }>()('chat/open');
export const closeChat = defineCommand()('chat/close');
/** Loads the page of history just older than the oldest message shown. */
export const loadOlderChat = defineCommand()('chat/loadOlder');
/** A message: text, files (already uploaded, spec §5 chat file types), or both. */
export const sendChatMessage = defineCommand<{
  readonly content: string;
  readonly attachments?: readonly chat.ChatAttachment[];
}>()('chat/send');
/** Spec §7 online-search update (on_line_search) of the open chat. */
export const setOnlineSearch = defineCommand<{ readonly enabled: boolean }>()('chat/setOnlineSearch');
/** Spec §7 second instructions (content, title) of the open chat; empty content clears them. */
export const saveInstructions = defineCommand<{ readonly title: string; readonly content: string }>()(
  'chat/saveInstructions',
);
/** Deletes a message: hidden at once, sent after the undo window (chat.DELETE_UNDO_MS) unless undone. */
export const deleteChatMessage = defineCommand<{ readonly clientId: string }>()('chat/deleteMessage');
export const undoDeleteChatMessage = defineCommand<{ readonly clientId: string }>()('chat/undoDelete');
/** Plays the voice of a reply (spec §7 SSE audio stream). */
export const playChatVoice = defineCommand<{ readonly clientId: string }>()('chat/playVoice');
/** Whether replies of a speaking character are played as they finish. */
export const setVoiceReplies = defineCommand<{ readonly enabled: boolean }>()('chat/setVoiceReplies');
/** Sends a failed message again, with the same client id. */
export const retryChatMessage = defineCommand<{ readonly clientId: string }>()('chat/retry');
