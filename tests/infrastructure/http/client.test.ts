import * as E from 'fp-ts/Either';
import * as t from 'io-ts';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it, vi } from 'vitest';
import { HEADER } from '../../../infrastructure/contract/envelope';
import { makeHttpClient, type FetchLike } from '../../../infrastructure/http/client';
import { memoryTokenStore } from '../../../infrastructure/http/tokenStore';

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

const client = (fetch: FetchLike, extra: Partial<Parameters<typeof makeHttpClient>[0]> = {}) =>
  makeHttpClient({
    baseUrl: 'http://h',
    fetch,
    headers: () => ({ [HEADER.deviceId]: 'dev1', [HEADER.language]: 'ja' }),
    ...extra,
  });

const Data = t.type({ n: t.number });
const once = <A>(o: import('rxjs').Observable<A>) => new Promise<A>((resolve) => o.subscribe(resolve));

describe('HTTP client (spec §7 headers, "success is status.code 10000", §8 network and HTTP errors)', () => {
  it('sends the §7 headers and decodes a success', async () => {
    let seen: RequestInit | undefined;
    const http = client(async (_u, init) => {
      seen = init;
      return json({ status: { code: 10000, msg: 'ok' }, data: { n: 1 } });
    });
    expect(await once(http.post('/p', {}, Data))).toEqual(E.right({ n: 1 }));
    expect((seen?.headers as Record<string, string>)['x-device-id']).toBe('dev1');
    expect((seen?.headers as Record<string, string>)['x-language']).toBe('ja');
  });

  it('turns another code into an api failure, a bad body into a decode failure with its path, and a throw into apiErr', async () => {
    expect(
      await once(
        client(async () => json({ status: { code: 70002, msg: 'full' }, data: null })).post('/p', {}, Data),
      ),
    ).toEqual(E.left({ kind: 'api', path: '/p', code: 70002, msg: 'full' }));
    const bad = await once(
      client(async () => json({ status: { code: 10000, msg: '' }, data: { n: 'x' } })).post('/p', {}, Data),
    );
    expect(E.isLeft(bad) && bad.left.kind === 'decode' && bad.left.errors.join()).toMatch(/n/);
    expect(await once(client(async () => Promise.reject(new Error('down'))).post('/p', {}, Data))).toEqual(
      E.left({ kind: 'network', path: '/p', message: 'down' }),
    );
    expect(
      await once(client(async () => new Response('forbidden', { status: 403 })).post('/p', {}, Data)),
    ).toEqual(E.left({ kind: 'http', path: '/p', status: 403 }));
  });

  it('sends the held token and stores a token response header (spec §4 "the token header on responses refreshes the stored token")', async () => {
    const sent: (string | undefined)[] = [];
    const token = memoryTokenStore('old');
    const http = makeHttpClient({
      baseUrl: '',
      headers: () => ({}),
      token,
      fetch: async (_u, init) => {
        sent.push((init.headers as Record<string, string>)['token']);
        return json({ status: { code: 10000, msg: '' }, data: { n: 2 } }, 200, { token: 'fresh' });
      },
    });
    await once(http.post('/p', {}, Data));
    expect(token.get()).toBe('fresh');
    await once(http.post('/p', {}, Data));
    expect(sent).toEqual(['old', 'fresh']);
    token.clear();
    await once(http.post('/p', {}, Data)); // answered with `token: fresh` again, stored again
    expect(sent).toEqual(['old', 'fresh', undefined]);
  });

  it('issue 25: an answer acts on the holder only while it holds the token the request was sent with; 20000-20004 or HTTP 401 drops that token', async () => {
    const token = memoryTokenStore('t1');
    const answers: ((r: Response) => void)[] = [];
    const http = makeHttpClient({
      baseUrl: '',
      headers: () => ({}),
      token,
      fetch: () => new Promise((resolve) => answers.push(resolve)),
    });
    const ok = (headers: Record<string, string> = {}) =>
      json({ status: { code: 10000, msg: '' }, data: { n: 1 } }, 200, headers);
    const expired = json({ status: { code: 20000, msg: 'please log in' }, data: null });
    // Sent with t1; a logout clears the holder before the answer, which carries a refresh.
    const late = once(http.post('/p', {}, Data));
    token.clear();
    answers.shift()!(ok({ token: 't1-refreshed' }));
    await late;
    expect(token.get()).toBeNull();
    // Sent with t2; a new sign-in (t3) before its "session over" answer: t3 stays.
    token.set('t2');
    const stale = once(http.post('/p', {}, Data));
    token.set('t3');
    answers.shift()!(expired);
    await stale;
    expect(token.get()).toBe('t3');
    // Sent with t3 and answered 20000: t3 is dropped; the same for an HTTP 401 without an envelope.
    const refused = once(http.post('/p', {}, Data));
    answers.shift()!(json({ status: { code: 20003, msg: 'expired' }, data: null }));
    expect(await refused).toEqual(E.left({ kind: 'api', path: '/p', code: 20003, msg: 'expired' }));
    expect(token.get()).toBeNull();
    token.set('t4');
    const unauthorised = once(http.post('/p', {}, Data));
    answers.shift()!(new Response('unauthorised', { status: 401 }));
    expect(await unauthorised).toEqual(E.left({ kind: 'http', path: '/p', status: 401 }));
    expect(token.get()).toBeNull();
    // Another refusal leaves the token alone.
    token.set('t5');
    const full = once(http.post('/p', {}, Data));
    answers.shift()!(json({ status: { code: 70002, msg: 'full' }, data: null }));
    await full;
    expect(token.get()).toBe('t5');
  });

  it('never resolves a cancelled request (spec §8) and aborts the fetch', async () => {
    let signal: AbortSignal | undefined;
    let release: () => void = () => undefined;
    const http = client((_u, init) => {
      signal = init.signal ?? undefined;
      return new Promise(
        (resolve) => (release = () => resolve(json({ status: { code: 10000, msg: '' }, data: { n: 3 } }))),
      );
    });
    const got: unknown[] = [];
    const sub = http.post('/p', {}, Data).subscribe((v) => got.push(v));
    sub.unsubscribe();
    release();
    await new Promise((r) => setTimeout(r, 10));
    expect(signal?.aborted).toBe(true);
    expect(got).toEqual([]);
  });

  it('times out after 360 s as a network failure (virtual time)', () => {
    const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b));
    scheduler.run(({ expectObservable }) => {
      const http = client(() => new Promise(() => undefined), { scheduler });
      expectObservable(http.post('/p', {}, Data)).toBe('360s (x|)', {
        x: E.left({ kind: 'network', path: '/p', message: 'timeout' }),
      });
    });
  });

  it('retries a 502 on /api/v1/account/active up to 3 times at 1 s, and no other path (virtual time)', async () => {
    // fetch answers through promises, so this uses vitest's fake clock rather than marbles.
    vi.useFakeTimers({ now: 0 });
    try {
      const calls: { url: string; at: number }[] = [];
      const http = client(async (url) => {
        calls.push({ url, at: Date.now() });
        return new Response('bad gateway', { status: 502 });
      });
      const results: unknown[] = [];
      http.post('/api/v1/account/active', {}, Data).subscribe((r) => results.push(r));
      http.post('/api/v1/other', {}, Data).subscribe((r) => results.push(r));
      await vi.advanceTimersByTimeAsync(10_000);
      expect(calls.filter((c) => c.url.endsWith('/active')).map((c) => c.at)).toEqual([0, 1000, 2000, 3000]);
      expect(calls.filter((c) => c.url.endsWith('/other'))).toHaveLength(1);
      expect(results).toEqual([
        E.left({ kind: 'http', path: '/api/v1/other', status: 502 }),
        E.left({ kind: 'http', path: '/api/v1/account/active', status: 502 }),
      ]);
    } finally {
      vi.useRealTimers();
    }
  });
});
