import type { HttpClient } from '../http/client';
import type { TelemetryDeps } from './deps';

/** The browser's real telemetry capabilities (reserved slot: filled by its own work item). */
export const browserTelemetryDeps = (_http: HttpClient): TelemetryDeps => ({});
