/**
 * `npm run replay` (issue 24 "The tools"): the fold and its summary, `--check`, `--at`, `--bisect`,
 * `--diff`, `--json`, `--to-test`, log versions; exit codes 0 ok, 1 violation, 2 unreadable/refused.
 * Each case runs the CLI in a child process, as an auditor would.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  billing,
  fold,
  makeHeader,
  popups,
  serializeEventLog,
  stamp,
  tasks,
  type DomainEvent,
  type UnstampedEvent,
} from '../../domain/index.js';
import { ornament, paymentInfo } from '../support/fixtures';

const run = promisify(execFile);
let dir: string;
/** Generated tests live under the repository (their import of the domain is relative), in .tmp/. */
let inRepo: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'atelier-replay-'));
  await mkdir('.tmp', { recursive: true });
  inRepo = await mkdtemp(path.join('.tmp', 'replay-to-test-'));
});
afterAll(async () => {
  await rm(inRepo, { recursive: true, force: true });
});

interface Ran {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

const exec = async (file: string, args: readonly string[]): Promise<Ran> => {
  try {
    const { stdout, stderr } = await run(file, args, { maxBuffer: 64 * 2 ** 20 });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
};
const cli = (...args: string[]) => exec(process.execPath, ['--import', 'tsx', 'scripts/replay.ts', ...args]);

const write = async (name: string, text: string) => {
  const file = path.join(dir, name);
  await writeFile(file, text);
  return file;
};

const stampAll = (events: readonly UnstampedEvent[]): DomainEvent[] =>
  events.map((e, i) => stamp(e, i + 1, i));

const good = stampAll([
  tasks.taskCreated({
    id: 't1',
    params: { domainType: 0, prompt: 'harbour', aspectRatio: '1:1', seed: 1 },
    guest: true,
    estimateMs: null,
    createdAt: 0,
  }),
  tasks.progressReported({ id: 't1', code: 2, progress: 40, statusDesc: '', estimateMs: null }),
  tasks.taskCompleted({ id: 't1', images: [] }),
]);

/** Coins below zero, sent by the server at event #5; more events follow. */
const coinsEvents = (bad: number) =>
  stampAll([
    billing.paymentInfoReceived({ info: paymentInfo(40) }),
    tasks.taskCreated({
      id: 't1',
      params: { domainType: 0, prompt: 'harbour', aspectRatio: '1:1', seed: 1 },
      guest: false,
      estimateMs: null,
      createdAt: 0,
    }),
    billing.paymentInfoReceived({ info: paymentInfo(30) }),
    popups.pageVisited({ route: 'queue' }),
    billing.paymentInfoReceived({ info: paymentInfo(bad) }),
    tasks.progressReported({ id: 't1', code: 2, progress: 60, statusDesc: '', estimateMs: null }),
  ]);
const coinsLog = serializeEventLog({ header: makeHeader(0, 'test'), events: coinsEvents(-10) });

const digest = (s: string) => /sha256:([0-9a-f]{64})/.exec(s)?.[1];

describe('npm run replay: the fold, --check, --at, --json', () => {
  it('summarises the final state, gives the same digest twice, and can stop at event N', async () => {
    const file = await write(
      'good.jsonl',
      serializeEventLog({ header: makeHeader(0, 'test'), events: good }),
    );
    const a = await cli(file);
    const b = await cli(file, '--check');
    expect(a.code).toBe(0);
    expect(a.stdout).toMatch(/t1\s+completed\s+100%/);
    expect(a.stdout).toContain('no invariant checked');
    expect(b.stdout).toContain('every invariant checked');
    expect(digest(a.stdout)).toBe(digest(b.stdout));
    const at2 = await cli(file, '--at', '2');
    expect(at2.stdout).toMatch(/t1\s+inProgress\s+40%/);
    expect((await cli(file, '--at', '9')).code).toBe(2);
  }, 60_000);

  it('--check exits 1 naming the first event that breaks an invariant; without it, the fold only', async () => {
    const file = await write('coins.jsonl', coinsLog);
    const checked = await cli(file, '--check');
    expect(checked.code).toBe(1);
    expect(checked.stderr).toContain(
      'invariant billing.coinsNeverNegative broken by event #5 (seq 5, billing/paymentInfoReceived): calculateCoins is -10',
    );
    const everything = await cli(file, '--check-everything');
    expect(everything.code).toBe(1);
    expect(everything.stderr).toBe(checked.stderr);
    expect((await cli(file)).code).toBe(0);
  }, 60_000);

  it('--json keeps applied, violation, digest and state', async () => {
    const file = await write('coins-json.jsonl', coinsLog);
    const r = await cli(file, '--check', '--json');
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout) as {
      applied: number;
      checked: boolean;
      violation: { index: number; invariant: string };
      digest: string;
      state: { billing: unknown };
    };
    expect(out).toMatchObject({
      applied: 4,
      checked: true,
      violation: { index: 4, invariant: 'billing.coinsNeverNegative' },
    });
    expect(out.digest).toMatch(/^[0-9a-f]{64}$/);
    expect(out.state.billing).toEqual(JSON.parse(JSON.stringify(fold(coinsEvents(-10).slice(0, 4)).billing)));
  }, 60_000);

  it('exits 2 on an unreadable log, naming the line', async () => {
    const file = await write('broken.jsonl', `${JSON.stringify(makeHeader(0, 't'))}\nnot json\n`);
    const r = await cli(file);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/broken\.jsonl:2: not JSON/);
    expect((await cli(file, '--nonsense')).code).toBe(2);
  }, 60_000);
});

