/**
 * The SSE audio stream (spec §4 "start, chunks in order, end"; §7 "SSE audio stream with chunk and
 * end events"). Validation and authorisation happen before any byte of the stream: a refused
 * request gets the ordinary JSON envelope. An accepted one is rendered by the audio engine the
 * creation tasks use too (server/engines/audio.ts, in an engine worker thread: the event loop only
 * sends), encoded as one WAV file and sent as `start`,
 * `chunk` 0..n-1 (base64 of consecutive byte ranges, the first one holding the RIFF header) and
 * `end`; a failure after the headers is an `error` event. Chunks are paced a few milliseconds
 * apart, as a streaming engine would produce them; a closed connection stops the stream at once.
 *
 * Resuming: each chunk carries its index as the SSE `id`. A client whose connection was cut sends
 * the same request again with `Last-Event-ID: k`, and gets chunks k+1.. and `end` (no second
 * `start`). The engines are deterministic, so any process renders the same bytes again; what a
 * process must know is that the caller started this stream: every fresh request records (account,
 * stream id, path and a hash of the request) in PostgreSQL (`idempotent_requests`, key
 * `sse:<stream id>:<sha256>`), and a resume is served only if the caller's own record of that very
 * request is there, started less than STREAM_RESUMABLE_MS ago. Another account naming the same id
 * finds no record of its own (10404): a stream is only ever resumed by the account that started it.
 * Its routes are registered by server/audio/routes.ts.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { canonicalJson } from '../../domain/index.js';
import {
  AUDIO_STREAM_CONTENT_TYPE,
  AUDIO_STREAM_EVENT,
  AUDIO_TTS_STREAM_PATH,
  LAST_EVENT_ID_HEADER,
  AUDIO_WAV_MIME,
  SONG_PREVIEW_STREAM_PATH,
  SongPreviewRequest,
  TtsStreamRequest,
  type AudioStreamChunk,
  type AudioStreamEnd,
  type AudioStreamError,
  type AudioStreamStart,
} from '../../infrastructure/contract/streaming';
import { newId, requireAccount } from '../auth';
import type { ServerContext } from '../context';
import { ApiError, CODES, decodeBody } from '../envelope';
import { SAMPLE_RATE } from '../engines/audio';
import { isSpeakable } from '../engines/speech';
import type { RenderedWav } from '../engines/jobs';
import { asBuffer, runEngine } from '../engines/pool';

/** Bytes of WAV per chunk: a multiple of 3, so every chunk but the last is base64 without padding. */
export const AUDIO_CHUNK_BYTES = 12_288;
/** Pause between two chunks. */
export const CHUNK_INTERVAL_MS = 5;
/** How long after its start a stream may be resumed with `Last-Event-ID`. */
export const STREAM_RESUMABLE_MS = 10 * 60_000;

/** A failure the stream reports as an `error` event with a spec §8 code. */
export class StreamFailure extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export interface AudioStreams {
  /** Streams being sent now. */
  readonly active: () => number;
  /** Ends every open stream (server shutdown). */
  readonly closeAll: () => void;
}

const sse = (event: string, data: unknown, id?: number): string =>
  `event: ${event}\n${id === undefined ? '' : `id: ${id}\n`}data: ${JSON.stringify(data)}\n\n`;

export const chunkWav = (wav: Buffer, size = AUDIO_CHUNK_BYTES): string[] => {
  const out: string[] = [];
  for (let at = 0; at < wav.length; at += size) out.push(wav.subarray(at, at + size).toString('base64'));
  return out;
};

/**
 * The `Last-Event-ID` header as the index of the last chunk the client has (null: none, a fresh
 * stream); anything but one decimal index is 10400.
 */
export const lastChunkOf = (header: string | string[] | undefined): number | null => {
  if (header === undefined) return null;
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!/^(0|[1-9][0-9]{0,8})$/.test(value.trim()))
    throw new ApiError(CODES.invalidRequest, `${LAST_EVENT_ID_HEADER}: expected the index of a chunk`);
  return Number(value.trim());
};

