/**
 * Issue 25 figure 3, the status table: every HTTP status and spec §8 code of the rows, answered to
 * each call kind of the columns, with the action the spec asks for written in the cell, checked
 * against the real client code: the real HTTP edge (`makeHttpClient` and the typed calls over a
 * scripted fetch, `fetchPutChunk` for the chunk PUT) under the real epics and store.
 *
 * Virtual time is vitest's fake clock: fetch answers through promises, which RxJS's TestScheduler
 * cannot wait for (as in client.test.ts), so the store runs on `asyncScheduler` over the faked
 * timers and every delay below is exact, in virtual milliseconds.
 *
 * The columns (each call kind's other calls are the usual fakes, answering at once):
 * - query: a page of the square (`loadFeedPage`, the spec's "GET under /api/v1/square/v3"), on /;
 * - mutation: a text-to-image task (`createTask`, POST /api/v1/task/create), on /create;
 * - upload chunk: the PUTs of a two-chunk video to their signed URLs, each verified (chunk check);
 * - upload confirm: the file confirm of that upload, once every chunk is confirmed;
 * - tracking: a log event's batch (POST /api/v1/log/report/batch), flushed 1 s after the event.
 * A column's call gets the row's answer every time, except tracking's: once, then success (a
 * queue that keeps the item shows it by sending it again). The fake upload server stores a
 * chunk only when its PUT is the success row, so its chunk check tells the truth.
 */
import { createHash } from 'node:crypto';
import * as E from 'fp-ts/Either';
import { asyncScheduler } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import { tasks, uploads, type DomainEvent } from '../../../domain/index.js';
import { UPLOAD_FILE_CONFIRM_PATH, type FileConfirmRequest } from '../../../infrastructure/contract/uploads';
import { TASK_CREATE_PATH } from '../../../infrastructure/contract/tasks';
import { LOG_REPORT_PATH } from '../../../infrastructure/contract/telemetry';
import { makeApi } from '../../../infrastructure/app/api';
import { makeHttpClient, type FetchLike } from '../../../infrastructure/http/client';
import { memoryTokenStore, type TokenStore } from '../../../infrastructure/http/tokenStore';
import { loadFeedPage } from '../../../infrastructure/feed/commands';
import { makeStore, type AppStore } from '../../../infrastructure/app/makeStore';
import { createTask } from '../../../infrastructure/tasks/commands';
import { makeTelemetryApi } from '../../../infrastructure/telemetry/api';
import { logEvent } from '../../../infrastructure/telemetry/commands';
import { makeUploadsApi } from '../../../infrastructure/uploads/api';
import { fetchPutChunk } from '../../../infrastructure/uploads/browser';
import { startUpload } from '../../../infrastructure/uploads/commands';
import { makeFakeDeps } from '../../support/fakeApi';
import { taskItem } from '../../support/fixtures';
import { makeFakeTelemetry } from '../../support/fakes/telemetry';
import { fakeUploadServer, patternFile } from '../../support/fakes/uploads';
import { signedIn } from '../uploads/support';
import { identityOf, readResume } from '../../../infrastructure/uploads/records';
import type { UploadsDeps } from '../../../infrastructure/uploads/deps';

// ---- the rows: what the server (or the network) answers ------------------------------------

/** What one request gets: an HTTP answer, a transport failure, or nothing at all. */
type Answer =
  | {
      readonly kind: 'http';
      readonly status: number;
      readonly body: string;
      readonly headers?: Record<string, string>;
    }
  | { readonly kind: 'network' }
  | { readonly kind: 'silence' };

const envelope = (code: number, data: unknown = null): string =>
  JSON.stringify({ status: { code, msg: code === 10000 ? 'success' : `refused with ${code}` }, data });

interface Row {
  readonly name: string;
  /** The answer; for the success row, `data` is the call's own success data. */
  readonly answer: (data: unknown) => Answer;
  /** Whether it is the success row (a PUT of it stores the chunk). */
  readonly success?: true;
}

