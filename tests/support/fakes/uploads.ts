/**
 * Test doubles of the upload capabilities: an in-memory upload server that keeps the bytes it
 * was sent and answers the contract's calls in virtual time, file handles over bytes that
 * answer synchronously, and a memory storage. `fakeUploadsDeps(scheduler)` is a working default.
 *
 * Like a store, the fake server refuses a chunk whose bytes do not have the Content-MD5 it came
 * with (400, `badDigest`) and keeps nothing of it; `transit` changes bytes on the way to it.
 * With `signChunks` it plays S3: the config answers `sign_chunks`, chunk/sign puts the digest
 * into the URL, and a PUT whose Content-MD5 is not the one its URL signed is refused (403).
 */
import { createHash } from 'node:crypto';
import * as E from 'fp-ts/Either';
import { Observable, map, of, timer, type SchedulerLike } from 'rxjs';
import type {
  AudioFileConfirmResponse,
  ChunkCheckResponse,
  ChunkSignResponse,
  FileConfirmResponse,
  GuestFieldsResponse,
  ImageConfirmResponse,
  UploadConfigResponse,
  UploadPreSignResponse,
} from '../../../infrastructure/contract/uploads';
import type { ApiFailure, ApiResult } from '../../../infrastructure/http/client';
import type { UploadsApi } from '../../../infrastructure/uploads/api';
import type {
  CompressImage,
  ContentMd5Of,
  MeasureImage,
  KeptFileStore,
  KeyValueStorage,
  PutChunk,
  PutOutcome,
  UploadFileHandle,
  UploadsDeps,
} from '../../../infrastructure/uploads/deps';
import { settled } from '../../../infrastructure/uploads/handles';
import { memoryKeptFiles } from '../../../infrastructure/uploads/keptFiles';

export const PRIMARY = 'https://primary.test';
export const ALTERNATE = 'https://alternate.test';

/** A file over `bytes` whose reads answer at once (inside virtual time). */
export const memoryFile = (
  bytes: Uint8Array,
  meta: { name?: string; type?: string; lastModified?: number } = {},
): UploadFileHandle => ({
  name: meta.name ?? 'clip.mp4',
  type: meta.type ?? 'video/mp4',
  lastModified: meta.lastModified ?? 1_700_000_000_000,
  size: bytes.length,
  slice: (start, end) => settled(bytes.subarray(start, end)),
});

/** A file of `size` bytes that are made only when read: byte i is `i % 251`. */
export const patternFile = (
  size: number,
  meta: { name?: string; type?: string; lastModified?: number } = {},
): UploadFileHandle => ({
  name: meta.name ?? 'clip.mp4',
  type: meta.type ?? 'video/mp4',
  lastModified: meta.lastModified ?? 1_700_000_000_000,
  size,
  slice: (start, end) =>
    settled(Uint8Array.from({ length: Math.max(0, end - start) }, (_, i) => (start + i) % 251)),
});

export const patternBytes = (size: number): Uint8Array =>
  Uint8Array.from({ length: size }, (_, i) => i % 251);

export const memoryStorage = (
  initial: Record<string, string> = {},
): KeyValueStorage & { readonly map: Map<string, string> } => {
  const store = new Map(Object.entries(initial));
  return {
    map: store,
    getItem: (k) => store.get(k) ?? null,
    setItem: (k, v) => {
      store.set(k, v);
      return true;
    },
    removeItem: (k) => void store.delete(k),
  };
};

export interface FakeCall {
  readonly at: number;
  readonly name: keyof UploadsApi;
  readonly body: unknown;
}

export interface FakePut {
  readonly at: number;
  readonly url: string;
  readonly host: string;
  readonly fileId: string;
  readonly index: number;
  readonly size: number;
  /** The Content-MD5 the PUT was sent with. */
  readonly contentMd5: string;
}

/** Content-MD5 (RFC 1864) in Node, answered at once (inside virtual time). */
export const nodeContentMd5: ContentMd5Of = (bytes) =>
  settled(createHash('md5').update(bytes).digest('base64'));

