import type { EpicModule } from '../epics/module';
import { creationEpics } from './creation';

/** What Create and the tool pages use beyond the queue: the options config, remix and publishing. */
export const creationModule: EpicModule = { key: 'creation', epics: creationEpics };
