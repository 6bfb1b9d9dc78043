/**
 * Sign-in throttle: a sliding window of failed attempts per account (the lower-cased email) and
 * per client address. Past the limit, every attempt (a right password too) is refused until the
 * oldest failure of the window leaves it; a successful sign-in clears the account's failures.
 * Kept in memory: one reference server process; several servers would share it in a store.
 */
export interface ThrottleLimits {
  readonly perAccount: number;
  readonly perAddress: number;
  readonly windowMs: number;
}

export const LOGIN_LIMITS: ThrottleLimits = { perAccount: 5, perAddress: 20, windowMs: 15 * 60_000 };

export interface LoginThrottle {
  /** Milliseconds to wait before another attempt, or 0 when an attempt may be made now. */
  readonly waitMs: (account: string, address: string, now: number) => number;
  readonly failed: (account: string, address: string, now: number) => void;
  readonly succeeded: (account: string) => void;
}

export const makeLoginThrottle = (limits: ThrottleLimits = LOGIN_LIMITS): LoginThrottle => {
  const accounts = new Map<string, number[]>();
  const addresses = new Map<string, number[]>();
  const recent = (map: Map<string, number[]>, key: string, now: number): number[] => {
    const kept = (map.get(key) ?? []).filter((at) => at > now - limits.windowMs);
    if (kept.length === 0) map.delete(key);
    else map.set(key, kept);
    return kept;
  };
  const waitOf = (times: readonly number[], limit: number, now: number): number =>
    times.length < limit ? 0 : times[times.length - limit]! + limits.windowMs - now;
  return {
    waitMs: (account, address, now) =>
      Math.max(
        waitOf(recent(accounts, account, now), limits.perAccount, now),
        waitOf(recent(addresses, address, now), limits.perAddress, now),
      ),
    failed: (account, address, now) => {
      accounts.set(account, [...recent(accounts, account, now), now]);
      addresses.set(address, [...recent(addresses, address, now), now]);
    },
    succeeded: (account) => {
      accounts.delete(account);
    },
  };
};
