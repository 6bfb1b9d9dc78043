import type { EpicModule } from '../epics/root';
import { downloadEpics } from '../downloads/epics';
import { editorEpics } from '../editor/epics';
import { moderationEpics } from '../publishing/epics';

/** What the creation screens use beyond the queue: the video editor, downloads, the publishing check. */
export const studioModule: EpicModule = {
  key: 'studio',
  epics: [...editorEpics, ...downloadEpics, ...moderationEpics],
};
