/**
 * The auditor's tools over the domain (issue 24 "The tools"): deliberately broken logs are
 * bisected to the event that broke them, with the states around it and the diff; the smallest
 * failing prefix is cut; the diff between two events names paths with values before and after.
 *
 * The real reducers guard progress and the avatar box (`nextProgress`, `unwearOtherAvatarBoxes`),
 * so those two logs are replayed with a reducer that has the bug back, as the log of a client that
 * had it would be; coins below zero need no bug: a server can send them.
 */
import { describe, expect, it } from 'vitest';
import {
  billing,
  bisectLog,
  decorations,
  diffBetween,
  diffValues,
  evolve,
  failingPrefix,
  makeHeader,
  popups,
  replayLog,
  session,
  stamp,
  stateAfter,
  tasks,
  type DomainEvent,
  type EventLog,
  type RootState,
  type UnstampedEvent,
} from '../../../domain/index.js';
import { ornament, paymentInfo } from '../../support/fixtures';

const logOf = (events: readonly UnstampedEvent[]): EventLog => ({
  header: makeHeader(0, 'test'),
  events: events.map((e, i) => stamp(e, i + 1, Date.UTC(2026, 0, 1) + 1000 * i)),
});

const created = (id: string) =>
  tasks.taskCreated({
    id,
    params: { domainType: 0, prompt: id, aspectRatio: '1:1', seed: null },
    guest: false,
    estimateMs: null,
    createdAt: 0,
  });
const report = (id: string, progress: number) =>
  tasks.progressReported({ id, code: 2, progress, statusDesc: '', estimateMs: null });

/** The progress rule forgotten: a report is taken as it comes. */
const progressBug = (state: RootState, event: DomainEvent): RootState => {
  const next = evolve(state, event);
  if (event.type !== 'tasks/progressReported') return next;
  const p = event.payload as tasks.ProgressReportedPayload;
  const task = next.tasks.byId[p.id];
  if (task === undefined || task.phase.status !== 'inProgress') return next;
  return {
    ...next,
    tasks: {
      ...next.tasks,
      byId: { ...next.tasks.byId, [p.id]: { ...task, phase: { ...task.phase, progress: p.progress } } },
    },
  };
};

/** Wearing a box forgets to take the other one off. */
const avatarBug = (state: RootState, event: DomainEvent): RootState => {
  if (event.type !== 'decorations/avatarBoxWorn') return evolve(state, event);
  const id = (event.payload as { ornamentId: string }).ornamentId;
  const o = state.decorations.ornaments[id];
  if (o === undefined) return state;
  return {
    ...state,
    decorations: {
      ...state.decorations,
      ornaments: { ...state.decorations.ornaments, [id]: { ...o, is_wearing: true } },
    },
  };
};

const progressLog = logOf([
  session.userInfoSet({
    user: { id: 'u', accountName: 'u', name: 'U', email: '[email]', avatar: '', status: 1, role: 'user' },
  }),
  created('t1'),
  report('t1', 30),
  popups.pageVisited({ route: 'queue' }),
  report('t1', 70),
  billing.paymentInfoReceived({ info: paymentInfo(40) }),
  report('t1', 55),
  report('t1', 90),
]);

const coinsLog = logOf([
  billing.paymentInfoReceived({ info: paymentInfo(40) }),
  created('t1'),
  report('t1', 50),
  billing.paymentInfoReceived({ info: paymentInfo(30) }),
  popups.pageVisited({ route: 'queue' }),
  billing.paymentInfoReceived({ info: paymentInfo(-10) }),
  report('t1', 80),
]);

const avatarLog = logOf([
  decorations.ornamentsReceived({ ornaments: [ornament('ring'), ornament('gold')] }),
  decorations.avatarBoxWorn({ ornamentId: 'ring' }),
  popups.pageVisited({ route: 'personal' }),
  decorations.avatarBoxWorn({ ornamentId: 'gold' }),
  created('t1'),
]);

