/**
 * The web client's own upload code against a real server, for contract, S3 and soak tests: a
 * store whose upload capabilities are the browser's (the HttpClient over Node's fetch,
 * `fetchPutChunk`, hash-wasm's Content-MD5) pointed at a base URL (a server, a proxy, a load
 * balancer), and what those tests ask of it afterwards.
 */
import { createHash } from 'node:crypto';
import { asyncScheduler } from 'rxjs';
import { expect } from 'vitest';
import { uploads } from '../../domain/index.js';
import { makeHttpClient, type FetchLike } from '../../infrastructure/http/client';
import { makeStore, type AppStore } from '../../infrastructure/app/makeStore';
import { makeUploadsApi } from '../../infrastructure/uploads/api';
import { fetchPutChunk } from '../../infrastructure/uploads/browser';
import type { KeyValueStorage, PutChunk, UploadsDeps } from '../../infrastructure/uploads/deps';
import { wasmContentMd5 } from '../../infrastructure/uploads/digest';
import { memoryKeptFiles } from '../../infrastructure/uploads/keptFiles';
import { signedIn } from '../infrastructure/uploads/support';
import { makeFakeDeps } from './fakeApi';
import { memoryStorage } from './fakes/uploads';

export const nodeFetch: FetchLike = (input, init) => fetch(input, init);

export interface UploadClientOptions {
  /** Where the API calls go. */
  readonly apiBase: string;
  /** Who calls: an account's token, or a guest device (changeable later: the object is read per call). */
  readonly identity: { token: string | null; device: string };
  /** Where relative chunk URLs go; both default to `apiBase`. */
  readonly hosts?: UploadsDeps['hosts'];
  readonly storage?: KeyValueStorage;
  readonly chunkBytes?: number | null;
  readonly parallelChunks?: number;
  /** Wraps the real chunk PUT (to count, hold back or drop PUTs). */
  readonly putChunk?: (real: PutChunk) => PutChunk;
  /** The fetch under the chunk PUTs (to change bytes on the way); Node's by default. */
  readonly putFetch?: FetchLike;
}

/** A store with the browser's upload capabilities over Node's fetch, signed in when a token is given. */
export const uploadClient = (o: UploadClientOptions): AppStore => {
  const identity = o.identity;
  const http = makeHttpClient({
    baseUrl: o.apiBase,
    fetch: nodeFetch,
    headers: () => ({
      'x-device-id': identity.device,
      ...(identity.token === null ? {} : { token: identity.token }),
    }),
  });
  const put = fetchPutChunk(o.putFetch ?? nodeFetch);
  const uploadDeps: UploadsDeps = {
    api: makeUploadsApi(http),
    putChunk: o.putChunk ? o.putChunk(put) : put,
    contentMd5: wasmContentMd5,
    compressImage: () => Promise.reject(new Error('no compression in these tests')),
    measureImage: () => Promise.resolve(null),
    compressGif: null,
    storage: o.storage ?? memoryStorage(),
    keptFiles: memoryKeptFiles(),
    hosts: o.hosts ?? { primary: o.apiBase, alternate: o.apiBase },
    chunkBytes: o.chunkBytes ?? null,
    parallelChunks: o.parallelChunks ?? 3,
  };
  const { deps } = makeFakeDeps(asyncScheduler, {}, { uploads: uploadDeps });
  const store = makeStore({ dependencies: deps });
  if (identity.token !== null) store.dispatch(signedIn);
  return store;
};

/** Resolves with the slot's upload once it is no longer running. */
export const settledUpload = (store: AppStore, field: string, timeoutMs = 60_000) =>
  new Promise<uploads.Upload>((resolve, reject) => {
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error(`upload in ${field} did not finish in ${timeoutMs} ms`));
    }, timeoutMs);
    const check = () => {
      const u = uploads.selectUploadList(store.getState().uploads).find((x) => x.field === field);
      if (u && !uploads.isRunning(u.phase)) {
        clearTimeout(timer);
        unsubscribe();
        resolve(u);
      }
    };
    const unsubscribe = store.subscribe(check);
  });

/** The sha256 of what a GET of `url` answers, streamed (a 1 GiB file is never held whole). */
export const fetchedSha = async (url: string): Promise<string> => {
  const r = await fetch(url);
  expect(r.status).toBe(200);
  const hash = createHash('sha256');
  for await (const piece of r.body as unknown as AsyncIterable<Uint8Array>) hash.update(piece);
  return hash.digest('hex');
};

/** How many events of this type the store recorded. */
export const countEvents = (store: AppStore, type: string): number =>
  store.recorder.events().filter((e) => e.type === type).length;
