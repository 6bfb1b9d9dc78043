/**
 * Fault injection between the real client code and the reference server (issue 5): a loopback
 * proxy (tests/support/faultProxy.ts) answers bursts of progress polls with 5xx, and cuts SSE audio
 * responses after a chosen number of bytes.
 * - Polling: three text-to-image tasks created through the store's `createTask` command, polled by
 *   the real epic over the real HttpClient; progress never moves backwards, each task gets exactly
 *   one success notice, the log replays to the store's state, and no poll follows the last answer.
 * - SSE: text-to-speech and song preview streams through the real fetch stream, SSE parser and
 *   audio epic, the first connection cut before the first event, inside events, on event
 *   boundaries and not at all (plus a reset request and a gateway 502): a cut stream is resumed
 *   once with `Last-Event-ID` naming the last chunk that arrived whole (none: started over) and
 *   ends `over` with every chunk once, in order, the bytes the server sends when read directly;
 *   the 502 is a refusal, ends `error` and is never retried.
 * The two parts run side by side (the polling one mostly waits for its 3 s ticks).
 */
import * as E from 'fp-ts/Either';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { audio, notices, replay, tasks, type DomainEvent } from '../../domain/index.js';
import {
  AUDIO_STREAM_EVENT,
  AUDIO_TTS_STREAM_PATH,
  AudioStreamChunk,
  LAST_EVENT_ID_HEADER,
  SONG_PREVIEW_STREAM_PATH,
} from '../../infrastructure/contract/streaming';
import { TASK_BATCH_PROGRESS_PATH } from '../../infrastructure/contract/tasks';
import { createTask } from '../../infrastructure/tasks/commands';
import type { AppStore } from '../../infrastructure/app/makeStore';
import { audioRequestOf } from '../../infrastructure/streaming/audioEpics';
import { AUDIO_REQUEST_REFUSED } from '../../infrastructure/streaming/audioProtocol';
import { startAudioStream, type AudioStreamSource } from '../../infrastructure/streaming/commands';
import {
  mulberry32,
  startFaultProxy,
  type Fault,
  type FaultProxy,
  type FaultRule,
} from '../support/faultProxy';
import { realStore as realStoreOf } from '../support/realStore';
import { sleep, startTestServer, type TestServer } from '../support/server';
import { untilState } from '../support/storeWait';

/** Base task duration: the passing polls (3 s apart, ordinals 0, 3, 7) see each task at ~15%, ~60%, then done. */
const TASK_MS = 20_000;
const DEVICE = { 'x-device-id': 'faults-contract-device' };

let s: TestServer;
let token: string;
const proxies: FaultProxy[] = [];
/** Errors nobody caught, anywhere in the process, while this file runs. */
const stray: unknown[] = [];
const onStray = (err: unknown) => stray.push(err);

beforeAll(async () => {
  s = await startTestServer({ taskDurationMs: TASK_MS });
  token = await s.login();
  // A basic membership: a queue of 4, so three tasks can run at once (tier `none` queues 2).
  await s.server.ctx.db.query(
    'INSERT INTO memberships (account_id, product_level, product_type, expiry_time) VALUES ($1, 1, 1, $2)',
    ['demo', Date.now() + 86_400_000],
  );
  process.on('unhandledRejection', onStray);
  process.on('uncaughtException', onStray);
});
afterAll(async () => {
  process.off('unhandledRejection', onStray);
  process.off('uncaughtException', onStray);
  for (const p of proxies) await p.close();
  await s.stop();
});
afterEach(() => {
  expect(stray).toEqual([]);
});

const proxy = async (rule: FaultRule): Promise<FaultProxy> => {
  const p = await startFaultProxy(s.baseUrl, rule);
  proxies.push(p);
  return p;
};

/** The demo account's store, its calls and streams through `base` (tests/support/realStore.ts). */
const realStore = (base: string): AppStore => realStoreOf(base, { token, device: DEVICE });

const payloadOf = <P>(e: DomainEvent): P => e.payload as P;

