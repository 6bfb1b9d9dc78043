/**
 * Issue 25 figure 10 (sessions): what an ended session leaves behind. The real store with every
 * epic runs over the real HTTP client and typed APIs, against a recording fake of the network edge
 * that behaves as the reference server does: the login answer sets the HttpOnly session cookie T
 * (server/auth.ts `sessionCookie`) and the `token` header, the browser's cookie jar sends T with
 * every call of our origin (the same-origin chunk PUTs and the sockets too), logout deletes the
 * session and clears T, and any answer to a call presenting a dead session's cookie clears it
 * (server/auth.ts `presentsDeadCookie`). Sockets (chat, task pushes) are recorded with the token
 * of their handshake. Virtual time: vitest's fake timers drive the async scheduler, the clock and
 * the edge's latencies.
 *
 * A session signs in, buys a plan (the payment iframe's messages), uploads a file, has a task
 * polled every 3 s, tracks events, and holds the chat and task-push sockets. Then, with requests
 * already scheduled (a task poll, tracking flushes, a second upload's chunk retry, the sockets'
 * reconnects after a drop, a star-track init and a payment-info call in flight whose answers
 * carry a refreshed token): (1) the person logs out; (2) in another run, the server ends the
 * session and a task poll is answered 20000. From that moment on (counted in requests, not in
 * milliseconds), no request, PUT or socket presents a token of that session (header, cookie or
 * socket auth). And no token, cookie value or URL signature is readable in local storage (its
 * content while signed in and after, and every write after the logout), IndexedDB (the event-log
 * ring, the task list) or an exported event log (the whole log, and a kept visit's), scanned with
 * the e2e log scanner (tests/support/logScan.ts). One exception by design, not scanned: while an
 * upload runs, its resume record keeps its signed chunk URLs (issue 13, resuming after a
 * reload); it goes when the upload ends, and the upload stops at its account's sign-out.
 */
import * as E from 'fp-ts/Either';
import { BehaviorSubject, NEVER, Observable, Subject, asyncScheduler, firstValueFrom, of } from 'rxjs';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMAIL_MARK, billing, serializeEventLog, tasks } from '../../../domain/index.js';
import { SESSION_TTL_MS, sessionCookie } from '../../../server/auth';
import { makeBillingApi } from '../../../infrastructure/billing/api';
import { refreshPayment, startCheckout } from '../../../infrastructure/billing/commands';
import { ACCOUNT_INFO_PATH, LOGIN_PATH, LOGOUT_PATH } from '../../../infrastructure/contract/account';
import {
  CHECKOUT_MESSAGE_TYPE,
  ORDER_DETAIL_PATH,
  SUBSCRIPTION_URL_PATH,
} from '../../../infrastructure/contract/commerce';
import { HEADER, TOKEN_COOKIE } from '../../../infrastructure/contract/envelope';
import { PAYMENT_INFO_PATH } from '../../../infrastructure/contract/payment';
import { TASK_BATCH_PROGRESS_PATH } from '../../../infrastructure/contract/tasks';
import {
  EVENT_REPORT_PATH,
  EXPOSURE_REPORT_PATH,
  LOG_REPORT_PATH,
  PING_PATH,
  STAR_TRACK_EVENTS_PATH,
  STAR_TRACK_INIT_PATH,
} from '../../../infrastructure/contract/telemetry';
import {
  UPLOAD_CHUNK_CHECK_PATH,
  UPLOAD_CONFIG_PATH,
  UPLOAD_FILE_CONFIRM_PATH,
} from '../../../infrastructure/contract/uploads';
import { makeApi } from '../../../infrastructure/app/api';
import { makeHttpClient, type ApiResult, type FetchLike } from '../../../infrastructure/http/client';
import { openTokenStore } from '../../../infrastructure/http/tokenStore';
import { browserKeyValueStorage, browserLocalStore } from '../../../infrastructure/platform/storage';
import { login, logout } from '../../../infrastructure/session/commands';
import { appStarted } from '../../../infrastructure/store/commands';
import { openLogRing } from '../../../infrastructure/store/logRing';
import { makeStore } from '../../../infrastructure/app/makeStore';
import type { ChatSignal } from '../../../infrastructure/chat/deps';
import { logEvent, starTrack, trackEvent } from '../../../infrastructure/telemetry/commands';
import { makeTelemetryApi } from '../../../infrastructure/telemetry/api';
import type { Visibility } from '../../../infrastructure/telemetry/deps';
import { makeUploadsApi } from '../../../infrastructure/uploads/api';
import { startUpload } from '../../../infrastructure/uploads/commands';
import type { PutChunk } from '../../../infrastructure/uploads/deps';
import { makeFakeDeps } from '../../support/fakeApi';
import { makeFakePlatform } from '../../support/fakes/platform';
import { quotaStorage } from '../../support/fakes/quotaStorage';
import { memoryRingStorage } from '../../support/fakes/ringStorage';
import { conversationDeps } from '../../support/fakes/streaming';
import { fakeTasksDeps } from '../../support/fakes/tasks';
import { makeFakeTelemetry } from '../../support/fakes/telemetry';
import { fakeUploadServer, patternFile } from '../../support/fakes/uploads';
import { scanLogText, type LogFinding } from '../../support/logScan';

