/**
 * Ops and analytics calls (spec §3 log event and event envelope, §7 "Core" and "Logging and
 * analytics", §9 timings): heartbeat, A/B flags, popup status, and the batched uploads.
 *
 * Choices where the spec says "not shown":
 * - Paths: ping and are/you/ok are the spec's. Popup status is `/api/v1/popup/status` `{ plat:
 *   'web' }`; event report `/api/v1/event/report`; log-report batch `/api/v1/log/report/batch`;
 *   star-track `/api/v1/star-track/init` and `/api/v1/star-track/events`; exposure data
 *   `/api/v1/exposure/report`; log error report `/api/v1/log/error/report`.
 * - Every uploaded item carries a client-generated `id` (1..64 of `[A-Za-z0-9_-]`); the server
 *   stores an id once, so a re-sent item (a retry after a lost answer, a beacon, a restored cache)
 *   is never stored twice. Batches answer `{ stored, duplicates }`.
 * - Batch bodies may repeat the device id (`device_id`): `navigator.sendBeacon` cannot set the
 *   `x-device-id` header, and a guest's beacon would otherwise be anonymous. The header wins.
 * - A/B flags are assigned per account when signed in, else per device, by a hash of the unit
 *   and the experiment name, so the assignment is stable without storing it.
 * - Times are epoch milliseconds.
 */
import * as t from 'io-ts';
import { ObjType } from './feed';

export const PING_PATH = '/api/v1/ping';
export const AB_FLAGS_PATH = '/api/v1/are/you/ok';
export const POPUP_STATUS_PATH = '/api/v1/popup/status';
export const EVENT_REPORT_PATH = '/api/v1/event/report';
export const LOG_REPORT_PATH = '/api/v1/log/report/batch';
export const STAR_TRACK_INIT_PATH = '/api/v1/star-track/init';
export const STAR_TRACK_EVENTS_PATH = '/api/v1/star-track/events';
export const EXPOSURE_REPORT_PATH = '/api/v1/exposure/report';
export const ERROR_REPORT_PATH = '/api/v1/log/error/report';

/** Most items one batch upload may carry. */
export const TELEMETRY_BATCH_MAX = 100;
/** Spec §9 star-track "event limit 10": most events per star-track upload. */
export const STAR_TRACK_UPLOAD_MAX = 10;
/** Most custom properties on one item, and the longest string value. */
export const PROPERTIES_MAX_KEYS = 50;
export const PROPERTY_STRING_MAX = 1000;

const bounded = <N extends string>(name: N, ok: (s: string) => boolean) =>
  t.brand(t.string, (s): s is t.Branded<string, { readonly [K in N]: symbol }> => ok(s), name);

interface FiniteBrand {
  readonly Finite: unique symbol;
}
/** A finite number (JSON has no NaN or Infinity; a non-finite one is malformed input). */
export const Finite = t.brand(
  t.number,
  (n): n is t.Branded<number, FiniteBrand> => Number.isFinite(n),
  'Finite',
);
export type Finite = t.TypeOf<typeof Finite>;

interface EpochMsBrand {
  readonly EpochMs: unique symbol;
}
export const EpochMs = t.brand(
  t.number,
  (n): n is t.Branded<number, EpochMsBrand> => Number.isInteger(n) && n >= 0 && n <= 8_640_000_000_000_000,
  'EpochMs',
);
export type EpochMs = t.TypeOf<typeof EpochMs>;

/** A client-generated item id: the key of idempotent storage. */
export const ClientItemId = bounded('ClientItemId', (s) => /^[A-Za-z0-9_-]{1,64}$/.test(s));
export type ClientItemId = t.TypeOf<typeof ClientItemId>;

export const DeviceId = bounded('DeviceId', (s) => /^[A-Za-z0-9_-]{6,64}$/.test(s));
export type DeviceId = t.TypeOf<typeof DeviceId>;

export const EventName = bounded('EventName', (s) => s.trim().length >= 1 && s.length <= 64);
export type EventName = t.TypeOf<typeof EventName>;

const text = <N extends string>(name: N, max: number) => bounded(name, (s) => s.length <= max);

