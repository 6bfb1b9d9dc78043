import { decorationsEpics } from './epics';
import type { EpicModule } from '../epics/module';

/** The decoration screens (/decorations, /mall): list, buy, wear, history, preview. */
export const decorationsModule: EpicModule = { key: 'decorations', epics: decorationsEpics };
