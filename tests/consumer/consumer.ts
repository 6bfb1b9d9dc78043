/**
 * A separate TypeScript project that imports the built domain package as another frontend
 * would: `import ... from 'atelier/domain'` through package.json `exports`, types included.
 */
import {
  canonicalJson,
  makeHeader,
  parseEventLog,
  replay,
  serializeEventLog,
  stamp,
  tasks,
  type DomainEvent,
  type RootState,
  type UnstampedEvent,
} from 'atelier/domain';

const fail = (message: string): never => {
  throw new Error(`consumer: ${message}`);
};

const raw: UnstampedEvent[] = [
  tasks.taskCreated({
    id: 't1',
    params: { domainType: 0, prompt: 'from another frontend', aspectRatio: '1:1', seed: 1 },
    guest: true,
    estimateMs: null,
    createdAt: 0,
  }),
  tasks.progressReported({ id: 't1', code: 2, progress: 70, statusDesc: '', estimateMs: null }),
  tasks.progressReported({ id: 't1', code: 2, progress: 40, statusDesc: '', estimateMs: null }),
];
const events: DomainEvent[] = raw.map((e, i) => stamp(e, i + 1, 1000 * (i + 1)));

const text = serializeEventLog({ header: makeHeader(0, 'consumer'), events });
const parsed = parseEventLog(text);
if (parsed._tag === 'Left') fail(parsed.left.message);
const result = replay(events);
const state: RootState = result.state;
const progress = state.tasks.byId['t1']?.phase.progress;
if (progress !== 70) fail(`progress should stay at 70, got ${String(progress)}`);
if (result.violation !== null) fail('no invariant should break');
if (canonicalJson(replay(events).state) !== canonicalJson(state)) fail('replay must be deterministic');
console.log(`consumer ok: ${events.length} events, progress ${progress}`);