export const PropertyValue = t.union(
  [text('PropertyString', PROPERTY_STRING_MAX), Finite, t.boolean, t.null],
  'PropertyValue',
);
export type PropertyValue = t.TypeOf<typeof PropertyValue>;

export const Properties = t.refinement(
  t.record(t.string, PropertyValue),
  (r) =>
    Object.keys(r).length <= PROPERTIES_MAX_KEYS &&
    Object.keys(r).every((k) => k.length >= 1 && k.length <= 64),
  'Properties',
);
export type Properties = t.TypeOf<typeof Properties>;

const batchOf = <C extends t.Mixed>(item: C, max: number, name: string) =>
  t.refinement(t.array(item), (xs) => xs.length >= 1 && xs.length <= max, name);

/** What every batch body may add: the device id for requests that cannot carry headers. */
const BeaconDevice = t.partial({ device_id: DeviceId });

/** `{ stored, duplicates }`: how many items were new, how many the server already held. */
export const BatchResult = t.type({ stored: t.number, duplicates: t.number }, 'BatchResult');
export type BatchResult = t.TypeOf<typeof BatchResult>;

// ---- heartbeat (spec §7 ping, §9 every 120 s) ----------------------------------------------

export const PingAction = t.keyof({ first_open: null, heartbeat: null }, 'PingAction');
export type PingAction = t.TypeOf<typeof PingAction>;

export const PingRequest = t.type({ action: PingAction }, 'PingRequest');
export type PingRequest = t.TypeOf<typeof PingRequest>;

export const PresenceUnit = t.keyof({ account: null, device: null }, 'PresenceUnit');
export type PresenceUnit = t.TypeOf<typeof PresenceUnit>;

/** The presence the server now holds for the caller (the account when signed in, else the device). */
export const PingResponse = t.type(
  {
    unit: PresenceUnit,
    first_open_at: t.union([EpochMs, t.null]),
    last_seen_at: EpochMs,
  },
  'PingResponse',
);
export type PingResponse = t.TypeOf<typeof PingResponse>;

// ---- A/B flags (spec §7 are/you/ok, §2 model_detail_v2, §6 feature flags) ------------------

export const ExperimentName = t.keyof({ model_detail_v2: null, st_tavern: null }, 'ExperimentName');
export type ExperimentName = t.TypeOf<typeof ExperimentName>;

/** Absent `experiments` asks for all of them. */
export const AbFlagsRequest = t.partial({ experiments: t.array(ExperimentName) }, 'AbFlagsRequest');
export type AbFlagsRequest = t.TypeOf<typeof AbFlagsRequest>;

export const AbFlags = t.partial(
  { model_detail_v2: t.keyof({ A: null, B: null }), st_tavern: t.boolean },
  'AbFlags',
);
export type AbFlags = t.TypeOf<typeof AbFlags>;

/** Spec §6: cookies enable_tavern and enable_st_tavern come from these config items. */
export const ConfigItem = t.type(
  {
    key: t.keyof({ enable_tavern: null, enable_st_tavern: null }),
    content_type: t.keyof({ character: null, StCharacter: null }),
    enabled: t.boolean,
  },
  'ConfigItem',
);
export type ConfigItem = t.TypeOf<typeof ConfigItem>;

export const AbFlagsResponse = t.type(
  { unit: PresenceUnit, flags: AbFlags, config_items: t.array(ConfigItem) },
  'AbFlagsResponse',
);
export type AbFlagsResponse = t.TypeOf<typeof AbFlagsResponse>;

// ---- popup status (spec §3 popup data, §7 "popup status (plat web)") ------------------------

export const PopupStatusRequest = t.type({ plat: t.literal('web') }, 'PopupStatusRequest');
export type PopupStatusRequest = t.TypeOf<typeof PopupStatusRequest>;

/** pop_type 1 is the half-price offer; its end_at ends the half-discount countdown. */
export const DISCOUNT_POP_TYPE_HALF_PRICE = 1;

