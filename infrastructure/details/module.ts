import type { EpicModule } from '../epics/module';
import { detailsEpics } from './epics';

/** Detail pages, search results and tag pages. */
export const detailsModule: EpicModule = { key: 'details', epics: detailsEpics };
