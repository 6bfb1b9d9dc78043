/** A sign-up or reset-mail attempt held to its sliding window (PostgreSQL: across every process). */
import type { FastifyReply } from 'fastify';
import type { LoginThrottled } from '../../infrastructure/contract/account';
import type { Database } from '../db/database';
import { CODES } from '../envelope';
import { claim, type SlidingWindow } from '../security/throttle';

/**
 * Refuses the attempt with 20010 and the wait when `key` is over its limit; else counts it (checked
 * and counted as one step, so a burst in parallel gets no more than the limit).
 */
export const throttled = async (
  db: Database,
  limiter: SlidingWindow,
  key: string,
  now: number,
  reply: FastifyReply,
): Promise<{ status: { code: number; msg: string }; data: LoginThrottled } | null> => {
  const { waitMs } = await claim(db, [{ window: limiter, key }], now);
  if (waitMs <= 0) return null;
  const retryAfterS = Math.ceil(waitMs / 1000);
  reply.header('retry-after', String(retryAfterS));
  return {
    status: { code: CODES.tooManySignIns, msg: `too many attempts; retry in ${retryAfterS} s` },
    data: { retry_after_s: retryAfterS },
  };
};