const coded = (code: number): Row => ({
  name: `200 + ${code}`,
  answer: () => ({ kind: 'http', status: 200, body: envelope(code) }),
});
const bare = (status: number, headers?: Record<string, string>): Row => ({
  name: headers
    ? `${status} + ${Object.entries(headers)
        .map(([k, v]) => `${k}: ${v}`)
        .join()}`
    : String(status),
  answer: () => ({ kind: 'http', status, body: `<html>${status}</html>`, ...(headers ? { headers } : {}) }),
});

const ROWS: readonly Row[] = [
  {
    name: '200 + 10000',
    success: true,
    answer: (data) => ({ kind: 'http', status: 200, body: envelope(10000, data) }),
  },
  coded(10400),
  coded(10403),
  coded(10404),
  coded(20001),
  coded(20301),
  coded(70002),
  coded(10616),
  bare(400),
  bare(401),
  bare(403),
  bare(404),
  bare(408),
  bare(409),
  bare(413),
  bare(429, { 'retry-after': '7' }),
  bare(500),
  bare(502),
  bare(503),
  bare(504),
  { name: 'network error', answer: () => ({ kind: 'network' }) },
  { name: 'timeout (no answer)', answer: () => ({ kind: 'silence' }) },
  {
    name: 'malformed body (200, cut JSON)',
    answer: () => ({ kind: 'http', status: 200, body: '{"status":{"code":10000,"msg":"succ' }),
  },
  { name: 'empty object (200 {})', answer: () => ({ kind: 'http', status: 200, body: '{}' }) },
];

// ---- the wire: a scripted fetch ------------------------------------------------------------

interface WireRequest {
  readonly method: string;
  readonly url: string;
  readonly path: string;
  /** The JSON body, parsed; a PUT's bytes as they are. */
  readonly body: unknown;
}

/** A fetch that answers `route(request)`; a silent answer waits until the request is aborted. */
const wire =
  (route: (req: WireRequest) => Answer): FetchLike =>
  (input, init) => {
    const url = new URL(input, 'http://atelier.test');
    const raw = init.body;
    const body = typeof raw === 'string' ? (JSON.parse(raw) as unknown) : raw;
    const answer = route({ method: init.method ?? 'GET', url: input, path: url.pathname, body });
    switch (answer.kind) {
      case 'http':
        return Promise.resolve(
          new Response(answer.body, {
            status: answer.status,
            headers: { 'content-type': 'application/json', ...answer.headers },
          }),
        );
      case 'network':
        return Promise.reject(new TypeError('fetch failed'));
      case 'silence':
        return new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        });
    }
  };

const ok = (data: unknown): Answer => ({ kind: 'http', status: 200, body: envelope(10000, data) });

const httpOver = (fetch: FetchLike) =>
  makeHttpClient({ baseUrl: 'http://atelier.test', fetch, headers: () => ({}), scheduler: asyncScheduler });

// ---- one cell ------------------------------------------------------------------------------

/** What a cell did, in the terms its expected action is written in. */
interface Seen {
  /** When the column's call went out, in ms after its first request. */
  readonly attempts: readonly number[];
  /** Toasts (`level key duration`) and dialogs (`dialog name variant`), in order. */
  readonly shown: readonly string[];
  /** Addresses the app navigated to. */
  readonly went: readonly string[];
  /** The session ended: signed out, and the token dropped. */
  readonly signedOut: boolean;
  /** The call kind's outcome. */
  readonly result: string;
  /** When the last of it happened (outcome, toast, dialog, navigation), in ms after the first request. */
  readonly at: number | null;
}

interface Cell {
  readonly store: AppStore;
  /** Virtual times of the column's requests. */
  readonly attempts: readonly number[];
  /** Where the app navigated, and when. */
  readonly went: readonly (readonly [number, string])[];
  readonly token: TokenStore;
  /** The outcome, read at the end. */
  readonly result: () => string;
}

