/**
 * Telemetry commands: what views and other epics ask to be tracked. Each becomes one item of a
 * tracking queue (domain/tracking), so batching, retries, caching and beacons apply to it.
 */
import type { tracking } from '../../domain/index.js';
import type { ErrorReportType } from '../contract/telemetry';
import { defineCommand } from '../store/commands';

type Props = Readonly<Record<string, tracking.TrackedValue>>;

/** An analytics event with the §3 envelope (event report: flushed 3 s after the first event). */
export const trackEvent = defineCommand<{ readonly name: string; readonly properties?: Props }>()(
  'telemetry/track',
);

/** A §3 log event (log-report batch: at 20 events or every 1 s, cached on failure). */
export const logEvent = defineCommand<tracking.LogEventInput>()('telemetry/log');

/** A star-track event (every 1000 ms or at 20, 10 per upload, cached under star_track_event_cache). */
export const starTrack = defineCommand<{ readonly event: string; readonly properties?: Props }>()(
  'telemetry/starTrack',
);

/** A card or element was shown (exposure data: every 5 s while there are exposures). */
export const exposeItem = defineCommand<{
  readonly objId: string;
  readonly objType: number;
  readonly page: string;
  readonly position?: number | null;
}>()('telemetry/expose');

/** A client-side failure worth a log error report (spec §8 error-report types). */
export const reportClientError = defineCommand<{
  readonly type: ErrorReportType;
  readonly message: string;
  readonly detail?: Props;
}>()('telemetry/reportError');

/** The router settled on a new address (spec §3 envelope page_location; one page view each). */
export const trackPageView = defineCommand<{ readonly path: string; readonly route: string }>()(
  'telemetry/pageView',
);
