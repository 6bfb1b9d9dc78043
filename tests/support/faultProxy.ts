/**
 * A fault-injecting HTTP proxy on loopback (node:http) for contract tests: it forwards every
 * request to a target server, except where a per-request rule says otherwise. The rule sees the
 * method, the path without its query and the request's ordinal (how many earlier requests had the
 * same method and path), once per request, in arrival order, and answers one of:
 * - `'pass'`: forward the request and stream the answer back;
 * - `{ status }`: read the body, then answer that HTTP status with a JSON envelope (as a failing
 *   gateway would), without forwarding;
 * - `'reset'`: forward, and destroy the connection halfway through the request body (the client
 *   sees a reset, the target a body that stops short);
 * - `{ cutResponseAfterBytes }`: forward, then destroy the client's socket once that many bytes of
 *   the target's response body have been written to it (0: right after the head);
 * - `{ stallMs }`: read the body, then hold the request unanswered (a stalled upstream) until the
 *   client gives up (the log says so) or, after `stallMs`, answer 504;
 * - `{ flipByteAt }`: forward with the body's byte at that offset (the last one if the body is
 *   shorter) changed by one bit, as a faulty link would; the length stays.
 * It counts what it saw (every request with its fault, chunk PUTs and file confirms of uploads).
 */
import http from 'node:http';
import { Transform } from 'node:stream';
import type { AddressInfo, Socket } from 'node:net';

export interface ProxyRequest {
  readonly method: string;
  /** The path without the query. */
  readonly path: string;
  /** Earlier requests with the same method and path. */
  readonly ordinal: number;
}

export type Fault =
  | 'pass'
  | 'reset'
  | { readonly status: number }
  | { readonly cutResponseAfterBytes: number }
  | { readonly stallMs: number }
  | { readonly flipByteAt: number };

export type FaultRule = (req: ProxyRequest) => Fault;

export interface ProxyLogEntry extends ProxyRequest {
  /** `Date.now()` when the request arrived. */
  readonly at: number;
  /** The request's headers as the proxy received them. */
  readonly headers: http.IncomingHttpHeaders;
  readonly fault: 'pass' | 'status' | 'reset' | 'cut' | 'stall' | 'flip';
  /** The injected status of a `status` fault; the target's status of a forwarded one (once answered). */
  status: number | null;
  /** Bytes of the target's response body written to the client. */
  responseBytes: number;
  /** A stalled request the client gave up on (closed its connection) before the proxy answered. */
  clientGaveUp: boolean;
}

export interface ProxyStats {
  /** Upload chunk PUTs seen (`PUT /upload/...`, attempts, faults included). */
  puts: number;
  /** Requests answered with an injected status. */
  failed: number;
  /** Connections destroyed halfway through the request body. */
  resets: number;
  /** Responses cut after `cutResponseAfterBytes`. */
  cuts: number;
  /** Requests held unanswered (`stallMs`). */
  stalls: number;
  /** Requests forwarded with one byte changed (`flipByteAt`). */
  flips: number;
  /** Requests forwarded and answered by the target (any path). */
  forwarded: number;
  /** POST /api/v1/upload/file/confirm requests. */
  confirms: number;
  /** Every request, as `METHOD path` without the query. */
  requests: string[];
  /** Bytes of upload PUT bodies that reached the proxy. */
  putBytes: number;
  /** Every request with its ordinal, fault and outcome, in arrival order. */
  log: ProxyLogEntry[];
}