interface Column {
  readonly name: string;
  /** How long a cell runs (virtual ms): past every retry and timeout its rows can take. */
  readonly windowMs: number;
  readonly run: (row: Row) => Cell;
  /** Whether an event settles the call (its time is the outcome's). */
  readonly settles: (e: DomainEvent) => boolean;
}

/** A signed-in store on `page` whose column call goes over the wire; the rest are the usual fakes. */
const world = (
  page: string,
  api: Parameters<typeof makeFakeDeps>[1],
  areas: Parameters<typeof makeFakeDeps>[2] = {},
) => {
  const { deps } = makeFakeDeps(asyncScheduler, api, areas);
  const went: [number, string][] = [];
  const token = memoryTokenStore('token-1');
  const store = makeStore({
    dependencies: {
      ...deps,
      clock: { now: () => Date.now() },
      token,
      navigate: (to) => went.push([Date.now(), to]),
      currentPath: () => went.at(-1)?.[1] ?? page,
    },
  });
  store.dispatch(signedIn);
  return { store, went, token };
};

const EFFECTS: readonly string[] = ['notices/raised', 'notices/dialogOpened', 'session/loggedOut'];

/** Runs one cell in a fake clock of its own, so no timer of another cell's store runs in it. */
const observe = async (column: Column, row: Row): Promise<Seen> => {
  vi.useFakeTimers({
    now: 0,
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  });
  try {
    const cell = column.run(row);
    await vi.advanceTimersByTimeAsync(column.windowMs);
    const first = cell.attempts[0] ?? 0;
    const shown: string[] = [];
    const times: number[] = cell.went.map(([t]) => t);
    for (const e of cell.store.recorder.events()) {
      if (e.type === 'notices/raised') {
        const p = e.payload as { level: string; messageKey: string; durationMs: number };
        shown.push(`${p.level} ${p.messageKey} ${p.durationMs} ms`);
      }
      if (e.type === 'notices/dialogOpened') {
        const p = e.payload as { name: string; variant: string | null };
        shown.push(`dialog ${p.name}${p.variant === null ? '' : ` ${p.variant}`}`);
      }
      if (EFFECTS.includes(e.type) || column.settles(e)) times.push(e.meta.at);
    }
    return {
      attempts: cell.attempts.map((t) => t - first),
      shown,
      went: cell.went.map(([, to]) => to),
      signedOut: cell.store.getState().session.status !== 'signedIn' || cell.token.get() === null,
      result: cell.result(),
      at: times.length === 0 ? null : Math.max(...times) - first,
    };
  } finally {
    vi.clearAllTimers();
    vi.useRealTimers();
  }
};

// ---- the columns ---------------------------------------------------------------------------

const FEED_PAGE = { items: [], offset: 0, has_more: false };

/** One column's call over the wire: each request (at `path`, when given) is timed, then answered. */
const callWire = (path: string | null, answer: (req: WireRequest, n: number) => Answer) => {
  const attempts: number[] = [];
  const fetch = wire((req) => {
    if (path !== null && req.path !== path) throw new Error(`unexpected ${req.path}`);
    attempts.push(Date.now());
    return answer(req, attempts.length);
  });
  return { attempts, fetch, http: httpOver(fetch) };
};

const query: Column = {
  name: 'query',
  windowMs: 400_000,
  run: (row) => {
    const call = callWire(null, () => row.answer(FEED_PAGE));
    const w = world('/', { feedPage: makeApi(call.http).feedPage });
    w.store.dispatch(loadFeedPage({ tab: 'recommend' }));
    const last = () =>
      w.store.recorder
        .events()
        .filter((e) => e.type === 'feed/pageLoaded' || e.type === 'feed/pageFailed')
        .at(-1)?.type;
    return {
      ...w,
      attempts: call.attempts,
      result: () => (last() === 'feed/pageLoaded' ? 'done' : 'failed'),
    };
  },
  settles: (e) => e.type === 'feed/pageLoaded' || e.type === 'feed/pageFailed',
};

