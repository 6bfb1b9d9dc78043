/**
 * How each tracking channel's queued items (domain `TrackedItem`: id, name, flat data) are built
 * from the app's calls and turned into the wire items of the contract. Every item is checked
 * against its codec when it is built and again when it is read back from the cache, so a batch
 * never carries an item the server would refuse as malformed.
 *
 * Layout of `data` per channel:
 * - eventReport: the §3 envelope fields plus the event's own properties (the envelope wins a clash).
 * - log: the §3 log event fields besides event_name (the item's name).
 * - starTrack: the properties plus `$at`, the time the event happened.
 * - exposure: obj_id, obj_type, page, position, at.
 */
import * as E from 'fp-ts/Either';
import type * as t from 'io-ts';
import type { tracking } from '../../domain/index.js';
import {
  ENVELOPE_KEYS,
  EventReportItem,
  ExposureItem,
  LogEventItem,
  Properties,
  StarTrackEvent,
} from '../contract/telemetry';

type TrackedItem = tracking.TrackedItem;
type TrackedValue = tracking.TrackedValue;
type Data = Readonly<Record<string, TrackedValue>>;

const decodeOrNull = <A, O>(codec: t.Type<A, O, unknown>, value: unknown): A | null => {
  const result = codec.decode(value);
  return E.isRight(result) ? result.right : null;
};

const ENVELOPE_KEY_SET: ReadonlySet<string> = new Set(ENVELOPE_KEYS);
const STAR_TRACK_AT = '$at';

const split = (data: Data, reserved: (key: string) => boolean) => {
  const own: Record<string, TrackedValue> = {};
  const rest: Record<string, TrackedValue> = {};
  for (const [k, v] of Object.entries(data)) (reserved(k) ? own : rest)[k] = v;
  return { own, rest };
};

// ---- wire items ------------------------------------------------------------------------------

export const toEventReportItem = (item: TrackedItem): EventReportItem | null => {
  const { own, rest } = split(item.data, (k) => ENVELOPE_KEY_SET.has(k));
  return decodeOrNull(EventReportItem, { ...own, id: item.id, event_name: item.name, properties: rest });
};

export const toLogEventItem = (item: TrackedItem): LogEventItem | null =>
  decodeOrNull(LogEventItem, {
    id: item.id,
    event_name: item.name,
    entity_type: item.data['entity_type'],
    obj_id: item.data['obj_id'],
    obj_type: item.data['obj_type'],
    front_operation: item.data['front_operation'],
  });

export const toStarTrackEvent = (item: TrackedItem): StarTrackEvent | null => {
  const { own, rest } = split(item.data, (k) => k === STAR_TRACK_AT);
  return decodeOrNull(StarTrackEvent, {
    id: item.id,
    event: item.name,
    at: own[STAR_TRACK_AT],
    properties: rest,
  });
};

export const toExposureItem = (item: TrackedItem): ExposureItem | null =>
  decodeOrNull(ExposureItem, {
    id: item.id,
    obj_id: item.data['obj_id'],
    obj_type: item.data['obj_type'],
    page: item.data['page'],
    position: item.data['position'],
    at: item.data['at'],
  });

/** The wire form of an item of `channel`, or null when the item is malformed. */
export const wireItemOf = (channel: tracking.TrackingChannel, item: TrackedItem): object | null => {
  switch (channel) {
    case 'eventReport':
      return toEventReportItem(item);
    case 'log':
      return toLogEventItem(item);
    case 'starTrack':
      return toStarTrackEvent(item);
    case 'exposure':
      return toExposureItem(item);
  }
};

// ---- items from the app's calls ---------------------------------------------------------------

/** Keeps only the properties the contract accepts (a bad value drops the whole item instead). */
const checkedProperties = (props: Data): Data | null => decodeOrNull(Properties, props);

export const eventReportTrackedItem = (
  id: string,
  name: string,
  properties: Data,
  envelope: tracking.EventEnvelope,
): TrackedItem | null => {
  const props = checkedProperties(properties);
  if (props === null) return null;
  const own = Object.fromEntries(Object.entries(props).filter(([k]) => !ENVELOPE_KEY_SET.has(k)));
  const item: TrackedItem = { id, name, data: { ...own, ...envelope } };
  return toEventReportItem(item) === null ? null : item;
};

export const logTrackedItem = (id: string, event: tracking.LogEvent): TrackedItem | null => {
  const item: TrackedItem = {
    id,
    name: event.event_name,
    data: {
      entity_type: event.entity_type,
      obj_id: event.obj_id,
      obj_type: event.obj_type,
      front_operation: event.front_operation,
    },
  };
  return toLogEventItem(item) === null ? null : item;
};

export const starTrackTrackedItem = (
  id: string,
  event: string,
  properties: Data,
  at: number,
): TrackedItem | null => {
  const props = checkedProperties(properties);
  if (props === null) return null;
  const own = Object.fromEntries(Object.entries(props).filter(([k]) => k !== STAR_TRACK_AT));
  const item: TrackedItem = { id, name: event, data: { ...own, [STAR_TRACK_AT]: at } };
  return toStarTrackEvent(item) === null ? null : item;
};

export interface ExposureInput {
  readonly objId: string;
  readonly objType: number;
  readonly page: string;
  readonly position: number | null;
}

export const exposureTrackedItem = (id: string, e: ExposureInput, at: number): TrackedItem | null => {
  const item: TrackedItem = {
    id,
    name: 'exposure',
    data: { obj_id: e.objId, obj_type: e.objType, page: e.page, position: e.position, at },
  };
  return toExposureItem(item) === null ? null : item;
};
