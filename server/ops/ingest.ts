/**
 * Analytics ingestion: every item is inserted under its client id with `ON CONFLICT DO NOTHING`,
 * inside one transaction per batch, so a batch is stored whole or not at all and a re-sent item
 * is counted as a duplicate instead of stored twice.
 */
import type {
  BatchResult,
  ErrorReportRequest,
  EventReportItem,
  ExposureItem,
  LogEventItem,
  StarTrackEvent,
} from '../../infrastructure/contract/telemetry';
import { ENVELOPE_KEYS } from '../../infrastructure/contract/telemetry';
import type { Database, Queryable } from '../db/database';

export interface Sender {
  readonly accountId: string | null;
  readonly deviceId: string | null;
}

/** Runs one insert per item; counts the rows the database took. */
const insertAll = async <I>(
  db: Database,
  items: readonly I[],
  insert: (tx: Queryable, item: I) => Promise<readonly unknown[]>,
): Promise<BatchResult> =>
  db.transaction(async (tx) => {
    let stored = 0;
    for (const item of items) stored += (await insert(tx, item)).length;
    return { stored, duplicates: items.length - stored };
  });

export const storeEventReports = (
  db: Database,
  items: readonly EventReportItem[],
  who: Sender,
  now: number,
) =>
  insertAll(db, items, (tx, item) => {
    const envelope = Object.fromEntries(ENVELOPE_KEYS.map((k) => [k, item[k]]));
    return tx.query(
      `INSERT INTO ops_event_reports (id, event_name, account_id, device_id, envelope, properties, created_at, received_at)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7, $8) ON CONFLICT (id) DO NOTHING RETURNING id`,
      [
        item.id,
        item.event_name,
        who.accountId,
        who.deviceId,
        JSON.stringify(envelope),
        JSON.stringify(item.properties),
        item.create_at,
        now,
      ],
    );
  });

export const storeLogEvents = (db: Database, items: readonly LogEventItem[], who: Sender, now: number) =>
  insertAll(db, items, (tx, item) =>
    tx.query(
      `INSERT INTO ops_log_events (id, event_name, entity_type, obj_id, obj_type, front_operation, account_id, device_id, received_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (id) DO NOTHING RETURNING id`,
      [
        item.id,
        item.event_name,
        item.entity_type,
        item.obj_id,
        item.obj_type,
        item.front_operation,
        who.accountId,
        who.deviceId,
        now,
      ],
    ),
  );

export const storeStarTrackEvents = (
  db: Database,
  sessionId: string,
  items: readonly StarTrackEvent[],
  who: Sender,
  now: number,
) =>
  insertAll(db, items, (tx, item) =>
    tx.query(
      `INSERT INTO ops_star_track_events (id, session_id, event_name, properties, at, account_id, device_id, received_at)
       VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7, $8) ON CONFLICT (id) DO NOTHING RETURNING id`,
      [
        item.id,
        sessionId,
        item.event,
        JSON.stringify(item.properties),
        item.at,
        who.accountId,
        who.deviceId,
        now,
      ],
    ),
  );

export const storeExposures = (db: Database, items: readonly ExposureItem[], who: Sender, now: number) =>
  insertAll(db, items, (tx, item) =>
    tx.query(
      `INSERT INTO ops_exposures (id, obj_id, obj_type, page, position, at, account_id, device_id, received_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (id) DO NOTHING RETURNING id`,
      [
        item.id,
        item.obj_id,
        item.obj_type,
        item.page,
        item.position,
        item.at,
        who.accountId,
        who.deviceId,
        now,
      ],
    ),
  );

export const storeErrorReport = (db: Database, report: ErrorReportRequest, who: Sender, now: number) =>
  insertAll(db, [report], (tx, r) =>
    tx.query(
      `INSERT INTO ops_error_reports (id, type, message, page_location, detail, at, account_id, device_id, received_at)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9) ON CONFLICT (id) DO NOTHING RETURNING id`,
      [
        r.id,
        r.type,
        r.message,
        r.page_location,
        JSON.stringify(r.detail),
        r.at,
        who.accountId,
        who.deviceId,
        now,
      ],
    ),
  );
