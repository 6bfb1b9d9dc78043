import type { EpicModule } from '../epics/module';
import { streamingEpics } from './epics';

/** The audio stream and its playback (the chat's and the characters' modules are their own). */
export const streamingModule: EpicModule = { key: 'streaming', epics: streamingEpics };
