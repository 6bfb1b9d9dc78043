/**
 * A structural diff of two JSON-like values (two states of a replay): the paths that changed,
 * each with its value before and after. States are immutable, so a part that is the same object
 * on both sides is skipped at once, and the diff of two states one event apart costs about as
 * much as what the event changed.
 */
import { changedWindow } from './incremental.js';

export interface Change {
  /**
   * `tasks.byId.t1.phase.progress`, `chat.messages[3]`, `feed.tabs["a.b"]`; a slice of an array
   * that grew or shrank is `tasks.order[0..1)` (from index 0 up to 1, excluded).
   */
  readonly path: string;
  readonly kind: 'added' | 'removed' | 'changed';
  /** Absent when added. */
  readonly before?: unknown;
  /** Absent when removed. */
  readonly after?: unknown;
}

export interface DiffOptions {
  /** Stop after this many changes (the result says it was cut). Default 500. */
  readonly limit?: number;
}

export interface Diff {
  readonly changes: readonly Change[];
  /** True when more changes were left out than `limit` allows. */
  readonly truncated: boolean;
}

const isRecord = (u: unknown): u is Record<string, unknown> =>
  typeof u === 'object' && u !== null && !Array.isArray(u);

const IDENT = /^[A-Za-z_$][\w$-]*$/;

/** One step of a path: `.key`, `["odd key"]`, `[3]`. */
export const pathStep = (path: string, key: string | number): string =>
  typeof key === 'number'
    ? `${path}[${key}]`
    : IDENT.test(key)
      ? path === ''
        ? key
        : `${path}.${key}`
      : `${path}[${JSON.stringify(key)}]`;

/** Equal as JSON (same shape, same leaves), whatever the references. */
export const jsonEqual = (a: unknown, b: unknown): boolean => {
  if (a === b || (Number.isNaN(a) && Number.isNaN(b))) return true;
  if (Array.isArray(a))
    return Array.isArray(b) && a.length === b.length && a.every((x, i) => jsonEqual(x, b[i]));
  if (isRecord(a) && isRecord(b)) {
    const ka = Object.keys(a).filter((k) => a[k] !== undefined);
    const kb = Object.keys(b).filter((k) => b[k] !== undefined);
    return ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k) && jsonEqual(a[k], b[k]));
  }
  return false;
};

/** The changes from `before` to `after`, in document order of `after`. */
export const diffValues = (before: unknown, after: unknown, options: DiffOptions = {}): Diff => {
  const limit = options.limit ?? 500;
  const changes: Change[] = [];
  let truncated = false;
  const push = (c: Change): boolean => {
    if (changes.length >= limit) {
      truncated = true;
      return false;
    }
    changes.push(c);
    return true;
  };
  const walk = (path: string, b: unknown, a: unknown): boolean => {
    if (b === a) return true;
    if (Array.isArray(b) && Array.isArray(a)) {
      // Elements kept by reference at both ends are skipped; what is left is compared in place
      // when it kept its length, else shown as one replaced slice.
      const w = changedWindow(b, a);
      if (w.beforeEnd - w.start === w.afterEnd - w.start) {
        for (let i = w.start; i < w.afterEnd; i++) if (!walk(pathStep(path, i), b[i], a[i])) return false;
        return true;
      }
      const was = b.slice(w.start, w.beforeEnd);
      const now = a.slice(w.start, w.afterEnd);
      if (jsonEqual(was, now)) return true;
      // A slice is named by its indices: those of `after` when added, of `before` otherwise.
      if (was.length === 0)
        return push({ path: `${path}[${w.start}..${w.afterEnd})`, kind: 'added', after: now });
      const at = `${path}[${w.start}..${w.beforeEnd})`;
      if (now.length === 0) return push({ path: at, kind: 'removed', before: was });
      return push({ path: at, kind: 'changed', before: was, after: now });
    }
    if (isRecord(b) && isRecord(a)) {
      for (const key of Object.keys(b))
        if (b[key] !== undefined && (!Object.hasOwn(a, key) || a[key] === undefined))
          if (!push({ path: pathStep(path, key), kind: 'removed', before: b[key] })) return false;
      for (const key of Object.keys(a)) {
        if (a[key] === undefined) continue;
        if (!Object.hasOwn(b, key) || b[key] === undefined) {
          if (!push({ path: pathStep(path, key), kind: 'added', after: a[key] })) return false;
        } else if (!walk(pathStep(path, key), b[key], a[key])) return false;
      }
      return true;
    }
    if (jsonEqual(b, a)) return true;
    return push({ path: path === '' ? '(root)' : path, kind: 'changed', before: b, after: a });
  };
  walk('', before, after);
  return { changes, truncated };
};
