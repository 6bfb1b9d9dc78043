/**
 * A keyed table kept in shards: changing entries copies the shards they fall in and the short
 * array of shards, never the whole table. A reducer that keeps a growing table as one flat record
 * copies all of it on every change (issue 24: the social context's 2,400 items, copied on each
 * received feed page, were half the fold's time). A table is plain JSON (an array of records), so a
 * state holding one serialises, compares and snapshots like any other.
 *
 * Laws (tests/domain/kernel/table.test.ts): a read after a write gives what was written and leaves
 * every other key as it was; writing many is writing each in turn; a write that changes nothing
 * returns the same table; shards a write does not touch are shared with the table before it.
 */
export type Table<V> = readonly Readonly<Record<string, V>>[];

/**
 * The number of shards: a change copies one of them (about size/256 entries) and 256 references.
 * 256 rather than 64 since 2026-11-28: copying a shard costs by its keys, and the array of shards
 * is copied once for a whole page of items (`npm run bench`; `readTable` reads older tables).
 */
export const TABLE_SHARDS = 256;

const EMPTY_SHARD: Readonly<Record<string, never>> = Object.freeze({});

export const emptyTable = <V>(): Table<V> => Array.from({ length: TABLE_SHARDS }, () => EMPTY_SHARD);

/** FNV-1a over the key's UTF-16 code units: the same key lands in the same shard everywhere. */
export const shardOf = (key: string): number => {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) % TABLE_SHARDS;
};

export const tableGet = <V>(table: Table<V>, key: string): V | undefined => {
  const shard = table[shardOf(key)];
  return shard !== undefined && Object.hasOwn(shard, key) ? shard[key] : undefined;
};

export const tableHas = <V>(table: Table<V>, key: string): boolean => {
  const shard = table[shardOf(key)];
  return shard !== undefined && Object.hasOwn(shard, key);
};

/** `record[key] = value` as an own property, for every key ("__proto__" would set the prototype). */
const ownPut = <V>(record: Record<string, V>, key: string, value: V): void => {
  if (key === '__proto__')
    Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
  else record[key] = value;
};

/**
 * The table with each entry written in order (a later entry for a key wins); entries equal by
 * `same` to what the table holds are skipped, and the table itself comes back when none differs.
 */
export const tableWith = <V>(
  table: Table<V>,
  entries: Iterable<readonly [string, V]>,
  same: (held: V, next: V) => boolean = Object.is,
): Table<V> => {
  let shards: Readonly<Record<string, V>>[] | null = null;
  const copied = new Set<number>();
  for (const [key, value] of entries) {
    const at = shardOf(key);
    const shard = (shards ?? table)[at] ?? EMPTY_SHARD;
    if (Object.hasOwn(shard, key) && same(shard[key] as V, value)) continue;
    shards ??= [...table];
    if (copied.has(at)) ownPut(shard as Record<string, V>, key, value);
    else {
      copied.add(at);
      shards[at] = { ...shard, [key]: value };
    }
  }
  return shards ?? table;
};

export const tableSet = <V>(table: Table<V>, key: string, value: V): Table<V> =>
  tableWith(table, [[key, value]]);

/** Every entry, shard by shard (an order of its own, stable for a given set of keys). */
export const tableEntries = <V>(table: Table<V>): [string, V][] =>
  table.flatMap((shard) => Object.entries(shard));

export const tableSize = <V>(table: Table<V>): number =>
  table.reduce((n, shard) => n + Object.keys(shard).length, 0);

/** A table of a flat record's entries (a snapshot written before the table was sharded). */
export const tableFromRecord = <V>(record: Readonly<Record<string, V>>): Table<V> =>
  tableWith(emptyTable<V>(), Object.entries(record));

const isRecord = (u: unknown): boolean => typeof u === 'object' && u !== null && !Array.isArray(u);

/**
 * A table as a snapshot holds it, written by this or an older version: a table of this shard count
 * as it is; a table of another count (64 before 2026-11-28) or a flat record (before the table)
 * re-sharded; null for anything else.
 */
export const readTable = <V>(u: unknown): Table<V> | null => {
  const table = asTable<V>(u);
  if (table !== null) return table;
  if (Array.isArray(u))
    return u.every(isRecord)
      ? tableWith(
          emptyTable<V>(),
          (u as Record<string, V>[]).flatMap((shard) => Object.entries(shard)),
        )
      : null;
  return isRecord(u) ? tableFromRecord(u as Record<string, V>) : null;
};

/** A table as read from JSON: `u` itself when it has the table's shape, else null. */
export const asTable = <V>(u: unknown): Table<V> | null =>
  Array.isArray(u) &&
  u.length === TABLE_SHARDS &&
  u.every((shard) => typeof shard === 'object' && shard !== null && !Array.isArray(shard))
    ? (u as Table<V>)
    : null;
