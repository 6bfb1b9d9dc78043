/**
 * Several reference servers on ONE database, as several processes behind a load balancer would be
 * (issue 23): the run's seeded copy (PGlite, or on the PostgreSQL pass a database of the file's
 * own), opened once per test file and given to every `buildServer(config, { db })`. The servers
 * share the data directory (so the signing secret) and one clock: real time plus an offset the
 * test moves forward, so windows and leases are passed in virtual time.
 *
 * Requests go through node:http so a test can choose the client address they come from (any
 * 127.x.y.z is loopback): limits kept per address do not leak from one test into the next.
 */
import { request } from 'node:http';
import { buildServer, openDatabase, type Server } from '../../server/app';
import { readConfig, type ServerConfig } from '../../server/config';
import type { Database } from '../../server/db/database';
import { copyDatabase, removeDataDir, seededDataDir } from './seeded';
import type { Json } from './server';

export interface Reply {
  readonly status: number;
  readonly json: Json;
  readonly headers: Record<string, string | string[] | undefined>;
}

export interface PeerServer {
  readonly server: Server;
  readonly baseUrl: string;
  /** POSTs JSON from the loopback address `from` (127.0.0.1 unless given). */
  readonly post: (
    path: string,
    body: unknown,
    headers?: Record<string, string>,
    from?: string,
  ) => Promise<Reply>;
  /** Closes this server only (the database stays open for the others); once. */
  readonly close: () => Promise<void>;
}

export interface VirtualClock {
  readonly now: () => number;
  /** Moves every server's time forward by `ms`. */
  readonly advance: (ms: number) => void;
}

export interface ServerPeers {
  readonly db: Database;
  readonly config: ServerConfig;
  readonly clock: VirtualClock;
  /** One more server process on the same database. */
  readonly start: () => Promise<PeerServer>;
  /** Closes every server still open, then the database. */
  readonly stop: () => Promise<void>;
}

const postFrom =
  (baseUrl: string) =>
  (path: string, body: unknown, headers: Record<string, string> = {}, from = '127.0.0.1'): Promise<Reply> =>
    new Promise((resolve, reject) => {
      const url = new URL(path, baseUrl);
      const payload = typeof body === 'string' ? body : JSON.stringify(body);
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname + url.search,
          method: 'POST',
          localAddress: from,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
            'x-device-id': 'test-device-1',
            ...headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let json: unknown;
            try {
              json = JSON.parse(text);
            } catch {
              json = text;
            }
            resolve({ status: res.statusCode ?? 0, json, headers: res.headers });
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });

/** A guest's image generation on `server`, from the address `from` with the device id `device`. */
export const createAsGuest = (
  server: PeerServer,
  from: string,
  device: string,
  extra: Record<string, unknown> = {},
): Promise<Reply> =>
  server.post(
    '/api/v1/task/tool/create',
    { domain_type: 0, prompt: 'a guest picture', aspect_ratio: '1:1', ...extra },
    { 'x-device-id': device },
    from,
  );

/** What captcha/status answers a guest of `device` from `from`: 1 when a challenge is needed. */
export const captchaState = async (server: PeerServer, from: string, device: string): Promise<number> =>
  (await server.post('/api/v1/captcha/status', { scene: 'task_create' }, { 'x-device-id': device }, from))
    .json.data.state as number;

export const startServerPeers = async (overrides: Partial<ServerConfig> = {}): Promise<ServerPeers> => {
  const dataDir = await seededDataDir('atelier-peers-');
  const base = readConfig({ ...process.env, DATA_DIR: dataDir, TASK_DURATION_MS: '1500' });
  const database = base.databaseUrl ? await copyDatabase(base.databaseUrl) : null;
  const config: ServerConfig = {
    ...base,
    databaseUrl: database?.url ?? null,
    port: 0,
    host: '127.0.0.1',
    ...overrides,
  };
  const db = await openDatabase(config);
  let offset = 0;
  const clock: VirtualClock = {
    now: () => Date.now() + offset,
    advance: (ms) => {
      offset += ms;
    },
  };
  const open = new Set<PeerServer>();
  const start = async (): Promise<PeerServer> => {
    const server = await buildServer(config, { db, clock, runEngines: false });
    const baseUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
    let closing: Promise<void> | null = null;
    const peer: PeerServer = {
      server,
      baseUrl,
      post: postFrom(baseUrl),
      close: () => {
        closing ??= server.close().finally(() => open.delete(peer));
        return closing;
      },
    };
    open.add(peer);
    return peer;
  };
  return {
    db,
    config,
    clock,
    start,
    stop: async () => {
      for (const peer of [...open]) await peer.close();
      await db.close();
      await database?.drop();
      await removeDataDir(dataDir);
    },
  };
};