// The two parts run side by side (the polling one mostly waits for ticks); the SSE runs one by one.
describe('polling through 5xx bursts (spec §4, §9: batch progress every 3 s)', { concurrent: true }, () => {
  /** The batch-progress requests the proxy fails, by ordinal: two bursts. */
  const BURSTS: Readonly<Record<number, number>> = { 1: 502, 2: 503, 4: 500, 5: 502, 6: 503 };

  it('never moves progress backwards, shows one success notice per task, replays to the same state, and stops polling', async () => {
    const started = Date.now();
    const p = await proxy(({ method, path, ordinal }): Fault => {
      const status = method === 'POST' && path === TASK_BATCH_PROGRESS_PATH ? BURSTS[ordinal] : undefined;
      return status === undefined ? 'pass' : { status };
    });
    const store = realStore(p.url);
    // The progress each task shows, after every change of state.
    const shown = new Map<string, number[]>();
    store.subscribe(() => {
      for (const t of tasks.selectTaskList(store.getState().tasks)) {
        const seen = shown.get(t.id) ?? [];
        if (seen.at(-1) !== t.phase.progress) shown.set(t.id, [...seen, t.phase.progress]);
      }
    });
    for (let i = 0; i < 3; i++)
      store.dispatch(
        createTask({
          prompt: `a lighthouse in a storm, take ${i + 1}`,
          aspectRatio: '1:1',
          domainType: tasks.DOMAIN_TYPE.textToImage,
        }),
      );
    const all = () => tasks.selectTaskList(store.getState().tasks);
    await untilState(store, () => all().length === 3, 15_000, 'three tasks created');
    await untilState(
      store,
      () => all().every((t) => t.phase.status !== 'inProgress'),
      60_000,
      'every task terminal',
    );
    const doneMs = Date.now() - started;
    const batches = () => p.seen('POST', TASK_BATCH_PROGRESS_PATH);
    const batchesAtEnd = batches().length;
    // One more tick and a half: nothing is in progress, so nothing is polled.
    await sleep(3_500);
    expect(batches().length).toBe(batchesAtEnd);

    const events = store.recorder.events();
    const ids = all().map((t) => t.id);
    expect(all().map((t) => t.phase.status)).toEqual(['completed', 'completed', 'completed']);

    // The planned requests really failed, with the planned statuses; every other one passed.
    const failedBatches = batches().filter((e) => e.fault === 'status');
    expect(failedBatches.map((e) => [e.ordinal, e.status])).toEqual(
      Object.entries(BURSTS).map(([o, st]) => [Number(o), st]),
    );
    expect(
      batches()
        .filter((e) => e.fault === 'pass')
        .every((e) => e.status === 200),
    ).toBe(true);
    expect(batchesAtEnd).toBeGreaterThan(Math.max(...Object.keys(BURSTS).map(Number)) + 1);

    // Per task: reported progress never goes backwards (0 and 100 excepted, spec §4), several values.
    const reported = new Map<string, number[]>(ids.map((id) => [id, []]));
    for (const e of events)
      if (e.type === tasks.progressReported.type) {
        const pr = payloadOf<{ id: string; progress: number }>(e);
        reported.get(pr.id)!.push(pr.progress);
      }
    for (const [id, values] of reported) {
      expect(values.length, `progress reports of ${id}`).toBeGreaterThanOrEqual(2);
      values.forEach((v, i) => {
        if (i > 0 && v !== 0 && v !== 100)
          expect(v, `progress of ${id}: ${values.join(',')}`).toBeGreaterThanOrEqual(values[i - 1]!);
      });
    }
    for (const [id, values] of shown)
      expect(
        [...values].sort((a, b) => a - b),
        `progress shown for ${id}`,
      ).toEqual(values);

    // Exactly one completion per task, each followed at once by its one success notice.
    const completed = events
      .filter((e) => e.type === tasks.taskCompleted.type)
      .map((e) => payloadOf<{ id: string }>(e).id);
    expect([...completed].sort()).toEqual([...ids].sort());
    const successes = events.filter(
      (e) =>
        e.type === notices.noticeRaised.type && payloadOf<notices.NoticeRaisedPayload>(e).level === 'success',
    );
    expect(successes.map((e) => payloadOf<notices.NoticeRaisedPayload>(e).messageKey)).toEqual([
      'tasks.completed',
      'tasks.completed',
      'tasks.completed',
    ]);
    events.forEach((e, i) => {
      if (e.type === tasks.taskCompleted.type)
        expect(events[i + 1]).toMatchObject({
          type: notices.noticeRaised.type,
          payload: { level: 'success' },
        });
    });
    // A failed poll shows nothing: it is retried by the next tick.
    expect(
      events.filter(
        (e) =>
          e.type === notices.noticeRaised.type && payloadOf<notices.NoticeRaisedPayload>(e).level === 'error',
      ),
    ).toEqual([]);

    // The recorded log alone rebuilds the same task list.
    const replayed = replay(events);
    expect(replayed.violation).toBeNull();
    expect(replayed.state.tasks).toEqual(store.getState().tasks);

    console.log(
      `faults polling ${JSON.stringify({
        taskMs: TASK_MS,
        tasks: ids.length,
        batchRequests: batchesAtEnd,
        failed: failedBatches.length,
        failedStatuses: failedBatches.map((e) => e.status),
        progressReports: [...reported.values()].map((v) => v.join('/')),
        successNotices: successes.length,
        batchRequestsAfterDone: batches().length - batchesAtEnd,
        finalStatus: all().map((t) => t.phase.status),
        doneMs,
        requestsSeen: p.stats.requests.length,
      })}`,
    );
  }, 75_000);
});

