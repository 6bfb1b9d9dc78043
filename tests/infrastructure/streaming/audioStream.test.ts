import * as fc from 'fast-check';
import { StateObservable } from 'redux-observable';
import { Subject, from, lastValueFrom, of, toArray, type Observable } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { audio, initialRootState, replay, session, type RootState } from '../../../domain/index.js';
import { memoryTokenStore } from '../../../infrastructure/http/tokenStore';
import { AUDIO_TTS_STREAM_PATH, SONG_PREVIEW_STREAM_PATH } from '../../../infrastructure/contract/streaming';
import type { Action } from '../../../infrastructure/epics/types';
import { reportApiFailure } from '../../../infrastructure/notices/commands';
import { makeStore } from '../../../infrastructure/app/makeStore';
import { audioStreamEpic } from '../../../infrastructure/streaming/audioEpics';
import {
  AUDIO_REQUEST_INVALID,
  AUDIO_REQUEST_REFUSED,
  AUDIO_STREAM_FAILED,
  AUDIO_STREAM_INTERRUPTED,
  AUDIO_STREAM_STOPPED,
} from '../../../infrastructure/streaming/audioProtocol';
import {
  pauseAudioStream,
  resumeAudioStream,
  startAudioStream,
  stopAudioStream,
  type AudioStreamSource,
} from '../../../infrastructure/streaming/commands';
import type { StreamPart, StreamRequest } from '../../../infrastructure/streaming/deps';
import { audioBlobOf, finishedAudioBlob } from '../../../infrastructure/streaming/wavBlob';
import { makeFakeDeps } from '../../support/fakeApi';
import { conversationDeps } from '../../support/fakes/streaming';

const newScheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
const enc = new TextEncoder();

const ID = 'aud_id1';
const tts: AudioStreamSource = { kind: 'tts', text: 'Hello there', emotion: 'happy' };
const b64 = (bytes: number[]) => Buffer.from(bytes).toString('base64');
const BYTES = [
  [82, 73, 70, 70],
  [1, 2, 3],
  [4, 5, 6, 7, 8],
];
const DATA = BYTES.map(b64);

