/** Latency figures and bounded load loops for the soak tests (loopback only). */
import { serverArgs } from '../support/serverBundle';

export interface Figures {
  readonly requests: number;
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
  readonly timeouts: number;
}

export const figuresOf = (latencies: readonly number[], timeouts = 0): Figures => {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return {
    requests: sorted.length + timeouts,
    p50: Math.round(at(0.5)),
    p99: Math.round(at(0.99)),
    max: Math.round(sorted[sorted.length - 1] ?? 0),
    timeouts,
  };
};

export const show = (label: string, f: Figures): string =>
  `${label}: ${f.requests} requests, p50 ${f.p50} ms, p99 ${f.p99} ms, max ${f.max} ms, ${f.timeouts} timeouts`;

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One timed POST; `null` when it took longer than `timeoutMs` (then aborted) or failed. */
export const timedPost = async (
  url: string,
  body: unknown,
  headers: Record<string, string>,
  timeoutMs = 5_000,
): Promise<{ ms: number; status: number; json: unknown } | null> => {
  const started = performance.now();
  try {
    const r = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const json: unknown = await r.json().catch(() => null);
    return { ms: performance.now() - started, status: r.status, json };
  } catch {
    return null;
  }
};

/**
 * Sequential pings every `everyMs` until `stop()` resolves; returns every ping's latency.
 * Each ping is awaited before the next one is sent, so a stalled event loop shows as one long ping.
 */
export const pingWhile = async (
  baseUrl: string,
  until: Promise<unknown>,
  everyMs = 20,
): Promise<{ latencies: number[]; timeouts: number }> => {
  let done = false;
  void until.finally(() => {
    done = true;
  });
  const latencies: number[] = [];
  let timeouts = 0;
  const deadline = Date.now() + 90_000;
  while (!done && Date.now() < deadline) {
    const r = await timedPost(
      `${baseUrl}/api/v1/ping`,
      { action: 'heartbeat' },
      { 'x-device-id': 'soak-pinger' },
    );
    if (r === null || r.status !== 200) timeouts += 1;
    else latencies.push(r.ms);
    await sleep(everyMs);
  }
  return { latencies, timeouts };
};

/**
 * The server as `npm start` runs it (its bundle: ../support/serverBundle.ts), in a process of its
 * own: the load clients and the pinger of a test do not share its event loop. Embedded PGlite in a
 * temp dir; `stop()` ends the process and removes the dir.
 */
export const startServerProcess = async (
  env: Record<string, string> = {},
): Promise<{ baseUrl: string; stop: () => Promise<void> }> => {
  const { spawn } = await import('node:child_process');
  const { mkdtemp, rm } = await import('node:fs/promises');
  const { createServer } = await import('node:net');
  const os = await import('node:os');
  const path = await import('node:path');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'atelier-soak-'));
  const port = await new Promise<number>((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port: p } = srv.address() as { port: number };
      srv.close(() => resolve(p));
    });
  });
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ...env,
  };
  delete childEnv.DATABASE_URL;
  delete childEnv.NODE_OPTIONS;
  delete childEnv.VITEST;
  const child = spawn(process.execPath, serverArgs(), {
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const until = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited: ${output}`);
    if (output.includes('Atelier is running')) break;
    if (Date.now() > until) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start in 60 s: ${output}`);
    }
    await sleep(100);
  }
  return {
    baseUrl,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(killer);
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
};
