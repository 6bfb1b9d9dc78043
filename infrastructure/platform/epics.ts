import type { AppEpic } from '../epics/types';

/** The platform epics (reserved slot: filled by its own work item). */
export const platformEpics: readonly AppEpic[] = [];