export const DiscountPopup = t.type({ pop_type: t.number, end_at: EpochMs }, 'DiscountPopup');
export const FacePhotoPopup = t.type(
  { data: t.type({ id: t.string, title: t.string }), page: t.string },
  'FacePhotoPopup',
);
export const WakeupUserPopup = t.type({ balance_day: t.number }, 'WakeupUserPopup');
export const ActivityAward = t.type(
  { id: t.string, title: t.string, coins: t.number, created_at: EpochMs },
  'ActivityAward',
);
export type ActivityAward = t.TypeOf<typeof ActivityAward>;

/**
 * The daily stamina of spec §4 ("after a popup closes, the daily stamina popup may follow if
 * flagged"): the generations an account with a daily limit has left in the last 24 hours. Sent
 * (and the popup flagged) while some are left; null for members without a daily limit.
 */
export const DailyStamina = t.type({ used: t.number, limit: t.number }, 'DailyStamina');
export type DailyStamina = t.TypeOf<typeof DailyStamina>;

export const PopupStatusResponse = t.intersection(
  [
    t.type({
      discount_popup: t.union([DiscountPopup, t.null]),
      face_photo_popup: t.union([FacePhotoPopup, t.null]),
      show_temp_coins_popup: t.boolean,
      wakeup_user_popup: t.union([WakeupUserPopup, t.null]),
      user_activity_award_list: t.array(ActivityAward),
      hot_popup_cnt: t.number,
    }),
    // Optional so that an older server's answer still decodes (no stamina then).
    t.partial({
      daily_stamina: t.union([DailyStamina, t.null]),
      /** When the newest of the hot works was published: the hot popup's "new since last seen". */
      hot_popup_newest_at: EpochMs,
    }),
  ],
  'PopupStatusResponse',
);
export type PopupStatusResponse = t.TypeOf<typeof PopupStatusResponse>;

/**
 * Development switch of the reference server (not an API call of the product; served outside
 * production only, like the outbox): the popup status the caller's account answers with from now
 * on, until the server restarts; null goes back to the status derived from the account. End-to-end
 * tests use it to be offered exactly the popups they look at.
 */
export const DEV_POPUPS_PATH = '/dev/popups';
export const DevPopupsRequest = t.type(
  { status: t.union([PopupStatusResponse, t.null]) },
  'DevPopupsRequest',
);
export type DevPopupsRequest = t.TypeOf<typeof DevPopupsRequest>;

// ---- event report (spec §3 event envelope, §9 "flushed 3 s after the first event") ---------

export const DeviceOs = t.keyof({ android: null, ios: null, web: null }, 'DeviceOs');

/** Spec §3 event envelope plus productLevel, as the client builds it (domain buildEnvelope). */
export const EventEnvelope = t.type(
  {
    account_id: text('AccountIdText', 64),
    account_name: text('AccountNameText', 200),
    mail: text('MailText', 254),
    reg_at: EpochMs,
    create_at: EpochMs,
    page_location: text('PageLocation', 2048),
    device_id: text('DeviceIdText', 64),
    browser_id: text('BrowserId', 64),
    device_os: DeviceOs,
    plat: t.literal('web'),
    app_id: text('AppId', 64),
    canary: text('Canary', 500),
    pageId: text('PageId', 64),
    productLevel: Finite,
  },
  'EventEnvelope',
);
export type EventEnvelope = t.TypeOf<typeof EventEnvelope>;

export const ENVELOPE_KEYS = Object.keys(EventEnvelope.props) as readonly (keyof EventEnvelope)[];

export const EventReportItem = t.intersection(
  [EventEnvelope, t.type({ id: ClientItemId, event_name: EventName, properties: Properties })],
  'EventReportItem',
);
export type EventReportItem = t.TypeOf<typeof EventReportItem>;

export const EventReportRequest = t.intersection(
  [t.type({ items: batchOf(EventReportItem, TELEMETRY_BATCH_MAX, 'EventReportItems') }), BeaconDevice],
  'EventReportRequest',
);
export type EventReportRequest = t.TypeOf<typeof EventReportRequest>;

// ---- log-report batch (spec §3 log event, §9 "at 20 events or every 1 s") -------------------

/** Spec §3 entity type ids, set A: 1..19. */
export const EntityType = t.brand(
  t.number,
  (n): n is t.Branded<number, { readonly EntityType: unique symbol }> =>
    Number.isInteger(n) && n >= 1 && n <= 19,
  'EntityType',
);
export type EntityType = t.TypeOf<typeof EntityType>;

