import type { SchedulerLike } from 'rxjs';
import type { StreamingDeps } from '../../../infrastructure/streaming/deps';

/** Test doubles of the streaming capabilities (reserved slot: filled by its own work item). */
export const fakeStreamingDeps = (_scheduler: SchedulerLike): StreamingDeps => ({});