export interface FaultProxy {
  readonly url: string;
  readonly stats: ProxyStats;
  /** Requests seen so far with this method and path. */
  readonly seen: (method: string, path: string) => readonly ProxyLogEntry[];
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

/** What the upload tests plan for one chunk PUT (by its ordinal among all chunk PUTs). */
export type PutFault = 'pass' | 'fail' | 'reset';

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

export const isUploadPut = (req: Pick<ProxyRequest, 'method' | 'path'>): boolean =>
  req.method === 'PUT' && req.path.startsWith('/upload/');

/**
 * The upload tests' plan as a rule: chunk PUTs are numbered across every chunk path (a plan's
 * ordinal counts all PUTs, not the attempts at one path); a `fail` is a 503; the rest passes.
 */
export const uploadPutRule = (plan: (ordinal: number) => PutFault): FaultRule => {
  let puts = 0;
  return (req) => {
    if (!isUploadPut(req)) return 'pass';
    const fault = plan(puts++);
    return fault === 'fail' ? { status: 503 } : fault;
  };
};

/** What can happen to one attempt at a chunk PUT, planned per chunk (see `chunkFaultRule`). */
export type ChunkFault = 'fail' | 'reset' | 'stall' | 'flip';

/** The chunk index of an upload PUT's path (`/upload/<file>/<index>`), or null. */
export const chunkIndexOf = (path: string): number | null => {
  const m = /^\/upload\/[\w-]+\/(\d+)$/.exec(path);
  return m ? Number(m[1]) : null;
};

/**
 * Faults planned per chunk: `plan.get(i)` lists what happens to chunk i's first attempts, in
 * order (attempts are counted per chunk URL, so a retry is the next entry); every other attempt
 * passes. A `fail` is a 503, a `stall` holds the PUT for `stallMs`, a `flip` changes one byte in
 * the middle of the body on its way.
 */
export const chunkFaultRule =
  (plan: ReadonlyMap<number, readonly ChunkFault[]>, stallMs: number): FaultRule =>
  (req) => {
    if (!isUploadPut(req)) return 'pass';
    const index = chunkIndexOf(req.path);
    const fault = index === null ? undefined : plan.get(index)?.[req.ordinal];
    switch (fault) {
      case undefined:
        return 'pass';
      case 'fail':
        return { status: 503 };
      case 'reset':
        return 'reset';
      case 'stall':
        return { stallMs };
      case 'flip':
        return { flipByteAt: 1000 };
    }
  };

/**
 * `counts` faults of each kind spread over `chunks` chunks by a seeded choice, at most
 * `perChunk` on one chunk (so no chunk uses up its retries and sends the upload to another host).
 */
export const seededChunkFaults = (
  seed: number,
  chunks: number,
  counts: Readonly<Partial<Record<ChunkFault, number>>>,
  perChunk = 2,
): Map<number, ChunkFault[]> => {
  const random = mulberry32(seed);
  const plan = new Map<number, ChunkFault[]>();
  for (const kind of ['stall', 'reset', 'flip', 'fail'] as const)
    for (let k = 0; k < (counts[kind] ?? 0); k++) {
      const open = Array.from({ length: chunks }, (_, i) => i).filter(
        (i) => (plan.get(i)?.length ?? 0) < perChunk,
      );
      if (open.length === 0) throw new Error('more faults than the chunks can take');
      const i = open[Math.floor(random() * open.length)]!;
      plan.set(i, [...(plan.get(i) ?? []), kind]);
    }
  return plan;
};

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection']);

const withoutHopByHop = (headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders => {
  const out: http.OutgoingHttpHeaders = {};
  for (const [k, v] of Object.entries(headers)) if (!HOP_BY_HOP.has(k) && v !== undefined) out[k] = v;
  return out;
};

export const startFaultProxy = async (target: string, rule: FaultRule): Promise<FaultProxy> => {
  const targetUrl = new URL(target);
  const stats: ProxyStats = {
    puts: 0,
    failed: 0,
    resets: 0,
    cuts: 0,
    stalls: 0,
    flips: 0,
    forwarded: 0,
    confirms: 0,
    requests: [],
    putBytes: 0,
    log: [],
  };
  const ordinals = new Map<string, number>();
  const sockets = new Set<Socket>();

  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    const path = url.split('?')[0] ?? url;
    const method = req.method ?? 'GET';
    const key = `${method} ${path}`;
    const ordinal = ordinals.get(key) ?? 0;
    ordinals.set(key, ordinal + 1);
    stats.requests.push(key);
    const put = isUploadPut({ method, path });
    if (put) {
      stats.puts += 1;
      req.on('data', (c: Buffer) => (stats.putBytes += c.length));
    }
    if (method === 'POST' && path === '/api/v1/upload/file/confirm') stats.confirms += 1;

    const fault = rule({ method, path, ordinal });
    const entry: ProxyLogEntry = {
      method,
      path,
      ordinal,
      at: Date.now(),
      headers: req.headers,
      fault:
        fault === 'pass'
          ? 'pass'
          : fault === 'reset'
            ? 'reset'
            : 'status' in fault
              ? 'status'
              : 'stallMs' in fault
                ? 'stall'
                : 'flipByteAt' in fault
                  ? 'flip'
                  : 'cut',
      status: null,
      responseBytes: 0,
      clientGaveUp: false,
    };
    stats.log.push(entry);

    if (typeof fault === 'object' && 'stallMs' in fault) {
      stats.stalls += 1;
      req.resume();
      const timer = setTimeout(() => {
        if (res.writableEnded || res.destroyed) return;
        entry.status = 504;
        res.writeHead(504, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ status: { code: 10504, msg: 'injected stall' }, data: null }));
      }, fault.stallMs);
      res.on('close', () => {
        clearTimeout(timer);
        if (!res.writableEnded) entry.clientGaveUp = true;
      });
      return;
    }

