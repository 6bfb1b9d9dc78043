import type { SchedulerLike } from 'rxjs';
import type { TelemetryDeps } from '../../../infrastructure/telemetry/deps';

/** Test doubles of the telemetry capabilities (reserved slot: filled by its own work item). */
export const fakeTelemetryDeps = (_scheduler: SchedulerLike): TelemetryDeps => ({});
