/**
 * `npm run replay -- <log.jsonl> [--check] [--at N] [--bisect] [--diff N M] [--json] [--to-test out.test.ts]`
 *
 * Folds an exported event log (any version this code reads: older ones are upcast, newer ones
 * refused) through the domain reducers, from its snapshot when it has one, and prints a summary of
 * the final state (or of the state after event N) with its digest.
 * - `--check`: every invariant after every event (at the cost of reading: `replay`).
 *   `--check-everything` checks every invariant over the whole state after every event instead
 *   (`replayCheckingEverything`: the plain definition, far slower; the same answer unless a reducer
 *   breaks the contract an incremental check relies on, see domain/kernel/invariant.ts).
 * - `--bisect`: the first event after which an invariant fails, the states before and after it
 *   (the contexts it changed) and the diff.
 * - `--diff N M`: what changed between the states after events N and M (0: where the log starts).
 * - `--to-test out.test.ts`: a vitest regression test from the smallest prefix that still fails.
 * - `--json`: one JSON object on stdout (`applied`, `violation`, `digest`, `state`, ...).
 * Exit codes: 0 ok, 1 an invariant is broken, 2 the log cannot be read or is refused (or bad usage).
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import * as E from 'fp-ts/Either';
import {
  bisectLog,
  canonicalJson,
  diffBetween,
  failingPrefix,
  fold,
  isAppEventType,
  logStartState,
  parseEventLog,
  replayCheckingEverything,
  replayLog,
  type Change,
  type EventLog,
  type ReplayViolation,
  type RootState,
} from '../domain/index.js';
import { summarise } from './replay-summary';
import { writeRegressionTest } from './replay-to-test';

const usage =
  'usage: npm run replay -- <log.jsonl> [--check | --check-everything] [--at N] [--bisect] [--diff N M] [--json] [--to-test out.test.ts]';

interface Options {
  readonly file: string;
  readonly check: boolean;
  readonly everything: boolean;
  readonly at: number | undefined;
  readonly bisect: boolean;
  readonly diff: readonly [number, number] | undefined;
  readonly json: boolean;
  readonly toTest: string | undefined;
}

const isCount = (n: number) => Number.isInteger(n) && n >= 0;

const parseArgs = (argv: readonly string[]): Options | string => {
  let file: string | undefined;
  let at: number | undefined;
  let diff: [number, number] | undefined;
  let toTest: string | undefined;
  const flags = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === '--at') {
      at = Number(argv[++i]);
      if (!isCount(at)) return '--at takes an event count N >= 0';
    } else if (a === '--diff') {
      diff = [Number(argv[++i]), Number(argv[++i])];
      if (!diff.every(isCount)) return '--diff takes two event counts N M >= 0';
    } else if (a === '--to-test') {
      toTest = argv[++i];
      if (toTest === undefined || toTest.startsWith('--')) return '--to-test takes the test file to write';
    } else if (['--check', '--check-everything', '--bisect', '--json'].includes(a)) flags.add(a);
    else if (a.startsWith('--')) return `unknown option ${a}`;
    else if (file === undefined) file = a;
    else return `one log at a time (${file}, ${a})`;
  }
  if (file === undefined) return 'which log?';
  return {
    file,
    check: flags.has('--check') || flags.has('--check-everything'),
    everything: flags.has('--check-everything'),
    at,
    bisect: flags.has('--bisect'),
    diff,
    json: flags.has('--json'),
    toTest,
  };
};

const digestOf = (state: RootState) => createHash('sha256').update(canonicalJson(state)).digest('hex');

const short = (value: unknown, max = 160): string => {
  const text = value === undefined ? '(none)' : JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
};

const changeLine = (c: Change): string =>
  c.kind === 'added'
    ? `  + ${c.path}: ${short(c.after)}`
    : c.kind === 'removed'
      ? `  - ${c.path}: ${short(c.before)}`
      : `  ~ ${c.path}: ${short(c.before)} -> ${short(c.after)}`;

const violationLine = (v: ReplayViolation) =>
  `invariant ${v.invariant} broken by event #${v.index + 1} (seq ${v.event.meta.seq}, ${v.event.type}): ${v.message}`;

const describeLog = (file: string, log: EventLog): string => {
  const unknown = log.events.filter((e) => !isAppEventType(e.type)).length;
  const parts = [
    log.header.source,
    `${log.events.length} events`,
    ...(log.writtenVersion === undefined
      ? []
      : [`version ${log.writtenVersion} upcast to ${log.header.version}`]),
    ...(log.snapshot ? [`from a snapshot after seq ${log.snapshot.seq}`] : []),
    ...(unknown ? [`${unknown} of unknown type ignored`] : []),
  ];
  return `log: ${file} (${parts.join(', ')})`;
};

/** Prints a context's state, whole when it is short enough to read. */
const printContexts = (label: string, state: RootState, names: readonly string[]) => {
  for (const name of names) {
    const text = JSON.stringify(state[name as keyof RootState], null, 2);
    console.log(`${label} ${name}:`);
    console.log(
      text.length <= 20_000
        ? text
        : `${text.slice(0, 20_000)}\n… (${text.length} characters; --json prints it whole)`,
    );
  }
};