const CREATED = { item: taskItem('task-1', 1, 0, { domain_type: tasks.DOMAIN_TYPE.textToImage }) };

const mutation: Column = {
  name: 'mutation',
  windowMs: 400_000,
  run: (row) => {
    const call = callWire(TASK_CREATE_PATH, () => row.answer(CREATED));
    const w = world('/create', { createTask: makeApi(call.http).createTask });
    w.store.dispatch(
      createTask({ prompt: 'a lighthouse', aspectRatio: '1:1', domainType: tasks.DOMAIN_TYPE.textToImage }),
    );
    return {
      ...w,
      attempts: call.attempts,
      result: () => (tasks.selectTaskList(w.store.getState().tasks).length > 0 ? 'done' : 'failed'),
    };
  },
  settles: (e) => e.type === tasks.taskCreated.type,
};

/** A two-chunk video (16 bytes, chunks of 8): a record to resume it is kept while it runs. */
const VIDEO = patternFile(16);

type UploadServer = ReturnType<typeof fakeUploadServer>;

/**
 * A column of the upload of VIDEO on /create over the fake upload server, whose capabilities
 * `wired` replaces where the column's call goes over the wire.
 */
const uploadColumn = (
  name: string,
  windowMs: number,
  wired: (server: UploadServer, row: Row) => { readonly attempts: number[]; readonly deps: UploadsDeps },
): Column => ({
  name,
  windowMs,
  run: (row) => {
    const server = fakeUploadServer(asyncScheduler, { chunkSize: 8 });
    const { attempts, deps } = wired(server, row);
    const w = world('/create', {}, { uploads: deps });
    w.store.dispatch(startUpload({ field: 'video', file: VIDEO }));
    return {
      ...w,
      attempts,
      result: () => {
        const phase = uploads.selectUploadList(w.store.getState().uploads)[0]?.phase;
        const resumable =
          readResume(server.deps.storage, identityOf(VIDEO), Date.now()) !== null ? ', resumable' : '';
        switch (phase?.status) {
          case 'complete':
            return 'confirmed';
          case 'fail':
            return `failed ${phase.code}${resumable}`;
          case 'error':
            return `errored ${phase.messageKey}${resumable}`;
          default:
            return `${phase?.status ?? 'none'}${resumable}`;
        }
      },
    };
  },
  settles: (e) =>
    e.type === uploads.uploadConfirmed.type ||
    e.type === uploads.uploadFailed.type ||
    e.type === uploads.uploadErrored.type,
});

const chunk = uploadColumn('upload chunk', 1_100_000, (server, row) => {
  const call = callWire(null, (req) => {
    // Only a PUT the server accepts stores the chunk; its chunk check then tells the truth.
    if (row.success) {
      const bytes = req.body as Uint8Array;
      server.deps.putChunk(req.url, bytes, createHash('md5').update(bytes).digest('base64')).subscribe();
    }
    return row.answer(null);
  });
  return { attempts: call.attempts, deps: { ...server.deps, putChunk: fetchPutChunk(call.fetch) } };
});

const confirm = uploadColumn('upload confirm', 400_000, (server, row) => {
  const call = callWire(UPLOAD_FILE_CONFIRM_PATH, (req) => {
    // The success row carries the server's own answer (status 0 and the file's address).
    let data: unknown = null;
    server.deps.api.confirmFile(req.body as FileConfirmRequest).subscribe((r) => {
      data = E.isRight(r) ? r.right : null;
    });
    return row.answer(data);
  });
  const api = { ...server.deps.api, confirmFile: makeUploadsApi(call.http).confirmFile };
  return { attempts: call.attempts, deps: { ...server.deps, api } };
});

