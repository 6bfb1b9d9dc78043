/**
 * Issue 3 laws of the tasks context: domain types 0..25 and their labels, deletion (a deleted
 * task never reappears, whatever arrives later), estimates (never negative), guest mode
 * (guest tasks are polled and deleted with g_mode=1), the task list snapshot fetched at sign-in,
 * the media of completed tasks and the workflow node of a running one.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { replay, tasks, type RootState, type UnstampedEvent } from '../../../domain/index.js';
import { foldStepwise, given, stampAll } from '../../support/spec.js';

const params = (id: string) => ({ domainType: 0, prompt: id, aspectRatio: '1:1', seed: null });
const created = (id: string, at = 0, guest = false) =>
  tasks.taskCreated({ id, params: params(id), guest, estimateMs: null, createdAt: at });
const report = (id: string, progress: number, code: 1 | 2 = 2) =>
  tasks.progressReported({ id, code, progress, statusDesc: '', estimateMs: null });
const snapshot = (id: string, over: Partial<tasks.TaskSnapshot> = {}): tasks.TaskSnapshot => ({
  id,
  params: params(id),
  guest: false,
  createdAt: 0,
  estimateMs: null,
  status: 2,
  progress: 10,
  statusDesc: '',
  images: [],
  media: [],
  ...over,
});
const ids = (s: RootState) => s.tasks.order;

describe('tasks: domain types 0..25 (spec §3 "task domain types 0 to 25 ... the label maps are not shown")', () => {
  it('has one row per type 0..25, in order, with a label key per type and the first five as the spec lists them', () => {
    expect(tasks.TASK_DOMAIN_TYPES.map((r) => r.id)).toEqual(Array.from({ length: 26 }, (_, i) => i));
    expect(tasks.TASK_DOMAIN_TYPES.slice(0, 5).map((r) => r.key)).toEqual([
      'textToImage',
      'upscale',
      'textToVideo',
      'lipSync',
      'textToMusic',
    ]);
    for (const row of tasks.TASK_DOMAIN_TYPES) {
      expect(tasks.DOMAIN_TYPE[row.key as tasks.DomainTypeKey]).toBe(row.id);
      expect(row.labelKey).toBe(`tasks.domainType.${row.key}`);
    }
    expect(Object.keys(tasks.DOMAIN_TYPE)).toHaveLength(26);
    expect(new Set(tasks.TASK_DOMAIN_TYPES.map((r) => r.key)).size).toBe(26);
  });

  it('labels an unknown number generically and knows which numbers are domain types', () => {
    expect(tasks.domainTypeLabelKey(2)).toBe('tasks.domainType.textToVideo');
    expect(tasks.domainTypeLabelKey(99)).toBe('tasks.domainType.unknown');
    expect(tasks.domainTypeInfo(4).output).toBe('audio');
    expect([0, 25].map(tasks.isDomainType)).toEqual([true, true]);
    expect([-1, 26, 1.5].map(tasks.isDomainType)).toEqual([false, false, false]);
  });
});

describe('tasks: deletion (spec §7 /task/delete) — a deleted task never reappears from a late report', () => {
  it('given a task in progress, when it is deleted, then it leaves the list and late reports, completions and re-creations are ignored', () => {
    const { state, violation } = given(created('a'), created('b'), report('a', 30)).when(
      tasks.taskDeleted({ id: 'a', refundedCoins: 0 }),
      report('a', 60),
      tasks.taskCompleted({ id: 'a', images: [] }),
      tasks.taskFailed({ id: 'a', code: 4, reason: 'x' }),
      created('a'),
      tasks.taskListReceived({ requestedAt: 0, items: [snapshot('a', { status: 3 })] }),
    );
    expect(violation).toBeNull();
    expect(ids(state)).toEqual(['b']);
    expect(state.tasks.byId['a']).toBeUndefined();
    expect(tasks.selectIsDeleted(state.tasks, 'a')).toBe(true);
  });

  it('records the deletion of a task this client never held, so a later list cannot bring it in', () => {
    const { state } = given().when(
      tasks.taskDeleted({ id: 'x', refundedCoins: 10 }),
      tasks.taskListReceived({ requestedAt: 5, items: [snapshot('x')] }),
    );
    expect(ids(state)).toEqual([]);
  });

  it('property: after any interleaving of events, a deleted id is never listed again and every invariant holds', () => {
    const id = fc.constantFrom('a', 'b', 'c');
    const event: fc.Arbitrary<UnstampedEvent> = fc.oneof(
      fc.tuple(id, fc.boolean()).map(([i, g]) => created(i, 0, g)),
      fc.tuple(id, fc.integer({ min: -20, max: 130 })).map(([i, p]) => report(i, p)),
      id.map((i) => tasks.taskCompleted({ id: i, images: [] })),
      id.map((i) => tasks.taskFailed({ id: i, code: 4, reason: '' })),
      id.map((i) => tasks.taskDeleted({ id: i, refundedCoins: 0 })),
      id.map((i) => tasks.taskRemoved({ id: i })),
      fc
        .array(id, { maxLength: 3 })
        .map((xs) => tasks.taskListReceived({ requestedAt: 10_000, items: xs.map((x) => snapshot(x)) })),
    );
    fc.assert(
      fc.property(fc.array(event, { maxLength: 40 }), (events) => {
        const stamped = stampAll(events);
        const states = foldStepwise(stamped);
        const deleted = new Set<string>();
        states.forEach((s, i) => {
          const e = stamped[i]!;
          if (e.type === 'tasks/deleted') deleted.add((e.payload as { id: string }).id);
          for (const d of deleted) expect(s.tasks.byId[d]).toBeUndefined();
        });
        expect(replay(stamped).violation).toBeNull();
      }),
    );
  });
});

describe('tasks: estimates (spec §7 /task/estimate) are never negative', () => {
  it('keeps the last estimate with its key and time', () => {
    const { state } = given().when(
      tasks.estimateReceived({ key: 'k', domainType: 2, coins: 40, estimateMs: 3000, canAfford: true }),
    );
    expect(tasks.selectEstimate(state.tasks)).toMatchObject({
      key: 'k',
      domainType: 2,
      coins: 40,
      estimateMs: 3000,
      canAfford: true,
    });
  });

  it('property: whatever numbers arrive, the stored coins and time are finite and >= 0 (bad ones count as 0)', () => {
    fc.assert(
      fc.property(fc.double(), fc.double(), (coins, ms) => {
        const { state, violation } = given().when(
          tasks.estimateReceived({ key: 'k', domainType: 0, coins, estimateMs: ms, canAfford: false }),
        );
        expect(violation).toBeNull();
        const e = state.tasks.estimate!;
        expect(e.coins >= 0 && Number.isFinite(e.coins)).toBe(true);
        expect(e.estimateMs >= 0 && Number.isFinite(e.estimateMs)).toBe(true);
        if (Number.isFinite(coins) && coins > 0) expect(e.coins).toBe(coins);
      }),
    );
  });

  it('the invariant names a negative estimate in a corrupted state', () => {
    const s = given().when(
      tasks.estimateReceived({ key: 'k', domainType: 0, coins: 1, estimateMs: 1, canAfford: true }),
    );
    const bad = { ...s.state.tasks, estimate: { ...s.state.tasks.estimate!, coins: -5 } };
    expect(tasks.estimateNonNegative.check(s.state.tasks, bad, s.events[0]!)).toBe(
      'estimate k is negative (-5 coins, 1 ms)',
    );
  });

  it('keys a request the same whatever the order of its fields, without undefined ones', () => {
    expect(tasks.estimateKeyOf({ b: 1, a: 'x', c: undefined })).toBe(tasks.estimateKeyOf({ a: 'x', b: 1 }));
    expect(tasks.estimateKeyOf({ a: 'x' })).not.toBe(tasks.estimateKeyOf({ a: 'y' }));
  });
});

describe('tasks: guest mode (spec §4 "g_mode=1 on task polling")', () => {
  it('polls account tasks and guest tasks in separate batches, guest ones with g_mode 1', () => {
    const { state } = given(
      created('acc1', 0),
      created('g1', 1, true),
      created('acc2', 2),
      created('g2', 3, true),
    ).when();
    const batches = tasks.pollBatches(tasks.selectTasksInProgress(state.tasks));
    expect(batches).toEqual([
      { gMode: 0, ids: ['acc2', 'acc1'] },
      { gMode: 1, ids: ['g2', 'g1'] },
    ]);
    expect(tasks.selectGuestTasks(state.tasks).map((t) => t.id)).toEqual(['g2', 'g1']);
    expect(tasks.gModeOf(state.tasks.byId['g1']!)).toBe(1);
    expect(tasks.gModeOf(state.tasks.byId['acc1']!)).toBe(0);
    expect(tasks.pollBatches([])).toEqual([]);
  });
});

describe('tasks: the task list at sign-in (one snapshot event, replayable)', () => {
  it("adds listed tasks with the server's phase, keeps guest tasks and tasks created since the request, drops older account tasks not listed", () => {
    const { state, violation } = given(
      created('old', 100),
      created('guest', 150, true),
      created('fresh', 900),
    ).when(
      tasks.taskListReceived({
        requestedAt: 500,
        items: [
          snapshot('s1', {
            createdAt: 400,
            status: 3,
            images: [{ url: '/a.png', width: 1, height: 1 }],
            media: [
              {
                url: '/a.wav',
                kind: 'audio',
                contentType: 'audio/wav',
                width: null,
                height: null,
                durationS: 4,
              },
            ],
          }),
          snapshot('s2', { createdAt: 300, status: 2, progress: 40 }),
          snapshot('s3', { createdAt: 200, status: 4, progress: 20, statusDesc: 'broke' }),
        ],
      }),
    );
    expect(violation).toBeNull();
    expect(ids(state)).toEqual(['fresh', 's1', 's2', 's3', 'guest']);
    expect(state.tasks.byId['s1']!.phase).toEqual({
      status: 'completed',
      progress: 100,
      images: [{ url: '/a.png', width: 1, height: 1 }],
      media: [
        { url: '/a.wav', kind: 'audio', contentType: 'audio/wav', width: null, height: null, durationS: 4 },
      ],
    });
    expect(state.tasks.byId['s2']!.phase).toMatchObject({ status: 'inProgress', code: 2, progress: 40 });
    expect(state.tasks.byId['s3']!.phase).toMatchObject({
      status: 'failed',
      code: 4,
      progress: 20,
      reason: 'broke',
    });
    expect(tasks.selectMediaOfKind(state.tasks, 'audio').map((m) => m.url)).toEqual(['/a.wav']);
  });

  it('moves a known task in progress by the progress rule, and leaves a terminal one as it is', () => {
    const { state } = given(
      created('run', 0),
      report('run', 70),
      created('done', 0),
      tasks.taskCompleted({ id: 'done', images: [] }),
    ).when(
      tasks.taskListReceived({
        requestedAt: 10,
        items: [snapshot('run', { progress: 30 }), snapshot('done', { status: 4 })],
      }),
    );
    expect(state.tasks.byId['run']!.phase.progress).toBe(70);
    expect(state.tasks.byId['done']!.phase.status).toBe('completed');
  });

  it('property: folding the log from scratch equals updating event by event (replay gives the same state)', () => {
    const snap = fc.record({
      id: fc.constantFrom('a', 'b', 'c', 'd'),
      createdAt: fc.integer({ min: 0, max: 1000 }),
      status: fc.constantFrom(1, 2, 3, 4, 7),
      progress: fc.integer({ min: -10, max: 120 }),
    });
    const event: fc.Arbitrary<UnstampedEvent> = fc.oneof(
      fc
        .tuple(fc.constantFrom('a', 'b', 'c', 'd'), fc.integer({ min: 0, max: 1000 }), fc.boolean())
        .map(([i, at, g]) => created(i, at, g)),
      fc
        .tuple(fc.constantFrom('a', 'b', 'c', 'd'), fc.integer({ min: 0, max: 100 }))
        .map(([i, p]) => report(i, p)),
      fc
        .tuple(fc.array(snap, { maxLength: 4 }), fc.integer({ min: 0, max: 1000 }))
        .map(([items, at]) =>
          tasks.taskListReceived({ requestedAt: at, items: items.map((x) => snapshot(x.id, x)) }),
        ),
      fc.constantFrom('a', 'b').map((i) => tasks.taskDeleted({ id: i, refundedCoins: 0 })),
    );
    fc.assert(
      fc.property(fc.array(event, { maxLength: 30 }), (events) => {
        const stamped = stampAll(events);
        const states = foldStepwise(stamped);
        const result = replay(stamped);
        expect(result.violation).toBeNull();
        expect(result.state).toEqual(states[states.length - 1] ?? result.state);
        // Right after a snapshot the list is newest first by creation time.
        states.forEach((st, k) => {
          if (stamped[k]!.type !== 'tasks/listReceived') return;
          const list = st.tasks;
          for (let i = 1; i < list.order.length; i++)
            expect(list.byId[list.order[i - 1]!]!.createdAt).toBeGreaterThanOrEqual(
              list.byId[list.order[i]!]!.createdAt,
            );
        });
      }),
    );
  });
});

describe('tasks: media and the workflow node (spec §3 img_uris, comfyui_current_node)', () => {
  it('keeps the node a running workflow reports, and the media a completion carries', () => {
    const { state } = given(created('w')).when(
      tasks.progressReported({
        id: 'w',
        code: 2,
        progress: 40,
        statusDesc: '',
        estimateMs: null,
        currentNode: '3 KSampler',
      }),
      report('w', 50),
    );
    expect(state.tasks.byId['w']!.phase).toMatchObject({
      status: 'inProgress',
      progress: 50,
      currentNode: '3 KSampler',
    });
    const done = given(created('v')).when(
      tasks.taskCompleted({
        id: 'v',
        images: [],
        media: [
          { url: '/v.gif', kind: 'video', contentType: 'image/gif', width: 320, height: 180, durationS: 1.6 },
        ],
      }),
    );
    expect(tasks.selectMediaOfKind(done.state.tasks, 'video')).toHaveLength(1);
  });

  it("reads a state preloaded without the newer fields (an older log's state)", () => {
    const old = { byId: {}, order: [] } as unknown as tasks.TasksState;
    const s1 = tasks.evolveTasks(old, {
      type: 'tasks/deleted',
      payload: { id: 'z', refundedCoins: 0 },
      meta: { seq: 1, at: 0 },
    });
    expect(s1.deleted).toEqual({ z: true });
    expect(tasks.selectEstimate(old)).toBeNull();
  });
});

describe('tasks: the production box worn on a task (spec §7 ornament use with work_id) follows the task list', () => {
  it('a listed task carries the box worn on it; a later list without it takes it off; the view shows it', () => {
    const worn = given(
      tasks.taskListReceived({
        requestedAt: 0,
        items: [
          snapshot('a', { status: 3, productionFrame: '/blobs/orn.png' }),
          snapshot('b', { status: 3 }),
        ],
      }),
    ).state;
    expect(worn.tasks.byId['a']?.productionFrame).toBe('/blobs/orn.png');
    expect(worn.tasks.byId['b']?.productionFrame).toBeUndefined();
    const view = tasks.taskView(worn.tasks.byId['a']!);
    expect(view.productionFrame).toBe('/blobs/orn.png');
    const unloaded = given(
      tasks.taskListReceived({
        requestedAt: 0,
        items: [snapshot('a', { status: 3, productionFrame: '/blobs/orn.png' })],
      }),
      tasks.taskListReceived({ requestedAt: 1, items: [snapshot('a', { status: 3 })] }),
    ).state;
    expect(unloaded.tasks.byId['a']?.productionFrame).toBeUndefined();
  });
});
