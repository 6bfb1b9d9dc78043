/**
 * The audit page's rules (issue 24): which context owns an event type (the timeline's lanes), the
 * diff between two states (paths with before/after), applying such a diff, flattening a state into
 * the rows of a collapsible tree (only the opened levels), and stepping through the events a filter
 * keeps. Pure: the worker and the page run them; no I/O.
 */

/** A path into a state: object keys and array indices. */
export type StatePath = readonly (string | number)[];

/** One leaf that differs: `before`/`after` are `undefined` where the path does not exist on that side. */
export interface StateChange {
  readonly path: StatePath;
  readonly before: unknown;
  readonly after: unknown;
}

const isRecord = (u: unknown): u is Record<string, unknown> =>
  typeof u === 'object' && u !== null && !Array.isArray(u);

const hasOwn = (o: object, key: string | number): boolean => Object.prototype.hasOwnProperty.call(o, key);

/**
 * The leaves that differ between `before` and `after`, in key order. Objects and arrays are walked
 * (an array by index); a shared reference is skipped at once (the fold keeps unchanged parts), so a
 * diff of one event costs about what the event changed. A value that changes kind (object to array,
 * to a scalar) is one change at its path. `limit` caps the result (the page shows the first ones).
 */
export const diffStates = (before: unknown, after: unknown, limit = Infinity): StateChange[] => {
  const out: StateChange[] = [];
  const walk = (a: unknown, b: unknown, path: (string | number)[]): void => {
    if (out.length >= limit || Object.is(a, b)) return;
    if (Array.isArray(a) && Array.isArray(b)) {
      const n = Math.max(a.length, b.length);
      for (let i = 0; i < n; i++) {
        if (i >= a.length) out.push({ path: [...path, i], before: undefined, after: b[i] });
        else if (i >= b.length) out.push({ path: [...path, i], before: a[i], after: undefined });
        else walk(a[i], b[i], [...path, i]);
        if (out.length >= limit) return;
      }
      return;
    }
    if (isRecord(a) && isRecord(b)) {
      const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
      for (const key of keys) {
        if (!hasOwn(b, key)) out.push({ path: [...path, key], before: a[key], after: undefined });
        else if (!hasOwn(a, key)) out.push({ path: [...path, key], before: undefined, after: b[key] });
        else walk(a[key], b[key], [...path, key]);
        if (out.length >= limit) return;
      }
      return;
    }
    out.push({ path, before: a, after: b });
  };
  walk(before, after, []);
  return out.slice(0, limit);
};

const setIn = (value: unknown, path: StatePath, leaf: unknown, remove: boolean): unknown => {
  if (path.length === 0) return leaf;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  if (Array.isArray(value)) {
    const copy = [...(value as unknown[])];
    if (remove && rest.length === 0) copy.splice(Number(head), 1);
    else copy[Number(head)] = setIn(copy[Number(head)], rest, leaf, remove);
    return copy;
  }
  const base: Record<string, unknown> = isRecord(value) ? { ...value } : {};
  if (remove && rest.length === 0) delete base[String(head)];
  else base[String(head)] = setIn(base[String(head)], rest, leaf, remove);
  return base;
};

/**
 * Applies the changes of `diffStates(before, after)` to `before`: gives a value deep-equal to
 * `after` (removed array items are applied from the end, so indices stay right).
 */
export const applyChanges = (before: unknown, changes: readonly StateChange[]): unknown => {
  const removals = changes
    .filter((c) => c.after === undefined && c.before !== undefined)
    .sort((x, y) => Number(y.path[y.path.length - 1]) - Number(x.path[x.path.length - 1]));
  const others = changes.filter((c) => !(c.after === undefined && c.before !== undefined));
  let value = before;
  for (const c of others) value = setIn(value, c.path, c.after, false);
  for (const c of removals) value = setIn(value, c.path, undefined, true);
  return value;
};

/** A path as the page shows it: `tasks.byId.t1.phase.progress`, indices as `[3]`. */
export const formatPath = (path: StatePath): string =>
  path.reduce<string>(
    (acc, p) => (typeof p === 'number' ? `${acc}[${p}]` : acc === '' ? p : `${acc}.${p}`),
    '',
  );

/** A leaf as short text: JSON, cut at `max` characters; `undefined` (absent) is an empty string. */
export const previewValue = (value: unknown, max = 80): string => {
  if (value === undefined) return '';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
};

/** One row of the state tree: a key at a depth, open or not if it has children, or a leaf's value. */
export interface TreeRow {
  readonly id: string;
  readonly key: string;
  readonly depth: number;
  /** For an object or array: how many children, and whether it is open; else null. */
  readonly children: number | null;
  readonly open: boolean;
  /** For a leaf, its value as text; for a closed branch, a short summary (`{3}` / `[12]`). */
  readonly text: string;
}

const childrenOf = (value: unknown): [string, unknown][] | null =>
  Array.isArray(value)
    ? value.map((v, i) => [String(i), v])
    : isRecord(value)
      ? Object.keys(value).map((k) => [k, value[k]])
      : null;

/**
 * The rows of a collapsible tree of `value`: its top keys (the contexts), and below an opened row
 * its children, and so on. Only the opened levels are walked, so a large state costs what is shown.
 * A row's id is its path joined by `/`; `maxChildren` caps the rows under one branch.
 */
