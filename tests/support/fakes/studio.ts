import { EMPTY, throwError } from 'rxjs';
import type { StudioToolsApi } from '../../../infrastructure/studio/api';
import type { StudioDeps } from '../../../infrastructure/studio/deps';

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

export const fakeStudioDeps = (overrides: Partial<StudioDeps> = {}): StudioDeps => ({
  api: fakeStudioToolsApi(),
  readPixels: () => throwError(() => new Error('no pixels in tests')),
  gifSheet: () => throwError(() => new Error('no GIF decoding in tests')),
  ...overrides,
});
