import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RETRY_AFTER_CAP_MS, honourRetryAfter, parseRetryAfter } from '../../../domain/index.js';

describe('Retry-After (RFC 9110 §10.2.3), honoured by automatic retries (issue 25)', () => {
  const now = Date.UTC(2026, 10, 28, 12, 0, 0);

  it('reads delay-seconds and an HTTP-date; nothing for an absent or unreadable value', () => {
    expect(parseRetryAfter('7', now)).toBe(7000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('Sat, 28 Nov 2026 12:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Saturday, 28-Nov-26 12:01:00 GMT', now)).toBe(60_000);
    // A date already past asks for no wait at all.
    expect(parseRetryAfter('Sat, 28 Nov 2026 11:00:00 GMT', now)).toBe(0);
    for (const bad of [null, undefined, '', '  ', 'soon', '-5', '1.5', 'Someday, 28 Nov'])
      expect(parseRetryAfter(bad, now), String(bad)).toBeNull();
  });

  it("keeps the rule's delay unless the server asked for longer, and never waits past the cap", () => {
    expect(honourRetryAfter(3000, null)).toBe(3000);
    expect(honourRetryAfter(3000, 1000)).toBe(3000);
    expect(honourRetryAfter(3000, 7000)).toBe(7000);
    expect(honourRetryAfter(3000, 86_400_000)).toBe(RETRY_AFTER_CAP_MS);
    // A rule slower than the cap is never shortened by a server's hint.
    expect(honourRetryAfter(90_000, 120_000)).toBe(90_000);
    fc.assert(
      fc.property(fc.nat(200_000), fc.option(fc.nat(10_000_000), { nil: null }), (rule, server) => {
        const d = honourRetryAfter(rule, server);
        expect(d).toBeGreaterThanOrEqual(rule);
        expect(d).toBeLessThanOrEqual(Math.max(rule, RETRY_AFTER_CAP_MS));
        if (server !== null && server <= RETRY_AFTER_CAP_MS) expect(d).toBe(Math.max(rule, server));
      }),
    );
  });
});
