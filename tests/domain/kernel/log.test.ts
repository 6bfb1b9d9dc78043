/**
 * Log versions (issue 24 "Versioned and decoded at the boundary"): a v2 log is the header, at most
 * one snapshot line, then events; older versions are upcast step by step; a newer or unknown
 * version is refused with a message naming both versions, never half replayed. The v1 fixture
 * (tests/fixtures/event-log-v1.jsonl, recorded by the web client before version 2) is read forever.
 */
import { readFileSync } from 'node:fs';
import * as E from 'fp-ts/Either';
import { describe, expect, it } from 'vitest';
import {
  EVENT_LOG_VERSION,
  billing,
  canonicalJson,
  fold,
  initialRootState,
  logUpcasters,
  makeHeader,
  parseEventLog,
  readRawEventLog,
  replay,
  replayLog,
  rootStateFromSnapshot,
  serializeEventLog,
  social,
  stamp,
  tableEntries,
  tasks,
  upcastEventLog,
  upcastV1toV2,
  type EventLog,
  type RawEventLog,
} from '../../../domain/index.js';
import { ornament, taskCreated } from '../../support/fixtures';

const fixture = readFileSync(new URL('../../fixtures/event-log-v1.jsonl', import.meta.url), 'utf8');

const right = <A>(e: E.Either<{ line: number; message: string }, A>): A => {
  if (E.isLeft(e)) throw new Error(`line ${e.left.line}: ${e.left.message}`);
  return e.right;
};

const report = (id: string, progress: number) =>
  tasks.progressReported({ id, code: 2, progress, statusDesc: '', estimateMs: null });

describe('the v1 fixture log', () => {
  it('is a version 1 log as the web client wrote it', () => {
    expect(JSON.parse(fixture.split('\n')[0] ?? '')).toMatchObject({
      format: 'atelier-event-log',
      version: 1,
    });
  });

  it('upcasts to the current version and replays with no violation, to the state the session saw', () => {
    const log = right(parseEventLog(fixture));
    expect(log.header.version).toBe(EVENT_LOG_VERSION);
    expect(log.writtenVersion).toBe(1);
    expect(log.snapshot).toBeNull();
    expect(log.events).toHaveLength(34);
    const result = replayLog(log);
    expect(result.violation).toBeNull();
    const s = result.state;
    expect(s.session.status).toBe('signedIn');
    expect(billing.selectCoinBalance(s.billing)).toBe(561);
    const list = tasks.selectTaskList(s.tasks);
    expect(list.map((t) => [t.phase.status, t.phase.progress])).toEqual([['completed', 100]]);
    expect(canonicalJson(replayLog(log).state)).toBe(canonicalJson(s));
  });

  it('written again, it is a version 2 log with the same events', () => {
    const log = right(parseEventLog(fixture));
    const again = right(parseEventLog(serializeEventLog(log)));
    expect(again.writtenVersion).toBeUndefined();
    expect(again.events).toEqual(log.events);
  });
});

describe('upcasting, one pure step per version', () => {
  const raw: RawEventLog = {
    version: 1,
    header: { format: 'atelier-event-log', version: 1, createdAt: 5, source: 't' },
    snapshot: null,
    events: [{ type: 'tasks/removed', payload: { id: 'a' }, meta: { seq: 1, at: 0 } }],
    lines: [2],
  };

  it('v1 -> v2 adds no snapshot and keeps the events as they were', () => {
    const v2 = upcastV1toV2.upcast(raw);
    expect(v2).toEqual({ ...raw, version: 2, header: { ...raw.header, version: 2 }, snapshot: null });
    expect(v2.events).toBe(raw.events);
    expect(raw.version).toBe(1);
  });

  it('the chain has a step from every version before the current one', () => {
    for (let v = 1; v < EVENT_LOG_VERSION; v++) expect(logUpcasters.some((u) => u.from === v)).toBe(true);
    expect(right(upcastEventLog(raw)).version).toBe(EVENT_LOG_VERSION);
  });

  it('a chain with a missing or wrong step is an error, not a half upcast log', () => {
    expect(upcastEventLog(raw, [])).toEqual(E.left({ line: 1, message: 'no upcaster from log version 1' }));
    expect(upcastEventLog(raw, [{ ...upcastV1toV2, upcast: (l) => ({ ...l, version: 3 }) }])).toEqual(
      E.left({ line: 1, message: 'the upcaster from version 1 gave 3' }),
    );
  });
});

describe('versions this code cannot read are refused before any event is read', () => {
  const header = (version: unknown) =>
    JSON.stringify({ format: 'atelier-event-log', version, createdAt: 0, source: 't' });

  it('a newer version names both versions', () => {
    // Its events may mean anything: even a broken line after the header is never reached.
    expect(parseEventLog(`${header(3)}\n{not json\n`)).toEqual(
      E.left({ line: 1, message: 'log version 3 is newer than this replay understands (2)' }),
    );
  });

  it('an unknown version names it and the versions understood', () => {
    expect(parseEventLog(`${header(0)}\n`)).toEqual(
      E.left({ line: 1, message: 'log version 0 is unknown: this replay understands versions 1 to 2' }),
    );
    expect(parseEventLog(`${header('2')}\n`)).toEqual(
      E.left({ line: 1, message: 'log version "2" is unknown: this replay understands versions 1 to 2' }),
    );
    expect(readRawEventLog(`${JSON.stringify({ format: 'atelier-event-log' })}\n`)).toEqual(
      E.left({ line: 1, message: 'log version (none) is unknown: this replay understands versions 1 to 2' }),
    );
  });
});

