import { EMPTY, throwError, type Observable } from 'rxjs';
import type { StudioToolsApi } from '../../../infrastructure/studio/api';
import type { StudioDeps } from '../../../infrastructure/studio/deps';
import type { GifSheets } from '../../../infrastructure/editor/deps';
import type { editor } from '../../../domain/index.js';

/** GIF sheets made by `load`, with what was let go recorded (`released`, and `releasedAll` counts). */
export const fakeGifSheets = (
  load: (url: string) => Observable<editor.GifSheet>,
): GifSheets & { readonly released: string[]; releasedAll: number } => {
  const fake = {
    released: [] as string[],
    releasedAll: 0,
    load,
    release: (urls: readonly string[]) => {
      fake.released.push(...urls);
    },
    releaseAll: () => {
      fake.releasedAll += 1;
    },
  };
  return fake;
};

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
  gifSheets: fakeGifSheets(() => throwError(() => new Error('no GIF decoding in tests'))),
  ...overrides,
});
