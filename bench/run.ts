/**
 * `npm run bench`: measures, side by side in one run, what replaying an event log costs relative
 * to reading it: `JSON.parse` of the lines of a generated log of 1,000,000 events of a realistic
 * mix (bench/realisticLog.ts), the fold without checks, `replay` with every invariant (checked at
 * the cost of reading), and the old check-everything replay (on a prefix: it is far slower); then
 * what hostile posts cost the sanitiser relative to an ordinary one, then the square's scroll frames
 * beside an empty page's (bench/squareScroll.ts, also alone as `npm run bench:square`; it needs the
 * built client), then Lighthouse mobile on the public routes (bench/lighthouse.ts, alone as
 * `npm run bench:lighthouse`); both build the client first when it is missing (bench/built.ts).
 * Reports ratios, never asserts time. `BENCH_EVENTS` sets the log's size.
 */
import {
  evolve,
  fold,
  initialRootState,
  makeHeader,
  parseEventLog,
  replay,
  replayCheckingEverything,
  serializeEventLog,
  tableSize,
  TABLE_SHARDS,
  type DomainEvent,
  type RootState,
} from '../domain/index.js';
import { realisticLog } from './realisticLog.js';
import { benchSanitizer } from './sanitize.js';

const EVENTS = Number(process.env['BENCH_EVENTS'] ?? 1_000_000);
const SESSIONS = 60;
const PREFIX = 20_000;

const generated = realisticLog({ events: EVENTS, sessions: SESSIONS });
const text = serializeEventLog({ header: makeHeader(0, 'bench'), events: generated.events });
const lines = text.split('\n').slice(1, -1);
// The replays read the events as a parsed log holds them, not the generator's objects.
const events = lines.map((l) => JSON.parse(l) as DomainEvent);
const prefix = events.slice(0, PREFIX);
const { shape } = generated;
console.log(
  `event log: ${events.length.toLocaleString('en')} events, ${(text.length / 2 ** 20).toFixed(0)} MiB of JSON Lines ` +
    `(${Math.round(text.length / events.length)} bytes an event); ${shape.sessions} sessions signed in and out, ` +
    `${shape.tasks} tasks, ${shape.chatReplies} streamed chat replies, ${shape.feedPages} feed pages`,
);
const mix = new Map<string, number>();
for (const e of events) mix.set(e.type.split('/')[0] ?? '', (mix.get(e.type.split('/')[0] ?? '') ?? 0) + 1);
console.log(
  `mix: ${[...mix]
    .sort((a, b) => b[1] - a[1])
    .map(([ctx, n]) => `${ctx} ${((100 * n) / events.length).toFixed(1)}%`)
    .join(', ')}`,
);

const violationOf = (r: { readonly violation: unknown }) => {
  if (r.violation !== null)
    throw new Error(`the generated log breaks an invariant: ${JSON.stringify(r.violation)}`);
};
const cases: [string, number, () => void][] = [
  ['JSON.parse of the lines', events.length, () => void lines.forEach((l) => JSON.parse(l))],
  ['fold (root evolve, no checks)', events.length, () => void fold(events)],
  ['replay, every invariant (incremental)', events.length, () => violationOf(replay(events))],
  [
    `replay, every invariant over the whole state (first ${PREFIX.toLocaleString('en')})`,
    prefix.length,
    () => violationOf(replayCheckingEverything(prefix)),
  ],
  ['parseEventLog (JSON.parse and decoding)', events.length, () => void parseEventLog(text)],
  [
    'serializeEventLog',
    events.length,
    () => void serializeEventLog({ header: makeHeader(0, 'bench'), events }),
  ],
];
// Round by round, every case once per round, so that a busy spell of a shared machine falls on all of them.
const ROUNDS = 3;
const samples = cases.map(() => [] as number[]);
for (let round = -1; round < ROUNDS; round++)
  cases.forEach(([, , fn], i) => {
    const t0 = performance.now();
    fn();
    if (round >= 0) samples[i]?.push(performance.now() - t0);
  });
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const results = cases.map(([name, n], i) => ({ name, n, ms: median(samples[i] ?? []) }));
const perEvent = (r: { n: number; ms: number }) => r.ms / r.n;
const base = results[0] ?? { n: 1, ms: 1 };
console.log(
  `\nmedian of ${ROUNDS} rounds after a warm-up round, the cases taking turns; ratios per event to JSON.parse of the same lines (the machine may be shared)`,
);
for (const r of results)
  console.log(
    `${r.name.padEnd(62)} ${r.ms.toFixed(0).padStart(7)} ms  ${(perEvent(r) / perEvent(base)).toFixed(2).padStart(7)}x  ${Math.round(
      r.n / (r.ms / 1000),
    )
      .toLocaleString('en')
      .padStart(11)} events/s`,
  );
const [, foldR, replayR, everythingR] = results;
if (foldR && replayR && everythingR)
  console.log(
    `goals: replay <= 2x JSON.parse: ${(replayR.ms / base.ms).toFixed(2)}x; fold <= 1.5x: ${(foldR.ms / base.ms).toFixed(2)}x; ` +
      `checking costs ${(((replayR.ms - foldR.ms) / foldR.ms) * 100).toFixed(0)}% over the fold; checking everything would take ` +
      `about ${((perEvent(everythingR) * events.length) / 1000).toFixed(0)} s for the whole log`,
  );

// Where the fold spends its time, by event type (one pass, timed event by event).
const spent = new Map<string, number>();
let state: RootState = initialRootState;
for (const e of events) {
  const t0 = performance.now();
  state = evolve(state, e);
  spent.set(e.type, (spent.get(e.type) ?? 0) + performance.now() - t0);
}
const total = [...spent.values()].reduce((a, b) => a + b, 0);
console.log(
  `fold time by event type: ${[...spent]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6)
    .map(([type, ms]) => `${type} ${((100 * ms) / total).toFixed(0)}%`)
    .join(
      ', ',
    )} (social items ${tableSize(state.social.items).toLocaleString('en')}, in ${TABLE_SHARDS} shards: a change copies one)`,
);

console.log('');
benchSanitizer();

console.log('');
await import('./squareScroll.js');

console.log('');
await import('./lighthouse.js');
