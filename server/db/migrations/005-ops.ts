import type { Migration } from './types';

/**
 * Ops: presence (heartbeat), star-track sessions, and analytics ingestion. Every ingested row is
 * keyed by the client's item id, so a re-sent item (a retry after a lost answer, a beacon, a
 * restored cache) is stored once: inserts are `ON CONFLICT (id) DO NOTHING`. `account_id` and
 * `device_id` are who sent the item (the session and the device header), never what the item says.
 */
export const m005Ops: Migration = {
  id: 5,
  name: 'heartbeat, flags, analytics ingestion',
  sql: `
      CREATE TABLE ops_presence (
        unit text NOT NULL CHECK (unit IN ('account', 'device')),
        unit_id text NOT NULL,
        first_seen_at bigint NOT NULL,
        first_open_at bigint,
        last_seen_at bigint NOT NULL,
        last_action text NOT NULL CHECK (last_action IN ('first_open', 'heartbeat')),
        pings integer NOT NULL DEFAULT 0,
        returned_at bigint,
        PRIMARY KEY (unit, unit_id)
      );
      CREATE TABLE ops_event_reports (
        id text PRIMARY KEY,
        event_name text NOT NULL,
        account_id text,
        device_id text,
        envelope jsonb NOT NULL,
        properties jsonb NOT NULL,
        created_at bigint NOT NULL,
        received_at bigint NOT NULL
      );
      CREATE INDEX ops_event_reports_received ON ops_event_reports(received_at);
      CREATE TABLE ops_log_events (
        id text PRIMARY KEY,
        event_name text NOT NULL,
        entity_type integer NOT NULL,
        obj_id text NOT NULL,
        obj_type integer NOT NULL,
        front_operation text NOT NULL,
        account_id text,
        device_id text,
        received_at bigint NOT NULL
      );
      CREATE INDEX ops_log_events_obj ON ops_log_events(obj_type, obj_id);
      CREATE TABLE ops_star_track_sessions (
        id text PRIMARY KEY,
        account_id text,
        device_id text,
        page_location text NOT NULL,
        created_at bigint NOT NULL
      );
      CREATE TABLE ops_star_track_events (
        id text PRIMARY KEY,
        session_id text NOT NULL REFERENCES ops_star_track_sessions(id) ON DELETE CASCADE,
        event_name text NOT NULL,
        properties jsonb NOT NULL,
        at bigint NOT NULL,
        account_id text,
        device_id text,
        received_at bigint NOT NULL
      );
      CREATE INDEX ops_star_track_events_session ON ops_star_track_events(session_id, at);
      CREATE TABLE ops_exposures (
        id text PRIMARY KEY,
        obj_id text NOT NULL,
        obj_type integer NOT NULL,
        page text NOT NULL,
        position integer,
        at bigint NOT NULL,
        account_id text,
        device_id text,
        received_at bigint NOT NULL
      );
      CREATE INDEX ops_exposures_obj ON ops_exposures(obj_type, obj_id);
      CREATE TABLE ops_error_reports (
        id text PRIMARY KEY,
        type text NOT NULL CHECK (type IN ('not_webp', 'image_error', 'api_exception', 'upload_exception', 'page_error')),
        message text NOT NULL,
        page_location text NOT NULL,
        detail jsonb NOT NULL,
        at bigint NOT NULL,
        account_id text,
        device_id text,
        received_at bigint NOT NULL
      )
    `,
};
