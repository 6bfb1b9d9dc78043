import type { EpicModule } from '../epics/module';
import { chatEpics } from './epics';
import { chatExtrasEpics } from './extras';

/** The socket chat with a character and its extras (settings, deletes with undo, voice replies). */
export const chatModule: EpicModule = { key: 'chat', epics: [...chatEpics, ...chatExtrasEpics] };
