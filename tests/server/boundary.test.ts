/**
 * The edge of the server: malformed session tokens are no session, the framework's and Node's own
 * refusals answer the platform envelope (raw sockets where Node refuses before Fastify), and
 * every request has an id that is logged, echoed and carried by error envelopes, with secrets
 * redacted from the log lines.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, type Server } from '../../server/app';
import { readConfig } from '../../server/config';
import type { Json } from '../support/server';

let server: Server;
let base: string;
let dataDir: string;
const lines: string[] = [];
const logs = () => lines.map((l) => JSON.parse(l) as Json);

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'atelier-boundary-'));
  const config = { ...readConfig({ ...process.env, DATA_DIR: dataDir }), port: 0, host: '127.0.0.1' };
  server = await buildServer(config, {
    runEngines: false,
    logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
  });
  server.app.get('/api/v1/test/boom', async () => {
    throw new Error('kaboom in the handler');
  });
  base = await server.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);

afterAll(async () => {
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const call = async (p: string, init: RequestInit = {}) => {
  const r = await fetch(base + p, { method: 'POST', ...init });
  const text = await r.text();
  return { status: r.status, text, json: JSON.parse(text) as Json, headers: r.headers };
};

/** Sends raw bytes and returns the raw answer (status line, headers, body). */
const raw = (bytes: string | Buffer): Promise<string> =>
  new Promise((resolve, reject) => {
    const { port } = new URL(base);
    const socket = net.connect(Number(port), '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.setTimeout(10_000, () => socket.destroy());
    socket.write(bytes, () => socket.end());
  });

const parseRaw = (answer: string) => {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  const status = Number(head.split(' ')[1]);
  return { status, head: head.toLowerCase(), body, json: JSON.parse(body) as Json };
};

const expectRefusal = (json: Json, code = 10400) => {
  expect(json.status.code).toBe(code);
  expect(json.data).toBeNull();
  expect(typeof json.status.msg).toBe('string');
  expect(json.status.msg.length).toBeLessThan(500);
};

describe('malformed session tokens are no session', () => {
  const cookies = ['T=%00', 'T=abc%00def', 'T=%01%02', 'T=%ff%fe', 'T=a b c', `T=${'x'.repeat(5000)}`];
  it.each(cookies.map((c) => [c.slice(0, 20), c]))('cookie %s: no session, never 500', async (_, cookie) => {
    const logout = await call('/api/v1/account/logout', { headers: { cookie } });
    expect(logout.status).toBe(200);
    expect(logout.json.status.code).toBe(10000);
    const info = await call('/api/v1/account/info', { headers: { cookie } });
    expect(info.status).toBe(200);
    expect(info.json.status.code).toBe(20000);
  });

  it('a malformed token header is no session either', async () => {
    for (const token of ['\u00ff\u00fe', 'x'.repeat(5000), 'short', 'a\tb']) {
      const info = await call('/api/v1/account/info', { headers: { token } });
      expect(info.status).toBe(200);
      expect(info.json.status.code).toBe(20000);
    }
  });
});

describe("the framework's own refusals answer the envelope", () => {
  it('a body over 1 MiB: 413', async () => {
    const r = await call('/api/v1/account/login', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'x'.repeat(1100 * 1024) }),
    });
    expect(r.status).toBe(413);
    expectRefusal(r.json);
  });

  it('an unsupported media type: 415', async () => {
    const r = await call('/api/v1/account/login', {
      headers: { 'content-type': 'application/xml' },
      body: '<login/>',
    });
    expect(r.status).toBe(415);
    expectRefusal(r.json);
  });

  it('invalid JSON: 400, the text never echoed', async () => {
    const r = await call('/api/v1/account/login', {
      headers: { 'content-type': 'application/json' },
      body: '{"email": secret-looking-garbage',
    });
    expect(r.status).toBe(400);
    expectRefusal(r.json);
    expect(r.text).not.toContain('secret-looking-garbage');
  });

  it('an empty body with content-type json: 400', async () => {
    const r = await call('/api/v1/account/logout', { headers: { 'content-type': 'application/json' } });
    expect(r.status).toBe(400);
    expectRefusal(r.json);
  });

  it('bad URL encoding in the path: 400', async () => {
    const r = parseRaw(await raw('GET /api/v1/%zz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'));
    expect(r.status).toBe(400);
    expect(r.head).toContain('application/json');
    expectRefusal(r.json);
  });

  it('headers over 16 KiB: 431 from Node, in the envelope', async () => {
    const big = 'b'.repeat(20 * 1024);
    const r = parseRaw(await raw(`GET /api/v1/x HTTP/1.1\r\nHost: x\r\nX-Big: ${big}\r\n\r\n`));
    expect(r.status).toBe(431);
    expectRefusal(r.json);
  });

  it('a request target over 16 KiB: 414 from Node, in the envelope', async () => {
    const r = parseRaw(await raw(`GET /api/v1/${'u'.repeat(20 * 1024)} HTTP/1.1\r\nHost: x\r\n\r\n`));
    expect(r.status).toBe(414);
    expectRefusal(r.json);
    expect(r.body).not.toContain('uuuu');
  });

  it('a request target over 8 KiB: 414 from the server, in the envelope', async () => {
    const r = await call(`/api/v1/account/info?q=${'u'.repeat(10 * 1024)}`);
    expect(r.status).toBe(414);
    expectRefusal(r.json);
  });

  it('a malformed request line: 400 in the envelope', async () => {
    const r = parseRaw(await raw('NOT A REQUEST\r\n\r\n'));
    expect(r.status).toBe(400);
    expectRefusal(r.json);
  });
});

