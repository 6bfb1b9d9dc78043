import type { EpicModule } from '../epics/root';
import { downloadEpics } from '../downloads/epics';
import { editorEpics } from '../editor/epics';
import { moderationEpics } from '../moderation/epics';
import { studioToolEpics } from './epics';

/**
 * What the creation screens use beyond the queue: the video editor, downloads, the publishing
 * check, and the studio tools (LoRA training, workflows, apps and templates, the e-book reader,
 * voices, colour extraction). The streamed audio's playback is the streaming module's.
 */
export const studioModule: EpicModule = {
  key: 'studio',
  epics: [...editorEpics, ...downloadEpics, ...moderationEpics, ...studioToolEpics],
};
