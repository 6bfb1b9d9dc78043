/**
 * `npm run bench`: measures, side by side in one run, what checking invariants and the log
 * format cost relative to a bare fold of the same events, then what hostile posts cost the
 * sanitiser relative to an ordinary one, then the square's scroll frames beside an empty page's
 * (bench/squareScroll.ts, also alone as `npm run bench:square`; it needs the built client), then
 * Lighthouse mobile on the public routes (bench/lighthouse.ts, alone as `npm run bench:lighthouse`;
 * skipped without a built client).
 * Reports ratios, never asserts time.
 */
import {
  evolve,
  initialRootState,
  makeHeader,
  parseEventLog,
  replay,
  serializeEventLog,
  stamp,
  tasks,
  type DomainEvent,
  type UnstampedEvent,
} from '../domain/index.js';
import { benchSanitizer } from './sanitize.js';
import { time } from './time.js';

const TASKS = 200;
const REPORTS = 25;

const makeEvents = (): DomainEvent[] => {
  const raw: UnstampedEvent[] = [];
  for (let t = 0; t < TASKS; t++)
    raw.push(
      tasks.taskCreated({
        id: `t${t}`,
        params: { domainType: 0, prompt: `prompt ${t}`, aspectRatio: '1:1', seed: t },
        guest: false,
        estimateMs: 4000,
        createdAt: t,
      }),
    );
  for (let r = 1; r <= REPORTS; r++)
    for (let t = 0; t < TASKS; t++)
      raw.push(
        tasks.progressReported({
          id: `t${t}`,
          code: 2,
          progress: r * 4 - 1,
          statusDesc: '',
          estimateMs: null,
        }),
      );
  for (let t = 0; t < TASKS; t++) raw.push(tasks.taskCompleted({ id: `t${t}`, images: [] }));
  return raw.map((e, i) => stamp(e, i + 1, i));
};

const events = makeEvents();
const log = serializeEventLog({ header: makeHeader(0, 'bench'), events });
const cases: [string, () => void][] = [
  ['fold (root evolve, no checks)', () => void events.reduce(evolve, initialRootState)],
  ['replay (every invariant after every event)', () => void replay(events)],
  ['serialize log (JSON Lines)', () => void serializeEventLog({ header: makeHeader(0, 'bench'), events })],
  ['parse log', () => void parseEventLog(log)],
];
const results = cases.map(([name, fn]) => ({ name, ms: time(fn) }));
const base = results[0]?.ms ?? 1;
console.log(`${events.length} events (${TASKS} tasks x ${REPORTS} reports), median of 5 runs\n`);
for (const r of results)
  console.log(
    `${r.name.padEnd(46)} ${r.ms.toFixed(1).padStart(8)} ms  ${(r.ms / base).toFixed(2).padStart(6)}x  ${Math.round(
      events.length / (r.ms / 1000),
    )
      .toLocaleString('en')
      .padStart(12)} events/s`,
  );

console.log('');
benchSanitizer();

console.log('');
await import('./squareScroll.js');

console.log('');
await import('./lighthouse.js');
