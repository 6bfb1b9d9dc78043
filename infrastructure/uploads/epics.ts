import type { AppEpic } from '../epics/types';

/** The uploads epics (reserved slot: filled by its own work item). */
export const uploadsEpics: readonly AppEpic[] = [];
