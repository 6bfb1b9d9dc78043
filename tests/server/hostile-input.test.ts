/**
 * Hostile input against every route the server registers: NUL characters in body strings, query
 * and path parameters, 5000-level nesting, wrong types, a 300 KB string and a body over the
 * 1 MiB limit. Nothing may answer HTTP 500, every refusal is the platform envelope with a short
 * message that names where the request failed and never echoes what was sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Json, type TestServer } from '../support/server';
import { isEnvelopeRoute } from '../../server/app';
import { routeTable } from '../support/routeTable';

let s: TestServer;

beforeAll(async () => {
  s = await startTestServer({}, false);
}, 60_000);

afterAll(async () => {
  await s?.stop();
});

const FIELDS = [
  'a',
  'prompt',
  'id',
  'email',
  'password',
  'name',
  'text',
  'content',
  'url',
  'title',
  'description',
  'keyword',
  'tab',
  'cursor',
  'file_id',
  'order_id',
  'task_id',
  'character_id',
  'session_id',
  'post_id',
  'user_id',
  'account_id',
  'project_id',
  'goods_id',
  'token',
  'language',
  'nickname',
  'code',
  'message',
];

const withEvery = (value: unknown): Record<string, unknown> =>
  Object.fromEntries(FIELDS.map((f) => [f, value]));

const nested = (open: string, close: string, depth: number) => open.repeat(depth) + close.repeat(depth);

const BIG = 'q'.repeat(300 * 1024);

interface Case {
  readonly name: string;
  /** A malformed input that must be refused with 10400 naming a path. */
  readonly mustRefuse: boolean;
  /** A substring of what was sent that must never come back in a message. */
  readonly echo: string | null;
  readonly path: (url: string) => string;
  /** Raw JSON text of the body, or null for none. */
  readonly body: string | null;
}

const fill = (url: string, param: string) => url.replace(/:[A-Za-z_]+/g, param).replace(/\*$/, param);

const casesFor = (method: string, url: string): Case[] => {
  const withBody = method !== 'GET' && method !== 'DELETE';
  const plain = (u: string) => fill(u, 'x1');
  const cases: Case[] = [
    {
      name: 'NUL query',
      mustRefuse: true,
      echo: null,
      path: (u) => `${plain(u)}?${FIELDS.map((f) => `${f}=x%00y`).join('&')}`,
      body: null,
    },
  ];
  if (/[:*]/.test(url))
    cases.push({
      name: 'NUL param',
      mustRefuse: true,
      echo: null,
      path: (u) => fill(u, 'a%00b'),
      body: null,
    });
  if (!withBody) return cases;
  const body = (name: string, value: unknown, mustRefuse: boolean, echo: string | null): Case => ({
    name,
    mustRefuse,
    echo,
    path: plain,
    body: JSON.stringify(value),
  });
  cases.push(
    body('NUL in every string field', { ...withEvery('x\u0000y'), prompt: '\u0000' }, true, null),
    body('NUL in a nested string', { items: [{ name: 'ok', tags: ['a', 'b\u0000'] }] }, true, null),
    body('NUL in a key', { 'k\u0000': 'v' }, true, null),
    {
      name: '5000-level arrays',
      mustRefuse: true,
      echo: '[[[[',
      path: plain,
      body: nested('[', ']', 5000),
    },
    {
      name: '5000-level objects',
      mustRefuse: true,
      echo: '{"a":{"a"',
      path: plain,
      body: '{"a":'.repeat(5000) + '1' + '}'.repeat(5000),
    },
    body('numbers where strings', withEvery(12345), false, null),
    body('arrays where objects', withEvery([1, [2]]), false, null),
    body('an array body', [1, 'two', { three: 3 }], false, null),
    body(
      'a 300 KB string',
      { ...withEvery('short'), prompt: BIG, text: BIG.slice(1) },
      false,
      'q'.repeat(64),
    ),
    body('over the 1 MiB limit', { prompt: 'z'.repeat(1100 * 1024) }, false, 'z'.repeat(64)),
  );
  return cases;
};

