import * as E from 'fp-ts/Either';
import fc from 'fast-check';
import type * as t from 'io-ts';
import { describe, expect, it } from 'vitest';
import * as c from '../../../infrastructure/contract/telemetry';

// ---- arbitraries built beside the codecs' rules ----------------------------------------------

const id = fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/);
const deviceId = fc.stringMatching(/^[A-Za-z0-9_-]{6,64}$/);
const name = fc.string({ minLength: 1, maxLength: 64 }).filter((s) => s.trim().length >= 1);
const epoch = fc.integer({ min: 0, max: 2 ** 47 });
const text = (max: number) => fc.string({ maxLength: max });
const finite = fc.double({ noNaN: true, noDefaultInfinity: true }).map((x) => (x === 0 ? 0 : x));
const value = fc.oneof(text(1000), finite, fc.boolean(), fc.constant(null));
const properties = fc.dictionary(
  fc.string({ minLength: 1, maxLength: 64 }).filter((k) => k !== '__proto__'),
  value,
  { maxKeys: 50 },
);
const objType = fc.constantFrom(1, 2, 3, 4, 5, 9, 11, 13, 15, 16, 21);
const batch = <T>(item: fc.Arbitrary<T>, max: number) => fc.array(item, { minLength: 1, maxLength: max });
const withDevice = <T extends object>(a: fc.Arbitrary<T>) =>
  fc
    .tuple(a, fc.option(deviceId, { nil: undefined }))
    .map(([x, d]) => (d === undefined ? x : { ...x, device_id: d }));

const envelope = fc.record({
  account_id: text(64),
  account_name: text(200),
  mail: text(254),
  reg_at: epoch,
  create_at: epoch,
  page_location: text(2048),
  device_id: text(64),
  browser_id: text(64),
  device_os: fc.constantFrom('android', 'ios', 'web'),
  plat: fc.constant('web'),
  app_id: text(64),
  canary: text(500),
  pageId: text(64),
  productLevel: finite,
});
const eventItem = fc
  .tuple(envelope, fc.record({ id, event_name: name, properties }))
  .map(([env, rest]) => ({ ...env, ...rest }));
const logItem = fc.record({
  id,
  event_name: name,
  entity_type: fc.integer({ min: 1, max: 19 }),
  obj_id: fc.string({ minLength: 1, maxLength: 80 }).filter((s) => s.trim().length >= 1),
  obj_type: objType,
  front_operation: fc.string({ minLength: 1, maxLength: 64 }).filter((s) => s.trim().length >= 1),
});
const starEvent = fc.record({ id, event: name, at: epoch, properties });
const exposure = fc.record({
  id,
  obj_id: fc.string({ minLength: 1, maxLength: 80 }).filter((s) => s.trim().length >= 1),
  obj_type: objType,
  page: text(200),
  position: fc.option(fc.integer({ min: 0, max: 100_000 }), { nil: null }),
  at: epoch,
});

