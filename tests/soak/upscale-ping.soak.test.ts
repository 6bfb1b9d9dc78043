/**
 * Issue 13: while an ultra-HD upscale renders 3072x3072 (sharp in libvips threads, the simulated
 * effects in the engine pool), the event loop still answers /api/v1/ping quickly. A soak test:
 * run one file at a time (tests/soak/vitest.config.ts), so no other test's load is measured.
 */
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageTasks } from '../support/imageTasks';
import { startTestServer, type TestServer } from '../support/server';

let s: TestServer;
let t: ReturnType<typeof imageTasks>;

beforeAll(async () => {
  s = await startTestServer({}, false);
  t = imageTasks(s);
  await t.signIn('upscale-pro', 100_000);
});
afterAll(() => s.stop());

describe('issue 13: no pixel work blocks the event loop', () => {
  it('answers /api/v1/ping within 50 ms (p99) while an ultra-HD upscale renders 3072x3072', async () => {
    const url = await t.upload(await t.picture(768, 768), 'image/png', 'png');
    const r = await t.create({ domain_type: 15, input_url: url });
    expect(t.code(r), JSON.stringify(r.json)).toBe(10000);
    const id = r.json.data.item.id as string;
    let done = false;
    const started = performance.now();
    const rendering = t.finish().finally(() => {
      done = true;
    });
    const times: number[] = [];
    const offsets: number[] = [];
    while (!done) {
      const t0 = performance.now();
      offsets.push(t0 - started);
      const pong = await s.post('/api/v1/ping', { action: 'heartbeat' }, { 'x-device-id': 'sharp-pinger' });
      times.push(performance.now() - t0);
      expect(t.code(pong)).toBe(10000);
    }
    await rendering;
    const renderMs = performance.now() - started;
    const sorted = [...times].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
    const fmt = (v: number) => v.toFixed(1);
    console.log(
      `ultra-HD 3072x3072 render ${fmt(renderMs)} ms; ${times.length} pings: p50 ${fmt(at(0.5))} ms, p99 ${fmt(
        at(0.99),
      )} ms, max ${fmt(sorted[sorted.length - 1]!)} ms`,
    );
    const worst = times
      .map((t, i) => [t, offsets[i]!] as const)
      .sort((a, b) => b[0] - a[0])
      .slice(0, 5);
    console.log(`slowest pings (ms, at ms): ${worst.map(([t, at]) => `${fmt(t)}@${fmt(at)}`).join(' ')}`);
    expect(await t.outputOf(id)).toMatchObject({ format: 'png', width: 3072, height: 3072 });
    expect(times.length).toBeGreaterThan(5);
    // p99, not max: on the shared 2-core machine (load average about 4) single pings still land
    // behind other processes, mostly while the pool's worker thread starts; the max is printed above.
    expect(at(0.99)).toBeLessThan(50);
  }, 120_000);
});