describe('deliberately broken logs are bisected to the event that broke them', () => {
  it('progress going backwards: event #7, the report of 55 after 70', () => {
    expect(replayLog(progressLog).violation).toBeNull(); // the real reducer keeps 70
    const b = bisectLog(progressLog, { evolve: progressBug });
    expect(b).not.toBeNull();
    expect(b?.violation).toMatchObject({
      index: 6,
      invariant: 'tasks.progressMonotonic',
      message: 'task t1 progress went back from 70 to 55',
    });
    expect(b?.violation.event.meta.seq).toBe(7);
    expect(b?.reads).toEqual(['tasks']);
    expect(b?.brokenBefore).toBe(false);
    expect(b?.changedContexts).toEqual(['tasks']);
    expect(b?.before.tasks.byId['t1']?.phase.progress).toBe(70);
    expect(b?.after.tasks.byId['t1']?.phase.progress).toBe(55);
    expect(b?.diff.changes).toContainEqual({
      path: 'tasks.byId.t1.phase.progress',
      kind: 'changed',
      before: 70,
      after: 55,
    });
  });

  it('coins below zero: event #6, the payment info the server sent', () => {
    const b = bisectLog(coinsLog);
    expect(b?.violation).toMatchObject({
      index: 5,
      invariant: 'billing.coinsNeverNegative',
      message: 'calculateCoins is -10',
    });
    expect(b?.changedContexts).toEqual(['billing']);
    expect(b?.diff.changes).toContainEqual({
      path: 'billing.paymentInfo.freeCoins',
      kind: 'changed',
      before: 30,
      after: -10,
    });
  });

  it('two avatar boxes worn at once: event #4, the second box worn', () => {
    expect(replayLog(avatarLog).violation).toBeNull(); // the real reducer takes the ring off
    const b = bisectLog(avatarLog, { evolve: avatarBug });
    expect(b?.violation).toMatchObject({
      index: 3,
      invariant: 'decorations.atMostOneAvatarBoxWorn',
      message: 'avatar boxes ring, gold are worn together',
    });
    expect(b?.changedContexts).toEqual(['decorations']);
    expect(b?.diff.changes).toEqual([
      { path: 'decorations.ornaments.gold.is_wearing', kind: 'changed', before: false, after: true },
    ]);
  });

  it('a log that breaks nothing has nothing to bisect', () => {
    expect(bisectLog(progressLog)).toBeNull();
  });
});

describe('the smallest failing prefix', () => {
  it('ends at the event that broke the invariant, and keeps only the contexts it reads when that still fails', () => {
    const p = failingPrefix(coinsLog);
    expect(p?.spans).toBe(6);
    expect(p?.reduced).toBe(true);
    expect(p?.log.events.map((e) => e.meta.seq)).toEqual([1, 4, 6]);
    expect(replayLog(p!.log).violation).toMatchObject({
      invariant: 'billing.coinsNeverNegative',
      message: 'calculateCoins is -10',
    });
    expect(replayLog({ ...p!.log, events: p!.log.events.slice(0, -1) }).violation).toBeNull();
  });

  it('with the bug back, the progress log keeps its task events up to the report of 55', () => {
    const p = failingPrefix(progressLog, { evolve: progressBug });
    expect(p?.log.events.map((e) => e.meta.seq)).toEqual([2, 3, 5, 7]);
  });

  it('none when nothing breaks', () => {
    expect(failingPrefix(progressLog)).toBeNull();
  });
});

describe('states and diffs between events', () => {
  it('the state after event N, and what changed between N and M (either way round)', () => {
    expect(stateAfter(progressLog, 0).tasks.order).toEqual([]);
    expect(stateAfter(progressLog, 3).tasks.byId['t1']?.phase.progress).toBe(30);
    const forward = diffBetween(progressLog, 3, 5);
    expect(forward.changes).toContainEqual({
      path: 'tasks.byId.t1.phase.progress',
      kind: 'changed',
      before: 30,
      after: 70,
    });
    expect(forward.changes.map((c) => c.path)).toContain('popups.visitRoute');
    const back = diffBetween(progressLog, 5, 3);
    expect(back.changes).toContainEqual({
      path: 'tasks.byId.t1.phase.progress',
      kind: 'changed',
      before: 70,
      after: 30,
    });
    expect(diffBetween(progressLog, 4, 4).changes).toEqual([]);
  });

  it('diffValues names added, removed and changed paths, slices of arrays, odd keys, and stops at its limit', () => {
    const a = { x: 1, list: [1, 2, 3], obj: { 'a.b': 1, gone: true }, same: { deep: [1] } };
    const b = { x: 2, list: [1, 9, 3, 4], obj: { 'a.b': 2 }, same: a.same, fresh: null };
    expect(diffValues(a, b)).toEqual({
      truncated: false,
      changes: [
        { path: 'x', kind: 'changed', before: 1, after: 2 },
        { path: 'list[1..3)', kind: 'changed', before: [2, 3], after: [9, 3, 4] },
        { path: 'obj.gone', kind: 'removed', before: true },
        { path: 'obj["a.b"]', kind: 'changed', before: 1, after: 2 },
        { path: 'fresh', kind: 'added', after: null },
      ],
    });
    const order = [{ id: 1 }];
    expect(diffValues({ order }, { order: [{ id: 0 }, ...order] }).changes).toEqual([
      { path: 'order[0..1)', kind: 'added', after: [{ id: 0 }] },
    ]);
    expect(diffValues({ a: { n: 1 } }, { a: { n: 1 } }).changes).toEqual([]);
    expect(diffValues({ a: 1, b: 1, c: 1 }, { a: 2, b: 2, c: 2 }, { limit: 2 })).toMatchObject({
      truncated: true,
    });
  });
});
