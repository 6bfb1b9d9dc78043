import type { AppEpic } from '../epics/types';

/** The streaming epics (reserved slot: filled by its own work item). */
export const streamingEpics: readonly AppEpic[] = [];
