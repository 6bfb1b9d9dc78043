import type { EpicModule } from '../epics/module';
import { searchResultsEpics } from './results';

/** Search results and tag pages (the header's search box runs from the start: app/later.ts). */
export const searchModule: EpicModule = { key: 'search', epics: searchResultsEpics };
