import { feedEpics } from './epics';
import type { EpicModule } from '../epics/root';

/** The square: feed pages, likes and muting. */
export const feedModule: EpicModule = { key: 'feed', epics: feedEpics };