const tracking: Column = {
  name: 'tracking',
  windowMs: 400_000,
  run: (row) => {
    const stored: string[] = [];
    // The row's answer once, then success: a kept item shows itself by going out again.
    const call = callWire(LOG_REPORT_PATH, (req, n) => {
      const ids = (req.body as { items: { id: string }[] }).items.map((i) => i.id);
      const result = { stored: ids.length, duplicates: 0 };
      if (n > 1 || row.success) stored.push(...ids);
      return n === 1 ? row.answer(result) : ok(result);
    });
    const telemetry = makeFakeTelemetry(asyncScheduler, {
      api: { logReport: makeTelemetryApi(call.http).logReport },
    });
    const w = world('/', {}, { telemetry: telemetry.deps });
    w.store.dispatch(
      logEvent({ eventName: 'click', entityType: 1, objId: 'o1', objType: 1, frontOperation: 'like' }),
    );
    return {
      ...w,
      attempts: call.attempts,
      result: () => {
        const q = w.store.getState().tracking.log;
        if (q.pending.length > 0 || q.inFlight.length > 0) return 'queued';
        return stored.length > 0 ? 'delivered' : 'dropped';
      },
    };
  },
  settles: (e) => e.type === 'tracking/batchAcked' || e.type === 'tracking/batchFailed',
};

const COLUMNS = { query, mutation, chunk, confirm, tracking } as const;
type ColumnName = keyof typeof COLUMNS;

// ---- the expected actions (spec §8, §9; where the spec is silent, the reason is given) ---------

interface Expected {
  /** The action in words, with where it comes from. */
  readonly action: string;
  readonly seen: Seen;
}

const toast = (key: string) => `error ${key} 5000 ms`;
const APIERR = toast('apiErr');
const DECODE = toast('decodeError');
const UPLOAD_ERROR = toast('uploadError');

/** A query or mutation that is not retried: one request; `shown`, `went`, signed out or not. */
const refused = (
  action: string,
  {
    shown = [],
    went = [],
    signedOut = false,
    at = 0,
  }: Partial<Pick<Seen, 'shown' | 'went' | 'signedOut' | 'at'>> = {},
): Expected => ({ action, seen: { attempts: [0], shown, went, signedOut, result: 'failed', at } });

const done = (action: string): Expected => ({
  action,
  seen: { attempts: [0], shown: [], went: [], signedOut: false, result: 'done', at: 0 },
});

/**
 * Spec §8 upload: "A chunk failure retries after 3 s, up to 3 times", then "retry through an
 * alternate host up to the reload count (default 3), message uploadError": four tries per host,
 * `waitMs` apart, each taking `tryMs` (the 60 s timeout when nothing answers).
 */
const chunkRetries = (action: string, waitMs: number, tryMs = 0): Expected => {
  const attempts: number[] = [];
  const round = 4 * tryMs + 3 * waitMs;
  for (let r = 0; r <= 3; r++) for (let k = 0; k <= 3; k++) attempts.push(r * round + k * (tryMs + waitMs));
  return {
    action,
    seen: {
      attempts,
      shown: [UPLOAD_ERROR],
      went: [],
      signedOut: false,
      result: 'errored uploadError, resumable',
      at: 4 * round,
    },
  };
};

/** A PUT refused for good (4xx): retrying the same signed request cannot succeed. */
const chunkRefused: Expected = {
  action: 'upload ends at once with uploadError, nothing re-sent (a 4xx refusal of the signed PUT)',
  seen: {
    attempts: [0],
    shown: [UPLOAD_ERROR],
    went: [],
    signedOut: false,
    result: 'errored uploadError',
    at: 0,
  },
};

/** A 200 whose body is not the store's success: not trusted; the chunk check finds the chunk missing. */
const chunkUnverified = chunkRetries(
  'verified by the chunk check (§4 "each PUT verified"), found missing: a chunk failure, retried 3000 ms later ×3, then the alternate host ×3, then uploadError',
  3000,
);

const chunkStored: Expected = {
  action: 'both chunks stored and verified, the upload confirmed once',
  seen: { attempts: [0, 0], shown: [], went: [], signedOut: false, result: 'confirmed', at: 0 },
};

