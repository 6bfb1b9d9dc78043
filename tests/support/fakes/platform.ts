import type { SchedulerLike } from 'rxjs';
import type { PlatformDeps } from '../../../infrastructure/platform/deps';

/** Test doubles of the platform capabilities (reserved slot: filled by its own work item). */
export const fakePlatformDeps = (_scheduler: SchedulerLike): PlatformDeps => ({});
