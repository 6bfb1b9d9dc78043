/**
 * Starts the real reference server on a loopback port for one test file, over one shared
 * embedded database (PGlite takes ~3 s and ~800 MB to open: one per file, never one per test).
 * `DATABASE_URL` in the environment switches the same tests to a real PostgreSQL.
 */
import { buildServer, type BuildOptions, type Server } from '../../server/app';
import { readConfig, type ServerConfig } from '../../server/config';
import { copyDatabase, removeDataDir, seededDataDir } from './seeded';

/** Loosely typed JSON for assertions on raw responses (tests read paths they just asserted). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export interface TestServer {
  readonly server: Server;
  readonly baseUrl: string;
  readonly config: ServerConfig;
  readonly post: (
    path: string,
    body: unknown,
    headers?: Record<string, string>,
  ) => Promise<{ status: number; json: Json; headers: Headers }>;
  readonly get: (path: string) => Promise<Response>;
  readonly login: (email?: string, password?: string) => Promise<string>;
  readonly stop: () => Promise<void>;
}

export const startTestServer = async (
  overrides: Partial<ServerConfig> = {},
  runEngines = true,
  /** More of buildServer's options (a blob store, a request log); the database is always the file's own. */
  build: Omit<BuildOptions, 'db' | 'runEngines'> = {},
): Promise<TestServer> => {
  // A copy of the run's seeded data (seeded.ts): with DATABASE_URL (the PostgreSQL pass of
  // `npm test`) a database of the file's own, copied from the seeded template and dropped after,
  // so files can run in parallel and assume the seeded start.
  const dataDir = await seededDataDir('atelier-test-');
  // Existing suites create many guest tasks from one loopback address: the captcha allowance and
  // the per-address rate limit are lifted here and tested with their real values in security.test.ts.
  const base = readConfig({
    ...process.env,
    DATA_DIR: dataDir,
    TASK_DURATION_MS: '1500',
    GUEST_FREE_TASKS: '100000',
    GUEST_CREATES_PER_MINUTE: '100000',
  });
  const database = base.databaseUrl ? await copyDatabase(base.databaseUrl) : null;
  const config: ServerConfig = {
    ...base,
    databaseUrl: database?.url ?? null,
    port: 0,
    host: '127.0.0.1',
    ...overrides,
  };
  const server = await buildServer(config, { ...build, runEngines });
  const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
  const post: TestServer['post'] = async (p, body, headers = {}) => {
    const r = await fetch(address + p, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-device-id': 'test-device-1', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await r.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = text;
    }
    return { status: r.status, json, headers: r.headers };
  };
  return {
    server,
    baseUrl: address,
    config,
    post,
    get: (p) => fetch(address + p),
    login: async (email = 'demo@atelier.test', password = 'atelier-demo') => {
      const r = await post('/api/v1/account/login', { email, password });
      if (r.json?.status?.code !== 10000) throw new Error(`login failed: ${JSON.stringify(r.json)}`);
      return r.json.data.token as string;
    },
    stop: async () => {
      // The server first: close() ends the tick in flight, the engine pool and every pool
      // connection (it waits until each socket has closed), so DROP DATABASE ... WITH (FORCE)
      // finds no session of ours to terminate (57P01 on a closing client was an unhandled error).
      await server.close();
      await database?.drop();
      await removeDataDir(dataDir);
    },
  };
};

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `probe` until it returns a value, or fails after `timeoutMs`. */
export const eventually = async <A>(
  probe: () => Promise<A | undefined>,
  timeoutMs = 15_000,
  everyMs = 200,
): Promise<A> => {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error('eventually: timed out');
    await sleep(everyMs);
  }
};