interface Outcome {
  readonly route: string;
  readonly kase: string;
  readonly status: number;
  readonly json: Json;
  readonly text: string;
}

const send = async (method: string, route: string, c: Case): Promise<Outcome> => {
  const body = c.body;
  const r = await fetch(s.baseUrl + c.path(route), {
    method,
    headers: {
      'x-device-id': 'hostile-device-1',
      ...(body === null ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === null ? {} : { body }),
    signal: AbortSignal.timeout(15_000),
  });
  const type = r.headers.get('content-type') ?? '';
  let text = '';
  let json: Json = null;
  if (type.includes('json')) {
    text = await r.text();
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
  } else {
    // Pages, files and event streams: only the status matters; do not wait for a stream's end.
    await r.body?.cancel();
  }
  return { route: `${method} ${route}`, kase: c.name, status: r.status, json, text };
};

describe('hostile input on every route', () => {
  it('never answers 500, refuses malformed input with 10400 naming the path, never echoes', async () => {
    const routes = routeTable(s.server);
    expect(routes.length).toBeGreaterThan(100);
    const jobs = routes.flatMap((r) => casesFor(r.method, r.url).map((c) => ({ r, c })));
    const outcomes: Outcome[] = [];
    const queue = [...jobs];
    const worker = async () => {
      for (let job = queue.shift(); job; job = queue.shift()) {
        try {
          outcomes.push(await send(job.r.method, job.r.url, job.c));
        } catch (err) {
          outcomes.push({
            route: `${job.r.method} ${job.r.url}`,
            kase: job.c.name,
            status: -1,
            json: null,
            text: String(err),
          });
        }
      }
    };
    await Promise.all(Array.from({ length: 6 }, worker));
    console.log(`hostile sweep: ${outcomes.length} requests over ${routes.length} routes`);

    const problems: string[] = [];
    for (const o of outcomes) {
      const c = jobs.find((j) => `${j.r.method} ${j.r.url}` === o.route && j.c.name === o.kase)!.c;
      const where = `${o.route} [${o.kase}] -> ${o.status} ${o.text.slice(0, 160)}`;
      if (o.status >= 500 || o.status < 0) {
        problems.push(`server error: ${where}`);
        continue;
      }
      const code = o.json?.status?.code;
      const msg: unknown = o.json?.status?.msg;
      const refused = typeof code === 'number' && code !== 10000;
      if (o.status >= 400 && !refused) problems.push(`refusal outside the envelope: ${where}`);
      // Issue 25: outside the envelope API (the signed chunk PUT, file addresses) a refusal has an
      // HTTP error status: an S3-style client reads a 200 as stored.
      const [method = '', url = ''] = o.route.split(' ');
      if (refused && !isEnvelopeRoute(method, url) && o.status < 400)
        problems.push(`refused with HTTP ${o.status} outside the API: ${where}`);
      if (refused) {
        if (o.json.data !== null) problems.push(`refusal with data: ${where}`);
        if (typeof msg !== 'string' || msg.length > 500) problems.push(`message too long: ${where}`);
        if (typeof msg === 'string' && msg.includes('\u0000')) problems.push(`NUL echoed: ${where}`);
        if (c.echo !== null && o.text.includes(c.echo)) problems.push(`value echoed: ${where}`);
      }
      // A raw-bytes route (the chunk PUT) does not read JSON bodies; its query and params are checked.
      const rawBody = o.route.startsWith('PUT ') && c.body !== null;
      if (c.mustRefuse && !rawBody) {
        if (code !== 10400) problems.push(`not refused with 10400: ${where}`);
        else if (typeof msg === 'string' && !/\b(body|query|params)\b/.test(msg))
          problems.push(`refusal without a path: ${where}`);
      }
    }
    const fiveHundreds = outcomes.filter((o) => o.status >= 500 || o.status < 0).length;
    console.log(`hostile sweep: ${fiveHundreds} server errors, ${problems.length} problems`);
    problems.sort((a, b) => Number(b.startsWith('server error')) - Number(a.startsWith('server error')));
    expect(problems.slice(0, 40)).toEqual([]);
  }, 300_000);
});