/** A confirm the server refused with a code: the upload failed (never shown as success), then the error map. */
const confirmFailed = (code: number, action: string, extra: Partial<Seen> = {}): Expected => ({
  action,
  seen: { attempts: [0], shown: [], went: [], signedOut: false, result: `failed ${code}`, at: 0, ...extra },
});

/** A confirm without an answer the client can read: the upload errors, kept to be resumed; not re-sent. */
const confirmErrored = (action: string, extra: Partial<Seen> = {}): Expected => ({
  action,
  seen: {
    attempts: [0],
    shown: [APIERR],
    went: [],
    signedOut: false,
    result: 'errored uploadError, resumable',
    at: 0,
    ...extra,
  },
});

const confirmed: Expected = {
  action: 'the upload confirmed, its address kept',
  seen: { attempts: [0], shown: [], went: [], signedOut: false, result: 'confirmed', at: 0 },
};

/** Spec §9 log events: "uploaded ... every 1 s and cached locally on failure": kept, sent again. */
const kept = (
  waitMs: number,
  action = `kept queued, sent again ${waitMs} ms later, nothing shown`,
  tryMs = 0,
): Expected => ({
  action,
  seen: {
    attempts: [0, tryMs + waitMs],
    shown: [],
    went: [],
    signedOut: false,
    result: 'delivered',
    at: tryMs + waitMs,
  },
});

const LOGIN_HOME = '/?openLoginDialog=1';

interface RowExpectations {
  readonly row: Row;
  readonly cells: Readonly<Record<ColumnName, Expected>>;
}

const expectRow = (row: Row, cells: Readonly<Record<ColumnName, Expected>>): RowExpectations => ({
  row,
  cells,
});

const byName = new Map(ROWS.map((r) => [r.name, r]));
const rowOf = (name: string): Row => {
  const row = byName.get(name);
  if (!row) throw new Error(`no row ${name}`);
  return row;
};

/** The same effect for the query and the mutation. */
const apiCalls = (e: Expected) => ({ query: e, mutation: e });

/** An HTTP status without an envelope that spec §8 names no rule for: "reported as apiErr", once. */
const plainHttp = (
  status: number,
  chunkCell: Expected,
  confirmCell: Expected = confirmErrored('upload errors, kept to resume; apiErr; the confirm is not re-sent'),
) =>
  expectRow(rowOf(String(status)), {
    ...apiCalls(
      refused(
        'apiErr toast 5 s, not retried (§8 "reported as apiErr"; a mutation is never re-sent by itself)',
        { shown: [APIERR] },
      ),
    ),
    chunk: chunkCell,
    confirm: confirmCell,
    tracking: kept(1000),
  });

const retriedChunk = chunkRetries(
  'a chunk failure: retried 3000 ms later ×3, then the alternate host ×3, then uploadError (§8)',
  3000,
);

