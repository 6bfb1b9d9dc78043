/**
 * Reconnection delays of the chat socket (the spec gives none): exponential from 1 s, doubling
 * after each failed attempt in a row, capped at 30 s; a successful connection starts again at 1 s.
 * No jitter: one client per browser tab does not make a thundering herd, and fixed delays are
 * testable in virtual time.
 */
export const RECONNECT_BASE_MS = 1000;
export const RECONNECT_MAX_MS = 30_000;

/** The wait before the next attempt, after `failures` failed attempts in a row (0 after a drop). */
export const reconnectDelay = (failures: number): number =>
  Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * Math.pow(2, Math.max(0, Math.floor(failures))));
