/**
 * Presence (spec §7 ping): the last time each account and each device was seen. A ping records
 * the device (when it sent one) and the account (when signed in); the first `first_open` of a
 * unit is kept for good. A ping after a long absence marks the unit as returned, which the popup
 * status reads as the wake-up popup.
 */
import type { PingAction, PingResponse, PresenceUnit } from '../../infrastructure/contract/telemetry';
import type { Queryable } from '../db/database';

/** Away this long, a person counts as returning (the wake-up popup). */
export const ABSENCE_MS = 7 * 24 * 3600 * 1000;

export interface PresenceRow {
  readonly firstOpenAt: number | null;
  readonly lastSeenAt: number;
  readonly returnedAt: number | null;
}

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

export const recordPresence = async (
  db: Queryable,
  unit: PresenceUnit,
  unitId: string,
  action: PingAction,
  now: number,
): Promise<PresenceRow> => {
  const [row] = await db.query<{
    first_open_at: string | null;
    last_seen_at: string;
    returned_at: string | null;
  }>(
    `INSERT INTO ops_presence (unit, unit_id, first_seen_at, first_open_at, last_seen_at, last_action, pings)
     VALUES ($1, $2, $3::bigint, CASE WHEN $4::text = 'first_open' THEN $3::bigint ELSE NULL END, $3::bigint, $4::text, 1)
     ON CONFLICT (unit, unit_id) DO UPDATE SET
       first_open_at = COALESCE(ops_presence.first_open_at, EXCLUDED.first_open_at),
       returned_at = CASE WHEN EXCLUDED.last_seen_at - ops_presence.last_seen_at >= $5::bigint
                          THEN EXCLUDED.last_seen_at ELSE ops_presence.returned_at END,
       last_seen_at = GREATEST(ops_presence.last_seen_at, EXCLUDED.last_seen_at),
       last_action = EXCLUDED.last_action,
       pings = ops_presence.pings + 1
     RETURNING first_open_at, last_seen_at, returned_at`,
    [unit, unitId, now, action, ABSENCE_MS],
  );
  if (!row) throw new Error('presence upsert returned nothing');
  return {
    firstOpenAt: num(row.first_open_at),
    lastSeenAt: Number(row.last_seen_at),
    returnedAt: num(row.returned_at),
  };
};

export const presenceOf = async (
  db: Queryable,
  unit: PresenceUnit,
  unitId: string,
): Promise<PresenceRow | null> => {
  const [row] = await db.query<{
    first_open_at: string | null;
    last_seen_at: string;
    returned_at: string | null;
  }>('SELECT first_open_at, last_seen_at, returned_at FROM ops_presence WHERE unit = $1 AND unit_id = $2', [
    unit,
    unitId,
  ]);
  return row
    ? {
        firstOpenAt: num(row.first_open_at),
        lastSeenAt: Number(row.last_seen_at),
        returnedAt: num(row.returned_at),
      }
    : null;
};

/** Records the ping for the device and the account; answers with the account's presence when signed in. */
export const ping = async (
  db: Queryable,
  caller: { readonly accountId: string | null; readonly deviceId: string | null },
  action: PingAction,
  now: number,
): Promise<PingResponse> => {
  const device =
    caller.deviceId === null ? null : await recordPresence(db, 'device', caller.deviceId, action, now);
  const account =
    caller.accountId === null ? null : await recordPresence(db, 'account', caller.accountId, action, now);
  const main = account ?? device;
  if (main === null) throw new Error('ping without a unit');
  return {
    unit: account ? 'account' : 'device',
    first_open_at: main.firstOpenAt as PingResponse['first_open_at'],
    last_seen_at: main.lastSeenAt as PingResponse['last_seen_at'],
  };
};
