/** The typed ops and analytics calls, built on the one HTTP client and the shared contract. */
import {
  AB_FLAGS_PATH,
  AbFlagsResponse,
  BatchResult,
  ERROR_REPORT_PATH,
  EVENT_REPORT_PATH,
  EXPOSURE_REPORT_PATH,
  LOG_REPORT_PATH,
  PING_PATH,
  POPUP_STATUS_PATH,
  PingResponse,
  PopupStatusResponse,
  STAR_TRACK_EVENTS_PATH,
  STAR_TRACK_INIT_PATH,
  StarTrackInitResponse,
} from '../contract/telemetry';
import type { HttpClient } from '../http/client';
import type { TelemetryApi } from './deps';

export const makeTelemetryApi = (http: HttpClient): TelemetryApi => ({
  ping: (req) => http.post(PING_PATH, req, PingResponse),
  abFlags: (req) => http.post(AB_FLAGS_PATH, req, AbFlagsResponse),
  popupStatus: (req) => http.post(POPUP_STATUS_PATH, req, PopupStatusResponse),
  eventReport: (req) => http.post(EVENT_REPORT_PATH, req, BatchResult),
  logReport: (req) => http.post(LOG_REPORT_PATH, req, BatchResult),
  starTrackInit: (req) => http.post(STAR_TRACK_INIT_PATH, req, StarTrackInitResponse),
  starTrackEvents: (req) => http.post(STAR_TRACK_EVENTS_PATH, req, BatchResult),
  exposureReport: (req) => http.post(EXPOSURE_REPORT_PATH, req, BatchResult),
  errorReport: (req) => http.post(ERROR_REPORT_PATH, req, BatchResult),
});
