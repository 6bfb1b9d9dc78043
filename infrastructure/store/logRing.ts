/**
 * The event log kept in IndexedDB (issue 24): the recorder's ring written to the device as it
 * grows, so the log of a visit outlives its page. A person who hit a problem and reloaded, or whose
 * tab crashed, can still send the visit where it happened ("Report a problem" offers the earlier
 * visits kept).
 *
 * Per visit (one page load) the ring holds what the recorder holds: the last two segments, each
 * stored as its start snapshot and its events in batches (one batch per write, a write at most
 * every `FLUSH_MS` while events come, and when the page is hidden). When a third segment begins,
 * the oldest is deleted, so a day-long visit takes the same room as a short one. The newest
 * `KEEP_VISITS` visits are kept; older ones are deleted when a page starts.
 *
 * Keys: `v:<visit>` the visit's summary; `s:<visit>:<segment>` a segment's start snapshot;
 * `e:<visit>:<segment>:<batch>` a batch of its events (indices zero-padded, so keys sort).
 */
import { createStore, delMany, getMany, keys as idbKeys, setMany } from 'idb-keyval';
import { makeHeader, type DomainEvent, type EventLog, type LogSnapshot } from '../../domain/index.js';
import type { LogSink } from './recorder';

/** At most one write per this many ms while events come. */
export const FLUSH_MS = 1000;
/** Visits kept on the device, this one included. */
export const KEEP_VISITS = 3;

/** The key-value operations the ring needs (IndexedDB through idb-keyval; a Map in tests). */
export interface RingStorage {
  readonly getMany: (keys: readonly string[]) => Promise<readonly unknown[]>;
  readonly setMany: (entries: readonly (readonly [string, unknown])[]) => Promise<void>;
  readonly delMany: (keys: readonly string[]) => Promise<void>;
  readonly keys: () => Promise<readonly string[]>;
}

export const indexedDbRingStorage = (): RingStorage => {
  const store = createStore('atelier-event-log', 'ring');
  return {
    getMany: (ks) => getMany([...ks], store),
    setMany: (entries) =>
      setMany(
        entries.map(([k, v]) => [k, v]),
        store,
      ),
    delMany: (ks) => delMany([...ks], store),
    keys: () => idbKeys<string>(store),
  };
};

/** A kept visit: when it started, its last event, and how many events it recorded in all. */
export interface KeptVisit {
  readonly id: string;
  readonly startedAt: number;
  readonly lastAt: number;
  readonly recorded: number;
}

export interface LogRing {
  /** The recorder's sink for this visit. */
  readonly sink: LogSink;
  /** Writes what is waiting (the page is being hidden); resolves once written. */
  readonly flush: () => Promise<void>;
  /** The earlier visits kept on this device, the newest first (this one left out). */
  readonly earlier: () => Promise<readonly KeptVisit[]>;
  /** A kept visit's log from its oldest kept segment, or null when it is gone. */
  readonly read: (visitId: string) => Promise<EventLog | null>;
}

export interface LogRingOptions {
  readonly visitId: string;
  readonly now: () => number;
  readonly source?: string;
  readonly keepVisits?: number;
  /** Runs `f` after `ms` (the page's timer; tests run it by hand). */
  readonly later?: (f: () => void, ms: number) => void;
}

const pad = (n: number) => String(n).padStart(6, '0');
const visitKey = (visit: string) => `v:${visit}`;
const snapshotKey = (visit: string, segment: number) => `s:${visit}:${pad(segment)}`;
const batchKey = (visit: string, segment: number, batch: number) =>
  `e:${visit}:${pad(segment)}:${pad(batch)}`;
const isKeptVisit = (u: unknown): u is KeptVisit =>
  typeof u === 'object' && u !== null && typeof (u as KeptVisit).id === 'string';

/** The keys of one visit, or of one of its segments. */
const keysOf = (all: readonly string[], visit: string, segment?: number): string[] =>
  segment === undefined
    ? all.filter((k) => k === visitKey(visit) || k.startsWith(`s:${visit}:`) || k.startsWith(`e:${visit}:`))
    : all.filter((k) => k === snapshotKey(visit, segment) || k.startsWith(`e:${visit}:${pad(segment)}:`));

