import type { EpicModule } from '../epics/module';
import { characterEpics } from './epics';

/** The characters: the directory, one's own, the form, defaults and templates, the chats list. */
export const charactersModule: EpicModule = { key: 'characters', epics: characterEpics };
