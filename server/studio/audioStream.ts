/**
 * The SSE audio stream (spec §4 "start, chunks in order, end"; §7 "SSE audio stream with chunk and
 * end events"). Validation and authorisation happen before any byte of the stream: a refused
 * request gets the ordinary JSON envelope. An accepted one is rendered by the audio engine the
 * creation tasks use too (server/engines/audio.ts, in an engine worker thread: the event loop only
 * sends), encoded as one WAV file and sent as `start`,
 * `chunk` 0..n-1 (base64 of consecutive byte ranges, the first one holding the RIFF header) and
 * `end`; a failure after the headers is an `error` event. Chunks are paced a few milliseconds
 * apart, as a streaming engine would produce them; a closed connection stops the stream at once.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  AUDIO_STREAM_CONTENT_TYPE,
  AUDIO_STREAM_EVENT,
  AUDIO_TTS_STREAM_PATH,
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
import { CODES, decodeBody } from '../envelope';
import { SAMPLE_RATE, isSpeakable } from '../engines/audio';
import type { RenderedWav } from '../engines/jobs';
import { asBuffer, runEngine } from '../engines/pool';

/** Bytes of WAV per chunk: a multiple of 3, so every chunk but the last is base64 without padding. */
export const AUDIO_CHUNK_BYTES = 12_288;
/** Pause between two chunks. */
export const CHUNK_INTERVAL_MS = 5;

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

export const audioStreamRoutes = (app: FastifyInstance, _ctx: ServerContext): AudioStreams => {
  const open = new Set<() => void>();

  const stream = async (
    reply: FastifyReply,
    streamId: string,
    render: () => Promise<RenderedWav>,
  ): Promise<void> => {
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
    let chunks: string[];
    let durationMs: number;
    try {
      const rendered = await render();
      chunks = chunkWav(asBuffer(rendered.wav));
      durationMs = Math.round((rendered.samples / SAMPLE_RATE) * 1000);
    } catch (err) {
      if (err instanceof StreamFailure) fail(err.code, err.message);
      else fail(500, 'synthesis failed');
      return;
    }
    // The client left while the engine rendered.
    if (finished) return;
    const start: AudioStreamStart = {
      stream_id: streamId,
      sample_rate: SAMPLE_RATE as AudioStreamStart['sample_rate'],
      chunks: chunks.length as AudioStreamStart['chunks'],
      mime_type: AUDIO_WAV_MIME,
      duration_ms: durationMs as AudioStreamStart['duration_ms'],
    };
    raw.write(sse(AUDIO_STREAM_EVENT.start, start));
    let index = 0;
    const next = () => {
      timer = null;
      if (finished) return;
      if (index < chunks.length) {
        const chunk: AudioStreamChunk = {
          stream_id: streamId,
          index: index as AudioStreamChunk['index'],
          audioData: chunks[index] as string,
        };
        raw.write(sse(AUDIO_STREAM_EVENT.chunk, chunk, index));
        index += 1;
        timer = setTimeout(next, CHUNK_INTERVAL_MS);
        return;
      }
      const end: AudioStreamEnd = { stream_id: streamId, total: chunks.length as AudioStreamEnd['total'] };
      raw.write(sse(AUDIO_STREAM_EVENT.end, end));
      finish();
    };
    timer = setTimeout(next, CHUNK_INTERVAL_MS);
  };

  app.post(AUDIO_TTS_STREAM_PATH, async (req, reply) => {
    requireAccount(req.caller);
    const body = decodeBody(TtsStreamRequest, req.body);
    void stream(reply, body.stream_id ?? newId(), async () => {
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
    requireAccount(req.caller);
    const body = decodeBody(SongPreviewRequest, req.body);
    void stream(reply, body.stream_id ?? newId(), () =>
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
