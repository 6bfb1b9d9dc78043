import { EMPTY, NEVER, Subject, throwError } from 'rxjs';
import type { StudioToolsApi } from '../../../infrastructure/studio/api';
import type { AudioOutput, AudioSink, StudioDeps } from '../../../infrastructure/studio/deps';

/** Test doubles of the studio capabilities: calls answer nothing, pixels cannot be read. */
export const fakeStudioToolsApi = (overrides: Partial<StudioToolsApi> = {}): StudioToolsApi => ({
  trainingConfig: () => EMPTY,
  trainingCreate: () => EMPTY,
  trainingDetail: () => EMPTY,
  trainingHistory: () => EMPTY,
  trainingStop: () => EMPTY,
  trainingResult: () => EMPTY,
  trainingDownload: () => EMPTY,
  trainingPublish: () => EMPTY,
  trainingTags: () => EMPTY,
  workflowImport: () => EMPTY,
  workflowList: () => EMPTY,
  workflowDetail: () => EMPTY,
  workflowUpdate: () => EMPTY,
  workflowCopy: () => EMPTY,
  itemDetail: () => EMPTY,
  ebookChapter: () => EMPTY,
  voiceCreate: () => EMPTY,
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

export const fakeStudioDeps = (overrides: Partial<StudioDeps> = {}): StudioDeps => ({
  api: fakeStudioToolsApi(),
  audioOut: {
    open: () => ({
      play: () => {},
      pause: () => {},
      resume: () => {},
      finish: () => {},
      close: () => {},
      ended$: NEVER,
    }),
  },
  readPixels: () => throwError(() => new Error('no pixels in tests')),
  gifSheet: () => throwError(() => new Error('no GIF decoding in tests')),
  ...overrides,
});