export const LogEventItem = t.type(
  {
    id: ClientItemId,
    event_name: EventName,
    entity_type: EntityType,
    obj_id: bounded('ObjId', (s) => s.trim().length >= 1 && s.length <= 80),
    obj_type: ObjType,
    front_operation: bounded('FrontOperation', (s) => s.trim().length >= 1 && s.length <= 64),
  },
  'LogEventItem',
);
export type LogEventItem = t.TypeOf<typeof LogEventItem>;

export const LogReportRequest = t.intersection(
  [t.type({ items: batchOf(LogEventItem, TELEMETRY_BATCH_MAX, 'LogEventItems') }), BeaconDevice],
  'LogReportRequest',
);
export type LogReportRequest = t.TypeOf<typeof LogReportRequest>;

// ---- star-track (spec §7 "star-track init and events", §9 limits) --------------------------

export const StarTrackInitRequest = t.type(
  { page_location: text('PageLocation', 2048) },
  'StarTrackInitRequest',
);
export type StarTrackInitRequest = t.TypeOf<typeof StarTrackInitRequest>;

export const StarTrackSessionId = bounded('StarTrackSessionId', (s) => /^[A-Za-z0-9_-]{1,64}$/.test(s));
export type StarTrackSessionId = t.TypeOf<typeof StarTrackSessionId>;

export const StarTrackInitResponse = t.type(
  { session_id: StarTrackSessionId, event_limit: t.number },
  'StarTrackInitResponse',
);
export type StarTrackInitResponse = t.TypeOf<typeof StarTrackInitResponse>;

export const StarTrackEvent = t.type(
  { id: ClientItemId, event: EventName, at: EpochMs, properties: Properties },
  'StarTrackEvent',
);
export type StarTrackEvent = t.TypeOf<typeof StarTrackEvent>;

/** An unknown session answers 10404: the client starts a new one and sends again. */
export const StarTrackEventsRequest = t.intersection(
  [
    t.type({
      session_id: StarTrackSessionId,
      items: batchOf(StarTrackEvent, STAR_TRACK_UPLOAD_MAX, 'StarTrackEvents'),
    }),
    BeaconDevice,
  ],
  'StarTrackEventsRequest',
);
export type StarTrackEventsRequest = t.TypeOf<typeof StarTrackEventsRequest>;

// ---- exposure data (spec §9 "every 5 s") ----------------------------------------------------

export const ExposureItem = t.type(
  {
    id: ClientItemId,
    obj_id: bounded('ObjId', (s) => s.trim().length >= 1 && s.length <= 80),
    obj_type: ObjType,
    page: text('ExposurePage', 200),
    position: t.union([
      t.brand(
        t.number,
        (n): n is t.Branded<number, { readonly Position: unique symbol }> =>
          Number.isInteger(n) && n >= 0 && n <= 100_000,
        'Position',
      ),
      t.null,
    ]),
    at: EpochMs,
  },
  'ExposureItem',
);
export type ExposureItem = t.TypeOf<typeof ExposureItem>;

export const ExposureReportRequest = t.intersection(
  [t.type({ items: batchOf(ExposureItem, TELEMETRY_BATCH_MAX, 'ExposureItems') }), BeaconDevice],
  'ExposureReportRequest',
);
export type ExposureReportRequest = t.TypeOf<typeof ExposureReportRequest>;

// ---- log error report (spec §8 error-report types) ------------------------------------------

export const ErrorReportType = t.keyof(
  { not_webp: null, image_error: null, api_exception: null, upload_exception: null, page_error: null },
  'ErrorReportType',
);
export type ErrorReportType = t.TypeOf<typeof ErrorReportType>;

export const ErrorReportRequest = t.intersection(
  [
    t.type({
      id: ClientItemId,
      type: ErrorReportType,
      message: text('ErrorMessage', 2000),
      page_location: text('PageLocation', 2048),
      at: EpochMs,
      detail: Properties,
    }),
    BeaconDevice,
  ],
  'ErrorReportRequest',
);
export type ErrorReportRequest = t.TypeOf<typeof ErrorReportRequest>;
