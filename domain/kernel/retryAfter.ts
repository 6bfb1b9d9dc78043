/**
 * A server's `Retry-After` (RFC 9110 §10.2.3) and the automatic retries that honour it (issue 25):
 * a chunk PUT or a tracking batch refused with 429 or 503 and a Retry-After longer than the
 * rule's own delay waits what the server asked, up to a bound, instead of coming back early to be
 * refused again. Pure: the caller gives the time an HTTP-date is read against.
 */

/** The longest wait a server's Retry-After may impose on an automatic retry. */
export const RETRY_AFTER_CAP_MS = 60_000;

const HTTP_DATE_START = /^(mon|tue|wed|thu|fri|sat|sun)[a-z]*,? /i;

/**
 * The wait a `Retry-After` value asks for, in ms: delay-seconds (`120`) or an HTTP-date
 * (`Wed, 21 Oct 2026 07:28:00 GMT`, read against `nowMs`); null when absent or unreadable.
 */
export const parseRetryAfter = (value: string | null | undefined, nowMs: number): number | null => {
  const text = value?.trim() ?? '';
  if (text === '') return null;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // An HTTP-date starts with its day name (IMF-fixdate, and the obsolete RFC 850 and asctime forms).
  if (!HTTP_DATE_START.test(text)) return null;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - nowMs);
};

/** The delay of an automatic retry: the rule's own, or the server's when longer (at most the cap). */
export const honourRetryAfter = (ruleDelayMs: number, serverDelayMs: number | null | undefined): number =>
  serverDelayMs === null || serverDelayMs === undefined || !(serverDelayMs > ruleDelayMs)
    ? ruleDelayMs
    : Math.max(ruleDelayMs, Math.min(serverDelayMs, RETRY_AFTER_CAP_MS));
