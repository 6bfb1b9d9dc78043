import type { EpicModule } from '../epics/root';
import { streamingEpics } from './epics';

/** The audio stream and the character chat. */
export const streamingModule: EpicModule = { key: 'streaming', epics: streamingEpics };