export const openLogRing = (
  storage: RingStorage,
  {
    visitId,
    now,
    source = 'atelier-web',
    keepVisits = KEEP_VISITS,
    later = (f, ms) => setTimeout(f, ms),
  }: LogRingOptions,
): LogRing => {
  const summary = { id: visitId, startedAt: now(), lastAt: now(), recorded: 0 };
  /** Snapshots and event batches not yet written, in order. */
  let pendingSnapshots: [number, LogSnapshot | null][] = [];
  let pendingEvents = new Map<number, DomainEvent[]>();
  /** Segments to delete at the next write. */
  let dropping: number[] = [];
  const batches = new Map<number, number>();
  let timer = false;
  let broken = false;
  /** Writes run one after another, in the order they were asked for. */
  let chain: Promise<void> = Promise.resolve();

  const write = async (): Promise<void> => {
    if (broken) return;
    const snapshots = pendingSnapshots;
    const events = pendingEvents;
    const drop = dropping;
    pendingSnapshots = [];
    pendingEvents = new Map();
    dropping = [];
    const entries: [string, unknown][] = snapshots.map(([segment, start]) => [
      snapshotKey(visitId, segment),
      { start },
    ]);
    for (const [segment, list] of events) {
      if (list.length === 0) continue;
      const batch = batches.get(segment) ?? 0;
      batches.set(segment, batch + 1);
      entries.push([batchKey(visitId, segment, batch), list]);
    }
    entries.push([visitKey(visitId), { ...summary }]);
    try {
      await storage.setMany(entries);
      if (drop.length > 0) {
        const all = await storage.keys();
        await storage.delMany(drop.flatMap((segment) => keysOf(all, visitId, segment)));
      }
    } catch {
      // No room or no IndexedDB (a private window): the log stays in memory only.
      broken = true;
    }
  };
  const flush = (): Promise<void> => {
    chain = chain.then(write);
    return chain;
  };
  const soon = () => {
    if (timer) return;
    timer = true;
    later(() => {
      timer = false;
      void flush();
    }, FLUSH_MS);
  };

  // The oldest visits beyond the kept number go before this one is written.
  chain = (async () => {
    try {
      const all = await storage.keys();
      const visits = (await storage.getMany(all.filter((k) => k.startsWith('v:'))))
        .filter(isKeptVisit)
        .sort((a, b) => b.lastAt - a.lastAt);
      const gone = visits.slice(Math.max(0, keepVisits - 1)).flatMap((v) => keysOf(all, v.id));
      if (gone.length > 0) await storage.delMany(gone);
    } catch {
      broken = true;
    }
  })();

  const sink: LogSink = {
    segmentStarted: (index, start) => {
      pendingSnapshots.push([index, start]);
      if (index >= 2) dropping.push(index - 2);
      soon();
    },
    recorded: (index, event) => {
      const list = pendingEvents.get(index);
      if (list === undefined) pendingEvents.set(index, [event]);
      else list.push(event);
      summary.lastAt = event.meta.at;
      summary.recorded += 1;
      soon();
    },
  };

  const earlier = async (): Promise<readonly KeptVisit[]> => {
    await chain;
    const all = await storage.keys();
    return (await storage.getMany(all.filter((k) => k.startsWith('v:') && k !== visitKey(visitId))))
      .filter(isKeptVisit)
      .sort((a, b) => b.lastAt - a.lastAt);
  };

  const read = async (visit: string): Promise<EventLog | null> => {
    await chain;
    const all = await storage.keys();
    const [meta] = await storage.getMany([visitKey(visit)]);
    if (!isKeptVisit(meta)) return null;
    const segments = all
      .filter((k) => k.startsWith(`s:${visit}:`))
      .map((k) => Number(k.slice(`s:${visit}:`.length)))
      .sort((a, b) => a - b);
    // The last two segments are the ring; an older one left by a write cut short is skipped.
    const first = segments[Math.max(0, segments.length - 2)];
    if (first === undefined) return null;
    const batchKeys = all
      .filter((k) => k.startsWith(`e:${visit}:`) && Number(k.split(':')[2]) >= first)
      .sort();
    const [start, ...lists] = await storage.getMany([snapshotKey(visit, first), ...batchKeys]);
    const snapshot = (start as { start?: LogSnapshot | null } | undefined)?.start ?? null;
    return {
      header: makeHeader(meta.lastAt, source),
      snapshot,
      events: lists.flatMap((l) => (Array.isArray(l) ? (l as DomainEvent[]) : [])),
    };
  };

  return { sink, flush, earlier, read };
};