interface FakeUpload {
  readonly kind: 'file' | 'image' | 'audio';
  readonly size: number;
  readonly chunkSize: number;
  readonly count: number;
  readonly chunks: Map<number, Uint8Array>;
  confirms: number;
}

export interface FakeUploadServerOptions {
  /** The server's chunk size for config and audio pre-config (a request may ask for less). */
  readonly chunkSize?: number;
  /** Frames every call takes before it answers (0: at once). */
  readonly latency?: number;
  /**
   * What the n-th PUT (0-based, all uploads) does. Default: store the bytes, answer 200 at once.
   * `store` keeps the bytes as a successful PUT does.
   */
  readonly put?: (put: FakePut, n: number, store: () => void) => Observable<PutOutcome>;
  /** A call that fails instead of answering (per call name), optionally only its first `times`. */
  readonly failures?: Partial<Record<keyof UploadsApi, { failure: ApiFailure; times?: number }>>;
  /** The status the confirm answers when every chunk arrived (0 by default). */
  readonly confirmStatus?: number;
  readonly storage?: KeyValueStorage;
  /** The files kept for interrupted uploads (a memory store by default; share one across "reloads"). */
  readonly keptFiles?: KeptFileStore;
  readonly compressImage?: CompressImage;
  readonly measureImage?: MeasureImage;
  readonly compressGif?: CompressImage | null;
  readonly chunkBytes?: number | null;
  readonly parallelChunks?: number;
  /** The signed URLs' expiry (virtual ms). */
  readonly expiresAt?: number;
  /** What arrives of the n-th PUT's bytes (0-based, all uploads): damage on the way. Default: as sent. */
  readonly transit?: (put: Omit<FakePut, 'size'>, n: number, bytes: Uint8Array) => Uint8Array;
  /** Plays a store such as S3: each chunk's URL must be asked with its Content-MD5 (chunk/sign). */
  readonly signChunks?: boolean;
}

const parsePut = (url: string) => {
  const m = /^(.*)\/upload\/([A-Za-z0-9_-]+)\/(\d+)\?/.exec(url);
  return m ? { host: m[1] ?? '', fileId: m[2] ?? '', index: Number(m[3]) } : null;
};

