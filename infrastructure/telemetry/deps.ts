/**
 * Capabilities the telemetry epics need, injected: the typed ops/analytics API, local storage,
 * `navigator.sendBeacon`, the page's visibility, cookies, and what the event envelope reads from
 * the page (location, device, browser). Tests pass fakes (tests/support/fakes/telemetry.ts).
 */
import type { Observable } from 'rxjs';
import type {
  AbFlagsRequest,
  AbFlagsResponse,
  BatchResult,
  ErrorReportRequest,
  EventReportRequest,
  ExposureReportRequest,
  LogReportRequest,
  PingRequest,
  PingResponse,
  PopupStatusRequest,
  PopupStatusResponse,
  StarTrackEventsRequest,
  StarTrackInitRequest,
  StarTrackInitResponse,
} from '../contract/telemetry';
import type { ApiResult } from '../http/client';

export interface TelemetryApi {
  readonly ping: (req: PingRequest) => Observable<ApiResult<PingResponse>>;
  readonly abFlags: (req: AbFlagsRequest) => Observable<ApiResult<AbFlagsResponse>>;
  readonly popupStatus: (req: PopupStatusRequest) => Observable<ApiResult<PopupStatusResponse>>;
  readonly eventReport: (req: EventReportRequest) => Observable<ApiResult<BatchResult>>;
  readonly logReport: (req: LogReportRequest) => Observable<ApiResult<BatchResult>>;
  readonly starTrackInit: (req: StarTrackInitRequest) => Observable<ApiResult<StarTrackInitResponse>>;
  readonly starTrackEvents: (req: StarTrackEventsRequest) => Observable<ApiResult<BatchResult>>;
  readonly exposureReport: (req: ExposureReportRequest) => Observable<ApiResult<BatchResult>>;
  readonly errorReport: (req: ErrorReportRequest) => Observable<ApiResult<BatchResult>>;
}

import type { KeyValueStorage } from '../platform/storage';

export type { KeyValueStorage };

export type Visibility = 'visible' | 'hidden';

/** What the envelope reads from the page at the moment an event is tracked. */
export interface PageContext {
  readonly pageLocation: string;
  /** One id per page load (spec §3 pageId). */
  readonly pageId: string;
  readonly deviceId: string;
  /** One id per browser profile, kept in local storage. */
  readonly browserId: string;
  readonly userAgent: string;
  readonly appId: string;
}

/** A card actually seen (at least half of it in the viewport), from the exposure adapter. */
export interface ExposureSighting {
  readonly objId: string;
  readonly objType: number;
  readonly page: string;
  readonly position: number | null;
}

export interface TelemetryDeps {
  readonly api: TelemetryApi;
  readonly storage: KeyValueStorage;
  /**
   * `navigator.sendBeacon` of a JSON body to an API path: true when the browser queued it. The
   * browser sends the session cookie but no custom header, so bodies carry the device id.
   */
  readonly sendBeacon: (path: string, body: unknown) => boolean;
  /** The page's visibility; emits the current value on subscription, then each change. */
  readonly visibility$: Observable<Visibility>;
  readonly page: () => PageContext;
  readonly setCookie: (name: string, value: string, maxAgeSeconds: number) => void;
  /** Cards as they become visible (IntersectionObserver); absent where nothing is observed. */
  readonly exposures$?: Observable<ExposureSighting>;
}