// ---- SSE ----------------------------------------------------------------------------------

interface Layout {
  /** The body as the server sends it for this request. */
  readonly body: Buffer;
  /** Byte offset just past each event (its blank line included), with its name. */
  readonly events: readonly { readonly event: string; readonly end: number }[];
  /** audioData of every chunk, in order. */
  readonly chunks: readonly string[];
}

/** Reads the stream straight from the server (no proxy) and finds where each event ends. */
const readDirect = async (path: string, body: unknown): Promise<Layout> => {
  const r = await fetch(s.baseUrl + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...DEVICE, token },
    body: JSON.stringify(body),
  });
  expect(r.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const bytes = Buffer.from(await r.arrayBuffer());
  const text = bytes.toString('latin1');
  const events: { event: string; end: number }[] = [];
  const chunks: string[] = [];
  let at = 0;
  for (;;) {
    const blank = text.indexOf('\n\n', at);
    if (blank < 0) break;
    const block = text.slice(at, blank);
    const event = /^event: (.*)$/m.exec(block)?.[1] ?? '';
    events.push({ event, end: blank + 2 });
    if (event === AUDIO_STREAM_EVENT.chunk) {
      const data = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null') as AudioStreamChunk;
      expect(data.index).toBe(chunks.length);
      chunks.push(data.audioData);
    }
    at = blank + 2;
  }
  expect(at).toBe(bytes.length);
  return { body: bytes, events, chunks };
};

interface Scenario {
  readonly name: string;
  /** What the proxy does to the stream request, given where the server's events end. */
  readonly fault: (layout: Layout) => Fault;
}

const TTS: AudioStreamSource = {
  kind: 'tts',
  text: 'Cut the wire anywhere, and the player still knows what it has.',
  emotion: 'neutral',
};
const SONG: AudioStreamSource = {
  kind: 'song',
  style: 'disco',
  emotion: 'happy',
  instrument: 'accordion',
  seed: 20_260_501,
};

const random = mulberry32(5);
/** A seeded offset strictly inside event `i` (neither its first byte nor past its blank line). */
const inside = (layout: Layout, i: number): number => {
  const from = i === 0 ? 0 : layout.events[i - 1]!.end;
  const to = layout.events[i]!.end;
  return from + 1 + Math.floor(random() * (to - from - 2));
};
/** The event of a seeded chunk: the stream is `start`, the chunks in order, then `end`. */
const seededChunkEvent = (layout: Layout): number => 1 + Math.floor(random() * layout.chunks.length);
const cutAt = (n: number): Fault => ({ cutResponseAfterBytes: n });

