/**
 * The sharded table's laws (domain/kernel/table.ts): what the social context's item table relies
 * on to copy one shard per change instead of the whole table (issue 24).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  asTable,
  emptyTable,
  readTable,
  shardOf,
  TABLE_SHARDS,
  tableEntries,
  tableFromRecord,
  tableGet,
  tableHas,
  tableSet,
  tableSize,
  tableWith,
  type Table,
} from '../../../domain/kernel/table.js';

const keyArb = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom('__proto__', 'constructor', 'toString'),
);
const entriesArb = fc.array(fc.tuple(keyArb, fc.integer()), { maxLength: 40 });
const tableOf = (entries: readonly (readonly [string, number])[]): Table<number> =>
  tableWith(emptyTable<number>(), entries);
/** What a flat record would hold after the same writes (a Map: no prototype keys). */
const modelOf = (entries: readonly (readonly [string, number])[]) => new Map(entries);

describe('kernel: sharded table (issue 24)', () => {
  it('property: reads give the last value written for each key, and nothing for keys never written', () => {
    fc.assert(
      fc.property(entriesArb, fc.array(keyArb, { maxLength: 10 }), (entries, others) => {
        const table = tableOf(entries);
        const model = modelOf(entries);
        for (const [k, v] of model) {
          expect(tableGet(table, k)).toBe(v);
          expect(tableHas(table, k)).toBe(true);
        }
        for (const k of others.filter((o) => !model.has(o))) {
          expect(tableGet(table, k)).toBeUndefined();
          expect(tableHas(table, k)).toBe(false);
        }
        expect(tableSize(table)).toBe(model.size);
        expect(new Map(tableEntries(table))).toEqual(model);
      }),
    );
  });

  it('property: writing many is writing each in turn, and the table written to is left as it was', () => {
    fc.assert(
      fc.property(entriesArb, entriesArb, (first, then) => {
        const before = tableOf(first);
        const frozen = JSON.stringify(before);
        const many = tableWith(before, then);
        const oneByOne = then.reduce((t, [k, v]) => tableSet(t, k, v), before);
        expect(many).toEqual(oneByOne);
        expect(JSON.stringify(before)).toBe(frozen);
      }),
    );
  });

  it('property: a write that changes nothing gives the same table back (idempotent)', () => {
    fc.assert(
      fc.property(entriesArb, (entries) => {
        const table = tableOf(entries);
        expect(tableWith(table, [...modelOf(entries)])).toBe(table);
        expect(tableWith(table, [])).toBe(table);
      }),
    );
  });

  it('property: a write copies only the shards of the keys it changes; every other shard is shared', () => {
    fc.assert(
      fc.property(
        entriesArb,
        fc.array(fc.tuple(keyArb, fc.integer()), { minLength: 1, maxLength: 5 }),
        (entries, writes) => {
          const before = tableOf(entries);
          const after = tableWith(before, writes);
          const written = new Set(writes.map(([k]) => shardOf(k)));
          after.forEach((shard, i) => {
            if (!written.has(i)) expect(shard).toBe(before[i]);
          });
          expect(after).toHaveLength(TABLE_SHARDS);
        },
      ),
    );
  });

  it('property: a flat record read as a table holds the same entries; JSON keeps a table a table', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ maxLength: 8 }), fc.integer()), (record) => {
        const table = tableFromRecord(record);
        expect(Object.fromEntries(tableEntries(table))).toEqual(record);
        const read = asTable<number>(JSON.parse(JSON.stringify(table)));
        expect(read).toEqual(table);
      }),
    );
  });

  it('asTable refuses what is not a table (a flat record, a short array, an array of non-records)', () => {
    expect(asTable({ a: 1 })).toBeNull();
    expect(asTable([{}])).toBeNull();
    expect(asTable(Array.from({ length: TABLE_SHARDS }, () => 1))).toBeNull();
    expect(asTable(emptyTable())).not.toBeNull();
  });

  it('property: a table written with another shard count (64 before 2026-11-28) or as a flat record reads as the same entries', () => {
    /** What the code before 2026-11-28 wrote: the same hash over 64 shards. */
    const tableOf64 = (record: Readonly<Record<string, number>>): Record<string, number>[] => {
      const shards = Array.from({ length: 64 }, () => ({}) as Record<string, number>);
      for (const [k, v] of Object.entries(record)) {
        let h = 0x811c9dc5;
        for (let i = 0; i < k.length; i++) h = Math.imul(h ^ k.charCodeAt(i), 0x01000193);
        Object.defineProperty(shards[(h >>> 0) % 64], k, { value: v, enumerable: true, writable: true });
      }
      return shards;
    };
    fc.assert(
      fc.property(fc.dictionary(keyArb, fc.integer()), (record) => {
        const model = new Map(Object.entries(record));
        for (const written of [tableOf64(record), record, JSON.parse(JSON.stringify(tableOf64(record)))]) {
          const table = readTable<number>(written);
          expect(table).not.toBeNull();
          expect(table).toHaveLength(TABLE_SHARDS);
          expect(new Map(tableEntries(table ?? emptyTable()))).toEqual(model);
          for (const [k, v] of model) expect(tableGet(table ?? emptyTable(), k)).toBe(v);
        }
        const current = tableFromRecord(record);
        expect(readTable(current)).toBe(current);
      }),
    );
  });

  it('readTable refuses what holds no table (a number, null, an array of non-records)', () => {
    expect(readTable(1)).toBeNull();
    expect(readTable(null)).toBeNull();
    expect(readTable([1, 2])).toBeNull();
  });
});
