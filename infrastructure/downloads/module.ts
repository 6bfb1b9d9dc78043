import type { EpicModule } from '../epics/module';
import { downloadEpics } from './epics';

/** Downloads of results and works (the original file, spec §2). */
export const downloadsModule: EpicModule = { key: 'downloads', epics: downloadEpics };