const TABLE: readonly RowExpectations[] = [
  expectRow(rowOf('200 + 10000'), {
    query: done('the page shown, nothing else'),
    mutation: done('the task created, nothing else'),
    chunk: chunkStored,
    confirm: confirmed,
    tracking: {
      action: 'delivered once, nothing re-sent',
      seen: { attempts: [0], shown: [], went: [], signedOut: false, result: 'delivered', at: 0 },
    },
  }),
  expectRow(rowOf('200 + 10400'), {
    ...apiCalls(
      refused('§8 "other codes map to a message table, shown 5 s"', {
        shown: [toast('HttpErrorCode_10400')],
      }),
    ),
    chunk: chunkUnverified,
    confirm: confirmFailed(10400, 'upload failed, message table toast', {
      shown: [toast('HttpErrorCode_10400')],
    }),
    tracking: {
      action: 'dropped silently: the server refused these bytes as malformed, re-sending cannot succeed',
      seen: { attempts: [0], shown: [], went: [], signedOut: false, result: 'dropped', at: 0 },
    },
  }),
  ...[10403, 10404].map((code) =>
    expectRow(rowOf(`200 + ${code}`), {
      ...apiCalls(
        refused(
          `§8: ${code} is "not an error for the limit branch" only; these calls are not it: the message table, 5 s`,
          {
            shown: [toast(`HttpErrorCode_${code}`)],
          },
        ),
      ),
      chunk: chunkUnverified,
      confirm: confirmFailed(code, 'upload failed, message table toast', {
        shown: [toast(`HttpErrorCode_${code}`)],
      }),
      tracking: kept(1000),
    }),
  ),
  expectRow(rowOf('200 + 20001'), {
    query: refused('§8 20000-20004: log out, redirect home with openLoginDialog=1', {
      went: [LOGIN_HOME],
      signedOut: true,
    }),
    mutation: refused('§8 20000-20004 on a listed task call: log out, the login dialog in place', {
      shown: ['dialog login'],
      signedOut: true,
    }),
    chunk: chunkUnverified,
    confirm: confirmFailed(20001, 'upload failed; log out, redirect home with openLoginDialog=1', {
      went: [LOGIN_HOME],
      signedOut: true,
    }),
    tracking: kept(
      1000,
      'kept queued, sent again 1000 ms later; a silent call: nothing shown, no log-out (§8 "silent calls")',
    ),
  }),
  expectRow(rowOf('200 + 20301'), {
    ...apiCalls(
      refused('§8 20301: redirect home with toActive and the login dialog', {
        shown: ['dialog login'],
        went: ['/?toActive=1'],
      }),
    ),
    chunk: chunkUnverified,
    confirm: confirmFailed(20301, 'upload failed; redirect home with toActive and the login dialog', {
      shown: ['dialog login'],
      went: ['/?toActive=1'],
    }),
    tracking: kept(1000),
  }),
  expectRow(rowOf('200 + 70002'), {
    ...apiCalls(
      refused('§8 70002 for a non-member: the break dialog Queue5', { shown: ['dialog break Queue5'] }),
    ),
    chunk: chunkUnverified,
    confirm: confirmFailed(70002, 'upload failed; the break dialog Queue5', {
      shown: ['dialog break Queue5'],
    }),
    tracking: kept(1000),
  }),
  expectRow(rowOf('200 + 10616'), {
    // The refused mutation leaves no event at all: nothing to time.
    query: refused('§8 silent code: nothing shown, not retried'),
    mutation: refused('§8 silent code: nothing shown, not retried', { at: null }),
    chunk: chunkUnverified,
    confirm: confirmFailed(10616, 'upload failed (its row says so), no toast'),
    tracking: kept(1000),
  }),
  plainHttp(400, chunkRefused),
  expectRow(rowOf('401'), {
    query: refused(
      'HTTP 401 is "not signed in": as §8 20000 (log out, home with openLoginDialog=1), so no request goes out with the old token',
      {
        went: [LOGIN_HOME],
        signedOut: true,
      },
    ),
    mutation: refused('HTTP 401 as §8 20000 on a listed task call: log out, the login dialog in place', {
      shown: ['dialog login'],
      signedOut: true,
    }),
    chunk: chunkRefused,
    confirm: confirmErrored(
      "upload errors; HTTP 401 as §8 20000: log out (the upload's resume record and signed URLs go with the session, issue 25 figure 10), home with openLoginDialog=1",
      {
        shown: [],
        went: [LOGIN_HOME],
        signedOut: true,
        result: 'errored uploadError',
      },
    ),
    tracking: kept(1000, 'kept queued, sent again 1000 ms later; a silent call: nothing shown, no log-out'),
  }),
  expectRow(rowOf('403'), {
    ...apiCalls(refused('§8 "HTTP 403 leads to /403"', { went: ['/403'] })),
    chunk: chunkRefused,
    confirm: confirmErrored('upload errors, kept to resume; §8 "HTTP 403 leads to /403"', {
      shown: [],
      went: ['/403'],
    }),
    tracking: kept(1000, 'kept queued, sent again 1000 ms later; a silent call: no /403'),
  }),
  plainHttp(404, chunkRefused),
  plainHttp(408, retriedChunk),
  plainHttp(409, chunkRefused),
  plainHttp(413, chunkRefused),
  expectRow(rowOf('429 + retry-after: 7'), {
    ...apiCalls(
      refused('apiErr toast 5 s, not retried by itself (a mutation is never re-sent unasked)', {
        shown: [APIERR],
      }),
    ),
    chunk: chunkRetries(
      "a chunk failure retried after the server's Retry-After, 7000 ms (longer than §8's 3 s), ×3, then the alternate host ×3",
      7000,
    ),
    confirm: confirmErrored('upload errors, kept to resume; apiErr'),
    tracking: kept(
      7000,
      'kept queued, sent again after Retry-After, 7000 ms (not the 1 s flush), nothing shown',
    ),
  }),
  plainHttp(500, retriedChunk),
  plainHttp(502, retriedChunk),
  plainHttp(503, retriedChunk),
  plainHttp(504, retriedChunk),
  expectRow(rowOf('network error'), {
    ...apiCalls(refused('§8 "network errors are reported as apiErr", not retried', { shown: [APIERR] })),
    chunk: retriedChunk,
    confirm: confirmErrored('upload errors, kept to resume; apiErr'),
    tracking: kept(1000),
  }),
  expectRow(rowOf('timeout (no answer)'), {
    ...apiCalls(
      refused('§7 main client timeout: apiErr at exactly 360000 ms, not retried', {
        shown: [APIERR],
        at: 360_000,
      }),
    ),
    chunk: chunkRetries(
      '§9 chunk timeout 60000 ms, then a chunk failure: retried 3000 ms later ×3, then the alternate host ×3',
      3000,
      60_000,
    ),
    confirm: confirmErrored('upload errors at 360000 ms, kept to resume; apiErr', { at: 360_000 }),
    tracking: kept(1000, 'times out at 360000 ms, kept queued, sent again 1000 ms later', 360_000),
  }),
  ...['malformed body (200, cut JSON)', 'empty object (200 {})'].map((name) =>
    expectRow(rowOf(name), {
      ...apiCalls(
        refused('a decode failure: the decodeError toast naming where, no state changed', {
          shown: [DECODE],
        }),
      ),
      chunk: chunkUnverified,
      confirm: confirmErrored('upload errors, kept to resume, never shown as success; decodeError', {
        shown: [DECODE],
      }),
      tracking: kept(1000),
    }),
  ),
];

