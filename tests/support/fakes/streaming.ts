import { EMPTY, NEVER, Subject, type SchedulerLike } from 'rxjs';
import type { StudioApi } from '../../../infrastructure/streaming/api';
import type { AudioOutput, AudioSink, StreamingDeps } from '../../../infrastructure/streaming/deps';

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

export const fakeStreamingDeps = (
  _scheduler: SchedulerLike,
  overrides: Partial<StreamingDeps> = {},
): StreamingDeps => ({
  api: fakeStudioApi(),
  fetchStream: () => NEVER,
  connectChat: () => NEVER,
  audioOut: silentAudioOutput,
  ...overrides,
});
