import type { EpicModule } from '../epics/module';
import { studioToolEpics } from './epics';

/**
 * The studio tools: LoRA training, workflows, apps and templates, the e-book reader, voices,
 * colour extraction. (The routes that start it start the editor's, downloads' and the publishing
 * check's modules with it: app/registry.ts `studioModules`.)
 */
export const studioModule: EpicModule = { key: 'studio', epics: studioToolEpics };
