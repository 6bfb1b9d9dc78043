/**
 * The audit worker (issue 24): reads an event log with the domain's own parser, folds it once with
 * the domain's `evolve` keeping a state every CHECKPOINT_EVERY events, then checks the invariants with
 * the domain's `replay` one checkpoint span at a time (yielding between spans, so requests for states
 * and diffs are answered while it checks). The same code as `npm run replay`; the page stays responsive.
 */
import * as E from 'fp-ts/lib/Either.js';
import { assignLanes, diffStates, ownersOfTypes, UNKNOWN_LANE } from '../../domain/audit/index.js';
import {
  contexts,
  evolve,
  initialRootState,
  parseEventLog,
  replay,
  type DomainEvent,
  type RootState,
} from '../../domain/index.js';
import { CHECKPOINT_EVERY, DIFF_LIMIT, type AuditRequest, type AuditResponse } from './protocol';

interface Loaded {
  readonly loadId: number;
  readonly events: readonly DomainEvent[];
  /** checkpoints[k] is the state after the first k * CHECKPOINT_EVERY events. */
  readonly checkpoints: RootState[];
}

const scope = self as unknown as {
  postMessage: (message: AuditResponse, transfer?: Transferable[]) => void;
  onmessage: ((e: MessageEvent<AuditRequest>) => void) | null;
};
const post = (message: AuditResponse, transfer: Transferable[] = []) => scope.postMessage(message, transfer);
const pause = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const owners = ownersOfTypes(contexts as unknown as Record<string, { eventTypes: readonly string[] }>);
const contextOrder = Object.keys(contexts);
let loaded: Loaded | null = null;
let latestLoad = 0;

/** The state after the first `n` events: from the nearest checkpoint at or below, folded forward. */
const stateAfter = (log: Loaded, n: number): RootState => {
  const k = Math.min(Math.floor(n / CHECKPOINT_EVERY), log.checkpoints.length - 1);
  let state = log.checkpoints[k] as RootState;
  for (let i = k * CHECKPOINT_EVERY; i < n; i++) state = evolve(state, log.events[i] as DomainEvent);
  return state;
};

const load = async (id: number, file: Blob): Promise<void> => {
  latestLoad = id;
  loaded = null;
  post({ kind: 'progress', id, phase: 'reading', done: 0, total: file.size });
  const parsed = parseEventLog(await file.text());
  if (E.isLeft(parsed)) {
    post({ kind: 'invalid', id, line: parsed.left.line, message: parsed.left.message });
    return;
  }
  const { events, header } = parsed.right;
  const count = events.length;
  const laneNames = events.map((e) => owners.get(e.type) ?? UNKNOWN_LANE);
  const { lanes, laneOf: laneIndex } = assignLanes(laneNames, contextOrder);
  const types: string[] = [];
  const typeIndex = new Map<string, number>();
  const laneOf = new Uint8Array(count);
  const typeOf = new Uint16Array(count);
  const at = new Float64Array(count);
  const checkpoints: RootState[] = [initialRootState];
  let state = initialRootState;
  for (let i = 0; i < count; i++) {
    const event = events[i] as DomainEvent;
    let t = typeIndex.get(event.type);
    if (t === undefined) {
      t = types.length;
      types.push(event.type);
      typeIndex.set(event.type, t);
    }
    typeOf[i] = t;
    laneOf[i] = laneIndex.get(laneNames[i] as string) ?? 0;
    at[i] = event.meta.at;
    state = evolve(state, event);
    if ((i + 1) % CHECKPOINT_EVERY === 0) {
      checkpoints.push(state);
      if ((i + 1) % (CHECKPOINT_EVERY * 20) === 0)
        post({ kind: 'progress', id, phase: 'folding', done: i + 1, total: count });
    }
  }
  const log: Loaded = { loadId: id, events, checkpoints };
  loaded = log;
  post({ kind: 'loaded', id, timeline: { count, source: header.source, lanes, types, laneOf, typeOf, at } }, [
    laneOf.buffer,
    typeOf.buffer,
    at.buffer,
  ]);
  // Invariants, span by span from each checkpoint, with the domain's own replay.
  for (let k = 0; k * CHECKPOINT_EVERY < count; k++) {
    if (latestLoad !== id) return;
    const start = k * CHECKPOINT_EVERY;
    const span = events.slice(start, start + CHECKPOINT_EVERY);
    const result = replay(span, {}, log.checkpoints[k]);
    if (result.violation) {
      const v = result.violation;
      post({
        kind: 'checked',
        id,
        violation: { index: start + v.index, invariant: v.invariant, message: v.message },
      });
      return;
    }
    post({ kind: 'checking', id, checked: Math.min(count, start + CHECKPOINT_EVERY), total: count });
    await pause();
  }
  if (latestLoad === id) post({ kind: 'checked', id, violation: null });
};

scope.onmessage = (e: MessageEvent<AuditRequest>) => {
  const request = e.data;
  try {
    if (request.kind === 'load') {
      void load(request.id, request.file).catch((err: unknown) =>
        post({ kind: 'failed', id: request.id, message: err instanceof Error ? err.message : String(err) }),
      );
      return;
    }
    const log = loaded;
    if (!log) return post({ kind: 'failed', id: request.id, message: 'no log loaded' });
    const index = Math.max(-1, Math.min(request.index, log.events.length - 1));
    if (request.kind === 'state') {
      post({ kind: 'state', id: request.id, index, state: stateAfter(log, index + 1) });
      return;
    }
    const before = stateAfter(log, Math.max(0, index));
    const after = index < 0 ? before : evolve(before, log.events[index] as DomainEvent);
    const changes = diffStates(before, after, DIFF_LIMIT + 1);
    post({
      kind: 'diff',
      id: request.id,
      index,
      changes: changes.slice(0, DIFF_LIMIT),
      truncated: changes.length > DIFF_LIMIT,
    });
  } catch (err) {
    post({ kind: 'failed', id: request.id, message: err instanceof Error ? err.message : String(err) });
  }
};
