/**
 * Issue 25, figure 1 "one byte flipped in one chunk in transit: detected, only that chunk re-sent",
 * in virtual time over the fake upload server: every chunk PUT carries its Content-MD5; the store
 * refuses bytes that do not have it (400 BadDigest, nothing kept), and the client counts that
 * refusal as a chunk failure (retried after 3 s, that chunk only, within the same budget as a
 * 5xx), never as a refusal that ends the upload. Where the store needs the digest signed into the
 * URL (S3, `sign_chunks`), each chunk's URL is asked with its digest before its PUT.
 */
import { createHash } from 'node:crypto';
import { NEVER, Subject, map, of } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { replay, uploads } from '../../../domain/index.js';
import { resumeUpload, startUpload } from '../../../infrastructure/uploads/commands';
import { identityOf, readResume } from '../../../infrastructure/uploads/records';
import { memoryFile, memoryStorage, patternBytes, type FakePut } from '../../support/fakes/uploads';
import { newScheduler, timeline, typesOf, uploadStore } from './support';

const md5 = (b: Uint8Array) => createHash('md5').update(b).digest('base64');

/** Flips one bit of byte `at` of the PUTs `when` picks, on their way to the server. */
const flipping =
  (when: (put: Omit<FakePut, 'size'>, n: number) => boolean, at = 3) =>
  (put: Omit<FakePut, 'size'>, n: number, bytes: Uint8Array): Uint8Array => {
    if (!when(put, n)) return bytes;
    const damaged = bytes.slice();
    damaged[at] = damaged[at]! ^ 0x10;
    return damaged;
  };

const chunkEvents = (types: readonly string[]) => types.filter((t) => t.startsWith('uploads/chunk'));

describe('a chunk damaged on the way: refused by its Content-MD5, sent again, only it', () => {
  it('each PUT carries the MD5 of its chunk; the damaged one is refused (nothing kept), re-sent after 3 s, and the file arrives whole', () => {
    const scheduler = newScheduler();
    scheduler.run(({ expectObservable, flush }) => {
      const bytes = patternBytes(40);
      const puts$ = new Subject<Omit<FakePut, 'size'>>();
      const flip = flipping((put, n) => put.index === 2 && n === 2);
      const { store, server } = uploadStore(scheduler, {
        chunkSize: 8,
        transit: (put, n, sent) => {
          puts$.next(put);
          return flip(put, n, sent);
        },
      });
      // One PUT at a time: chunks 0, 1, 2 (damaged) at 0; 2 again at 3000, then 3 and 4.
      expectObservable(puts$.pipe(map((p) => String(p.index))), '^ 10000ms !').toBe(
        timeline([
          [0, '0'],
          [0, '1'],
          [0, '2'],
          [3000, '2'],
          [3000, '3'],
          [3000, '4'],
        ]),
      );
      scheduler.schedule(() => store.dispatch(startUpload({ field: 'video', file: memoryFile(bytes) })));
      flush();
      const upload = uploads.selectUploadList(store.getState().uploads)[0]!;
      expect(upload.phase.status).toBe('complete');
      expect(server.stored((upload.phase as { fileId: string }).fileId)).toEqual(bytes);
      expect(server.puts.map((p) => p.index)).toEqual([0, 1, 2, 2, 3, 4]);
      expect(server.puts.map((p) => p.contentMd5)).toEqual(
        [0, 1, 2, 2, 3, 4].map((i) => md5(bytes.subarray(i * 8, i * 8 + 8))),
      );
      expect(chunkEvents(typesOf(store)).filter((t) => t === 'uploads/chunkFailed')).toHaveLength(1);
      // The refused PUT was not checked (no chunk check for a refusal); the others were, once each.
      expect(server.calls.filter((c) => c.name === 'checkChunk')).toHaveLength(5);
      expect(server.calls.filter((c) => c.name === 'confirmFile')).toHaveLength(1);
      expect(replay(store.recorder.events()).violation).toBeNull();
    });
  });

  it('a digest refusal spends the retry budget like a 5xx: 4 tries at 3 s, then the alternate host, never a refusal at once', () => {
    const scheduler = newScheduler();
    scheduler.run(({ flush }) => {
      const { store, server } = uploadStore(scheduler, {
        chunkSize: 8,
        transit: flipping(() => true),
      });
      store.dispatch(startUpload({ field: 'video', file: memoryFile(patternBytes(8)) }));
      flush();
      expect(server.puts.map((p) => p.at)).toEqual([
        0, 3000, 6000, 9000, 9000, 12000, 15000, 18000, 18000, 21000, 24000, 27000, 27000, 30000, 33000,
        36000,
      ]);
      expect(typesOf(store).filter((t) => t === 'uploads/hostReloaded')).toHaveLength(3);
      expect(uploads.selectUploadList(store.getState().uploads)[0]!.phase).toEqual({
        status: 'error',
        messageKey: 'uploadError',
        confirmedBytes: 0,
      });
    });
  });

  it('another 400 (a malformed digest, InvalidDigest) still ends the upload at once: sending again cannot help', () => {
    const scheduler = newScheduler();
    scheduler.run(({ flush }) => {
      const { store, server } = uploadStore(scheduler, { chunkSize: 8, put: () => of({ status: 400 }) });
      store.dispatch(startUpload({ field: 'video', file: memoryFile(patternBytes(20)) }));
      flush();
      expect(server.puts).toHaveLength(1);
      expect(typesOf(store).slice(-1)).toEqual(['uploads/errored']);
    });
  });
});