const ttsScenarios: readonly Scenario[] = [
  { name: 'cut with the head only, before the first event', fault: () => cutAt(0) },
  { name: 'cut inside the start event', fault: (l) => cutAt(inside(l, 0)) },
  { name: 'cut right after the start event', fault: (l) => cutAt(l.events[0]!.end) },
  { name: 'cut right after a chunk event (seeded)', fault: (l) => cutAt(l.events[seededChunkEvent(l)]!.end) },
  {
    name: 'cut before the blank line closing a chunk event (seeded)',
    fault: (l) => cutAt(l.events[seededChunkEvent(l)]!.end - 1),
  },
  { name: 'cut inside a chunk event (seeded)', fault: (l) => cutAt(inside(l, seededChunkEvent(l))) },
  { name: 'cut inside another chunk event (seeded)', fault: (l) => cutAt(inside(l, seededChunkEvent(l))) },
  { name: 'cut right after the last chunk, before end', fault: (l) => cutAt(l.events.at(-2)!.end) },
  { name: 'cut inside the end event', fault: (l) => cutAt(inside(l, l.events.length - 1)) },
  { name: 'cut after the whole body (the framing never ends)', fault: (l) => cutAt(l.body.length) },
  { name: 'reset while the request is sent', fault: () => 'reset' },
  { name: 'answered 502 by the gateway', fault: () => ({ status: 502 }) },
  { name: 'not cut', fault: () => 'pass' },
];
const songScenarios: readonly Scenario[] = [
  { name: 'cut inside a chunk event (seeded)', fault: (l) => cutAt(inside(l, seededChunkEvent(l))) },
  { name: 'not cut', fault: () => 'pass' },
];

/**
 * What a client whose first connection met `fault` must do: a refusal ends the stream (one
 * request); a cut or reset connection that did not bring `end` is resumed once (its resumes pass),
 * with `Last-Event-ID` naming the last chunk that arrived whole (none: the stream starts over).
 */
const outcomeOf = (
  layout: Layout,
  fault: Fault,
):
  | { readonly kind: 'refused' }
  | { readonly kind: 'whole' }
  | { readonly kind: 'resumed'; readonly lastEventId: string | undefined } => {
  if (fault === 'pass') return { kind: 'whole' };
  if (fault === 'reset') return { kind: 'resumed', lastEventId: undefined };
  if ('status' in fault) return { kind: 'refused' };
  if (!('cutResponseAfterBytes' in fault)) throw new Error('no scenario here stalls or changes a request');
  const n = fault.cutResponseAfterBytes;
  if (layout.events.some((e) => e.event === AUDIO_STREAM_EVENT.end && e.end <= n)) return { kind: 'whole' };
  const whole = layout.events.filter((e) => e.event === AUDIO_STREAM_EVENT.chunk && e.end <= n).length;
  return { kind: 'resumed', lastEventId: whole === 0 ? undefined : String(whole - 1) };
};

/** Every store's first id is `id1`, so every stream of these runs is `aud_id1`. */
const STREAM_ID = 'aud_id1';