/** An in-memory upload server speaking the contract's shapes, for epic tests. */
export const fakeUploadServer = (scheduler: SchedulerLike, options: FakeUploadServerOptions = {}) => {
  const calls: FakeCall[] = [];
  const puts: FakePut[] = [];
  const uploads = new Map<string, FakeUpload>();
  const failuresLeft = new Map<string, number>();
  let nextId = 0;
  const serverChunk = options.chunkSize ?? 8;
  const signChunks = options.signChunks ?? false;
  const expiresAt = options.expiresAt ?? 7_200_000;

  const respond = <A>(
    name: keyof UploadsApi,
    body: unknown,
    answer: () => ApiResult<A>,
  ): Observable<ApiResult<A>> => {
    calls.push({ at: scheduler.now(), name, body });
    const planned = options.failures?.[name];
    let result: () => ApiResult<A> = answer;
    if (planned) {
      const left = failuresLeft.get(name) ?? planned.times ?? Infinity;
      if (left > 0) {
        failuresLeft.set(name, left - 1);
        result = () => E.left(planned.failure);
      }
    }
    const latency = options.latency ?? 0;
    return latency === 0 ? of(null).pipe(map(result)) : timer(latency, scheduler).pipe(map(result));
  };

  const create = (kind: FakeUpload['kind'], size: number, chunkSize: number) => {
    const fileId = `file${String(++nextId).padStart(6, '0')}`;
    const count = Math.max(1, Math.ceil(size / chunkSize));
    uploads.set(fileId, { kind, size, chunkSize, count, chunks: new Map(), confirms: 0 });
    const preSigns = Array.from(
      { length: count },
      (_, i) => `/upload/${fileId}/${i}?exp=${expiresAt}&sig=s${i}`,
    );
    return { fileId, preSigns };
  };

  const notFound = (path: string): ApiResult<never> =>
    E.left({ kind: 'api', path, code: 10404, msg: 'no such upload' });

  const check =
    (name: 'checkChunk' | 'audioChunkConfirm') => (req: { file_id: string; pre_sign_url: string }) =>
      respond<ChunkCheckResponse>(name, req, () => {
        const u = uploads.get(req.file_id);
        const index = Number(/\/(\d+)\?/.exec(req.pre_sign_url)?.[1] ?? -1);
        if (!u) return notFound('/api/v1/upload/chunk/check');
        const got = u.chunks.get(index);
        return E.right({
          file_id: req.file_id,
          chunk_index: index,
          received: got !== undefined,
          size: got?.length ?? null,
        });
      });

  const finalize = (fileId: string): { status: number; url: string | null; bytes: Uint8Array | null } => {
    const u = uploads.get(fileId);
    if (!u) return { status: 406, url: null, bytes: null };
    u.confirms += 1;
    const missing = Array.from({ length: u.count }, (_, i) => i).filter((i) => !u.chunks.has(i));
    if (missing.length > 0) return { status: 403, url: null, bytes: null };
    const bytes = new Uint8Array(u.size);
    let at = 0;
    for (let i = 0; i < u.count; i++) {
      const c = u.chunks.get(i)!;
      bytes.set(c, at);
      at += c.length;
    }
    if (at !== u.size) return { status: 406, url: null, bytes: null };
    const status = options.confirmStatus ?? 0;
    return { status, url: status === 0 ? `/blobs/uploads/${fileId}` : null, bytes };
  };

  const api: UploadsApi = {
    config: (req) =>
      respond<UploadConfigResponse>('config', req, () => {
        const chunk = Math.min(serverChunk, req.chunk_size ?? serverChunk);
        const { fileId, preSigns } = create('file', req.file_size, chunk);
        return E.right({
          file_id: fileId,
          pre_signs: preSigns,
          chunk_size: chunk,
          status: 0,
          expires_at: expiresAt,
          sign_chunks: signChunks,
        });
      }),
    preSign: (req) =>
      respond<UploadPreSignResponse>('preSign', req, () => {
        const { fileId, preSigns } = create('image', req.file_size, Math.max(1, req.file_size));
        return E.right({
          file_id: fileId,
          pre_sign: preSigns[0]!,
          img_url: `/blobs/uploads/${fileId}`,
          expires_at: expiresAt,
          sign_chunks: signChunks,
        });
      }),
    audioPreConfig: (req) =>
      respond<UploadConfigResponse>('audioPreConfig', req, () => {
        const chunk = Math.min(serverChunk, req.chunk_size ?? serverChunk);
        const { fileId, preSigns } = create('audio', req.file_size, chunk);
        return E.right({
          file_id: fileId,
          pre_signs: preSigns,
          chunk_size: chunk,
          status: 0,
          expires_at: expiresAt,
          sign_chunks: signChunks,
        });
      }),
    signChunk: (req) =>
      respond<ChunkSignResponse>('signChunk', req, () => {
        if (!uploads.has(req.file_id)) return notFound('/api/v1/upload/chunk/sign');
        const index = Number(/\/(\d+)\?/.exec(req.pre_sign_url)?.[1] ?? -1);
        const url = `${req.pre_sign_url.replace(/&md5=[^&]*/, '')}&md5=${encodeURIComponent(req.content_md5)}`;
        return E.right({ file_id: req.file_id, chunk_index: index, url });
      }),
    checkChunk: check('checkChunk'),
    audioChunkConfirm: check('audioChunkConfirm'),
    confirmFile: (req) =>
      respond<FileConfirmResponse>('confirmFile', req, () => {
        const f = finalize(req.file_id);
        return E.right({
          status: f.status,
          file_id: req.file_id,
          url: f.url,
          size: f.bytes?.length ?? 0,
          missing_chunks: [],
        });
      }),
    confirmImage: (req) =>
      respond<ImageConfirmResponse>('confirmImage', req, () => {
        const f = finalize(req.file_id);
        return E.right({
          status: f.status,
          file_id: req.file_id,
          url: f.url,
          width: f.status === 0 ? 64 : null,
          height: f.status === 0 ? 48 : null,
          category: req.category ?? 9,
          missing_chunks: [],
        });
      }),
    audioFileConfirm: (req) =>
      respond<AudioFileConfirmResponse>('audioFileConfirm', req, () => {
        const f = finalize(req.file_id);
        return E.right({
          status: f.status,
          file_id: req.file_id,
          url: f.url,
          missing_chunks: [],
          audio_info: null,
          upload_obj_info: null,
        });
      }),
    guestFieldsSave: (req) =>
      respond<GuestFieldsResponse>('guestFieldsSave', req, () => {
        const fields: GuestFieldsResponse['fields'] = {};
        for (const item of req.items) (fields[item.field] ??= []).push({ ...item });
        return E.right({ fields });
      }),
  };

  /** What a store answers before it keeps anything: a digest its URL did not sign, or bytes without it. */
  const refusal = (put: FakePut, bytes: Uint8Array): PutOutcome | null => {
    if (signChunks) {
      const signed = /[?&]md5=([^&]*)/.exec(put.url)?.[1];
      if (signed === undefined || decodeURIComponent(signed) !== put.contentMd5) return { status: 403 };
    }
    if (createHash('md5').update(bytes).digest('base64') !== put.contentMd5)
      return { status: 400, badDigest: true };
    return null;
  };

  let putCount = 0;
  const putChunk: PutChunk = (url, sent, contentMd5) => {
    const parsed = parsePut(url);
    const n = putCount++;
    const head = {
      at: scheduler.now(),
      url,
      host: parsed?.host ?? '',
      fileId: parsed?.fileId ?? '',
      index: parsed?.index ?? -1,
      contentMd5,
    };
    const bytes = options.transit ? options.transit(head, n, sent) : sent;
    const put: FakePut = { ...head, size: bytes.length };
    puts.push(put);
    const refused = refusal(put, bytes);
    if (refused !== null) return of(refused);
    const store = () => {
      const u = uploads.get(put.fileId);
      if (u && put.index >= 0 && put.index < u.count) u.chunks.set(put.index, bytes.slice());
    };
    if (options.put) return options.put(put, n, store);
    store();
    return of({ status: 200 });
  };

  const deps: UploadsDeps = {
    api,
    putChunk,
    contentMd5: nodeContentMd5,
    compressImage: options.compressImage ?? ((file) => settled(file)),
    measureImage: options.measureImage ?? (() => settled(null)),
    compressGif: options.compressGif === undefined ? null : options.compressGif,
    storage: options.storage ?? memoryStorage(),
    keptFiles: options.keptFiles ?? memoryKeptFiles(),
    hosts: { primary: PRIMARY, alternate: ALTERNATE },
    chunkBytes: options.chunkBytes ?? null,
    parallelChunks: options.parallelChunks ?? 1,
  };

  /** The bytes the server assembled for a confirmed upload. */
  const stored = (fileId: string): Uint8Array | null => {
    const u = uploads.get(fileId);
    if (!u || u.chunks.size !== u.count) return null;
    const out = new Uint8Array(u.size);
    let at = 0;
    for (let i = 0; i < u.count; i++) {
      const c = u.chunks.get(i)!;
      out.set(c, at);
      at += c.length;
    }
    return out;
  };

  return { deps, calls, puts, uploads, stored };
};

/** Default doubles for tests of other areas: a working in-memory upload server. */
export const fakeUploadsDeps = (scheduler: SchedulerLike): UploadsDeps => fakeUploadServer(scheduler).deps;
