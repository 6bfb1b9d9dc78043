import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyChanges,
  assignLanes,
  columnAtTime,
  columnOf,
  diffStates,
  flattenTree,
  formatPath,
  indexAtColumn,
  indexAtTime,
  ownersOfTypes,
  stepTo,
  timeAxisOf,
  UNKNOWN_LANE,
  type StatePath,
} from '../../../domain/audit/index.js';
import { billing, contexts, evolve, initialRootState, stamp, tasks } from '../../../domain/index.js';
import { paymentInfo } from '../../support/fixtures';

const get = (value: unknown, path: StatePath): unknown =>
  path.reduce<unknown>(
    (v, p) => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[String(p)] : undefined),
    value,
  );

// JSON-like values: what a state holds (no undefined, no functions).
const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.integer({ min: -3, max: 3 }),
    fc.constantFrom('a', 'b', null, true, false),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom('x', 'y', 'z', 'w'), tie('value'), { maxKeys: 3 }),
  ),
})).value;

describe('audit: the diff of two states (issue 24)', () => {
  it('applying the reported changes to the before state gives the after state', () => {
    fc.assert(
      fc.property(json, json, (before, after) => {
        expect(applyChanges(before, diffStates(before, after))).toEqual(after);
      }),
      { numRuns: 500 },
    );
  });

  it('every reported path differs, and no change is reported between equal states', () => {
    fc.assert(
      fc.property(json, json, (before, after) => {
        for (const c of diffStates(before, after)) {
          expect(c.before).toEqual(get(before, c.path));
          expect(c.after).toEqual(get(after, c.path));
          expect(c.before).not.toEqual(c.after);
        }
        expect(diffStates(before, structuredClone(before))).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });

  it('names the leaf an event changed on the real root state, and nothing for an unknown event', () => {
    const created = stamp(
      tasks.taskCreated({
        id: 't1',
        params: { domainType: 0, prompt: 'a boat', aspectRatio: '1:1', seed: null },
        guest: false,
        estimateMs: null,
        createdAt: 0,
      }),
      1,
      1000,
    );
    const s1 = evolve(initialRootState, created);
    const info = stamp(billing.paymentInfoReceived({ info: paymentInfo(-20) }), 2, 2000);
    const s2 = evolve(s1, info);
    const paths = diffStates(s1, s2).map((c) => formatPath(c.path));
    expect(paths.every((p) => p.startsWith('billing.'))).toBe(true);
    expect(paths.length).toBeGreaterThan(0);
    expect(diffStates(s2, evolve(s2, { type: 'future/x' }))).toEqual([]);
    expect(diffStates(initialRootState, s1, 1)).toHaveLength(1);
  });

  it('formats paths with keys and indices', () => {
    expect(formatPath(['tasks', 'order', 2])).toBe('tasks.order[2]');
    expect(formatPath([])).toBe('');
  });
});

describe('audit: the state tree shows only the opened levels', () => {
  const state = { tasks: { order: ['a', 'b'], byId: { a: { p: 1 } } }, billing: { coins: 3 } };
  it('closed: the top keys (the contexts) only', () => {
    const rows = flattenTree(state, new Set());
    expect(rows.map((r) => [r.id, r.depth, r.children, r.text])).toEqual([
      ['tasks', 0, 2, '{2}'],
      ['billing', 0, 1, '{1}'],
    ]);
  });
  it('opened branches show their children, leaves their values', () => {
    const rows = flattenTree(state, new Set(['tasks', 'tasks/order', 'billing/coins']));
    expect(rows.map((r) => `${'  '.repeat(r.depth)}${r.key}=${r.text}`)).toEqual([
      'tasks={2}',
      '  order=[2]',
      '    0="a"',
      '    1="b"',
      '  byId={1}',
      'billing={1}',
    ]);
  });
  it('the number of rows is the top keys plus the children of opened rows', () => {
    fc.assert(
      fc.property(json, (value) => {
        expect(flattenTree(value, new Set()).length).toBe(
          Array.isArray(value)
            ? value.length
            : value !== null && typeof value === 'object'
              ? Object.keys(value).length
              : 0,
        );
      }),
    );
  });
});

describe('audit: lanes, columns and stepping', () => {
  it('every event type of the catalogue has its context; lanes follow the contexts order, unknown last', () => {
    const owners = ownersOfTypes(contexts as unknown as Record<string, { eventTypes: readonly string[] }>);
    expect(owners.get('tasks/created')).toBe('tasks');
    const { lanes, laneOf } = assignLanes(
      ['billing', UNKNOWN_LANE, 'tasks', 'billing'],
      Object.keys(contexts),
    );
    expect(lanes).toEqual(['tasks', 'billing', UNKNOWN_LANE]);
    expect(laneOf.get('billing')).toBe(1);
  });

  it('a column maps back to an event in that column, mirrored right to left', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2_000_000 }),
        fc.integer({ min: 1, max: 2000 }),
        fc.boolean(),
        (count, width, rtl) => {
          for (const x of [0, Math.floor(width / 2), width - 1]) {
            const i = indexAtColumn(x, count, width, rtl);
            expect(i).toBeGreaterThanOrEqual(0);
            expect(i).toBeLessThan(count);
            if (count >= width) expect(columnOf(i, count, width, rtl)).toBe(x);
          }
        },
      ),
    );
    expect(columnOf(0, 10, 100, true)).toBe(99);
  });

  it('property: on the time axis columns follow time (never backwards), a click lands on an event of its column or the nearest, mirrored right to left', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 5_000 }), { minLength: 1, maxLength: 300 }),
        fc.integer({ min: 1, max: 800 }),
        fc.boolean(),
        (gaps, width, rtl) => {
          // Times mostly rising; a clock stepping back now and then is drawn with the event before.
          let t = Date.UTC(2026, 10, 28);
          const at = gaps.map((g, i) => (t += i % 17 === 16 ? -g : g));
          const axis = timeAxisOf(at);
          const cols = at.map((_, i) => columnAtTime(axis, i, width));
          for (let i = 1; i < cols.length; i++) expect(cols[i]!).toBeGreaterThanOrEqual(cols[i - 1]!);
          for (const c of cols) expect(c).toBeLessThan(width);
          for (let i = 0; i < at.length; i += 7) {
            const x = columnAtTime(axis, i, width, rtl);
            const picked = indexAtTime(axis, x, width, rtl);
            expect(columnAtTime(axis, picked, width, rtl)).toBe(x);
            // The first event of that column.
            expect(picked === 0 || columnAtTime(axis, picked - 1, width, rtl) !== x).toBe(true);
          }
          for (const x of [0, Math.floor(width / 2), width - 1]) {
            const i = indexAtTime(axis, x, width, rtl);
            expect(i).toBeGreaterThanOrEqual(0);
            expect(i).toBeLessThan(at.length);
          }
        },
      ),
    );
  });

  it('places events by their time: a quiet hour between two bursts is an empty stretch of the plot', () => {
    const h = 3_600_000;
    const at = [0, 1000, 2000, h, h + 1000, 2 * h];
    const axis = timeAxisOf(at);
    expect(at.map((_, i) => columnAtTime(axis, i, 100))).toEqual([0, 0, 0, 50, 50, 99]);
    // A click in the quiet stretch selects the nearest event.
    expect(indexAtTime(axis, 20, 100)).toBe(2);
    expect(indexAtTime(axis, 45, 100)).toBe(3);
    // One instant for all: spread by order.
    expect([0, 1, 2, 3].map((i) => columnAtTime(timeAxisOf([5, 5, 5, 5]), i, 8))).toEqual([0, 2, 4, 6]);
  });

  it('steps to the next and previous kept event, and stays when there is none', () => {
    const even = (i: number) => i % 2 === 0;
    expect(stepTo(2, 1, 10, even)).toBe(4);
    expect(stepTo(2, -1, 10, even)).toBe(0);
    expect(stepTo(8, 1, 10, even)).toBe(8);
    expect(stepTo(0, -1, 10, even)).toBe(0);
  });
});