describe('a store that needs the digest signed into the URL (S3: sign_chunks)', () => {
  it('asks each chunk’s URL with its Content-MD5 before its PUT; a damaged chunk is asked and sent again, only it', () => {
    const scheduler = newScheduler();
    scheduler.run(({ flush }) => {
      const bytes = patternBytes(24);
      const { store, server } = uploadStore(scheduler, {
        chunkSize: 8,
        signChunks: true,
        transit: flipping((put, n) => put.index === 1 && n === 1),
      });
      store.dispatch(startUpload({ field: 'video', file: memoryFile(bytes) }));
      flush();
      const upload = uploads.selectUploadList(store.getState().uploads)[0]!;
      expect(upload.phase.status).toBe('complete');
      expect(server.stored((upload.phase as { fileId: string }).fileId)).toEqual(bytes);
      expect(server.calls.map((c) => c.name)).toEqual([
        'config',
        'signChunk',
        'checkChunk',
        'signChunk',
        'signChunk',
        'checkChunk',
        'signChunk',
        'checkChunk',
        'confirmFile',
      ]);
      const digests = server.calls
        .filter((c) => c.name === 'signChunk')
        .map((c) => (c.body as { content_md5: string }).content_md5);
      expect(digests).toEqual([0, 1, 1, 2].map((i) => md5(bytes.subarray(i * 8, i * 8 + 8))));
      // Every PUT went to the URL signed for its digest, with that digest.
      for (const p of server.puts) expect(p.url).toContain(`&md5=${encodeURIComponent(p.contentMd5)}`);
      expect(server.puts.map((p) => p.index)).toEqual([0, 1, 1, 2]);
    });
  });

  it('a sign call the server could not answer (5xx) is a chunk failure; a refused one (10403) ends the upload', () => {
    const faulty = newScheduler();
    faulty.run(({ flush }) => {
      const { store, server } = uploadStore(faulty, {
        chunkSize: 8,
        signChunks: true,
        failures: {
          signChunk: {
            failure: { kind: 'api', path: '/api/v1/upload/chunk/sign', code: 500, msg: 'internal error' },
            times: 1,
          },
        },
      });
      store.dispatch(startUpload({ field: 'video', file: memoryFile(patternBytes(8)) }));
      flush();
      expect(chunkEvents(typesOf(store))).toEqual([
        'uploads/chunkSent',
        'uploads/chunkFailed',
        'uploads/chunkSent',
        'uploads/chunkConfirmed',
      ]);
      expect(server.puts.map((p) => p.at)).toEqual([3000]);
    });
    const refused = newScheduler();
    refused.run(({ flush }) => {
      const { store, server } = uploadStore(refused, {
        chunkSize: 8,
        signChunks: true,
        failures: {
          signChunk: {
            failure: {
              kind: 'api',
              path: '/api/v1/upload/chunk/sign',
              code: 10403,
              msg: 'already confirmed',
            },
          },
        },
      });
      store.dispatch(startUpload({ field: 'video', file: memoryFile(patternBytes(8)) }));
      flush();
      expect(server.puts).toHaveLength(0);
      expect(typesOf(store).slice(-1)).toEqual(['uploads/failed']);
    });
  });

  it('a resumed upload keeps signing each chunk (the resume record says so)', () => {
    const scheduler = newScheduler();
    scheduler.run(({ flush }) => {
      const storage = memoryStorage();
      const bytes = patternBytes(24);
      const file = memoryFile(bytes, { name: 'take.mp4', lastModified: 5 });
      // Before the page closes: chunk 2's first PUT never gets an answer.
      let hung = false;
      const before = uploadStore(scheduler, {
        chunkSize: 8,
        signChunks: true,
        storage,
        put: (put, _n, keep) => {
          if (put.index === 2 && !hung) {
            hung = true;
            return NEVER;
          }
          keep();
          return of({ status: 200 });
        },
      });
      before.store.dispatch(startUpload({ field: 'video', file }));
      const saved = readResume(storage, identityOf(file), 0)!;
      expect(saved).toMatchObject({ confirmed: [0, 1], signChunks: true });
      before.store.close();
      // The page again: a new store over the same storage and server.
      const after = uploadStore(scheduler, { storage }, () => before.server.deps);
      const callsBefore = before.server.calls.length;
      after.store.dispatch(resumeUpload({ field: 'video', file }));
      flush();
      const names = before.server.calls.slice(callsBefore).map((c) => c.name);
      expect(names).toEqual([
        'checkChunk',
        'checkChunk',
        'checkChunk',
        'signChunk',
        'checkChunk',
        'confirmFile',
      ]);
      expect(before.server.puts.at(-1)!.url).toContain('&md5=');
      const upload = uploads.selectUploadList(after.store.getState().uploads)[0]!;
      expect(upload.phase.status).toBe('complete');
      expect(before.server.stored(saved.fileId)).toEqual(bytes);
    });
  });
});
