import type { EpicModule } from '../epics/module';
import { editorEpics } from './epics';

/** The video editor's projects (spec §2 editor). */
export const editorModule: EpicModule = { key: 'editor', epics: editorEpics };
