import { feedEpics } from './feed';
import type { EpicModule } from './root';

/** The square: feed pages, likes and muting. */
export const feedModule: EpicModule = { key: 'feed', epics: feedEpics };
