/** Commands of the platform area: the milestones of local data (the writers start once it was read back). */
import { defineCommand } from '../store/commands';

// ---- internal milestones: the writers of local data start only after it was read back
export const localStateRestored = defineCommand()('platform/localStateRestored');
export const taskListRestored = defineCommand()('platform/taskListRestored');
