import type { SchedulerLike } from 'rxjs';
import type { UploadsDeps } from '../../../infrastructure/uploads/deps';

/** Test doubles of the uploads capabilities (reserved slot: filled by its own work item). */
export const fakeUploadsDeps = (_scheduler: SchedulerLike): UploadsDeps => ({});