const runStream = async (source: AudioStreamSource, scenario: Scenario, layout: Layout) => {
  const path = source.kind === 'tts' ? AUDIO_TTS_STREAM_PATH : SONG_PREVIEW_STREAM_PATH;
  const fault = scenario.fault(layout);
  // The first connection meets the fault; a resume passes.
  const p = await proxy(({ method, path: at, ordinal }) =>
    method === 'POST' && at === path && ordinal === 0 ? fault : 'pass',
  );
  const store = realStore(p.url);
  expect(() => store.dispatch(startAudioStream({ source }))).not.toThrow();
  await untilState(
    store,
    () => ['over', 'error'].includes(store.getState().audio.status),
    15_000,
    `${source.kind} ${scenario.name}`,
  );
  // Nothing arrives late from a cut or finished request.
  const settled = store.recorder.events().length;
  await sleep(100);
  expect(store.recorder.events().length).toBe(settled);

  const events = store.recorder.events().filter((e) => e.type.startsWith('audio/'));
  expect(events[0]).toMatchObject({ type: audio.streamStarted.type, payload: { streamId: STREAM_ID } });
  const chunkEvents = events
    .filter((e) => e.type === audio.chunkReceived.type)
    .map((e) => payloadOf<{ index: number; audioData: string }>(e));
  const state = store.getState().audio;
  const streamed = p.seen('POST', path);
  const figures = {
    requestsSeen: p.stats.requests.length,
    failed: p.stats.failed,
    resets: p.stats.resets,
    cuts: p.stats.cuts,
    cutAfterBytes:
      typeof fault === 'object' && 'cutResponseAfterBytes' in fault ? fault.cutResponseAfterBytes : null,
    bodyBytes: layout.body.length,
    bytesForwarded: streamed[0]?.responseBytes ?? 0,
    requests: streamed.length,
    resumedAfter: streamed[1]?.headers[LAST_EVENT_ID_HEADER] ?? null,
    chunksReceived: chunkEvents.length,
    chunksSent: layout.chunks.length,
    finalStatus: state.status,
    reason: audio.selectAudioErrorKey(state),
  };
  console.log(`faults sse ${source.kind} [${scenario.name}] ${JSON.stringify(figures)}`);

  // In order, from 0, no gap, no duplicate; exactly the chunks whose events arrived whole.
  expect(chunkEvents.map((c) => c.index)).toEqual(chunkEvents.map((_, i) => i));
  expect(chunkEvents.map((c) => c.audioData)).toEqual(layout.chunks.slice(0, chunkEvents.length));
  const expected = outcomeOf(layout, fault);
  expect(audio.selectChunkCount(state)).toBe(chunkEvents.length);
  expect(streamed[0]!.fault).toBe(
    fault === 'pass' ? 'pass' : fault === 'reset' ? 'reset' : 'status' in fault ? 'status' : 'cut',
  );
  if (expected.kind === 'refused') {
    expect(chunkEvents).toHaveLength(0);
    expect(state.status).toBe('error');
    expect(audio.selectAudioErrorKey(state)).toBe(AUDIO_REQUEST_REFUSED);
    expect(events.filter((e) => e.type === audio.streamFailed.type)).toHaveLength(1);
    // A refusal is the server's (or its gateway's) answer: never retried.
    expect(streamed).toHaveLength(1);
  } else {
    // Every chunk once, whatever the cut: the stream is whole, with the bytes the server sends.
    expect(chunkEvents).toHaveLength(layout.chunks.length);
    expect(state.status).toBe('over');
    expect(events.filter((e) => e.type === audio.streamEnded.type)).toHaveLength(1);
    expect(events.at(-1)!.type).toBe(audio.streamEnded.type);
    const bytes = audio.selectFinishedAudio(state)!;
    expect(Buffer.from(bytes).equals(Buffer.from(audio.joinChunks(layout.chunks)))).toBe(true);
    expect(streamed.map((e) => e.headers[LAST_EVENT_ID_HEADER])).toEqual(
      expected.kind === 'whole' ? [undefined] : [undefined, expected.lastEventId],
    );
  }
  expect(replay(store.recorder.events()).violation).toBeNull();
  expect(replay(store.recorder.events()).state.audio).toEqual(state);
};

describe(
  'SSE audio streams with cut, reset and refused connections (spec §4 start, chunks in order, end; §8 status error)',
  { concurrent: true },
  () => {
    const layouts = new Map<string, Layout>();
    const layoutOf = async (source: AudioStreamSource): Promise<Layout> => {
      const known = layouts.get(source.kind);
      if (known) return known;
      const request = audioRequestOf(source, STREAM_ID);
      if (E.isLeft(request.body)) throw new Error('invalid request');
      const layout = await readDirect(request.path, request.body.right);
      // The server sends the same bytes for the same request.
      expect((await readDirect(request.path, request.body.right)).body.equals(layout.body)).toBe(true);
      expect(layout.chunks.length).toBeGreaterThanOrEqual(4);
      layouts.set(source.kind, layout);
      return layout;
    };

    it.sequential.each(ttsScenarios.map((sc) => [sc.name, sc] as const))(
      'text to speech, %s',
      async (_name, scenario) => {
        await runStream(TTS, scenario, await layoutOf(TTS));
      },
    );

    it.sequential.each(songScenarios.map((sc) => [sc.name, sc] as const))(
      'song preview, %s',
      async (_name, scenario) => {
        await runStream(SONG, scenario, await layoutOf(SONG));
      },
    );
  },
);
