import type { EpicModule } from '../epics/module';
import { moderationEpics } from './epics';

/** The publishing check of a prompt or a post before it goes out (spec §5). */
export const moderationModule: EpicModule = { key: 'moderation', epics: moderationEpics };