const bisect = (o: Options, log: EventLog): number => {
  const b = bisectLog(log);
  if (o.json) {
    console.log(
      JSON.stringify(
        b === null
          ? { violation: null, bisect: null }
          : {
              violation: b.violation,
              bisect: {
                index: b.violation.index,
                event: b.violation.event,
                invariant: b.violation.invariant,
                message: b.violation.message,
                reads: b.reads,
                brokenBefore: b.brokenBefore,
                changedContexts: b.changedContexts,
                before: Object.fromEntries(b.changedContexts.map((c) => [c, b.before[c]])),
                after: Object.fromEntries(b.changedContexts.map((c) => [c, b.after[c]])),
                diff: b.diff.changes,
                diffTruncated: b.diff.truncated,
              },
            },
      ),
    );
  } else if (b === null) console.log(`${describeLog(o.file, log)}\nno invariant breaks: nothing to bisect`);
  else {
    const v = b.violation;
    console.log(describeLog(o.file, log));
    console.log(
      `first failing event: #${v.index + 1} of ${log.events.length} (seq ${v.event.meta.seq}, at ${new Date(v.event.meta.at).toISOString()})`,
    );
    console.log(`  ${JSON.stringify(v.event)}`);
    console.log(`invariant: ${v.invariant} (reads ${b.reads.join(', ')})`);
    console.log(`message: ${v.message}`);
    if (b.brokenBefore)
      console.log(
        'note: the state before this event already breaks it (the log starts from a broken snapshot)',
      );
    console.log(`changed contexts: ${b.changedContexts.length ? b.changedContexts.join(', ') : '(none)'}`);
    console.log(`diff (${b.diff.changes.length}${b.diff.truncated ? '+, cut' : ''} changes):`);
    for (const c of b.diff.changes) console.log(changeLine(c));
    printContexts('before', b.before, b.changedContexts);
    printContexts('after', b.after, b.changedContexts);
  }
  if (b === null) return 0;
  console.error(violationLine(b.violation));
  return 1;
};

const diff = (o: Options, log: EventLog, [n, m]: readonly [number, number]): number => {
  const count = log.events.length;
  if (n > count || m > count) {
    console.error(`the log has ${count} events: --diff ${n} ${m} is past its end`);
    return 2;
  }
  const d = diffBetween(log, n, m, { limit: 10_000 });
  if (o.json) console.log(JSON.stringify({ from: n, to: m, diff: d.changes, truncated: d.truncated }));
  else {
    console.log(describeLog(o.file, log));
    console.log(
      `from the state after event ${n} to the state after event ${m}: ${d.changes.length}${d.truncated ? '+' : ''} changes`,
    );
    for (const c of d.changes) console.log(changeLine(c));
  }
  return 0;
};

