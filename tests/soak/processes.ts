/**
 * Server processes of one platform for the scale-out soak tests (issue 23): each is the server as
 * `npm start` runs it (its bundle: ../support/serverBundle.ts), a child process on its own port, all
 * on one PostgreSQL and one blob store, started one after the other (the first migrates and seeds; the others find it done).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { hashPassword } from '../../server/auth';
import { serverArgs } from '../support/serverBundle';

export interface ServerProcess {
  readonly url: string;
  readonly pid: number;
  readonly child: ChildProcess;
  /** What the process wrote (stdout and stderr), for a failure's message. */
  readonly output: () => string;
  /** SIGKILL: no shutdown, no cleanup, as a crashed machine. */
  readonly kill: () => Promise<void>;
  /** SIGTERM and wait for the exit. */
  readonly stop: () => Promise<void>;
}

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

/** Starts one server process and resolves once it listens (its "is running" line). */
export const startServerProcess = async (env: Record<string, string>): Promise<ServerProcess> => {
  const port = await freePort();
  const child = spawn(process.execPath, serverArgs(), {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      WARM_COVERS: '0',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 120 s:\n${out}`)), 120_000);
    const check = () => {
      if (out.includes('Atelier is running')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening:\n${out}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    child,
    output: () => out,
    kill: async () => {
      child.kill('SIGKILL');
      await exited(child);
    },
    stop: async () => {
      child.kill('SIGTERM');
      await exited(child);
    },
  };
};

/** Members with coins, made straight in the database (as the demo seed would): their ids. */
export const makeMembers = async (databaseUrl: string, prefix: string, n: number, coins: number) => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const hash = await hashPassword(`pw-${prefix}`);
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const id = `${prefix}-${i}`;
      await client.query(
        `INSERT INTO accounts (id, email, password_hash, account_name, name, created_at) VALUES ($1, $2, $3, $1, $1, 0)`,
        [id, `${id}@atelier.test`, hash],
      );
      await client.query(
        `INSERT INTO coin_ledger (account_id, kind, delta, reason, ref, created_at) VALUES ($1, 'paid', $2, 'test', NULL, 0)`,
        [id, coins],
      );
      await client.query(
        'INSERT INTO memberships (account_id, product_level, product_type, expiry_time) VALUES ($1, 3, 1, $2)',
        [id, Date.now() + 86_400_000],
      );
      ids.push(id);
    }
    return { ids, password: `pw-${prefix}` };
  } finally {
    await client.end();
  }
};

export const postJson = async (url: string, body: unknown, headers: Record<string, string> = {}) => {
  const r = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return (await r.json()) as any;
};

export const signIn = async (baseUrl: string, email: string, password: string): Promise<string> => {
  const r = await postJson(`${baseUrl}/api/v1/account/login`, { email, password });
  if (r?.status?.code !== 10000) throw new Error(`login failed: ${JSON.stringify(r)}`);
  return r.data.token as string;
};

/** HAProxy's counters of one server line of the `app` backend. */
export interface ServerCounters {
  /** Bytes from clients through HAProxy to the process. */
  readonly bytesIn: number;
  readonly responses2xx: number;
}

export interface LoadBalancer {
  readonly url: string;
  /** The `app` backend's counters per server line (`a`, `b`), from HAProxy's own CSV. */
  readonly counters: () => Promise<Readonly<Record<string, ServerCounters>>>;
  readonly stop: () => Promise<void>;
}

/**
 * HAProxy (Debian's package) with the repository's config, deploy/haproxy.cfg, in front of two
 * processes (the same one twice stands for a platform of one process). Missing HAProxy is an
 * error with the command that installs it, never a skip.
 */
export const startHaproxy = async (appA: string, appB: string): Promise<LoadBalancer> => {
  const bin = ['/usr/sbin/haproxy', '/usr/local/sbin/haproxy'].find((p) => existsSync(p));
  if (!bin) throw new Error('HAProxy is not installed: apt-get install -y haproxy');
  const port = await freePort();
  const statsPort = await freePort();
  const hostPort = (url: string) => new URL(url).host;
  const child = spawn(bin, ['-db', '-f', path.join('deploy', 'haproxy.cfg')], {
    env: {
      ...process.env,
      LB_BIND: `127.0.0.1:${port}`,
      LB_STATS_BIND: `127.0.0.1:${statsPort}`,
      APP_A: hostPort(appA),
      APP_B: hostPort(appB),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`haproxy exited:\n${out}`);
    const up = await fetch(`${url}/healthz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (up) break;
    if (Date.now() > deadline) throw new Error(`haproxy did not answer:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const counters = async (): Promise<Record<string, ServerCounters>> => {
    const csv = await (await fetch(`http://127.0.0.1:${statsPort}/stats;csv`)).text();
    const [head, ...lines] = csv.trim().split('\n');
    const names = head!.replace(/^# /, '').split(',');
    const col = (row: string[], name: string) => Number(row[names.indexOf(name)] ?? 0);
    const out: Record<string, ServerCounters> = {};
    for (const line of lines) {
      const row = line.split(',');
      if (row[0] !== 'app' || row[1] === 'BACKEND' || row[1] === 'FRONTEND') continue;
      out[row[1]!] = { bytesIn: col(row, 'bin'), responses2xx: col(row, 'hrsp_2xx') };
    }
    return out;
  };
  return {
    url,
    counters,
    stop: async () => {
      child.kill('SIGTERM');
      await exited(child);
    },
  };
};