const sse = (event: string, data: unknown) =>
  `event: ${event}\ndata: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;
const startText = (chunks = 3, id = ID) =>
  sse('start', { stream_id: id, sample_rate: 16000, chunks, mime_type: 'audio/wav', duration_ms: 10 });
const chunkText = (index: number, audioData: string = DATA[index] ?? DATA[0]!, id = ID) =>
  sse('chunk', { stream_id: id, index, audioData });
const endText = (total = 3, id = ID) => sse('end', { stream_id: id, total });
const WHOLE = startText() + chunkText(0) + chunkText(1) + chunkText(2) + endText();

const head: StreamPart = { kind: 'response', status: 200, contentType: 'text/event-stream; charset=utf-8' };
const part = (text: string): StreamPart => ({ kind: 'bytes', bytes: enc.encode(text) });

const started = (streamId = ID) => audio.streamStarted({ streamId });
const chunk = (index: number) => audio.chunkReceived({ streamId: ID, index, audioData: DATA[index]! });
const ended = audio.streamEnded({ streamId: ID });
const failed = (reasonKey: string, streamId = ID) => audio.streamFailed({ streamId, reasonKey });

/** A marble with each entry at its frame (a group such as `(ab)` takes as many frames as characters). */
const frames = (entries: ReadonlyArray<readonly [number, string]>): string => {
  let out = '';
  let cursor = 0;
  for (const [t, c] of entries) {
    if (t < cursor) throw new Error('frames must increase');
    if (t > cursor) out += `${out === '' ? '' : ' '}${t - cursor}ms `;
    out += c;
    cursor = t + c.length;
  }
  return out;
};

/** When each stream request was made, and the Last-Event-ID it sent. */
const resumesOf = (requests: readonly { at: number; req: StreamRequest }[]) =>
  requests.map((r) => [r.at, r.req.lastEventId]);

/** The epic alone, with one scripted response per request, in order. */
const runEpic = (
  scheduler: TestScheduler,
  action$: Observable<Action>,
  streams: readonly Observable<StreamPart>[],
  state: RootState = initialRootState,
  token: string | null = null,
) => {
  const requests: { at: number; req: StreamRequest }[] = [];
  const { deps } = makeFakeDeps(
    scheduler,
    {},
    {
      ...conversationDeps({
        fetchStream: (req) => {
          requests.push({ at: scheduler.now(), req });
          return streams[requests.length - 1] ?? of<StreamPart>();
        },
      }),
    },
  );
  const state$ = new StateObservable<RootState>(new Subject<RootState>(), state);
  return { output$: audioStreamEpic(action$, state$, { ...deps, token: memoryTokenStore(token) }), requests };
};

describe('audio stream epic (spec §4 "Audio stream: start, chunks in order, end. Status values: start, paused, over, error")', () => {
  it('records the start at once, each chunk when it arrives, then the end, and releases the request at the end', () => {
    const scheduler = newScheduler();
    scheduler.run(({ hot, cold, expectObservable, expectSubscriptions }) => {
      const action$ = hot<Action>('a', { a: startAudioStream({ source: tts }) });
      const body = cold<StreamPart>('-h 9ms s 9ms x 9ms y 9ms z 9ms e 20ms |', {
        h: head,
        s: part(startText()),
        x: part(chunkText(0)),
        y: part(chunkText(1)),
        z: part(chunkText(2)),
        e: part(endText()),
      });
      const { output$, requests } = runEpic(scheduler, action$, [body]);
      expectObservable(output$).toBe('a 20ms b 9ms c 9ms d 9ms e', {
        a: started(),
        b: chunk(0),
        c: chunk(1),
        d: chunk(2),
        e: ended,
      });
      // Read up to `end` (frame 51), not to the body's close at 72.
      expectSubscriptions(body.subscriptions).toBe('^ 50ms !');
      scheduler.flush();
      expect(requests).toEqual([
        {
          at: 0,
          req: {
            path: AUDIO_TTS_STREAM_PATH,
            body: { text: 'Hello there', stream_id: ID, emotion: 'happy' },
            token: null,
          },
        },
      ]);
    });
  });

  it('through the store: the status goes start -> over, and the joined chunks are the bytes sent (a WAV Blob for the view)', async () => {
    const scheduler = newScheduler();
    let store!: ReturnType<typeof makeStore>;
    scheduler.run(({ cold, flush }) => {
      const body = cold<StreamPart>('-h-s-x-y-z-e|', {
        h: head,
        s: part(startText()),
        x: part(chunkText(0)),
        y: part(chunkText(1)),
        z: part(chunkText(2)),
        e: part(endText()),
      });
      const { deps } = makeFakeDeps(scheduler, {}, { ...conversationDeps({ fetchStream: () => body }) });
      store = makeStore({ dependencies: deps });
      store.dispatch(startAudioStream({ source: tts }));
      expect(audio.selectAudioStatus(store.getState().audio)).toBe('start');
      flush();
    });
    expect(audio.selectAudioStatus(store.getState().audio)).toBe('over');
    expect([...audio.selectFinishedAudio(store.getState().audio)!]).toEqual(BYTES.flat());
    const blob = finishedAudioBlob(store.getState().audio)!;
    expect(blob.type).toBe('audio/wav');
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual(BYTES.flat());
    expect((await audioBlobOf(DATA).arrayBuffer()).byteLength).toBe(12);
    expect(replay(store.recorder.events()).violation).toBeNull();
  });

  it.each([
    [
      'a chunk out of order (0 then 2)',
      [chunkText(0), chunkText(2)],
      [chunk(0)],
      audio.AUDIO_CHUNK_OUT_OF_ORDER,
    ],
    [
      'a duplicate chunk (0 then 0)',
      [chunkText(0), chunkText(0)],
      [chunk(0)],
      audio.AUDIO_CHUNK_OUT_OF_ORDER,
    ],
    [
      'a chunk that is not base64',
      [chunkText(0), chunkText(1, 'not base64!')],
      [chunk(0)],
      audio.AUDIO_CHUNK_MALFORMED,
    ],
    [
      'a chunk whose data is not JSON',
      [chunkText(0), sse('chunk', '{"index": 1,')],
      [chunk(0)],
      audio.AUDIO_CHUNK_MALFORMED,
    ],
    ['a chunk of another stream', [chunkText(0, DATA[0], 'aud_other')], [], audio.AUDIO_CHUNK_MALFORMED],
    [
      'an end whose total misses a chunk',
      [chunkText(0), chunkText(1), endText(3)],
      [chunk(0), chunk(1)],
      audio.AUDIO_CHUNK_OUT_OF_ORDER,
    ],
  ])(
    '%s ends the stream in error with the domain reason, and nothing after it is read',
    (_name, texts, good, reason) => {
      const scheduler = newScheduler();
      scheduler.run(({ hot, cold, expectObservable, expectSubscriptions }) => {
        const action$ = hot<Action>('a', { a: startAudioStream({ source: tts }) });
        const values: Record<string, StreamPart> = {
          h: head,
          s: part(startText()),
          z: part(chunkText(2)),
          e: part(endText()),
        };
        texts.forEach((text, i) => (values[`${i}`] = part(text)));
        const marble = `-h-s-${texts.map((_, i) => `${i}-`).join('')}z-e|`;
        const body = cold<StreamPart>(marble, values);
        const { output$ } = runEpic(scheduler, action$, [body]);
        const failAt = 5 + 2 * (texts.length - 1);
        const expected: Record<string, Action> = { a: started(), f: failed(reason) };
        good.forEach((g, i) => (expected[`${i}`] = g));
        const out = frames([
          [0, 'a'],
          ...good.map((_, i): [number, string] => [5 + 2 * i, `${i}`]),
          [failAt, 'f'],
        ]);
        expectObservable(output$).toBe(out, expected);
        expectSubscriptions(body.subscriptions).toBe(`^ ${failAt - 1}ms !`);
      });
    },
  );

  it('a chunk before start is out of order', () => {
    const scheduler = newScheduler();
    scheduler.run(({ hot, cold, expectObservable }) => {
      const action$ = hot<Action>('a', { a: startAudioStream({ source: tts }) });
      const body = cold<StreamPart>('-h-x|', { h: head, x: part(chunkText(0)) });
      const { output$ } = runEpic(scheduler, action$, [body]);
      expectObservable(output$).toBe('a--f', { a: started(), f: failed(audio.AUDIO_CHUNK_OUT_OF_ORDER) });
    });
  });

  it('a server error event reports its §8 code to the error map and sets status error (spec §8 "Audio stream error sets status error")', () => {
    const scheduler = newScheduler();
    scheduler.run(({ hot, cold, expectObservable }) => {
      const action$ = hot<Action>('a', { a: startAudioStream({ source: tts }) });
      const body = cold<StreamPart>('-h-s-x-r-|', {
        h: head,
        s: part(startText()),
        x: part(chunkText(0)),
        r: part(sse('error', { stream_id: ID, code: 10400, msg: 'the text has nothing to speak' })),
      });
      const { output$, requests } = runEpic(scheduler, action$, [body]);
      expectObservable(output$).toBe('a----b-(rf)', {
        a: started(),
        b: chunk(0),
        r: reportApiFailure({
          failure: {
            kind: 'api',
            path: AUDIO_TTS_STREAM_PATH,
            code: 10400,
            msg: 'the text has nothing to speak',
          },
        }),
        f: failed(AUDIO_STREAM_FAILED),
      });
      // An error event is the server's answer, not a cut: never retried.
      scheduler.flush();
      expect(requests).toHaveLength(1);
    });
  });

  it('a cut connection, or a body that ends before `end`, is resumed at once with Last-Event-ID: the chunks go on from the next one, none twice, none missed', () => {
    const scheduler = newScheduler();
    scheduler.run(({ hot, cold, expectObservable }) => {
      const action$ = hot<Action>('a', { a: startAudioStream({ source: tts }) });
      // Broken after chunk 0; then a body that ends after chunk 1 with chunk 2 cut in two; then the rest.
      const cut = cold<StreamPart>(
        '-h-s-x-#',
        { h: head, s: part(startText()), x: part(chunkText(0)) },
        new TypeError('network reset'),
      );
      const z = chunkText(2);
      const short = cold<StreamPart>('-h-y-z|', { h: head, y: part(chunkText(1)), z: part(z.slice(0, 20)) });
      const rest = cold<StreamPart>('-h-z-e|', { h: head, z: part(z), e: part(endText()) });
      const { output$, requests } = runEpic(scheduler, action$, [cut, short, rest]);
      expectObservable(output$).toBe(
        frames([
          [0, 'a'],
          [5, 'b'],
          [10, 'c'],
          [16, 'd'],
          [18, 'e'],
        ]),
        { a: started(), b: chunk(0), c: chunk(1), d: chunk(2), e: ended },
      );
      scheduler.flush();
      expect(resumesOf(requests)).toEqual([
        [0, undefined],
        [7, '0'],
        [13, '1'],
      ]);
      // The same request each time.
      expect(new Set(requests.map((r) => JSON.stringify(r.req.body))).size).toBe(1);
    });
  });

  it('a cut before the first whole chunk starts the stream over (no Last-Event-ID, its start again) after 250 ms', () => {
    const scheduler = newScheduler();
    scheduler.run(({ hot, cold, expectObservable }) => {
      const action$ = hot<Action>('a', { a: startAudioStream({ source: tts }) });
      const cut = cold<StreamPart>('-h-s-#', { h: head, s: part(startText()) }, new TypeError('reset'));
      const whole = cold<StreamPart>('-h-w|', { h: head, w: part(WHOLE) });
      const { output$, requests } = runEpic(scheduler, action$, [cut, whole]);
      expectObservable(output$).toBe(
        frames([
          [0, 'a'],
          [258, '(bcde)'],
        ]),
        {
          a: started(),
          b: chunk(0),
          c: chunk(1),
          d: chunk(2),
          e: ended,
        },
      );
      scheduler.flush();
      expect(resumesOf(requests)).toEqual([
        [0, undefined],
        [255, undefined],
      ]);
    });
  });

  it('a stream that fails for good is given up: 3 retries after 250, 500 and 1000 ms without a chunk, then errors.audioStreamInterrupted once', () => {
    const scheduler = newScheduler();
    scheduler.run(({ hot, cold, expectObservable }) => {
      const action$ = hot<Action>('a', { a: startAudioStream({ source: tts }) });
      const dead = () => cold<StreamPart>('-#', {}, new TypeError('connection refused'));
      // A server that answers the head and the start, then hangs up, brings no chunk either.
      const startOnly = cold<StreamPart>('-h-s|', { h: head, s: part(startText()) });
      const { output$, requests } = runEpic(scheduler, action$, [dead(), startOnly, dead(), dead(), dead()]);
      expectObservable(output$).toBe(
        frames([
          [0, 'a'],
          [1757, 'f'],
        ]),
        {
          a: started(),
          f: failed(AUDIO_STREAM_INTERRUPTED),
        },
      );
      scheduler.flush();
      expect(resumesOf(requests)).toEqual([
        [0, undefined],
        [251, undefined],
        [755, undefined],
        [1756, undefined],
      ]);
    });
  });

  it('progress resets the count: a server that cuts after every chunk is followed to the end', () => {
    const scheduler = newScheduler();
    scheduler.run(({ hot, cold, expectObservable }) => {
      const action$ = hot<Action>('a', { a: startAudioStream({ source: tts }) });
      const one = (text: string) => cold<StreamPart>('-h-x-#', { h: head, x: part(text) });
      const { output$, requests } = runEpic(scheduler, action$, [
        cold<StreamPart>('-h-s-x-#', { h: head, s: part(startText()), x: part(chunkText(0)) }),
        one(chunkText(1)),
        one(chunkText(2)),
        one(endText()),
      ]);
      expectObservable(output$).toBe(
        frames([
          [0, 'a'],
          [5, 'b'],
          [10, 'c'],
          [15, 'd'],
          [20, 'e'],
        ]),
        { a: started(), b: chunk(0), c: chunk(1), d: chunk(2), e: ended },
      );
      scheduler.flush();
      expect(requests.map((r) => r.req.lastEventId)).toEqual([undefined, '0', '1', '2']);
    });
  });

  it('a stop aborts the request at once and records the stop; nothing of that stream is emitted afterwards', () => {
    const scheduler = newScheduler();
    scheduler.run(({ hot, cold, expectObservable, expectSubscriptions }) => {
      const action$ = hot<Action>('a 24ms s 50ms s', {
        a: startAudioStream({ source: tts }),
        s: stopAudioStream({}),
      });
      const body = cold<StreamPart>('-h 9ms s 9ms x 9ms y 9ms z 9ms e|', {
        h: head,
        s: part(startText()),
        x: part(chunkText(0)),
        y: part(chunkText(1)),
        z: part(chunkText(2)),
        e: part(endText()),
      });
      const { output$ } = runEpic(scheduler, action$, [body]);
      expectObservable(output$).toBe('a 20ms b 3ms f', {
        a: started(),
        b: chunk(0),
        f: failed(AUDIO_STREAM_STOPPED),
      });
      expectSubscriptions(body.subscriptions).toBe('^ 24ms !');
    });
  });

  it('a new start abandons the running stream: its request is aborted and only the new stream is read', () => {
    const scheduler = newScheduler();
    scheduler.run(({ hot, cold, expectObservable, expectSubscriptions }) => {
      const song: AudioStreamSource = { kind: 'song', style: 'pop', emotion: 'happy', instrument: 'piano' };
      const action$ = hot<Action>('a 14ms b', {
        a: startAudioStream({ source: tts }),
        b: startAudioStream({ source: song }),
      });
      const first = cold<StreamPart>('-h-s 19ms x 9ms y|', {
        h: head,
        s: part(startText()),
        x: part(chunkText(0)),
        y: part(chunkText(1)),
      });
      const second = cold<StreamPart>('-h-s-x-y-z-e|', {
        h: head,
        s: part(startText(3, 'aud_id2')),
        x: part(chunkText(0, DATA[0], 'aud_id2')),
        y: part(chunkText(1, DATA[1], 'aud_id2')),
        z: part(chunkText(2, DATA[2], 'aud_id2')),
        e: part(endText(3, 'aud_id2')),
      });
      const { output$, requests } = runEpic(scheduler, action$, [first, second]);
      const c2 = (i: number) => audio.chunkReceived({ streamId: 'aud_id2', index: i, audioData: DATA[i]! });
      expectObservable(output$).toBe('a 14ms b----x-y-z-e', {
        a: started(),
        b: started('aud_id2'),
        x: c2(0),
        y: c2(1),
        z: c2(2),
        e: audio.streamEnded({ streamId: 'aud_id2' }),
      });
      expectSubscriptions(first.subscriptions).toBe('^ 14ms !');
      scheduler.flush();
      expect(requests.map((r) => r.req.path)).toEqual([AUDIO_TTS_STREAM_PATH, SONG_PREVIEW_STREAM_PATH]);
    });
  });

  it('a refused request (a JSON envelope, or HTTP 403, instead of a stream) goes to the error map and sets status error', () => {
    const scheduler = newScheduler();
    scheduler.run(({ hot, cold, expectObservable }) => {
      const action$ = hot<Action>('a 19ms b', {
        a: startAudioStream({ source: tts }),
        b: startAudioStream({ source: tts }),
      });
      const body = cold<StreamPart>('-h-j-k|', {
        h: { kind: 'response', status: 200, contentType: 'application/json; charset=utf-8' },
        j: part('{"status":{"code":20000,'),
        k: part('"msg":"please log in"},"data":null}'),
      });
      const forbidden = cold<StreamPart>('-h|', {
        h: { kind: 'response', status: 403, contentType: 'text/html' },
      });
      const { output$, requests } = runEpic(scheduler, action$, [body, forbidden]);
      expectObservable(output$).toBe(
        frames([
          [0, 'a'],
          [6, '(rf)'],
          [20, 'b'],
          [22, '(RF)'],
        ]),
        {
          a: started(),
          r: reportApiFailure({
            failure: { kind: 'api', path: AUDIO_TTS_STREAM_PATH, code: 20000, msg: 'please log in' },
          }),
          f: failed(AUDIO_REQUEST_REFUSED),
          b: started('aud_id2'),
          R: reportApiFailure({ failure: { kind: 'http', path: AUDIO_TTS_STREAM_PATH, status: 403 } }),
          F: failed(AUDIO_REQUEST_REFUSED, 'aud_id2'),
        },
      );
      // A refusal is never retried: one request per stream.
      scheduler.flush();
      expect(requests).toHaveLength(2);
    });
  });

  it('a request its codec refuses never leaves the client', () => {
    const scheduler = newScheduler();
    scheduler.run(({ hot, expectObservable }) => {
      const action$ = hot<Action>('a', {
        a: startAudioStream({ source: { kind: 'tts', text: 'x'.repeat(501) } }),
      });
      const { output$, requests } = runEpic(scheduler, action$, []);
      expectObservable(output$).toBe('(af)', { a: started(), f: failed(AUDIO_REQUEST_INVALID) });
      scheduler.flush();
      expect(requests).toEqual([]);
    });
  });

  it('sends the token holder\'s token as the `token` header (spec §7 "streaming calls also send the token")', () => {
    const scheduler = newScheduler();
    scheduler.run(({ hot, expectObservable }) => {
      const signedIn = replay([
        {
          ...session.userInfoSet({
            user: { id: 'u', accountName: 'u', name: 'u', email: 'u@x', avatar: '', status: 1, role: 'user' },
          }),
          meta: { seq: 1, at: 0 },
        },
      ]).state;
      const action$ = hot<Action>('a', { a: startAudioStream({ source: tts }) });
      const whole = of<StreamPart[]>(head, part(WHOLE));
      const { output$, requests } = runEpic(scheduler, action$, [whole], signedIn, 'tok-1');
      expectObservable(output$).toBe('(abcde)', {
        a: started(),
        b: chunk(0),
        c: chunk(1),
        d: chunk(2),
        e: ended,
      });
      scheduler.flush();
      expect(requests[0]!.req.token).toBe('tok-1');
    });
  });

  it('pause and resume change the status of the current stream only (spec §4 status paused)', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const body = cold<StreamPart>('-h-s-x 20ms y-z-e|', {
        h: head,
        s: part(startText()),
        x: part(chunkText(0)),
        y: part(chunkText(1)),
        z: part(chunkText(2)),
        e: part(endText()),
      });
      const { deps } = makeFakeDeps(scheduler, {}, { ...conversationDeps({ fetchStream: () => body }) });
      const store = makeStore({ dependencies: deps });
      store.dispatch(resumeAudioStream({}));
      store.dispatch(startAudioStream({ source: tts }));
      const statuses: string[] = [];
      cold('10ms p 5ms r 50ms p').subscribe((v) => {
        store.dispatch(v === 'p' ? pauseAudioStream({}) : resumeAudioStream({}));
        statuses.push(store.getState().audio.status);
      });
      flush();
      // Paused while chunks keep arriving; a pause after the end changes nothing.
      expect(statuses).toEqual(['paused', 'start', 'over']);
      expect(audio.selectChunkCount(store.getState().audio)).toBe(3);
      expect(store.recorder.events().map((e) => e.type)).toEqual([
        'audio/streamStarted',
        'audio/chunkReceived',
        'audio/streamPaused',
        'audio/streamResumed',
        'audio/chunkReceived',
        'audio/chunkReceived',
        'audio/streamEnded',
      ]);
    });
  });
});

describe('SSE parsing is independent of how the network cuts the bytes (eventsource-parser over a streaming body)', () => {
  const collect = (parts: readonly StreamPart[]): Promise<Action[]> => {
    const scheduler = newScheduler();
    const { deps } = makeFakeDeps(scheduler, {}, { ...conversationDeps({ fetchStream: () => from(parts) }) });
    const state$ = new StateObservable<RootState>(new Subject<RootState>(), initialRootState);
    return lastValueFrom(
      audioStreamEpic(of(startAudioStream({ source: tts })), state$, deps).pipe(toArray()),
    );
  };

  it('property: any split of the body (even inside a multi-byte character) gives the same events as one piece', async () => {
    const text = `: keep-alive — ça va\n\n${WHOLE}`;
    const bytes = enc.encode(text);
    const whole = await collect([head, { kind: 'bytes', bytes }]);
    expect(whole.map((a) => a.type)).toEqual([
      'audio/streamStarted',
      'audio/chunkReceived',
      'audio/chunkReceived',
      'audio/chunkReceived',
      'audio/streamEnded',
    ]);
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.integer({ min: 1, max: bytes.length - 1 }), { maxLength: 40 }),
        async (cuts) => {
          const at = [0, ...[...cuts].sort((a, b) => a - b), bytes.length];
          const parts: StreamPart[] = [
            head,
            ...at.slice(1).map((end, i) => ({ kind: 'bytes' as const, bytes: bytes.slice(at[i], end) })),
          ];
          expect(await collect(parts)).toEqual(whole);
        },
      ),
      { numRuns: 200 },
    );
  });
});
