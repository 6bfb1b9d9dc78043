import { feedEpics } from './epics';
import type { EpicModule } from '../epics/module';

/** The square: feed pages, muting and reports (likes are a core epic of the social area). */
export const feedModule: EpicModule = { key: 'feed', epics: feedEpics };