describe('a v2 log with a snapshot line', () => {
  const events = [taskCreated('a'), report('a', 30), report('a', 60)].map((e, i) =>
    stamp(e, i + 1, 1000 * (i + 1)),
  );
  const after2 = fold(events.slice(0, 2));

  it('replays from the snapshot: the same state as the whole log', () => {
    const log: EventLog = {
      header: makeHeader(0, 't'),
      snapshot: { state: after2, seq: 2 },
      events: events.slice(2),
    };
    const text = serializeEventLog(log);
    expect(text.split('\n')[1]).toBe(JSON.stringify({ snapshot: after2, seq: 2 }));
    const parsed = right(parseEventLog(text));
    expect(parsed.snapshot).toEqual({ state: JSON.parse(JSON.stringify(after2)), seq: 2 });
    const result = replayLog(parsed);
    expect(result.violation).toBeNull();
    expect(canonicalJson(result.state)).toBe(canonicalJson(replay(events).state));
  });

  it('a context the snapshot lacks starts from its initial state; unknown names are dropped', () => {
    const { tasks: _t, ...rest } = after2;
    const state = rootStateFromSnapshot({ ...rest, future: { x: 1 } });
    expect(state.tasks).toBe(initialRootState.tasks);
    expect(state.billing).toEqual(after2.billing);
    expect(Object.keys(state)).toEqual(Object.keys(initialRootState));
  });

  it('a snapshot written before the social item table was sharded (a flat record) replays as the same state', () => {
    const item = (id: string, likes: number): social.ContentItem => ({
      id,
      obj_type: 1,
      liked: false,
      collect: null,
      stat: { num_of_like: likes, num_of_collection: 0 },
      author: { id: 'a1', is_follow: false },
    });
    const log = [
      social.itemsReceived({ items: [item('p1', 3), item('p2', 0)] }),
      social.likeToggled({ key: '1:p1', opId: 'op1' }),
      social.likeConfirmed({ opId: 'op1' }),
      social.likeToggled({ key: '1:p2', opId: 'op2' }),
    ].map((e, i) => stamp(e, i + 1, 1000 * (i + 1)));
    const at2 = fold(log.slice(0, 2));
    const flat = {
      ...at2,
      social: { ...at2.social, items: Object.fromEntries(tableEntries(at2.social.items)) },
    };
    const text = serializeEventLog({
      header: makeHeader(0, 't'),
      snapshot: { state: flat, seq: 2 },
      events: log.slice(2),
    });
    const result = replayLog(right(parseEventLog(text)));
    expect(result.violation).toBeNull();
    expect(canonicalJson(result.state)).toBe(canonicalJson(replay(log).state));
    expect(social.selectLikeCount(result.state.social, '1:p1')).toBe(4);
  });

  it('a snapshot breaking an invariant is caught by the first event after it', () => {
    const broken = {
      ...after2,
      decorations: {
        ...after2.decorations,
        ornaments: { x: ornament('x', 'avatarBox', true), y: ornament('y', 'avatarBox', true) },
      },
    };
    const log: EventLog = {
      header: makeHeader(0, 't'),
      snapshot: { state: broken, seq: 2 },
      events: events.slice(2),
    };
    const violation = replayLog(right(parseEventLog(serializeEventLog(log)))).violation;
    expect(violation).toMatchObject({ index: 0, invariant: 'decorations.atMostOneAvatarBoxWorn' });
  });

  it('the events must follow the snapshot; the snapshot line comes once, right after the header', () => {
    const h = JSON.stringify(makeHeader(0, 't'));
    const snap = JSON.stringify({ snapshot: after2, seq: 2 });
    const ev = (seq: number) =>
      JSON.stringify({ type: 'tasks/removed', payload: { id: 'a' }, meta: { seq, at: 0 } });
    expect(parseEventLog(`${h}\n${snap}\n${ev(2)}\n`)).toEqual(
      E.left({ line: 3, message: 'event seq 2 does not follow 2: the log is out of order' }),
    );
    expect(parseEventLog(`${h}\n${ev(3)}\n${snap}\n`)).toEqual(
      E.left({ line: 3, message: 'a snapshot line may only come once, right after the header' }),
    );
    expect(parseEventLog(`${h}\n${JSON.stringify({ snapshot: 1, seq: 2 })}\n`)).toEqual(
      E.left({ line: 2, message: 'a snapshot line needs a state object' }),
    );
    expect(parseEventLog(`${h}\n${JSON.stringify({ snapshot: {}, seq: -1 })}\n`)).toEqual(
      E.left({ line: 2, message: 'a snapshot line needs "seq", the seq of the last event it holds' }),
    );
  });

  it('a v1 log knows no snapshot line: such a line is a broken event there', () => {
    const h = JSON.stringify({ ...makeHeader(0, 't'), version: 1 });
    expect(parseEventLog(`${h}\n${JSON.stringify({ snapshot: {}, seq: 1 })}\n`)).toEqual(
      E.left({ line: 2, message: 'an event needs a string "type"' }),
    );
  });
});
