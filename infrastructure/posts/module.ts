import type { EpicModule } from '../epics/module';
import { postsEpics } from './epics';

/** The post editor's epics: its draft and its publishing (the word check is the studio module's). */
export const postsModule: EpicModule = { key: 'posts', epics: postsEpics };