const toTest = async (o: Options, log: EventLog, out: string): Promise<number> => {
  const prefix = failingPrefix(log);
  if (prefix === null) {
    console.log(`${describeLog(o.file, log)}\nno invariant breaks: no regression test to write`);
    return 0;
  }
  const written = await writeRegressionTest(out, o.file, prefix);
  const v = prefix.violation;
  const kept = prefix.reduced
    ? `${prefix.log.events.length} events of the contexts the invariant reads, of the first ${prefix.spans}`
    : `the first ${prefix.spans} events`;
  if (o.json)
    console.log(
      JSON.stringify({
        violation: v,
        test: written.test,
        events: written.events,
        kept: prefix.log.events.length,
        spans: prefix.spans,
      }),
    );
  else {
    console.log(`wrote ${written.test} and ${written.events} (${kept})`);
    const rel = path.relative(process.cwd(), path.resolve(written.test)).split(path.sep).join('/');
    console.log(
      rel.startsWith('tests/')
        ? `run it: npx vitest run ${rel}  (it fails until the bug is fixed)`
        : `move both under tests/ to run them with the suite (it collects tests/**/*.test.ts); the test fails until the bug is fixed`,
    );
  }
  console.error(violationLine(v));
  return 1;
};

const main = async (argv: readonly string[]): Promise<number> => {
  const o = parseArgs(argv);
  if (typeof o === 'string') {
    console.error(`${o}\n${usage}`);
    return 2;
  }
  const text = await readFile(o.file, 'utf8').catch((err: unknown) => {
    console.error(`cannot read ${o.file}: ${err instanceof Error ? err.message : String(err)}`);
    return null;
  });
  if (text === null) return 2;
  const parsed = parseEventLog(text);
  if (E.isLeft(parsed)) {
    console.error(`${o.file}:${parsed.left.line}: ${parsed.left.message}`);
    return 2;
  }
  const log = parsed.right;
  if (o.at !== undefined && o.at > log.events.length) {
    console.error(`the log has ${log.events.length} events: --at ${o.at} is past its end`);
    return 2;
  }
  if (o.bisect) return bisect(o, log);
  if (o.diff !== undefined) return diff(o, log, o.diff);
  if (o.toTest !== undefined) return toTest(o, log, o.toTest);

  const options = o.at === undefined ? {} : { upTo: o.at };
  const result = o.everything
    ? replayCheckingEverything(log.events, options, logStartState(log))
    : o.check
      ? replayLog(log, options)
      : {
          state: fold(log.events, options, logStartState(log)),
          applied: Math.min(o.at ?? Infinity, log.events.length),
          violation: null,
        };
  const digest = digestOf(result.state);
  if (o.json)
    console.log(
      JSON.stringify({
        applied: result.applied,
        checked: o.check,
        violation: result.violation,
        digest,
        version: log.header.version,
        ...(log.writtenVersion === undefined ? {} : { writtenVersion: log.writtenVersion }),
        ...(log.snapshot ? { snapshotSeq: log.snapshot.seq } : {}),
        state: result.state,
      }),
    );
  else {
    console.log(describeLog(o.file, log));
    console.log(
      `applied: ${result.applied}${o.at !== undefined ? ` (stopped at --at ${o.at})` : ''}${o.everything ? ', every invariant checked over the whole state' : o.check ? ', every invariant checked' : ' (no invariant checked: --check)'}`,
    );
    for (const line of summarise(result.state)) console.log(line);
    console.log(`state digest: sha256:${digest}`);
  }
  if (result.violation) {
    console.error(violationLine(result.violation));
    return 1;
  }
  return 0;
};

process.exitCode = await main(process.argv.slice(2));