const cases: readonly (readonly [string, t.Mixed, fc.Arbitrary<unknown>])[] = [
  ['PingRequest', c.PingRequest, fc.record({ action: fc.constantFrom('first_open', 'heartbeat') })],
  [
    'PingResponse',
    c.PingResponse,
    fc.record({
      unit: fc.constantFrom('account', 'device'),
      first_open_at: fc.option(epoch, { nil: null }),
      last_seen_at: epoch,
    }),
  ],
  [
    'AbFlagsRequest',
    c.AbFlagsRequest,
    fc.record(
      { experiments: fc.array(fc.constantFrom('model_detail_v2', 'st_tavern')) },
      { requiredKeys: [] },
    ),
  ],
  [
    'AbFlagsResponse',
    c.AbFlagsResponse,
    fc.record({
      unit: fc.constantFrom('account', 'device'),
      flags: fc.record(
        { model_detail_v2: fc.constantFrom('A', 'B'), st_tavern: fc.boolean() },
        { requiredKeys: [] },
      ),
      config_items: fc.array(
        fc.record({
          key: fc.constantFrom('enable_tavern', 'enable_st_tavern'),
          content_type: fc.constantFrom('character', 'StCharacter'),
          enabled: fc.boolean(),
        }),
      ),
    }),
  ],
  ['PopupStatusRequest', c.PopupStatusRequest, fc.constant({ plat: 'web' })],
  [
    'PopupStatusResponse',
    c.PopupStatusResponse,
    fc.record({
      discount_popup: fc.option(fc.record({ pop_type: fc.integer(), end_at: epoch }), { nil: null }),
      face_photo_popup: fc.option(
        fc.record({ data: fc.record({ id: fc.string(), title: fc.string() }), page: fc.string() }),
        { nil: null },
      ),
      show_temp_coins_popup: fc.boolean(),
      wakeup_user_popup: fc.option(fc.record({ balance_day: fc.integer({ min: 0, max: 3650 }) }), {
        nil: null,
      }),
      user_activity_award_list: fc.array(
        fc.record({ id: fc.string(), title: fc.string(), coins: fc.integer(), created_at: epoch }),
        { maxLength: 5 },
      ),
      hot_popup_cnt: fc.integer({ min: 0, max: 99 }),
    }),
  ],
  ['EventReportRequest', c.EventReportRequest, withDevice(fc.record({ items: batch(eventItem, 5) }))],
  ['LogReportRequest', c.LogReportRequest, withDevice(fc.record({ items: batch(logItem, 100) }))],
  ['StarTrackInitRequest', c.StarTrackInitRequest, fc.record({ page_location: text(2048) })],
  [
    'StarTrackInitResponse',
    c.StarTrackInitResponse,
    fc.record({ session_id: id, event_limit: fc.integer({ min: 1, max: 10 }) }),
  ],
  [
    'StarTrackEventsRequest',
    c.StarTrackEventsRequest,
    withDevice(fc.record({ session_id: id, items: batch(starEvent, 10) })),
  ],
  ['ExposureReportRequest', c.ExposureReportRequest, withDevice(fc.record({ items: batch(exposure, 20) }))],
  [
    'ErrorReportRequest',
    c.ErrorReportRequest,
    withDevice(
      fc.record({
        id,
        type: fc.constantFrom('not_webp', 'image_error', 'api_exception', 'upload_exception', 'page_error'),
        message: text(2000),
        page_location: text(2048),
        at: epoch,
        detail: properties,
      }),
    ),
  ],
  ['BatchResult', c.BatchResult, fc.record({ stored: fc.nat(), duplicates: fc.nat() })],
];

describe('telemetry contract codecs: round trips (arbitrary -> decode -> encode -> JSON -> decode)', () => {
  for (const [label, codec, arbitrary] of cases)
    it(`property: ${label} round-trips through the wire unchanged`, () => {
      fc.assert(
        fc.property(arbitrary, (raw) => {
          const decoded = codec.decode(raw);
          expect(E.isRight(decoded)).toBe(true);
          if (E.isLeft(decoded)) return;
          const wire: unknown = JSON.parse(JSON.stringify(codec.encode(decoded.right)));
          const again = codec.decode(wire);
          expect(again).toEqual(E.right(decoded.right));
          expect(wire).toEqual(raw);
        }),
        { numRuns: 60 },
      );
    });
});

describe('telemetry contract codecs: what the server refuses (10400)', () => {
  const ok = (codec: t.Mixed, v: unknown) => E.isRight(codec.decode(v));
  it('refuses empty and oversized batches, and more than 10 star-track events per upload (spec §9 event limit 10)', () => {
    fc.assert(
      fc.property(logItem, (item) => {
        expect(ok(c.LogReportRequest, { items: [] })).toBe(false);
        expect(ok(c.LogReportRequest, { items: Array.from({ length: 101 }, () => item) })).toBe(false);
      }),
      { numRuns: 10 },
    );
    fc.assert(
      fc.property(fc.array(starEvent, { minLength: 11, maxLength: 20 }), (items) => {
        expect(ok(c.StarTrackEventsRequest, { session_id: 's', items })).toBe(false);
      }),
      { numRuns: 10 },
    );
  });

  it('refuses entity types outside set A (1..19) and obj types outside set B', () => {
    fc.assert(
      fc.property(
        logItem,
        fc.integer().filter((n) => n < 1 || n > 19),
        fc.integer().filter((n) => ![1, 2, 3, 4, 5, 9, 11, 13, 15, 16, 21].includes(n)),
        (item, entity, obj) => {
          expect(ok(c.LogEventItem, item)).toBe(true);
          expect(ok(c.LogEventItem, { ...item, entity_type: entity })).toBe(false);
          expect(ok(c.LogEventItem, { ...item, obj_type: obj })).toBe(false);
        },
      ),
    );
  });

  it('refuses an envelope that is not plat web, a bad item id, nested properties, a non-finite number', () => {
    fc.assert(
      fc.property(eventItem, (item) => {
        expect(ok(c.EventReportItem, { ...item, plat: 'ios' })).toBe(false);
        expect(ok(c.EventReportItem, { ...item, id: 'has space' })).toBe(false);
        expect(ok(c.EventReportItem, { ...item, properties: { nested: { a: 1 } } })).toBe(false);
        expect(ok(c.EventReportItem, { ...item, productLevel: Number.POSITIVE_INFINITY })).toBe(false);
      }),
      { numRuns: 30 },
    );
  });
});