const EMAIL = 'ada@atelier.test';
const PASSWORD = 'correct horse battery staple';
/** The session's tokens: the login's, and the one a later answer refreshes it to (spec §4). */
const TOKEN = 'sessLogin_0123456789abcdefXYZ';
const REFRESHED = 'sessRefresh_9876543210zyxwvuABC';
const ACCOUNT = {
  id: 'acc1',
  account_id: 'acc1',
  account_name: 'ada',
  name: 'Ada',
  email: EMAIL,
  avatar: '',
  status: 1,
  role: 'user',
  create_at: 0,
};

const paymentWire = (level: number) => ({
  account_id: 'acc1',
  calculate_coins: 10,
  free_coins: 10,
  temp_coins: 0,
  paid_coins: 0,
  is_active: level > 0,
  expiry_time: level > 0 ? 4_000_000_000_000 : null,
  lite_is_active: false,
  lite_expiry_time: null,
  product_level: level,
  product_type: level > 0 ? 1 : 0,
  vip_type: '',
  big_is_active: false,
  total_recharge: 0,
});

const taskInProgress = (id: string) => ({
  id,
  status: 2,
  process: 10,
  status_desc: '',
  img_uris: [],
  estimate_time: null,
  create_at: 0,
  domain_type: 0,
  prompt: 'a lighthouse',
  aspect_ratio: '1:1',
});

const paidOrder = {
  order_id: 'ord1',
  goods_id: 'basic_month',
  kind: 'plan',
  amount: 4.99,
  currency: 'USD',
  payment_method_id: 9,
  status: 'paid',
  failure_code: null,
  checkout_url: '/pay/checkout/ord1',
  created_at: 0,
  expires_at: 4_000_000_000_000,
  paid_at: 2_500,
};

/** What left the page: a POST, a chunk PUT, a socket handshake or a beacon, with its credentials. */
interface Sent {
  readonly at: number;
  readonly what: string;
  readonly token: string | null;
  readonly cookie: string | null;
}

interface Reply {
  readonly data?: unknown;
  readonly code?: number;
  readonly status?: number;
  /** A `token` response header. */
  readonly token?: string;
  readonly delay?: number;
}

const wait = (ms: number, signal?: AbortSignal | null) =>
  new Promise<void>((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(t);
      reject(new DOMException('aborted', 'AbortError'));
    });
  });

/**
 * The site at the other end of the network, as the reference server behaves, and the browser's
 * cookie jar for its session cookie.
 */