describe('npm run replay: versions', () => {
  it('the v1 fixture upcasts and replays with every invariant', async () => {
    const r = await cli('tests/fixtures/event-log-v1.jsonl', '--check');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('34 events, version 1 upcast to 2');
    expect(r.stdout).toMatch(/completed\s+100%/);
  }, 60_000);

  it('a log of a newer version is refused with both versions named', async () => {
    const v1 = await readFile('tests/fixtures/event-log-v1.jsonl', 'utf8');
    const file = await write('v3.jsonl', v1.replace('"version":1', '"version":3'));
    const r = await cli(file, '--check');
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('v3.jsonl:1: log version 3 is newer than this replay understands (2)');
  }, 60_000);
});

describe('npm run replay: --bisect and --diff', () => {
  it('--bisect names the first failing event, the contexts it changed, the diff and the states around it', async () => {
    const file = await write('coins-bisect.jsonl', coinsLog);
    const r = await cli(file, '--bisect');
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('first failing event: #5 of 6 (seq 5');
    expect(r.stdout).toContain('invariant: billing.coinsNeverNegative (reads billing)');
    expect(r.stdout).toContain('changed contexts: billing');
    expect(r.stdout).toContain('  ~ billing.paymentInfo.freeCoins: 30 -> -10');
    expect(r.stdout).toMatch(/before billing:\n\{/);
    expect(r.stdout).toMatch(/after billing:\n\{/);
    const j = JSON.parse((await cli(file, '--bisect', '--json')).stdout) as {
      bisect: {
        index: number;
        changedContexts: string[];
        before: { billing: unknown };
        after: { billing: unknown };
        diff: unknown[];
      };
    };
    expect(j.bisect).toMatchObject({ index: 4, changedContexts: ['billing'] });
    expect(j.bisect.diff).toContainEqual({
      path: 'billing.paymentInfo.freeCoins',
      kind: 'changed',
      before: 30,
      after: -10,
    });
  }, 60_000);

  it('a log whose snapshot already wears two avatar boxes is bisected to its first event, and says so', async () => {
    const start = fold(good.slice(0, 1));
    const snapshot = {
      ...start,
      decorations: {
        ...start.decorations,
        ornaments: { ring: ornament('ring', 'avatarBox', true), gold: ornament('gold', 'avatarBox', true) },
      },
    };
    const file = await write(
      'avatar.jsonl',
      serializeEventLog({
        header: makeHeader(0, 'test'),
        snapshot: { state: snapshot, seq: 1 },
        events: good.slice(1),
      }),
    );
    const r = await cli(file, '--bisect');
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('from a snapshot after seq 1');
    expect(r.stdout).toContain('first failing event: #1 of 2 (seq 2');
    expect(r.stdout).toContain('invariant: decorations.atMostOneAvatarBoxWorn');
    expect(r.stdout).toContain('the state before this event already breaks it');
  }, 60_000);

  it('--diff N M lists the paths that changed between the states after events N and M', async () => {
    const file = await write('diff.jsonl', coinsLog);
    const r = await cli(file, '--diff', '2', '4');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('from the state after event 2 to the state after event 4');
    expect(r.stdout).toContain('  ~ billing.paymentInfo.freeCoins: 40 -> 30');
    expect(r.stdout).toContain('  ~ popups.visitRoute: null -> "queue"');
    const j = JSON.parse((await cli(file, '--diff', '4', '2', '--json')).stdout) as { diff: unknown[] };
    expect(j.diff).toContainEqual({
      path: 'billing.paymentInfo.freeCoins',
      kind: 'changed',
      before: 30,
      after: 40,
    });
    expect((await cli(file, '--diff', '2', '99')).code).toBe(2);
  }, 60_000);
});

describe('npm run replay: --to-test', () => {
  /** Runs a generated test with vitest (the project's config only collects tests/). */
  const vitest = async (testDir: string, name: string) => {
    await writeFile(
      path.join(testDir, 'vitest.config.mjs'),
      "export default { test: { include: ['*.test.ts'] } };\n",
    );
    return exec(process.execPath, [
      path.resolve('node_modules/vitest/vitest.mjs'),
      'run',
      '--root',
      testDir,
      '--config',
      'vitest.config.mjs',
      name,
    ]);
  };

  it('writes a test from the smallest failing prefix that fails today and passes once the log is fixed', async () => {
    const file = await write('coins-to-test.jsonl', coinsLog);
    const out = path.join(inRepo, 'coins.test.ts');
    const r = await cli(file, '--to-test', out);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('3 events of the contexts the invariant reads, of the first 5');
    const events = path.join(inRepo, 'coins.events.jsonl');
    const prefix = (await readFile(events, 'utf8')).trim().split('\n');
    expect(prefix).toHaveLength(4); // the header and the three billing events up to #5
    expect(await readFile(out, 'utf8')).toContain('billing.coinsNeverNegative at event #5 (seq 5');

    const failing = await vitest(inRepo, 'coins.test.ts');
    expect(failing.code).not.toBe(0);
    expect(failing.stdout + failing.stderr).toContain('calculateCoins is -10');

    // The server fixed: the same test passes over the same events with the coins it should have sent.
    await writeFile(events, (await readFile(events, 'utf8')).replaceAll('-10', '10'));
    const passing = await vitest(inRepo, 'coins.test.ts');
    expect(passing.stdout + passing.stderr).toContain('1 passed');
    expect(passing.code).toBe(0);
  }, 120_000);

  it('writes nothing for a log that breaks nothing', async () => {
    const file = await write(
      'good-to-test.jsonl',
      serializeEventLog({ header: makeHeader(0, 'test'), events: good }),
    );
    const r = await cli(file, '--to-test', path.join(inRepo, 'nothing.test.ts'));
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('no invariant breaks');
    await expect(readFile(path.join(inRepo, 'nothing.test.ts'))).rejects.toThrow();
  }, 60_000);
});
