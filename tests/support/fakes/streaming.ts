import { EMPTY, NEVER, Subject } from 'rxjs';
import { makeCharactersApi, type CharactersApi } from '../../../infrastructure/characters/api';
import type { CharactersDeps } from '../../../infrastructure/characters/deps';
import { makeChatApi, type ChatApi } from '../../../infrastructure/chat/api';
import type { ChatDeps } from '../../../infrastructure/chat/deps';
import type { HttpClient } from '../../../infrastructure/http/client';
import type { AudioOutput, AudioSink, StreamingDeps } from '../../../infrastructure/streaming/deps';

/** The characters' and the chat's calls in one object (tests script both through one fake). */
export type StudioApi = CharactersApi & ChatApi;

/**
 * Test doubles of the streaming capabilities: no stream ever answers, no socket ever connects, the
 * studio calls answer nothing. Tests of the streaming area pass their own scripted doubles.
 */
export const fakeStudioApi = (overrides: Partial<StudioApi> = {}): StudioApi => ({
  listCharacters: () => EMPTY,
  characterDetail: () => EMPTY,
  createCharacter: () => EMPTY,
  updateCharacter: () => EMPTY,
  deleteCharacter: () => EMPTY,
  openChatSession: () => EMPTY,
  chatHistory: () => EMPTY,
  searchCharacters: () => EMPTY,
  characterDefaults: () => EMPTY,
  characterTemplates: () => EMPTY,
  chatSessions: () => EMPTY,
  setOnlineSearch: () => EMPTY,
  saveInstructions: () => EMPTY,
  deleteChatMessage: () => EMPTY,
  ...overrides,
});

/** An audio output that records what it was asked to do; `end()` plays out a finished sink. */
export const recordingAudioOutput = () => {
  const log: string[] = [];
  const sinks: { sampleRate: number; samples: number; ended$: Subject<void> }[] = [];
  const output: AudioOutput = {
    open: (sampleRate) => {
      const entry = { sampleRate, samples: 0, ended$: new Subject<void>() };
      sinks.push(entry);
      log.push(`open ${sampleRate}`);
      const sink: AudioSink = {
        play: (s) => {
          entry.samples += s.length;
          log.push(`play ${s.length}`);
        },
        pause: () => log.push('pause'),
        resume: () => log.push('resume'),
        finish: () => log.push('finish'),
        close: () => log.push('close'),
        ended$: entry.ended$.asObservable(),
      };
      return sink;
    },
  };
  return { output, log, sinks };
};

/** An audio output that plays nothing. */
export const silentAudioOutput: AudioOutput = {
  open: () => ({
    play: () => {},
    pause: () => {},
    resume: () => {},
    finish: () => {},
    close: () => {},
    ended$: NEVER,
  }),
};

/**
 * The conversation areas' capabilities (the audio streams', the chat's, the characters') from one
 * set of doubles: `api` answers both the chat's and the characters' calls. Spread into
 * makeFakeDeps' areas (or a Dependencies object).
 */
export const conversationDeps = (
  overrides: Partial<StreamingDeps & ChatDeps & { readonly api: StudioApi }> = {},
): { readonly streaming: StreamingDeps; readonly chat: ChatDeps; readonly characters: CharactersDeps } => {
  const api = overrides.api ?? fakeStudioApi();
  return {
    streaming: {
      fetchStream: overrides.fetchStream ?? (() => NEVER),
      audioOut: overrides.audioOut ?? silentAudioOutput,
    },
    chat: {
      api,
      connectChat: overrides.connectChat ?? (() => NEVER),
      ...(overrides.pageShown === undefined ? {} : { pageShown: overrides.pageShown }),
    },
    characters: { api },
  };
};

/** The real calls of both areas on one HTTP client (tests against the server). */
export const makeStudioApi = (http: HttpClient): StudioApi => ({
  ...makeCharactersApi(http),
  ...makeChatApi(http),
});