const makeSite = () => {
  const sent: Sent[] = [];
  const live = new Set<string>();
  /** Every token of the session under test, ever. */
  const sessionTokens = new Set<string>();
  const signatures: string[] = [];
  /** Answers saying the presented session is over: to what, and how much had left the page by then. */
  const refusals: { what: string; mark: number }[] = [];
  let jar: string | null = null;
  let paid = false;
  /** Paths answered late (ms), and paths whose answers refresh the token (spec §4 `token` header). */
  const slow = new Map<string, number>();
  const refreshing = new Set<string>();
  /** When answers carrying a refreshed token reached the page. */
  const refreshedAt: number[] = [];
  const failedOnce = new Set<string>();
  const uploads = fakeUploadServer(asyncScheduler, {
    chunkSize: 8,
    // The first chunk PUT of the second upload fails once: its retry is due 3 s later.
    put: (put, _n, store) => {
      if (put.fileId === 'file000002' && put.index === 0 && !failedOnce.has(put.url)) {
        failedOnce.add(put.url);
        return of({ status: 503 });
      }
      store();
      return of({ status: 200 });
    },
  });
  const setCookies = (cookies: readonly string[]) => {
    for (const c of cookies) {
      const m = new RegExp(`^${TOKEN_COOKIE}=([^;]*);.*Max-Age=(\\d+)`).exec(c);
      if (m) jar = m[1] === '' || m[2] === '0' ? null : decodeURIComponent(m[1]!);
    }
  };
  const isLive = (t: string | null) => t !== null && live.has(t);
  const record = (what: string, token: string | null, cookie: string | null) =>
    sent.push({ at: Date.now(), what, token, cookie });

  const fromTyped = async <A>(call: Observable<ApiResult<A>>, map: (a: A) => unknown = (a) => a) => {
    const r = await firstValueFrom(call);
    return E.isRight(r) ? { data: map(r.right) } : { code: r.left.kind === 'api' ? r.left.code : 500 };
  };
  const signed = (preSigns: readonly string[]) =>
    preSigns.map((u) => {
      const sig = `S1gned_${u.replace(/[^A-Za-z0-9]/g, '')}_${signatures.length}`;
      signatures.push(sig);
      return u.replace(/sig=[^&]*/, `sig=${sig}`);
    });

  const route = async (path: string, body: Record<string, unknown>, account: boolean): Promise<Reply> => {
    switch (path) {
      case LOGIN_PATH:
        if (body['email'] !== EMAIL || body['password'] !== PASSWORD) return { code: 20003 };
        live.add(TOKEN);
        sessionTokens.add(TOKEN);
        return { data: { token: TOKEN, user: ACCOUNT }, token: TOKEN, delay: 50 };
      case ACCOUNT_INFO_PATH:
        return account ? { data: ACCOUNT } : { code: 20000 };
      case PAYMENT_INFO_PATH:
        return account ? { data: paymentWire(paid ? 1 : 0) } : { code: 20000 };
      case TASK_BATCH_PROGRESS_PATH:
        return account
          ? { data: { items: (body['task_ids'] as string[]).map(taskInProgress) }, delay: 30 }
          : { code: 20000 };
      case SUBSCRIPTION_URL_PATH:
        return account
          ? { data: { url: '/pay/checkout/ord1', third_type: 'card', order_id: 'ord1' } }
          : { code: 20000 };
      case ORDER_DETAIL_PATH:
        paid = true;
        return account ? { data: { order: paidOrder } } : { code: 20000 };
      case EVENT_REPORT_PATH:
      case LOG_REPORT_PATH:
      case STAR_TRACK_EVENTS_PATH:
      case EXPOSURE_REPORT_PATH:
        return { data: { stored: (body['items'] as unknown[]).length, duplicates: 0 }, delay: 40 };
      case STAR_TRACK_INIT_PATH:
        return { data: { session_id: 'st_session_1', event_limit: 10 } };
      case PING_PATH:
        return { data: { unit: account ? 'account' : 'device', first_open_at: 0, last_seen_at: Date.now() } };
      case UPLOAD_CONFIG_PATH:
        return fromTyped(uploads.deps.api.config(body as never), (r) => ({
          ...r,
          pre_signs: signed(r.pre_signs),
        }));
      case UPLOAD_CHUNK_CHECK_PATH:
        return fromTyped(uploads.deps.api.checkChunk(body as never));
      case UPLOAD_FILE_CONFIRM_PATH:
        return fromTyped(uploads.deps.api.confirmFile(body as never));
      default:
        return { status: 404 };
    }
  };

  const fetch: FetchLike = async (url, init) => {
    const headers = init.headers as Record<string, string>;
    const token = headers[HEADER.token] ?? null;
    // The browser sends the cookie of our origin with `credentials: 'include'` (every API call).
    const cookie = init.credentials === 'omit' ? null : jar;
    record(`POST ${url}`, token, cookie);
    const presented = token ?? cookie;
    const cookies: string[] = [];
    // The server's hook: a dead session's cookie is cleared by whatever answers.
    if (cookie !== null && !isLive(cookie)) cookies.push(sessionCookie('', 0));
    let reply: Reply;
    if (url === LOGOUT_PATH) {
      if (isLive(presented)) live.clear();
      cookies.push(sessionCookie('', 0));
      reply = { data: null, delay: 100 };
    } else
      reply = await route(url, JSON.parse(String(init.body)) as Record<string, unknown>, isLive(presented));
    if (url === LOGIN_PATH && reply.code === undefined) cookies.push(sessionCookie(TOKEN, SESSION_TTL_MS));
    if (refreshing.has(url) && isLive(presented) && reply.code === undefined) {
      live.add(REFRESHED);
      sessionTokens.add(REFRESHED);
      reply = { ...reply, token: REFRESHED };
    }
    await wait(slow.get(url) ?? reply.delay ?? 20, init.signal);
    if (reply.token === REFRESHED) refreshedAt.push(Date.now());
    if (reply.code === 20000 && presented !== null && sessionTokens.has(presented))
      refusals.push({ what: url, mark: sent.length });
    setCookies(cookies);
    const responseHeaders = new Headers({ 'content-type': 'application/json' });
    if (reply.token !== undefined) responseHeaders.set(HEADER.token, reply.token);
    for (const c of cookies) responseHeaders.append('set-cookie', c);
    if (reply.status !== undefined) return new Response('not found', { status: reply.status });
    const envelope =
      reply.code === undefined
        ? { status: { code: 10000, msg: 'success' }, data: reply.data }
        : { status: { code: reply.code, msg: 'refused' }, data: null };
    return new Response(JSON.stringify(envelope), { status: 200, headers: responseHeaders });
  };

  /** A chunk PUT to a signed URL: same origin, so the browser sends the cookie (fetch's default). */
  const putChunk: PutChunk = (url, bytes, contentMd5) => {
    record(`PUT ${url.replace(/\?.*/, '')}`, null, jar);
    return uploads.deps.putChunk(url, bytes, contentMd5);
  };

  /** Open sockets, to cut them all at once (a network drop). */
  const sockets = new Set<(err: unknown) => void>();
  const socket =
    <A>(what: string, connected: (emit: (a: A) => void) => void) =>
    ({ token }: { readonly token: string | null }): Observable<A> =>
      new Observable<A>((subscriber) => {
        record(`SOCKET ${what}`, token, jar);
        const presented = token ?? jar;
        const drop = (err: unknown) => subscriber.error(err);
        const t = setTimeout(() => {
          if (!isLive(presented)) {
            if (presented !== null && sessionTokens.has(presented))
              refusals.push({ what: `SOCKET ${what}`, mark: sent.length });
            subscriber.error({ kind: 'refused', code: 20000, msg: 'please log in' });
          } else {
            sockets.add(drop);
            connected((a) => subscriber.next(a));
          }
        }, 10);
        return () => {
          clearTimeout(t);
          sockets.delete(drop);
        };
      });

  return {
    fetch,
    putChunk,
    uploads,
    sent,
    refusals,
    signatures,
    sessionTokens,
    slow,
    refreshing,
    refreshedAt,
    /** The chat socket of the connection epic. */
    chat: socket<ChatSignal>('chat', (emit) =>
      emit({ kind: 'connected', connection: { send: () => NEVER } }),
    ),
    /** The task-push socket (issue 23). */
    pushes: socket<readonly string[]>('task pushes', () => {}),
    dropSockets: () => {
      for (const drop of [...sockets]) drop({ kind: 'closed', reason: 'transport close' });
    },
    /** The server ends the session (a password changed elsewhere, an expiry). */
    endSession: () => live.clear(),
    jar: () => jar,
  };
};

