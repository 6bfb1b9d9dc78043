import type { EpicModule } from '../epics/root';
import { detailsEpics } from './epics';

/** Detail pages, search results and tag pages. */
export const detailsModule: EpicModule = { key: 'details', epics: detailsEpics };
