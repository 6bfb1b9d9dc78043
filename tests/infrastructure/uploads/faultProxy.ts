/**
 * A fault-injecting HTTP proxy on loopback (node:http), for upload tests: it forwards every
 * request to a target server and, for the chunk PUTs a seeded plan chooses, answers 503
 * instead (after reading the body, as a failing gateway would) or resets the connection
 * halfway through the body. It counts what it saw, confirms included.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type PutFault = 'pass' | 'fail' | 'reset';

export interface ProxyStats {
  /** Chunk PUTs seen (attempts, faults included). */
  puts: number;
  /** PUTs answered 503 by the proxy. */
  failed: number;
  /** PUT connections destroyed halfway through the body. */
  resets: number;
  /** PUTs forwarded and answered by the target. */
  forwarded: number;
  /** POST /api/v1/upload/file/confirm requests. */
  confirms: number;
  /** Every request, as `METHOD path` without the query. */
  requests: string[];
  /** Bytes of PUT bodies that reached the proxy. */
  putBytes: number;
}

export interface FaultProxy {
  readonly url: string;
  readonly stats: ProxyStats;
  readonly close: () => Promise<void>;
}

/** mulberry32: a small seeded PRNG, so the fault choices are the same on every run. */
export const mulberry32 = (seed: number) => {
  let a = seed >>> 0;
  return (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

/**
 * Exactly one PUT in every ten fails (at a seeded place within its ten), and the PUTs at the
 * given ordinals (moved to the next ordinal that does not fail) are reset.
 */
export const seededPlan = (
  seed: number,
  resetOrdinals: readonly number[],
): ((ordinal: number) => PutFault) => {
  const random = mulberry32(seed);
  const failInBlock: number[] = [];
  const failing = (ordinal: number): boolean => {
    const block = Math.floor(ordinal / 10);
    while (failInBlock.length <= block) failInBlock.push(Math.floor(random() * 10));
    return ordinal % 10 === failInBlock[block];
  };
  const resets = new Set<number>();
  for (const r of resetOrdinals) {
    let o = r;
    while (failing(o) || resets.has(o)) o++;
    resets.add(o);
  }
  return (ordinal) => (resets.has(ordinal) ? 'reset' : failing(ordinal) ? 'fail' : 'pass');
};

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection']);

export const startFaultProxy = async (
  target: string,
  plan: (ordinal: number) => PutFault,
): Promise<FaultProxy> => {
  const targetUrl = new URL(target);
  const stats: ProxyStats = {
    puts: 0,
    failed: 0,
    resets: 0,
    forwarded: 0,
    confirms: 0,
    requests: [],
    putBytes: 0,
  };
  const sockets = new Set<import('node:net').Socket>();

  const server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    const bare = path.split('?')[0] ?? path;
    stats.requests.push(`${req.method} ${bare}`);
    const isPut = req.method === 'PUT' && bare.startsWith('/upload/');
    if (req.method === 'POST' && bare === '/api/v1/upload/file/confirm') stats.confirms += 1;
    const fault: PutFault = isPut ? plan(stats.puts++) : 'pass';
    if (isPut) req.on('data', (c: Buffer) => (stats.putBytes += c.length));

    if (fault === 'fail') {
      stats.failed += 1;
      req.resume();
      req.on('end', () => {
        res.writeHead(503, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ status: { code: 10503, msg: 'injected failure' }, data: null }));
      });
      return;
    }

    const headers: http.OutgoingHttpHeaders = {};
    for (const [k, v] of Object.entries(req.headers))
      if (!HOP_BY_HOP.has(k) && v !== undefined) headers[k] = v;
    headers.host = targetUrl.host;
    const upstream = http.request(
      {
        protocol: targetUrl.protocol,
        hostname: targetUrl.hostname,
        port: targetUrl.port,
        method: req.method,
        path,
        headers,
      },
      (answer) => {
        if (isPut) stats.forwarded += 1;
        const out: http.OutgoingHttpHeaders = {};
        for (const [k, v] of Object.entries(answer.headers))
          if (!HOP_BY_HOP.has(k) && v !== undefined) out[k] = v;
        res.writeHead(answer.statusCode ?? 502, out);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());

    if (fault === 'reset') {
      stats.resets += 1;
      const half = Number(req.headers['content-length'] ?? 0) / 2;
      let seen = 0;
      req.on('data', (c: Buffer) => {
        seen += c.length;
        if (seen >= half) {
          // The client sees its connection reset; the target sees a body that stops short.
          req.socket.destroy();
          upstream.destroy();
        }
      });
    }
    req.pipe(upstream);
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stats,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
};
