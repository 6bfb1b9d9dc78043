/**
 * Idempotent social writes: a like, collect or follow sent again with the key of an earlier
 * request (a client replaying its offline queue after an answer was lost) changes nothing and
 * answers what the first one answered. The key row is claimed before the write, inside the
 * write's transaction: a concurrent request with the same key waits on the primary key until the
 * first commits, then reads its answer; a write that fails rolls its claim back with it.
 */
import * as E from 'fp-ts/Either';
import { IdempotencyKey } from '../../infrastructure/contract/commerce';
import { IDEMPOTENCY_HEADER } from '../../infrastructure/contract/social';
import type { Queryable } from '../db/database';
import { ApiError, CODES } from '../envelope';

/**
 * The request's key: the `Idempotency-Key` header, else the body's `idempotency_key` (already
 * decoded by the route's codec), else null. A malformed header is 10400, never ignored.
 */
export const idempotencyKeyOf = (
  headers: Readonly<Record<string, string | string[] | undefined>>,
  bodyKey: string | undefined,
): string | null => {
  const raw = headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return bodyKey ?? null;
  const decoded = IdempotencyKey.decode(Array.isArray(raw) ? raw[0] : raw);
  if (E.isLeft(decoded))
    throw new ApiError(CODES.invalidRequest, `${IDEMPOTENCY_HEADER}: expected 8 to 128 of [A-Za-z0-9_-]`);
  return decoded.right;
};

/**
 * Runs `write` once per (caller, key): the first time it runs and its answer is stored; every
 * later time the stored answer comes back and nothing runs. Without a key it simply runs.
 * Call inside the write's transaction.
 */
export const idempotently = async <A>(
  tx: Queryable,
  accountId: string,
  key: string | null,
  path: string,
  now: number,
  write: () => Promise<A>,
): Promise<A> => {
  if (key === null) return write();
  const claimed = await tx.query(
    `INSERT INTO idempotent_requests (account_id, key, path, response, created_at) VALUES ($1, $2, $3, NULL, $4)
     ON CONFLICT DO NOTHING RETURNING key`,
    [accountId, key, path, now],
  );
  if (claimed.length === 0) {
    const [earlier] = await tx.query<{ path: string; response: unknown }>(
      'SELECT path, response FROM idempotent_requests WHERE account_id = $1 AND key = $2',
      [accountId, key],
    );
    if (!earlier || earlier.path !== path)
      throw new ApiError(CODES.invalidRequest, 'this idempotency key belongs to another request');
    // Drivers answer jsonb parsed (PGlite, pg); a text answer is parsed here.
    return (typeof earlier.response === 'string' ? JSON.parse(earlier.response) : earlier.response) as A;
  }
  const answer = await write();
  await tx.query('UPDATE idempotent_requests SET response = $3 WHERE account_id = $1 AND key = $2', [
    accountId,
    key,
    JSON.stringify(answer),
  ]);
  return answer;
};
