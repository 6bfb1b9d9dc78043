import type { AppEpic } from '../epics/types';

/** The telemetry epics (reserved slot: filled by its own work item). */
export const telemetryEpics: readonly AppEpic[] = [];
