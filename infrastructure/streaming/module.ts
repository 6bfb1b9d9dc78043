import type { EpicModule } from '../epics/module';
import { streamingEpics } from './epics';

/** The audio stream and the character chat. */
export const streamingModule: EpicModule = { key: 'streaming', epics: streamingEpics };