/** The record key of a stream: its id and a hash of the request it was started with. */
const streamKey = (streamId: string, path: string, body: unknown): string =>
  `sse:${streamId}:${createHash('sha256')
    .update(`${path}\u0000${canonicalJson(body)}`)
    .digest('hex')}`;

/**
 * Where the caller's stream starts: a fresh request (no `Last-Event-ID`) records the stream and
 * starts at 0; a resume after chunk k starts at k+1 if the caller started this very request
 * lately, else it is refused before any byte is sent (10404, as an unknown stream).
 */
const claimStream = async (
  ctx: ServerContext,
  accountId: string,
  path: string,
  body: { readonly stream_id?: string | undefined },
  header: string | string[] | undefined,
): Promise<{ readonly streamId: string; readonly first: number }> => {
  const last = lastChunkOf(header);
  const streamId = body.stream_id ?? newId();
  const key = streamKey(streamId, path, body);
  const now = ctx.clock.now();
  if (last === null) {
    await ctx.db.query(
      `INSERT INTO idempotent_requests (account_id, key, path, response, created_at) VALUES ($1, $2, $3, NULL, $4)
       ON CONFLICT (account_id, key) DO UPDATE SET created_at = EXCLUDED.created_at`,
      [accountId, key, path, now],
    );
    // The caller's streams too old to resume are forgotten as it starts new ones.
    await ctx.db.query(
      "DELETE FROM idempotent_requests WHERE account_id = $1 AND key LIKE 'sse:%' AND created_at <= $2",
      [accountId, now - STREAM_RESUMABLE_MS],
    );
    return { streamId, first: 0 };
  }
  const [mine] = await ctx.db.query(
    'SELECT 1 FROM idempotent_requests WHERE account_id = $1 AND key = $2 AND path = $3 AND created_at > $4',
    [accountId, key, path, now - STREAM_RESUMABLE_MS],
  );
  if (!mine) throw new ApiError(CODES.notFound, 'no such stream to resume');
  return { streamId, first: last + 1 };
};

/** How this server sends streams: the open ones (to end them all on close), chunk size and pace. */
interface StreamSettings {
  readonly open: Set<() => void>;
  readonly chunkBytes: number;
  readonly chunkInterval: number;
}

/** An SSE response on the raw connection: it ends once, and reports a failure as an `error` event. */
interface OpenStream {
  readonly raw: FastifyReply['raw'];
  readonly streamId: string;
  /** Whether it ended (sent its end, failed, or the client left). */
  readonly finished: () => boolean;
  /** The pending chunk's timer, cleared when the stream ends. */
  readonly setTimer: (timer: NodeJS.Timeout | null) => void;
  readonly finish: () => void;
  readonly fail: (code: number, msg: string) => void;
}

const openStream = (reply: FastifyReply, streamId: string, open: Set<() => void>): OpenStream => {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    'content-type': `${AUDIO_STREAM_CONTENT_TYPE}; charset=utf-8`,
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  let timer: NodeJS.Timeout | null = null;
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    if (timer) clearTimeout(timer);
    open.delete(finish);
    if (!raw.writableEnded) raw.end();
  };
  open.add(finish);
  raw.on('close', finish);
  const fail = (code: number, msg: string) => {
    const error: AudioStreamError = { stream_id: streamId, code, msg };
    if (!raw.writableEnded) raw.write(sse(AUDIO_STREAM_EVENT.error, error));
    finish();
  };
  return {
    raw,
    streamId,
    finished: () => finished,
    setTimer: (t) => {
      timer = t;
    },
    finish,
    fail,
  };
};

/** Sends chunks `first`.. a few milliseconds apart, then `end`. */
const sendChunks = (s: OpenStream, chunks: readonly string[], first: number, interval: number): void => {
  let index = first;
  const next = () => {
    s.setTimer(null);
    if (s.finished()) return;
    if (index < chunks.length) {
      const chunk: AudioStreamChunk = {
        stream_id: s.streamId,
        index: index as AudioStreamChunk['index'],
        audioData: chunks[index] as string,
      };
      s.raw.write(sse(AUDIO_STREAM_EVENT.chunk, chunk, index));
      index += 1;
      s.setTimer(setTimeout(next, interval));
      return;
    }
    const end: AudioStreamEnd = { stream_id: s.streamId, total: chunks.length as AudioStreamEnd['total'] };
    s.raw.write(sse(AUDIO_STREAM_EVENT.end, end));
    s.finish();
  };
  s.setTimer(setTimeout(next, interval));
};