/** One page with everything wired as bootstrap wires it, over the site and a browser's storages. */
const openPage = (site: ReturnType<typeof makeSite>) => {
  // The browser's local storage, every write of it recorded.
  const writes: { at: number; key: string; value: string }[] = [];
  const local = quotaStorage(5 * 1024 * 1024);
  const dom: Storage = {
    get length() {
      return local.length;
    },
    key: (i) => local.key(i),
    getItem: (k) => local.getItem(k),
    setItem: (k, v) => {
      local.setItem(k, v);
      writes.push({ at: Date.now(), key: k, value: v });
    },
    removeItem: (k) => local.removeItem(k),
    clear: () => local.clear(),
  };
  const token = openTokenStore(browserLocalStore(dom));
  const http = makeHttpClient({
    baseUrl: '',
    fetch: site.fetch,
    headers: () => ({ [HEADER.deviceId]: 'dev_leftovers_1' }),
    token,
  });
  const platform = makeFakePlatform(asyncScheduler);
  const telemetry = makeFakeTelemetry(asyncScheduler, {
    visibility$: new BehaviorSubject<Visibility>('visible'),
  });
  const messages = new Subject<unknown>();
  const ringStorage = memoryRingStorage();
  const ring = openLogRing(ringStorage, { visitId: 'visit1', now: () => Date.now() });
  const { deps } = makeFakeDeps(asyncScheduler, makeApi(http), {
    platform: { ...platform.deps, storage: browserLocalStore(dom) },
    telemetry: { ...telemetry.deps, api: makeTelemetryApi(http), storage: browserKeyValueStorage(() => dom) },
    uploads: {
      ...site.uploads.deps,
      api: makeUploadsApi(http),
      putChunk: site.putChunk,
      storage: browserKeyValueStorage(() => dom),
    },
    tasks: { ...fakeTasksDeps(), settledPushes: site.pushes },
    ...conversationDeps({ connectChat: site.chat }),
    billing: { api: makeBillingApi(http), checkoutMessages$: messages },
  });
  const store = makeStore({ dependencies: { ...deps, token }, log: { sink: ring.sink } });
  return { store, dom, writes, token, ring, ringStorage, kv: platform.kv, messages };
};