export const flattenTree = (value: unknown, open: ReadonlySet<string>, maxChildren = 200): TreeRow[] => {
  const rows: TreeRow[] = [];
  const walk = (v: unknown, prefix: string, depth: number): void => {
    const kids = childrenOf(v);
    if (!kids) return;
    for (const [key, child] of kids.slice(0, maxChildren)) {
      const id = prefix === '' ? key : `${prefix}/${key}`;
      const grand = childrenOf(child);
      const isOpen = grand !== null && open.has(id);
      rows.push({
        id,
        key,
        depth,
        children: grand === null ? null : grand.length,
        open: isOpen,
        text:
          grand === null
            ? previewValue(child)
            : Array.isArray(child)
              ? `[${grand.length}]`
              : `{${grand.length}}`,
      });
      if (isOpen) walk(child, id, depth + 1);
    }
  };
  walk(value, '', 0);
  return rows;
};

/** The context that owns each event type, from the contexts' own lists of event types. */
export const ownersOfTypes = (
  contexts: Readonly<Record<string, { readonly eventTypes: readonly string[] }>>,
): ReadonlyMap<string, string> =>
  new Map(Object.entries(contexts).flatMap(([name, c]) => c.eventTypes.map((t) => [t, name] as const)));

/** The lane name of an event of a type no context owns (a newer log, a command). */
export const UNKNOWN_LANE = '?';

/**
 * The timeline's lanes: one per context that has events in the log, in the order of `order` (the
 * contexts' order), the unknown lane last; returns the lane names and each context's lane index.
 */
export const assignLanes = (
  present: Iterable<string>,
  order: readonly string[],
): { readonly lanes: readonly string[]; readonly laneOf: ReadonlyMap<string, number> } => {
  const seen = new Set(present);
  const rank = (c: string) =>
    c === UNKNOWN_LANE ? Infinity : order.indexOf(c) < 0 ? order.length : order.indexOf(c);
  const lanes = [...seen].sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
  return { lanes, laneOf: new Map(lanes.map((c, i) => [c, i] as const)) };
};

/**
 * Which pixel column of a `width`-wide plot event `index` of `count` falls in (x = index); in a
 * right-to-left page the first event is on the right.
 */
export const columnOf = (index: number, count: number, width: number, rtl = false): number => {
  const x = count <= 1 ? 0 : Math.min(width - 1, Math.floor((index * width) / count));
  return rtl ? width - 1 - x : x;
};

/** The event at a pixel column (the inverse of `columnOf`, to the first event of the column). */
export const indexAtColumn = (x: number, count: number, width: number, rtl = false): number => {
  if (count <= 0) return 0;
  const col = Math.max(0, Math.min(width - 1, rtl ? width - 1 - x : x));
  return Math.max(0, Math.min(count - 1, Math.ceil((col * count) / width)));
};

/**
 * The timeline's time axis (issue 24 "events by context over time"): each event's time, made
 * non-decreasing (an event stamped earlier than the one before it is drawn with that one), and the
 * span from the first to the last.
 */
export interface TimeAxis {
  readonly times: Float64Array;
  readonly from: number;
  readonly to: number;
}

export const timeAxisOf = (at: ArrayLike<number>): TimeAxis => {
  const times = new Float64Array(at.length);
  let last = -Infinity;
  for (let i = 0; i < at.length; i++) {
    last = Math.max(last, at[i] as number);
    times[i] = last;
  }
  return { times, from: at.length === 0 ? 0 : (times[0] as number), to: at.length === 0 ? 0 : last };
};

/**
 * The pixel column of event `index` on the time axis: its time's place between the first and the
 * last event. A log whose events all share one instant is spread by order instead.
 */
export const columnAtTime = (axis: TimeAxis, index: number, width: number, rtl = false): number => {
  const count = axis.times.length;
  if (axis.to <= axis.from) return columnOf(index, count, width, rtl);
  const t = axis.times[Math.max(0, Math.min(count - 1, index))] as number;
  const x = Math.min(width - 1, Math.floor(((t - axis.from) * width) / (axis.to - axis.from)));
  return rtl ? width - 1 - x : x;
};

/** The first event whose (non-decreasing) time is at least `t`, or the count when none is. */
const firstAtOrAfter = (times: Float64Array, t: number): number => {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((times[mid] as number) < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
};

/**
 * The event a click at pixel column `x` selects on the time axis: the first event of that column,
 * or, in a column of no event (a quiet moment), the nearest event on either side.
 */
export const indexAtTime = (axis: TimeAxis, x: number, width: number, rtl = false): number => {
  const count = axis.times.length;
  if (count <= 0) return 0;
  if (axis.to <= axis.from) return indexAtColumn(x, count, width, rtl);
  const col = Math.max(0, Math.min(width - 1, rtl ? width - 1 - x : x));
  const start = axis.from + (col * (axis.to - axis.from)) / width;
  const after = Math.min(count - 1, firstAtOrAfter(axis.times, start));
  const colAfter = columnAtTime(axis, after, width);
  if (colAfter === col || after === 0) return after;
  const before = after - 1;
  return Math.abs(columnAtTime(axis, before, width) - col) <= Math.abs(colAfter - col) ? before : after;
};

/**
 * The next (`step` 1) or previous (`step` -1) event from `from` that `keep` keeps, or `from` when
 * there is none.
 */
export const stepTo = (
  from: number,
  step: 1 | -1,
  count: number,
  keep: (index: number) => boolean,
): number => {
  for (let i = from + step; i >= 0 && i < count; i += step) if (keep(i)) return i;
  return from;
};