/** Sends the stream from chunk `first` (0: a fresh stream, with its `start`). */
const sendStream = async (
  reply: FastifyReply,
  settings: StreamSettings,
  streamId: string,
  first: number,
  render: () => Promise<RenderedWav>,
): Promise<void> => {
  const s = openStream(reply, streamId, settings.open);
  let chunks: string[];
  let durationMs: number;
  try {
    const rendered = await render();
    chunks = chunkWav(asBuffer(rendered.wav), settings.chunkBytes);
    durationMs = Math.round((rendered.samples / SAMPLE_RATE) * 1000);
  } catch (err) {
    if (err instanceof StreamFailure) s.fail(err.code, err.message);
    else s.fail(500, 'synthesis failed');
    return;
  }
  // The client left while the engine rendered.
  if (s.finished()) return;
  if (first > chunks.length) {
    s.fail(CODES.invalidRequest, `${LAST_EVENT_ID_HEADER} is past the last chunk`);
    return;
  }
  const start: AudioStreamStart = {
    stream_id: streamId,
    sample_rate: SAMPLE_RATE as AudioStreamStart['sample_rate'],
    chunks: chunks.length as AudioStreamStart['chunks'],
    mime_type: AUDIO_WAV_MIME,
    duration_ms: durationMs as AudioStreamStart['duration_ms'],
  };
  if (first === 0) s.raw.write(sse(AUDIO_STREAM_EVENT.start, start));
  sendChunks(s, chunks, first, settings.chunkInterval);
};

export const audioStreamRoutes = (app: FastifyInstance, ctx: ServerContext): AudioStreams => {
  const settings: StreamSettings = {
    open: new Set<() => void>(),
    chunkBytes: ctx.config.audioChunkBytes ?? AUDIO_CHUNK_BYTES,
    chunkInterval: ctx.config.audioChunkIntervalMs ?? CHUNK_INTERVAL_MS,
  };
  const { open } = settings;
  const claim = (
    accountId: string,
    path: string,
    body: { readonly stream_id?: string | undefined },
    header: string | string[] | undefined,
  ) => claimStream(ctx, accountId, path, body, header);
  const stream = (reply: FastifyReply, streamId: string, first: number, render: () => Promise<RenderedWav>) =>
    sendStream(reply, settings, streamId, first, render);

  app.post(AUDIO_TTS_STREAM_PATH, async (req, reply) => {
    const accountId = requireAccount(req.caller);
    const body = decodeBody(TtsStreamRequest, req.body);
    const { streamId, first } = await claim(
      accountId,
      AUDIO_TTS_STREAM_PATH,
      body,
      req.headers[LAST_EVENT_ID_HEADER],
    );
    void stream(reply, streamId, first, async () => {
      // Text made only of spaces, punctuation or symbols has nothing to speak.
      if (!isSpeakable(body.text))
        throw new StreamFailure(CODES.invalidRequest, 'the text has nothing to speak');
      return runEngine('speechWav', {
        text: body.text,
        voice: body.voice,
        timbreId: body.timbre_id,
        emotion: body.emotion,
      });
    });
    return reply;
  });

  app.post(SONG_PREVIEW_STREAM_PATH, async (req, reply) => {
    const accountId = requireAccount(req.caller);
    const body = decodeBody(SongPreviewRequest, req.body);
    const { streamId, first } = await claim(
      accountId,
      SONG_PREVIEW_STREAM_PATH,
      body,
      req.headers[LAST_EVENT_ID_HEADER],
    );
    void stream(reply, streamId, first, () =>
      runEngine('songWav', {
        style: body.style,
        emotion: body.emotion,
        instrument: body.instrument,
        voice: body.voice,
        seed: body.seed,
      }),
    );
    return reply;
  });

  return {
    active: () => open.size,
    closeAll: () => {
      for (const finish of [...open]) finish();
    },
  };
};