/** Runs the virtual clock to `ms`. */
const until = (ms: number) => vi.advanceTimersByTimeAsync(ms - Date.now());

/**
 * Local-storage entries scanned for credentials: e-mail addresses are kept there by design (spec
 * §4 persisted user info, §3 the tracking envelope's mail), so they are masked; every other
 * secret counts.
 */
const scanLocal = (
  entries: readonly { key: string; value: unknown }[],
  file: string,
  secrets: readonly string[],
) =>
  scanLogText(
    entries
      .map((e) => JSON.stringify(e))
      .join('\n')
      .replace(/[^\s@"]+@[^\s@"]+\.[^\s@"]+/g, EMAIL_MARK),
    file,
    secrets,
  );

const parsed = (raw: string): unknown => {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
};

/** Everything in the page's storages and exported logs, scanned for credentials. */
const scanStorageAndLogs = async (page: ReturnType<typeof openPage>, secrets: readonly string[]) => {
  await page.ring.flush();
  const findings: LogFinding[] = [];
  const lines = (what: string, values: readonly unknown[]) => values.map((v) => JSON.stringify(v)).join('\n');
  const local = [...Array(page.dom.length).keys()].map((i) => {
    const key = page.dom.key(i)!;
    return { key, value: parsed(page.dom.getItem(key)!) };
  });
  findings.push(...scanLocal(local, 'localStorage', secrets));
  // IndexedDB: the event-log ring, the task list.
  findings.push(
    ...scanLogText(
      lines(
        'ring',
        [...page.ringStorage.map].map(([k, v]) => ({ k, v })),
      ),
      'indexedDB ring',
      secrets,
    ),
  );
  findings.push(...scanLogText(lines('kv', [page.kv.snapshot()]), 'indexedDB kv', secrets));
  // The exported event log, and the visit as the ring keeps it.
  findings.push(...scanLogText(page.store.recorder.toJsonLines(Date.now()), 'exported log', secrets));
  const kept = await page.ring.read('visit1');
  expect(kept).not.toBeNull();
  findings.push(...scanLogText(serializeEventLog(kept!), 'kept log', secrets));
  return { findings, localKeys: local.map((l) => l.key) };
};

/**
 * The session: sign in, buy a plan, upload a file, a task polled, tracked events, the sockets.
 * At 10 500 ms `end` ends it (a logout, or the server ending the session), with requests already
 * scheduled: a task poll (every 3 s), tracking flushes, a chunk retry of a second upload (its
 * first PUT failed), a star-track init and a payment-info call in flight whose answers refresh
 * the token, and the chat and push sockets' reconnects after they drop at `dropAt`. The local
 * storage is scanned by `midSession` at 8 s: signed in, after the purchase and the first upload.
 * Runs to 60 s.
 */
const runSession = async (
  site: ReturnType<typeof makeSite>,
  page: ReturnType<typeof openPage>,
  { end, dropAt, midSession }: { end: () => void; dropAt: number; midSession?: () => Promise<void> },
) => {
  const { store } = page;
  store.dispatch(appStarted({}));
  await until(100);
  store.dispatch(login({ email: EMAIL, password: PASSWORD }));
  await until(1000);
  expect(store.getState().session.status).toBe('signedIn');
  store.dispatch(
    tasks.taskCreated({
      id: 'task1',
      params: { domainType: 0, prompt: 'a lighthouse', aspectRatio: '1:1', seed: null },
      guest: false,
      estimateMs: null,
      createdAt: 1000,
    }),
  );
  await until(1500);
  store.dispatch(startCheckout({ goodsId: 'basic_month', methodId: 9 }));
  await until(2500);
  page.messages.next({ type: CHECKOUT_MESSAGE_TYPE, order_id: 'ord1', status: 'completed' });
  await until(3000);
  store.dispatch(startUpload({ field: 'cover', file: patternFile(20, { name: 'cover.mp4' }) }));
  await until(8000);
  expect(billing.selectPaymentInfo(store.getState().billing)?.productLevel).toBe(1);
  await midSession?.();
  await until(9000);
  store.dispatch(startUpload({ field: 'video', file: patternFile(20, { name: 'clip.mp4' }) }));
  // From now on, a payment-info call and the star-track init answer 2 s late, with a refreshed token.
  for (const path of [PAYMENT_INFO_PATH, STAR_TRACK_INIT_PATH]) {
    site.slow.set(path, 2000);
    site.refreshing.add(path);
  }
  await until(10_200);
  store.dispatch(trackEvent({ name: 'buy_click' }));
  store.dispatch(
    logEvent({ eventName: 'card_click', entityType: 1, objId: 'a1', objType: 1, frontOperation: 'click' }),
  );
  store.dispatch(starTrack({ event: 'scroll' }));
  if (dropAt < 10_400) {
    await until(dropAt);
    site.dropSockets();
  }
  await until(10_400);
  store.dispatch(refreshPayment({}));
  await until(10_500);
  end();
  if (dropAt > 10_500) {
    await until(dropAt);
    site.dropSockets();
  }
  await until(60_000);
};

/**
 * What left the page from the `since`-th request on, and how many of those presented a token of
 * the ended session (an index, not a time: what a timer sent in the same millisecond before the
 * session ended is not after it, and what an epic sent in answer to the end is).
 */
const after = (site: ReturnType<typeof makeSite>, since: number) => {
  const later = site.sent.slice(since);
  const old = later.filter(
    (s) => site.sessionTokens.has(s.token ?? '') || site.sessionTokens.has(s.cookie ?? ''),
  );
  return { later, old };
};

describe('sessions (issue 25 figure 10)', () => {
  const figure: { logout?: ReturnType<typeof after>; refused?: ReturnType<typeof after>; secrets: number[] } =
    {
      secrets: [],
    };
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(() => {
    const { logout: l, refused: r, secrets } = figure;
    if (l === undefined || r === undefined || secrets.length !== 2) return;
    console.log(
      `sessions: after logout ${l.later.length} scheduled requests, ${l.old.length} with the old token; ` +
        `after 401 ${r.later.length} scheduled requests, ${r.old.length} with the old token; ` +
        `storage and logs: ${secrets[0]! + secrets[1]!} secrets`,
    );
  });

  it('after logout no request, chunk PUT or socket presents the old token; no token, cookie value or signature in storage or logs, signed in or out', async () => {
    const site = makeSite();
    const page = openPage(site);
    // The moment the store records the logout, as a count of what had left the page by then.
    let loggedOutMark = -1;
    let wasSignedIn = false;
    page.store.subscribe(() => {
      const status = page.store.getState().session.status;
      if (status === 'signedIn') wasSignedIn = true;
      else if (wasSignedIn && loggedOutMark < 0) loggedOutMark = site.sent.length;
    });
    const secrets = () => [...site.sessionTokens, ...site.signatures, PASSWORD];
    let midFindings: LogFinding[] = [];
    await runSession(site, page, {
      end: () => page.store.dispatch(logout({})),
      // The sockets drop just before the logout: their reconnects are due after it.
      dropAt: 10_300,
      midSession: async () => {
        midFindings = (await scanStorageAndLogs(page, secrets())).findings;
      },
    });
    const left = after(site, loggedOutMark);
    const end = await scanStorageAndLogs(page, secrets());

    // The scheduled work did go out after the logout (as a guest's), and the refreshed token's
    // answer arrived after it.
    const loggedOutAt = page.store.recorder.events().find((e) => e.type === 'session/loggedOut')!.meta.at;
    const kinds = left.later.map((s) => s.what);
    expect(kinds).toContain(`POST ${EVENT_REPORT_PATH}`);
    expect(kinds).toContain(`POST ${LOG_REPORT_PATH}`);
    // The account's upload stopped with its sign-out: the chunk retry due after it never went out,
    // and neither did the sockets' reconnects (the connections end with the session).
    expect(kinds.filter((k) => k.startsWith('PUT') || k.startsWith('SOCKET'))).toEqual([]);
    expect(page.store.recorder.events().some((e) => e.type === 'uploads/dismissed')).toBe(true);
    // Nothing written to local storage after the logout held a secret either (an upload going on
    // would write its signed URLs back).
    const written = page.writes
      .filter((w) => w.at >= loggedOutAt)
      .map((w) => ({ key: w.key, value: parsed(w.value) }));
    expect(written.length).toBeGreaterThan(0);
    const laterWrites = scanLocal(written, 'localStorage writes', secrets());
    expect(site.refreshedAt.some((at) => at > loggedOutAt)).toBe(true);
    expect(page.token.get()).toBeNull();
    expect(site.jar()).toBeNull();
    // The late payment-info answer did not bring the ended session's payment info back.
    expect(page.store.getState().billing.status).toBe('empty');
    // The scanner finds what it looks for.
    expect(scanLogText(JSON.stringify({ note: `T=${TOKEN}` }), 'control', secrets())).toHaveLength(1);
    const signedUrl = `/upload/x/0?exp=1&sig=${site.signatures[0]!}`;
    expect(scanLogText(JSON.stringify({ url: signedUrl }), 'control', [])).toHaveLength(1);

    expect(left.old).toEqual([]);
    expect([...midFindings, ...laterWrites, ...end.findings]).toEqual([]);
    figure.logout = left;
    figure.secrets.push(midFindings.length + laterWrites.length + end.findings.length);
  });

  it('after a 401 (the server ended the session) no request, chunk PUT or socket presents the old token; none in storage or logs', async () => {
    const site = makeSite();
    const page = openPage(site);
    // The sockets stay up until after the first refusal (a task poll's 20000), then drop: their
    // reconnects come after it.
    await runSession(site, page, { end: () => site.endSession(), dropAt: 13_100 });
    const left = after(site, site.refusals[0]!.mark);
    const end = await scanStorageAndLogs(page, [...site.sessionTokens, ...site.signatures, PASSWORD]);
    // The first refusal answered a task poll (a call that signs nobody out): the work scheduled
    // before it still went out after it, the sockets' reconnects too.
    expect(site.refusals[0]!.what).toBe(TASK_BATCH_PROGRESS_PATH);
    expect(left.later.map((s) => s.what)).toEqual(
      expect.arrayContaining([`POST ${EVENT_REPORT_PATH}`, 'SOCKET chat']),
    );
    expect(page.token.get()).toBeNull();
    expect(left.old).toEqual([]);
    expect(end.findings).toEqual([]);
    figure.refused = left;
    figure.secrets.push(end.findings.length);
  });
});
