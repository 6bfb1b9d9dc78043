import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { billing, makeHeader, serializeEventLog, stamp, tasks } from '../../domain/index.js';

const run = promisify(execFile);
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'atelier-replay-'));
});

const cli = async (...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> => {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'scripts/replay.ts', ...args]);
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
};

const write = async (name: string, text: string) => {
  const file = path.join(dir, name);
  await writeFile(file, text);
  return file;
};

const good = [
  tasks.taskCreated({
    id: 't1',
    params: { domainType: 0, prompt: 'harbour', aspectRatio: '1:1', seed: 1 },
    guest: true,
    estimateMs: null,
    createdAt: 0,
  }),
  tasks.progressReported({ id: 't1', code: 2, progress: 40, statusDesc: '', estimateMs: null }),
  tasks.taskCompleted({ id: 't1', images: [] }),
].map((e, i) => stamp(e, i + 1, i));

describe('npm run replay (DESIGN.md "the event log and replay")', () => {
  it('summarises the final state, gives the same digest twice, and can stop at event N', async () => {
    const file = await write(
      'good.jsonl',
      serializeEventLog({ header: makeHeader(0, 'test'), events: good }),
    );
    const a = await cli(file);
    const b = await cli(file);
    expect(a.code).toBe(0);
    expect(a.stdout).toMatch(/t1\s+completed\s+100%/);
    const digest = (s: string) => /sha256:([0-9a-f]{64})/.exec(s)?.[1];
    expect(digest(a.stdout)).toBe(digest(b.stdout));
    const at2 = await cli(file, '--at', '2');
    expect(at2.stdout).toMatch(/t1\s+inProgress\s+40%/);
  }, 60_000);

  it('exits 1 naming the first event that breaks an invariant', async () => {
    const bad = stamp(
      billing.paymentInfoReceived({
        info: {
          accountId: 'u',
          calculateCoins: -1,
          freeCoins: -1,
          tempCoins: 0,
          paidCoins: 0,
          isActive: false,
          liteIsActive: false,
          productLevel: 0,
          productType: 0,
          vipType: '',
          expiryTime: null,
        },
      }),
      4,
      9,
    );
    const file = await write(
      'bad.jsonl',
      serializeEventLog({ header: makeHeader(0, 'test'), events: [...good, bad] }),
    );
    const r = await cli(file);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      'invariant billing.coinsNeverNegative broken by event #4 (seq 4, billing/paymentInfoReceived)',
    );
  }, 60_000);

  it('exits 2 on an unreadable log, naming the line', async () => {
    const file = await write('broken.jsonl', `${JSON.stringify(makeHeader(0, 't'))}\nnot json\n`);
    const r = await cli(file);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/broken\.jsonl:2: not JSON/);
  }, 60_000);
});