/** A cell's observation as one comparable string, its fields always in the same order. */
const fingerprint = (s: Seen): string =>
  JSON.stringify({
    attempts: s.attempts,
    shown: s.shown,
    went: s.went,
    signedOut: s.signedOut,
    result: s.result,
    at: s.at,
  });

describe('status table (issue 25 figure 3): every row × every call kind does what the spec says', () => {
  it('covers every row once, and each cell as specified', async () => {
    expect(TABLE.map((r) => r.row.name)).toEqual(ROWS.map((r) => r.name));
    const names = Object.keys(COLUMNS) as ColumnName[];
    const wrong: string[] = [];
    let cells = 0;
    for (const { row, cells: expected } of TABLE)
      for (const name of names) {
        cells += 1;
        const seen = await observe(COLUMNS[name], row);
        const want = expected[name];
        if (fingerprint(seen) !== fingerprint(want.seen))
          wrong.push(
            `${COLUMNS[name].name} × ${row.name}: expected ${want.action}\n  want ${fingerprint(want.seen)}\n  seen ${fingerprint(seen)}`,
          );
      }
    console.log(
      `status-table: ${ROWS.length} statuses x ${names.length} call kinds, ${cells - wrong.length} of ${cells} as specified`,
    );
    expect(wrong).toEqual([]);
  });
});
