/**
 * The telemetry epics: tracking queues (event report, log events, star-track, exposure) with
 * their flushes, retries, caches and beacons; heartbeat; A/B flags; error reports.
 */
import type { AppEpic } from '../epics/types';
import { errorReportEpic } from './errors';
import { abFlagsEpic } from './flags';
import { heartbeatEpic } from './heartbeat';
import { trackingQueuesEpic } from './queues';
import { activityEpics } from './activity';
import { exposeItemEpic, logEventEpic, starTrackEpic, trackEventEpic } from './track';

export const telemetryEpics: readonly AppEpic[] = [
  trackEventEpic,
  logEventEpic,
  starTrackEpic,
  exposeItemEpic,
  trackingQueuesEpic,
  heartbeatEpic,
  abFlagsEpic,
  errorReportEpic,
  ...activityEpics,
];