describe('request ids and structured logs', () => {
  it('a safe incoming x-request-id is used, echoed and carried by the error envelope', async () => {
    const r = await call('/api/v1/account/info', { headers: { 'x-request-id': 'req-abc.123' } });
    expect(r.headers.get('x-request-id')).toBe('req-abc.123');
    expect(r.json.request_id).toBe('req-abc.123');
    expect(logs().some((l) => l.reqId === 'req-abc.123')).toBe(true);
  });

  it('an unsafe one is replaced by a generated id', async () => {
    const r = await call('/api/v1/account/info', { headers: { 'x-request-id': 'evil id\u00ff{}' } });
    const id = r.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(r.json.request_id).toBe(id);
  });

  it('a 500 leaves one error line with the request id and the stack; the caller sees neither', async () => {
    const r = await fetch(`${base}/api/v1/test/boom`, { headers: { 'x-request-id': 'boom-1' } });
    const json = (await r.json()) as Json;
    expect(r.status).toBe(500);
    expect(json).toEqual({ status: { code: 500, msg: 'internal error' }, data: null, request_id: 'boom-1' });
    const line = logs().find((l) => l.reqId === 'boom-1' && l.level === 50);
    expect(line?.err?.stack).toContain('kaboom in the handler');
  });

  it('every error envelope carries the request id: decode refusal, NUL refusal, 404', async () => {
    const decode = await call('/api/v1/account/login', {
      headers: { 'content-type': 'application/json', 'x-request-id': 'r-decode' },
      body: '{}',
    });
    expect(decode.json.request_id).toBe('r-decode');
    expect(decode.json.status.msg).toContain('body.email');
    const nul = await call('/api/v1/account/login', {
      headers: { 'content-type': 'application/json', 'x-request-id': 'r-nul' },
      body: JSON.stringify({ email: 'a\u0000' }),
    });
    expect(nul.json).toMatchObject({ status: { code: 10400 }, request_id: 'r-nul' });
    expect(nul.json.status.msg).toContain('body.email');
    const missing = await call('/api/v1/no/such/route', { headers: { 'x-request-id': 'r-404' } });
    expect(missing.json).toMatchObject({ status: { code: 10404 }, request_id: 'r-404' });
  });

  it('secrets never reach the log: cookie, set-cookie, token header, passwords', async () => {
    const login = await call('/api/v1/account/login', {
      headers: { 'content-type': 'application/json', 'x-request-id': 'r-login' },
      body: JSON.stringify({ email: 'demo@atelier.test', password: 'atelier-demo' }),
    });
    const token = login.json.data.token as string;
    await call('/api/v1/account/info', { headers: { cookie: `T=${token}`, token } });
    server.app.log.info(
      { headers: { cookie: `T=${token}`, token, authorization: 'Bearer sekrit' }, password: 'pw-sekrit' },
      'a line that carries secrets',
    );
    const all = lines.join('\n');
    expect(all).toContain('a line that carries secrets');
    expect(all).toContain('[redacted]');
    for (const secret of [token, 'atelier-demo', 'sekrit']) expect(all).not.toContain(secret);
  });
});