    if (typeof fault === 'object' && 'status' in fault) {
      stats.failed += 1;
      entry.status = fault.status;
      req.resume();
      req.on('end', () => {
        res.writeHead(fault.status, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ status: { code: 10000 + fault.status, msg: 'injected failure' }, data: null }),
        );
      });
      return;
    }

    const cutAfter =
      typeof fault === 'object' && 'cutResponseAfterBytes' in fault ? fault.cutResponseAfterBytes : null;
    const headers = withoutHopByHop(req.headers);
    headers.host = targetUrl.host;
    const upstream = http.request(
      {
        protocol: targetUrl.protocol,
        hostname: targetUrl.hostname,
        port: targetUrl.port,
        method,
        path: url,
        headers,
      },
      (answer) => {
        stats.forwarded += 1;
        entry.status = answer.statusCode ?? 502;
        res.writeHead(answer.statusCode ?? 502, withoutHopByHop(answer.headers));
        if (cutAfter === null) {
          answer.on('data', (c: Buffer) => (entry.responseBytes += c.length));
          answer.pipe(res);
          return;
        }
        // Forward the body up to the cut, then drop the client's connection (and the target's).
        stats.cuts += 1;
        res.flushHeaders();
        let cut = false;
        const drop = () => {
          res.socket?.destroy();
          answer.destroy();
        };
        answer.on('data', (c: Buffer) => {
          if (cut) return;
          const room = cutAfter - entry.responseBytes;
          if (c.length < room) {
            entry.responseBytes += c.length;
            res.write(c);
            return;
          }
          cut = true;
          if (room <= 0) {
            drop();
            return;
          }
          entry.responseBytes += room;
          res.write(c.subarray(0, room), drop);
        });
        answer.on('end', () => {
          // The whole body was shorter than the cut: it passes whole.
          if (!cut) res.end();
        });
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
    if (typeof fault === 'object' && 'flipByteAt' in fault) {
      stats.flips += 1;
      const length = Number(req.headers['content-length'] ?? 0);
      const at = Math.max(0, Math.min(fault.flipByteAt, length - 1));
      let offset = 0;
      const flip = new Transform({
        transform(piece: Buffer, _enc, done) {
          if (at >= offset && at < offset + piece.length) {
            const changed = Buffer.from(piece);
            changed[at - offset] = changed[at - offset]! ^ 0x01;
            piece = changed;
          }
          offset += piece.length;
          done(null, piece);
        },
      });
      req.pipe(flip).pipe(upstream);
      return;
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
    seen: (method, path) => stats.log.filter((e) => e.method === method && e.path === path),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
};
