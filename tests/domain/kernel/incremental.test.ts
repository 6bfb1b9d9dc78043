/**
 * Invariants at the cost of reading (issue 24): `replay` checks an invariant only when an event
 * changed a context it reads, and then incrementally where it can. It must name the same first
 * violation (index, invariant, message) as checking every invariant over the whole state after
 * every event (`replayWith`, the oracle), on random logs and on logs that break each invariant
 * of the registry.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  appendedTo,
  canonicalJson,
  changedContexts,
  changedWindow,
  chat,
  collectChangedContexts,
  contextNameList,
  evolve,
  incrementalChecker,
  initialRootState,
  invariantRegistry,
  orderedAround,
  replay,
  replayChecked,
  replayCheckingEverything,
  replayWith,
  social,
  tableEntries,
  tableGet,
  tableHas,
  tasks,
  windowKeeps,
  type ContextName,
  type DomainEvent,
  type RootState,
} from '../../../domain/index.js';
import {
  breakEvents,
  breakers,
  breakingDataArb,
  evolveWithBreaks,
  stampAll,
  validEventArb,
} from '../../support/auditLogs.js';

const statesOf = (events: readonly DomainEvent[]): RootState[] => {
  const states = [initialRootState];
  for (const e of events) states.push(evolve(states[states.length - 1] as RootState, e));
  return states;
};

describe('the incremental checker gives the same first violation as checking everything', () => {
  it('property: random logs, with server data that breaks an invariant now and then', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof({ weight: 40, arbitrary: validEventArb }, { weight: 1, arbitrary: breakingDataArb }),
          {
            maxLength: 80,
            size: 'max',
          },
        ),
        (raw) => {
          const events = stampAll(raw);
          const fast = replay(events);
          const oracle = replayCheckingEverything(events);
          expect(fast.violation).toEqual(oracle.violation);
          expect(fast.applied).toBe(oracle.applied);
          expect(canonicalJson(fast.state)).toBe(canonicalJson(oracle.state));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('every invariant of the registry has a breaker', () => {
    expect(Object.keys(breakers).sort()).toEqual(invariantRegistry.map((i) => i.name).sort());
  });

  it.each(invariantRegistry.map((i) => i.name))(
    'property: a log that breaks %s, wherever the bug strikes',
    (name) => {
      const steps = breakEvents(name);
      fc.assert(
        fc.property(
          fc.array(validEventArb, { maxLength: 40, size: 'max' }),
          fc.array(validEventArb, { maxLength: 5, size: 'max' }),
          (before, after) => {
            const events = stampAll([...before, ...steps, ...after]);
            const oracle = replayWith(evolveWithBreaks, invariantRegistry, initialRootState, events);
            const fast = replayChecked(evolveWithBreaks, invariantRegistry, initialRootState, events);
            // As `replay` checks: told the changed contexts by the root's one comparison a field.
            const told = replayChecked(
              evolveWithBreaks,
              invariantRegistry,
              initialRootState,
              events,
              {},
              incrementalChecker(invariantRegistry, collectChangedContexts),
            );
            // The breaker breaks its invariant at its last step, and nothing before.
            expect(oracle.violation?.invariant).toBe(name);
            expect(oracle.violation?.index).toBe(before.length + steps.length - 1);
            expect(fast.violation).toEqual(oracle.violation);
            expect(fast.applied).toBe(oracle.applied);
            expect(told.violation).toEqual(oracle.violation);
            expect(told.applied).toBe(oracle.applied);
          },
        ),
        { numRuns: 25 },
      );
    },
  );
});

describe('the laws the incremental checker relies on (domain/kernel/invariant.ts)', () => {
  it('property: stutter, a state that passed passes against itself', () => {
    fc.assert(
      fc.property(fc.array(validEventArb, { maxLength: 50, size: 'max' }), (raw) => {
        const events = stampAll(raw);
        const states = statesOf(events);
        events.forEach((e, i) => {
          const s = states[i + 1] as RootState;
          for (const inv of invariantRegistry) expect(inv.check(s, s, e)).toBeNull();
        });
      }),
      { numRuns: 150 },
    );
  });

  it('property: the social reducer changes only the items its event names (socialItemsTouchedBy)', () => {
    fc.assert(
      fc.property(fc.array(validEventArb, { maxLength: 60, size: 'max' }), (raw) => {
        const events = stampAll(raw);
        const states = statesOf(events);
        events.forEach((e, i) => {
          const b = (states[i] as RootState).social;
          const a = (states[i + 1] as RootState).social;
          const named = social.socialItemsTouchedBy(b, a, e);
          if (named === null) return;
          const changed = tableEntries(a.items)
            .filter(([k, item]) => item !== tableGet(b.items, k))
            .map(([k]) => k);
          for (const [k] of tableEntries(b.items)) if (!tableHas(a.items, k)) changed.push(k);
          expect(named).toEqual(expect.arrayContaining(changed));
        });
      }),
      { numRuns: 200 },
    );
  });

  it('property: tasksTouched names exactly the listed tasks that are not the same object', () => {
    fc.assert(
      fc.property(fc.array(validEventArb, { maxLength: 60, size: 'max' }), (raw) => {
        const states = statesOf(stampAll(raw));
        for (let i = 1; i < states.length; i++) {
          const b = (states[i - 1] as RootState).tasks;
          const a = (states[i] as RootState).tasks;
          const touched = tasks.tasksTouched(b, a);
          if (touched === null) continue;
          expect(touched).toEqual(a.order.filter((id) => a.byId[id] !== b.byId[id]));
        }
      }),
      { numRuns: 200 },
    );
  });

  it('the root copies its state in the order of its contexts (a JSON state keeps its bytes)', () => {
    const next = evolve(initialRootState, stampAll([tasks.accountTasksCleared({})])[0] as DomainEvent);
    const changed = evolve(
      initialRootState,
      stampAll([
        tasks.taskCreated({
          id: 'a',
          params: { domainType: 0, prompt: 'a', aspectRatio: '1:1', seed: null },
          guest: true,
          estimateMs: null,
          createdAt: 0,
        }),
      ])[0] as DomainEvent,
    );
    expect(next).toBe(initialRootState);
    expect(Object.keys(changed)).toEqual(Object.keys(initialRootState));
  });

  it('property: collectChangedContexts names the contexts that are not the same object, in order, as changedContexts', () => {
    const out: ContextName[] = [];
    fc.assert(
      fc.property(fc.array(validEventArb, { maxLength: 60, size: 'max' }), (raw) => {
        const states = statesOf(stampAll(raw));
        for (let i = 1; i < states.length; i++) {
          const b = states[i - 1] as RootState;
          const a = states[i] as RootState;
          const n = collectChangedContexts(b, a, out);
          expect(out.slice(0, n)).toEqual(changedContexts(b, a));
        }
      }),
      { numRuns: 100 },
    );
    // Each context alone, and all of them: none is left out of the literal.
    for (const name of contextNameList) {
      const one = { ...initialRootState, [name]: { changed: name } } as RootState;
      expect(out.slice(0, collectChangedContexts(initialRootState, one, out))).toEqual([name]);
    }
    const all = Object.fromEntries(contextNameList.map((n) => [n, {}])) as unknown as RootState;
    expect(out.slice(0, collectChangedContexts(initialRootState, all, out))).toEqual(contextNameList);
  });

  it('property: a reply certified grown by a token (grewByToken) starts with what it was', () => {
    let certified = 0;
    fc.assert(
      fc.property(fc.array(validEventArb, { maxLength: 80, size: 'max' }), (raw) => {
        // Step by step: the certificate is of the last token appended, as the replay checks it.
        let state = initialRootState;
        for (const e of stampAll(raw)) {
          const b = state.chat;
          state = evolve(state, e);
          const a = state.chat;
          if (b.status !== 'open' || a.status !== 'open') continue;
          for (const m of a.messages)
            for (const prev of b.messages)
              if (chat.grewByToken(prev, m)) {
                certified++;
                expect(m.content.startsWith(prev.content)).toBe(true);
                expect(m.clientId).toBe(prev.clientId);
              }
        }
      }),
      { numRuns: 200 },
    );
    // And on a reply streaming for sure: tokens in and out of sequence, some empty.
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(4), fc.constantFrom('', 'a', 'bc', 'é')), { maxLength: 30 }),
        (tokens) => {
          const open = [
            chat.sessionOpened({ sessionId: 's', channelId: 'ch' }),
            chat.replyStarted({
              sessionId: 's',
              clientId: 'r',
              createAt: 1,
              name: null,
              nameKey: 'k',
              isOfficialAgent: false,
            }),
          ];
          let state = initialRootState;
          const events = stampAll([
            ...open,
            ...tokens.map(([index, text]) =>
              chat.tokenReceived({ sessionId: 's', clientId: 'r', index, text }),
            ),
          ]);
          for (const e of events) {
            const b = state.chat;
            state = evolve(state, e);
            const a = state.chat;
            if (b.status !== 'open' || a.status !== 'open') continue;
            const prev = b.messages[0];
            const m = a.messages[0];
            if (prev !== undefined && m !== undefined && chat.grewByToken(prev, m)) {
              certified++;
              expect(m.content.startsWith(prev.content)).toBe(true);
              expect(m.content.length - prev.content.length).toBe(
                (e.payload as { readonly text: string }).text.length,
              );
            }
          }
        },
      ),
      { numRuns: 200 },
    );
    expect(certified).toBeGreaterThan(0);
  });

  it('every invariant reads the context it belongs to', () => {
    for (const inv of invariantRegistry) expect(inv.reads).toEqual([inv.name.split('.')[0]]);
  });
});

describe('changed windows of immutable arrays', () => {
  const a = { n: 1 };
  const b = { n: 2 };
  const c = { n: 3 };
  const d = { n: 4 };

  it('finds what changed between the kept ends', () => {
    expect(changedWindow([a, b, c], [a, d, c])).toEqual({ start: 1, beforeEnd: 2, afterEnd: 2 });
    expect(changedWindow([a, b], [a, b, c])).toEqual({ start: 2, beforeEnd: 2, afterEnd: 3 });
    expect(changedWindow([a, b, c], [a, c])).toEqual({ start: 1, beforeEnd: 2, afterEnd: 1 });
    expect(changedWindow([], [a])).toEqual({ start: 0, beforeEnd: 0, afterEnd: 1 });
    expect(changedWindow([a], [a])).toEqual({ start: 1, beforeEnd: 1, afterEnd: 1 });
  });

  it('checks order only around the window, and what the window kept', () => {
    const inOrder = (x: { n: number }, y: { n: number }) => x.n <= y.n;
    expect(orderedAround([a, c], [a, b, c], inOrder)).toBe(true);
    expect(orderedAround([a, c], [a, d, c], inOrder)).toBe(false);
    expect(windowKeeps([a, b, c], [a, { n: 2 }, c], (x) => x.n)).toBe(true);
    expect(windowKeeps([a, b, c], [a, c], (x) => x.n)).toBe(false);
    expect(appendedTo([a, b], [a, b, c], 1)).toBe(true);
    expect(appendedTo([a, b], [a, d, c], 1)).toBe(false);
  });

  it('property: orderedAround agrees with checking every pair, given the array was in order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat({ max: 20 }), { maxLength: 12 }),
        fc.nat(),
        fc.nat({ max: 3 }),
        fc.array(fc.nat({ max: 20 }), { maxLength: 3 }),
        (xs, at, drop, insert) => {
          const before = [...xs].sort((p, q) => p - q).map((n) => ({ n }));
          const i = before.length === 0 ? 0 : at % (before.length + 1);
          const after = [...before.slice(0, i), ...insert.map((n) => ({ n })), ...before.slice(i + drop)];
          const all = after.every((x, k) => k === 0 || (after[k - 1] as { n: number }).n <= x.n);
          expect(orderedAround(before, after, (p, q) => p.n <= q.n)).toBe(all);
        },
      ),
    );
  });
});
