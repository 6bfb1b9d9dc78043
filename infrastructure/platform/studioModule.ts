import type { EpicModule } from '../epics/root';
import { downloadEpics } from './downloads';
import { editorEpics } from './editor';
import { moderationEpics } from './moderation';

/** What the creation screens use beyond the queue: the video editor, downloads, the publishing check. */
export const studioModule: EpicModule = {
  key: 'studio',
  epics: [...editorEpics, ...downloadEpics, ...moderationEpics],
};
