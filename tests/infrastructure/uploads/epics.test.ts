/**
 * The upload epics in virtual time (spec §4, §5, §8, §9): retry after 3 s three times, then
 * the alternate host three times, then uploadError; the 60 s chunk timeout; cancel; one upload
 * per slot; guests; resuming after a reload; compression and EXIF; audio direct or chunked.
 */
import { EMPTY, NEVER, Subject, filter, map, of, type Observable } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { replay, uploads, type DomainEvent } from '../../../domain/index.js';
import { cancelUpload, resumeUpload, startUpload } from '../../../infrastructure/uploads/commands';
import type { PutOutcome, UploadFileHandle } from '../../../infrastructure/uploads/deps';
import { settled } from '../../../infrastructure/uploads/handles';
import { identityOf, readResume, RESUME_KEY, GUEST_KEPT_KEY } from '../../../infrastructure/uploads/records';
import { appStarted } from '../../../infrastructure/store/commands';
import {
  ALTERNATE,
  PRIMARY,
  memoryFile,
  memoryStorage,
  patternBytes,
  patternFile,
  type FakePut,
} from '../../support/fakes/uploads';
import { newScheduler, signedIn, timeline, typesOf, uploadStore } from './support';
import { jpegWith } from './jpegFixtures';

const letterOf = (e: DomainEvent): string =>
  ({
    'uploads/started': 's',
    'uploads/signed': 'g',
    'uploads/chunkSent': 'p',
    'uploads/chunkConfirmed': 'c',
    'uploads/chunkFailed': 'f',
    'uploads/hostReloaded': 'h',
    'uploads/confirmed': 'd',
    'uploads/failed': 'x',
    'uploads/errored': 'e',
    'uploads/dismissed': 'z',
  })[e.type] ?? '?';

const only = (...types: string[]) => filter((e: DomainEvent) => types.includes(e.type));

const putsOf = (puts$: Subject<FakePut>) =>
  puts$.pipe(map((p) => (p.host === PRIMARY ? 'P' : p.host === ALTERNATE ? 'A' : '?')));

/** A PUT script that tells every PUT to `puts$` and answers with `answer(put, n)`. */
const scripted =
  (puts$: Subject<FakePut>, answer: (put: FakePut, n: number) => Observable<PutOutcome> | 'store') =>
  (put: FakePut, n: number, store: () => void): Observable<PutOutcome> => {
    puts$.next(put);
    const a = answer(put, n);
    if (a !== 'store') return a;
    store();
    return of({ status: 200 });
  };

const noViolation = (events: readonly DomainEvent[]) => expect(replay(events).violation).toBeNull();

describe('spec §8 chunk failures: retry after 3 s up to 3 times, then the alternate host up to 3 times, then uploadError', () => {
  it('a chunk that always fails is tried 4 times per host at 3 s intervals, reloaded through the alternate host 3 times, then errors with uploadError', () => {
    const scheduler = newScheduler();
    scheduler.run(({ expectObservable, flush }) => {
      const puts$ = new Subject<FakePut>();
      const { store, events$ } = uploadStore(scheduler, {
        chunkSize: 8,
        put: scripted(puts$, () => of({ status: 503 })),
      });
      const putTimes = [
        0, 3000, 6000, 9000, 9000, 12000, 15000, 18000, 18000, 21000, 24000, 27000, 27000, 30000, 33000,
        36000,
      ];
      const hosts = ['P', 'P', 'P', 'P', ...Array<string>(12).fill('A')];
      expectObservable(putsOf(puts$), '^ 40000ms !').toBe(timeline(putTimes.map((t, i) => [t, hosts[i]!])));
      expectObservable(
        events$.pipe(only('uploads/chunkFailed', 'uploads/hostReloaded', 'uploads/errored'), map(letterOf)),
        '^ 40000ms !',
      ).toBe(
        timeline([
          [0, 'f'],
          [3000, 'f'],
          [6000, 'f'],
          [9000, 'f'],
          [9000, 'h'],
          [9000, 'f'],
          [12000, 'f'],
          [15000, 'f'],
          [18000, 'f'],
          [18000, 'h'],
          [18000, 'f'],
          [21000, 'f'],
          [24000, 'f'],
          [27000, 'f'],
          [27000, 'h'],
          [27000, 'f'],
          [30000, 'f'],
          [33000, 'f'],
          [36000, 'f'],
          [36000, 'e'],
        ]),
      );
      scheduler.schedule(() => store.dispatch(startUpload({ field: 'video', file: patternFile(8) })));
      flush();
      const upload = uploads.selectUploadList(store.getState().uploads)[0]!;
      expect(upload.phase).toEqual({ status: 'error', messageKey: 'uploadError', confirmedBytes: 0 });
      const raised = store.recorder.events().filter((e) => e.type === 'notices/raised');
      expect(raised.map((e) => (e.payload as { messageKey: string }).messageKey)).toEqual(['uploadError']);
      noViolation(store.recorder.events());
    });
  });

  it('a chunk that fails twice goes through on its third try, 6 s later, and the other chunks are not held back', () => {
    const scheduler = newScheduler();
    scheduler.run(({ expectObservable, flush }) => {
      const puts$ = new Subject<FakePut>();
      const { store, server, events$ } = uploadStore(scheduler, {
        chunkSize: 8,
        put: scripted(puts$, (put, n) => (put.index === 1 && n < 3 ? of({ status: 502 }) : 'store')),
      });
      // Chunk 0 at 0; chunk 1 fails at 0 and 3000, passes at 6000; chunk 2 after it (one PUT at a time).
      expectObservable(puts$.pipe(map((p) => String(p.index))), '^ 10000ms !').toBe(
        timeline([
          [0, '0'],
          [0, '1'],
          [3000, '1'],
          [6000, '1'],
          [6000, '2'],
        ]),
      );
      expectObservable(
        events$.pipe(
          only('uploads/chunkConfirmed', 'uploads/chunkFailed', 'uploads/confirmed'),
          map(letterOf),
        ),
        '^ 10000ms !',
      ).toBe(
        timeline([
          [0, 'c'],
          [0, 'f'],
          [3000, 'f'],
          [6000, 'c'],
          [6000, 'c'],
          [6000, 'd'],
        ]),
      );
      const bytes = patternBytes(20);
      scheduler.schedule(() => store.dispatch(startUpload({ field: 'video', file: memoryFile(bytes) })));
      flush();
      const upload = uploads.selectUploadList(store.getState().uploads)[0]!;
      expect(upload.phase.status).toBe('complete');
      const fileId = (upload.phase as { fileId: string }).fileId;
      expect(server.stored(fileId)).toEqual(bytes);
      // Every PUT that went through was verified with a chunk check; the file was confirmed once.
      expect(server.calls.filter((c) => c.name === 'checkChunk')).toHaveLength(3);
      expect(server.calls.filter((c) => c.name === 'confirmFile')).toHaveLength(1);
      noViolation(store.recorder.events());
    });
  });

  it('a chunk the server did not receive whole (chunk check) counts as a failure and is sent again', () => {
    const scheduler = newScheduler();
    scheduler.run(({ flush }) => {
      let first = true;
      const { store, server } = uploadStore(scheduler, {
        chunkSize: 8,
        // The first PUT answers 200 but stores nothing (a proxy that swallowed the body).
        put: (_put, _n, store) => {
          if (first) first = false;
          else store();
          return of({ status: 200 });
        },
      });
      store.dispatch(startUpload({ field: 'video', file: patternFile(8) }));
      flush();
      // A guest's upload is also kept locally (spec §3).
      expect(typesOf(store)).toEqual([
        'uploads/started',
        'uploads/signed',
        'uploads/chunkSent',
        'uploads/chunkFailed',
        'uploads/chunkSent',
        'uploads/chunkConfirmed',
        'uploads/confirmed',
        'uploads/guestUploadKept',
      ]);
      expect(server.puts.map((p) => p.at)).toEqual([0, 3000]);
    });
  });

  it('a chunk check the server could not answer (its internal error, code 500) is a chunk failure, retried after 3 s; a refusal of the check ends the upload', () => {
    const scheduler = newScheduler();
    scheduler.run(({ flush }) => {
      const { store, server } = uploadStore(scheduler, {
        chunkSize: 8,
        failures: {
          checkChunk: {
            failure: { kind: 'api', path: '/api/v1/upload/chunk/check', code: 500, msg: 'internal error' },
            times: 1,
          },
        },
      });
      const bytes = patternBytes(8);
      store.dispatch(startUpload({ field: 'video', file: memoryFile(bytes) }));
      flush();
      expect(typesOf(store).filter((t) => t.startsWith('uploads/chunk'))).toEqual([
        'uploads/chunkSent',
        'uploads/chunkFailed',
        'uploads/chunkSent',
        'uploads/chunkConfirmed',
      ]);
      expect(server.puts.map((p) => p.at)).toEqual([0, 3000]);
      const upload = uploads.selectUploadList(store.getState().uploads)[0]!;
      expect(upload.phase.status).toBe('complete');
    });
    const refused = newScheduler();
    refused.run(({ flush }) => {
      const { store, server } = uploadStore(refused, {
        chunkSize: 8,
        failures: {
          checkChunk: {
            failure: { kind: 'api', path: '/api/v1/upload/chunk/check', code: 10404, msg: 'no such upload' },
          },
        },
      });
      store.dispatch(startUpload({ field: 'video', file: patternFile(8) }));
      flush();
      expect(server.puts).toHaveLength(1);
      expect(typesOf(store).slice(-1)).toEqual(['uploads/failed']);
    });
  });

  it('a PUT refused with a 4xx (a bad or expired signature) ends the upload at once: retrying cannot help', () => {
    const scheduler = newScheduler();
    scheduler.run(({ flush }) => {
      const { store, server } = uploadStore(scheduler, { chunkSize: 8, put: () => of({ status: 403 }) });
      store.dispatch(startUpload({ field: 'video', file: patternFile(20) }));
      flush();
      expect(server.puts).toHaveLength(1);
      expect(typesOf(store).slice(-1)).toEqual(['uploads/errored']);
    });
  });

  it('after a host reload the upload continues from the first unconfirmed chunk through the alternate host', () => {
    const scheduler = newScheduler();
    scheduler.run(({ flush }) => {
      const { store, server } = uploadStore(scheduler, {
        chunkSize: 8,
        put: (put, _n, store) => {
          if (put.host === PRIMARY && put.index >= 1) return of({ status: 500 });
          store();
          return of({ status: 200 });
        },
      });
      const bytes = patternBytes(24);
      store.dispatch(startUpload({ field: 'video', file: memoryFile(bytes) }));
      flush();
      expect(server.puts.map((p) => `${p.host === PRIMARY ? 'P' : 'A'}${p.index}@${p.at}`)).toEqual([
        'P0@0',
        'P1@0',
        'P1@3000',
        'P1@6000',
        'P1@9000',
        'A1@9000',
        'A2@9000',
      ]);
      const types = typesOf(store);
      expect(types.filter((t) => t === 'uploads/hostReloaded')).toHaveLength(1);
      expect(types.at(-2)).toBe('uploads/confirmed');
      const fileId = server.calls.find((c) => c.name === 'confirmFile')!.body as { file_id: string };
      expect(server.stored(fileId.file_id)).toEqual(bytes);
      noViolation(store.recorder.events());
    });
  });

  it('with parallel chunks, a reload stops the PUTs in flight and resumes from the first unconfirmed chunk', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const hanging = cold<PutOutcome>('-');
      const { store, server } = uploadStore(scheduler, {
        chunkSize: 8,
        parallelChunks: 3,
        put: (put, _n, keep) => {
          if (put.host === PRIMARY && put.index === 0) return of({ status: 500 });
          if (put.host === PRIMARY) return hanging;
          keep();
          return of({ status: 200 });
        },
      });
      const bytes = patternBytes(40);
      store.dispatch(startUpload({ field: 'video', file: memoryFile(bytes) }));
      flush();
      // Chunks 1 and 2 were in flight when chunk 0 used its budget at 9000: both were cut then.
      expect(hanging.subscriptions.map((s) => [s.subscribedFrame, s.unsubscribedFrame])).toEqual([
        [0, 9000],
        [0, 9000],
      ]);
      expect(server.puts.filter((p) => p.host === ALTERNATE).map((p) => `${p.index}@${p.at}`)).toEqual([
        '0@9000',
        '1@9000',
        '2@9000',
        '3@9000',
        '4@9000',
      ]);
      const confirmed = server.calls.filter((c) => c.name === 'confirmFile');
      expect(confirmed).toHaveLength(1);
      expect(server.stored((confirmed[0]!.body as { file_id: string }).file_id)).toEqual(bytes);
      noViolation(store.recorder.events());
    });
  });
});

describe('spec §5 "each chunk has a 60 s timeout"', () => {
  it('a PUT without an answer is aborted at 60 s, counted as a failure and retried 3 s later', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, expectSubscriptions, flush }) => {
      const silent = cold<PutOutcome>('-');
      const puts$ = new Subject<FakePut>();
      const { store, events$ } = uploadStore(scheduler, { chunkSize: 8, put: scripted(puts$, () => silent) });
      expectObservable(putsOf(puts$), '^ 250000ms !').toBe(
        timeline([
          [0, 'P'],
          [63000, 'P'],
          [126000, 'P'],
          [189000, 'P'],
          [249000, 'A'],
        ]),
      );
      expectObservable(
        events$.pipe(only('uploads/chunkFailed', 'uploads/hostReloaded'), map(letterOf)),
        '^ 250000ms !',
      ).toBe(
        timeline([
          [60000, 'f'],
          [123000, 'f'],
          [186000, 'f'],
          [249000, 'f'],
          [249000, 'h'],
        ]),
      );
      scheduler.schedule(() => store.dispatch(startUpload({ field: 'video', file: patternFile(8) })));
      expectSubscriptions(silent.subscriptions).toBe([
        '^ 59999ms !',
        '63000ms ^ 59999ms !',
        '126000ms ^ 59999ms !',
        '189000ms ^ 59999ms !',
        '249000ms ^ 59999ms !',
        '312000ms ^ 59999ms !',
        '375000ms ^ 59999ms !',
        '438000ms ^ 59999ms !',
        '498000ms ^ 59999ms !',
        '561000ms ^ 59999ms !',
        '624000ms ^ 59999ms !',
        '687000ms ^ 59999ms !',
        '747000ms ^ 59999ms !',
        '810000ms ^ 59999ms !',
        '873000ms ^ 59999ms !',
        '936000ms ^ 59999ms !',
      ]);
      flush();
      expect(uploads.selectUploadList(store.getState().uploads)[0]?.phase.status).toBe('error');
    });
  });

  it('an image PUT has the image timeout (300000 ms, spec §9) instead', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectSubscriptions, flush }) => {
      const silent = cold<PutOutcome>('-');
      const { store } = uploadStore(scheduler, { put: () => silent });
      store.dispatch(
        startUpload({ field: 'cover', file: patternFile(100, { name: 'a.png', type: 'image/png' }) }),
      );
      flush();
      expect(silent.subscriptions[0]).toEqual({ subscribedFrame: 0, unsubscribedFrame: 300000 });
      expectSubscriptions(silent.subscriptions.slice(0, 1)).toBe('^ 299999ms !');
    });
  });
});

describe('uploads/cancel stops the PUTs (takeUntil) and frees the slot', () => {
  it('aborts the PUT in flight, ends the upload (errored uploadCancelled, then dismissed) and a new start runs', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectSubscriptions, flush }) => {
      const slow = cold<PutOutcome>('10ms (r|)', { r: { status: 200 } });
      const { store, server } = uploadStore(scheduler, { chunkSize: 8, put: () => slow });
      store.dispatch(startUpload({ field: 'video', file: patternFile(40) }));
      cold('5ms x').subscribe(() => store.dispatch(cancelUpload({ field: 'video' })));
      cold('7ms x').subscribe(() => store.dispatch(cancelUpload({ field: 'other' })));
      expectSubscriptions(slow.subscriptions).toBe(['^ 4ms !']);
      flush();
      expect(server.puts).toHaveLength(1);
      expect(typesOf(store)).toEqual([
        'uploads/started',
        'uploads/signed',
        'uploads/chunkSent',
        'uploads/errored',
        'uploads/dismissed',
      ]);
      expect(store.getState().uploads.order).toEqual([]);
      noViolation(store.recorder.events());
    });
  });

  it('leaves no resumable record behind and lets the slot start again', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const storage = memoryStorage();
      const slow = cold<PutOutcome>('10ms (r|)', { r: { status: 200 } });
      const { store } = uploadStore(scheduler, {
        chunkSize: 8,
        storage,
        put: (_p, _n, keep) => {
          keep();
          return slow;
        },
      });
      store.dispatch(startUpload({ field: 'video', file: patternFile(40) }));
      cold('5ms x').subscribe(() => {
        expect(storage.map.has(RESUME_KEY)).toBe(true);
        store.dispatch(cancelUpload({ field: 'video' }));
        expect(storage.map.has(RESUME_KEY)).toBe(false);
        store.dispatch(startUpload({ field: 'video', file: patternFile(8) }));
      });
      flush();
      expect(typesOf(store).filter((t) => t === 'uploads/started')).toHaveLength(2);
      expect(uploads.selectUploadList(store.getState().uploads)[0]?.phase.status).toBe('complete');
    });
  });
});

describe('spec §5 "a second upload is ignored while one runs" (per slot)', () => {
  it('ignores a second start in a busy slot, runs another slot alongside, and accepts a start once the first ended', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const slow = cold<PutOutcome>('10ms (r|)', { r: { status: 200 } });
      const { store, server } = uploadStore(scheduler, {
        chunkSize: 8,
        put: (_p, _n, keep) => {
          keep();
          return slow;
        },
      });
      store.dispatch(startUpload({ field: 'video', file: patternFile(8, { name: 'one.mp4' }) }));
      cold('3ms x').subscribe(() =>
        store.dispatch(startUpload({ field: 'video', file: patternFile(8, { name: 'two.mp4' }) })),
      );
      cold('4ms x').subscribe(() =>
        store.dispatch(startUpload({ field: 'cover', file: patternFile(8, { name: 'three.mp4' }) })),
      );
      cold('30ms x').subscribe(() =>
        store.dispatch(startUpload({ field: 'video', file: patternFile(8, { name: 'four.mp4' }) })),
      );
      flush();
      const configs = server.calls
        .filter((c) => c.name === 'config')
        .map((c) => [(c.body as { file_name: string }).file_name, c.at]);
      expect(configs).toEqual([
        ['one.mp4', 0],
        ['three.mp4', 4],
        ['four.mp4', 30],
      ]);
      const list = uploads.selectUploadList(store.getState().uploads);
      expect(list.map((u) => [u.file.name, u.phase.status])).toEqual([
        ['four.mp4', 'complete'],
        ['three.mp4', 'complete'],
        ['one.mp4', 'complete'],
      ]);
    });
  });
});

describe('progress for a progress bar: confirmed bytes only, never backwards', () => {
  it('moves by each confirmed chunk and reaches 1 at the confirm', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const { store } = uploadStore(scheduler, {
        chunkSize: 8,
        put: (p, _n, keep) => {
          if (p.index === 1 && p.at < 3000) return cold<PutOutcome>('1ms (r|)', { r: { status: 500 } });
          keep();
          return cold<PutOutcome>('1ms (r|)', { r: { status: 200 } });
        },
      });
      const seen: number[] = [];
      store.subscribe(() => {
        const u = uploads.selectUploadList(store.getState().uploads)[0];
        if (u) seen.push(uploads.selectUploadProgress(store.getState().uploads, u.id));
      });
      store.dispatch(startUpload({ field: 'video', file: patternFile(20) }));
      flush();
      const distinct = seen.filter((p, i) => i === 0 || p !== seen[i - 1]);
      expect(distinct).toEqual([0, 0.4, 0.8, 1]);
    });
  });
});

describe('spec §4 guests: uploads kept locally per slot and saved to the account after login', () => {
  it('keeps a guest image with its url and size, stores the list, and saves it at login', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const storage = memoryStorage();
      const { store, server, events$ } = uploadStore(scheduler, { storage, latency: 1 });
      expectObservable(
        events$.pipe(
          only(
            'uploads/confirmed',
            'uploads/guestUploadKept',
            'uploads/guestUploadsSaved',
            'session/userInfoSet',
          ),
          map((e) => e.type.split('/')[1]![0]!),
        ),
        '^ 200ms !',
      ).toBe(
        timeline([
          [2, 'c'],
          [2, 'g'],
          [100, 'u'],
          [101, 'g'],
        ]),
      );
      scheduler.schedule(() =>
        store.dispatch(
          startUpload({
            field: 'referenceImage',
            file: patternFile(300, { name: 'ref.png', type: 'image/png' }),
            category: 3,
          }),
        ),
      );
      cold('100ms x').subscribe(() => store.dispatch(signedIn));
      flush();
      const save = server.calls.find((c) => c.name === 'guestFieldsSave')!;
      expect(save.at).toBe(100);
      const url = '/blobs/uploads/file000001';
      expect(save.body).toEqual({
        items: [{ field: 'referenceImage', url, width: 64, height: 48, category: 3 }],
      });
      expect(store.getState().uploads.guestKept).toEqual([]);
      expect(storage.map.has(GUEST_KEPT_KEY)).toBe(false);
      noViolation(store.recorder.events());
    });
  });

  it('brings the kept list back at app start, and a failed save keeps it for the next login', () => {
    const scheduler = newScheduler();
    scheduler.run(({ flush }) => {
      const kept = [{ field: 'cover', uploads: [{ url: '/blobs/a.png', width: 0, height: 0, category: 9 }] }];
      const storage = memoryStorage({
        [GUEST_KEPT_KEY]: JSON.stringify(kept),
        [RESUME_KEY]: '{broken',
      });
      const { store, server } = uploadStore(scheduler, {
        storage,
        failures: {
          guestFieldsSave: {
            failure: { kind: 'network', path: '/api/v1/upload/guest/fields/save', message: 'reset' },
            times: 1,
          },
        },
      });
      store.dispatch(appStarted({}));
      expect(store.getState().uploads.guestKept).toEqual(kept);
      store.dispatch(signedIn);
      flush();
      expect(store.getState().uploads.guestKept).toEqual(kept);
      expect(JSON.parse(storage.map.get(GUEST_KEPT_KEY)!)).toEqual(kept);
      store.dispatch(signedIn);
      flush();
      // Unknown sizes (0 locally) travel as null.
      expect(server.calls.filter((c) => c.name === 'guestFieldsSave').map((c) => c.body)).toEqual([
        { items: [{ field: 'cover', url: '/blobs/a.png', width: null, height: null, category: 9 }] },
        { items: [{ field: 'cover', url: '/blobs/a.png', width: null, height: null, category: 9 }] },
      ]);
      expect(store.getState().uploads.guestKept).toEqual([]);
      expect(store.recorder.events().filter((e) => e.type === 'notices/raised')).toHaveLength(1);
    });
  });

  it('issue 21: a reference image a guest picked is back in its slot after a reload, saved at sign-in, and the form keeps using it', () => {
    const scheduler = newScheduler();
    scheduler.run(({ flush }) => {
      const storage = memoryStorage();
      // The first page: a guest picks a reference image.
      const before = uploadStore(scheduler, { storage });
      before.store.dispatch(
        startUpload({
          field: 'referenceImage',
          file: patternFile(300, { name: 'ref.png', type: 'image/png' }),
          pixelLimit: uploads.TASK_INPUT_LIMIT,
        }),
      );
      flush();
      const url = uploads.selectCompletedInGroup(before.store.getState().uploads, 'referenceImage')[0]?.url;
      expect(url).toBeDefined();

      // The page is loaded again (the login dialog of `/?openLoginDialog=1`, a reload): a new store.
      const after = uploadStore(scheduler, { storage });
      after.store.dispatch(appStarted({}));
      const form = () => uploads.selectCompletedInGroup(after.store.getState().uploads, 'referenceImage');
      expect(form().map((f) => f.url)).toEqual([url]);
      expect(form()[0]).toMatchObject({ width: 64, height: 48 });
      const row = uploads.selectFieldGroup(after.store.getState().uploads, 'referenceImage')[0]!;
      expect(row.file).toMatchObject({ name: 'ref.png', size: 300, mime: 'image/png', kind: 'image' });

      // The sign-in saves it to the account; the form still has it, once.
      after.store.dispatch(signedIn);
      flush();
      expect(after.server.calls.filter((c) => c.name === 'guestFieldsSave').map((c) => c.body)).toEqual([
        { items: [{ field: 'referenceImage', url, width: 64, height: 48, category: 9 }] },
      ]);
      expect(after.store.getState().uploads.guestKept).toEqual([]);
      expect(form().map((f) => f.url)).toEqual([url]);
      // Started again (another reload, now signed in): nothing is kept any more, nothing doubles.
      after.store.dispatch(appStarted({}));
      expect(form()).toHaveLength(1);
      noViolation(after.store.recorder.events());
    });
  });

  it('issue 21: a kept upload does not come back over a file picked since, nor twice', () => {
    const state = [
      uploads.uploadStarted({
        id: 'new',
        field: 'referenceImage',
        file: { name: 'b.png', size: 10, mime: 'image/png', kind: 'image' },
        guest: true,
      }),
      uploads.guestUploadRestored({
        id: 'r1',
        field: 'referenceImage',
        upload: { url: '/blobs/uploads/x/a%20b.png', width: 5, height: 4, category: 9 },
      }),
      uploads.guestUploadRestored({
        id: 'r2',
        field: 'cover',
        upload: { url: '/blobs/uploads/x/a%20b.png', width: 0, height: 0, category: 9 },
      }),
      uploads.guestUploadRestored({
        id: 'r3',
        field: 'cover',
        upload: { url: '/blobs/uploads/x/a%20b.png', width: 0, height: 0, category: 9 },
      }),
    ].reduce(
      (s, e, i) => uploads.evolveUploads(s, { ...e, meta: { seq: i + 1, at: i } } as uploads.UploadEvent),
      uploads.initialUploadsState,
    );
    expect(state.order).toEqual(['new', 'r2']);
    // A list kept before issue 21 has no name: the URL's file name, and no size for a non-image.
    expect(state.byId['r2']?.file).toEqual({ name: 'a b.png', size: 0, mime: '', kind: 'file' });
  });

  it('a signed-in upload is not kept as a guest upload', () => {
    const scheduler = newScheduler();
    scheduler.run(({ flush }) => {
      const { store } = uploadStore(scheduler);
      store.dispatch(signedIn);
      store.dispatch(
        startUpload({ field: 'cover', file: patternFile(30, { name: 'a.png', type: 'image/png' }) }),
      );
      flush();
      expect(typesOf(store)).not.toContain('uploads/guestUploadKept');
      expect(uploads.selectUploadList(store.getState().uploads)[0]?.guest).toBe(false);
    });
  });

  it('spec §8 code 20000 in an upload reason queues the file, opens the login dialog, and uploads it after login', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const { store, server, navigations } = uploadStore(scheduler, {
        chunkSize: 8,
        failures: {
          config: {
            failure: { kind: 'api', path: '/api/v1/upload/config', code: 20000, msg: 'please log in' },
            times: 1,
          },
        },
      });
      store.dispatch(startUpload({ field: 'video', file: patternFile(12) }));
      cold('50ms x').subscribe(() => store.dispatch(signedIn));
      flush();
      expect(server.calls.filter((c) => c.name === 'config').map((c) => c.at)).toEqual([0, 50]);
      const types = store.recorder.events().map((e) => e.type);
      expect(types).toContain('notices/dialogOpened');
      expect(types).not.toContain('session/loggedOut');
      expect(navigations).toEqual([]);
      const list = uploads.selectUploadList(store.getState().uploads);
      expect(list.map((u) => u.phase.status)).toEqual(['complete', 'fail']);
      expect(list[1]!.phase).toMatchObject({ code: 20000, messageKey: 'uploadError' });
    });
  });
});

describe('resuming after a page reload: from the first chunk the server has not confirmed', () => {
  it('a new store with the same storage and the same file, in any slot, asks the server which chunks arrived and sends only the rest', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const storage = memoryStorage();
      const bytes = patternBytes(32);
      const file = memoryFile(bytes, { name: 'long.mp4', lastModified: 42 });
      // Before the reload: chunks 0 and 1 go through, 2 and 3 hang.
      const before = uploadStore(scheduler, { chunkSize: 8, storage }, (server) => ({
        ...server.deps,
        putChunk: (url, b, md5) =>
          /\/upload\/\w+\/[23]\?/.test(url) ? NEVER : server.deps.putChunk(url, b, md5),
      }));
      before.store.dispatch(startUpload({ field: 'video', file }));
      const saved = readResume(storage, identityOf(file), 0);
      expect(saved).toMatchObject({
        confirmed: [0, 1],
        file: { name: 'long.mp4', size: 32, lastModified: 42 },
        chunkSize: 8,
      });
      expect(saved!.preSigns).toHaveLength(4);
      // The reload: a new store over the same server state and storage.
      const server = before.server;
      const putsBefore = server.puts.length;
      const callsBefore = server.calls.length;
      const after = uploadStore(scheduler, { storage }, () => server.deps);
      // Picked again into a slot named anew (the editor names its slots per pick): the file finds its record.
      cold('10ms x').subscribe(() =>
        after.store.dispatch(resumeUpload({ field: 'editor-clip-after-reload', file })),
      );
      flush();
      const newCalls = server.calls.slice(callsBefore).filter((c) => c.at >= 10 && c.at < 60000);
      expect(newCalls.map((c) => c.name)).toEqual([
        'checkChunk',
        'checkChunk',
        'checkChunk',
        'checkChunk',
        'checkChunk',
        'checkChunk',
        'confirmFile',
      ]);
      expect(
        server.puts
          .slice(putsBefore)
          .filter((p) => p.at >= 10 && p.at < 60000)
          .map((p) => p.index),
      ).toEqual([2, 3]);
      expect(typesOf(after.store).slice(0, 5)).toEqual([
        'uploads/started',
        'uploads/signed',
        'uploads/chunkConfirmed',
        'uploads/chunkConfirmed',
        'uploads/chunkSent',
      ]);
      const resumed = uploads.selectUploadList(after.store.getState().uploads)[0]!;
      expect(resumed.phase).toMatchObject({ status: 'complete', fileId: saved!.fileId });
      expect(server.stored(saved!.fileId)).toEqual(bytes);
      expect(readResume(storage, identityOf(file), 0)).toBeNull();
      noViolation(after.store.recorder.events());
    });
  });

  it('starts afresh when the file differs, when the server no longer knows the upload, or on uploads/start', () => {
    const scheduler = newScheduler();
    scheduler.run(({ flush }) => {
      const storage = memoryStorage();
      const file = memoryFile(patternBytes(32), { name: 'long.mp4', lastModified: 42 });
      const hang = uploadStore(scheduler, { chunkSize: 8, storage }, (server) => ({
        ...server.deps,
        putChunk: (url, b, md5) =>
          /\/upload\/\w+\/[23]\?/.test(url) ? NEVER : server.deps.putChunk(url, b, md5),
      }));
      hang.store.dispatch(startUpload({ field: 'video', file }));
      const saved = readResume(storage, identityOf(file), 0)!;

      // Another file (same name, other date): a fresh config.
      const other = uploadStore(scheduler, {
        chunkSize: 8,
        storage: memoryStorage(Object.fromEntries(storage.map)),
      });
      other.store.dispatch(
        resumeUpload({
          field: 'video',
          file: memoryFile(patternBytes(32), { name: 'long.mp4', lastModified: 43 }),
        }),
      );
      // A server that does not know the file id (expired, other account): checks answer 10404, then a fresh config.
      const forgot = uploadStore(scheduler, {
        chunkSize: 8,
        storage: memoryStorage(Object.fromEntries(storage.map)),
      });
      forgot.store.dispatch(resumeUpload({ field: 'video', file }));
      // uploads/start never resumes.
      const fresh = uploadStore(
        scheduler,
        { chunkSize: 8, storage: memoryStorage(Object.fromEntries(storage.map)) },
        () => hang.server.deps,
      );
      const configsBefore = hang.server.calls.filter((c) => c.name === 'config').length;
      fresh.store.dispatch(startUpload({ field: 'video', file }));
      flush();
      expect(other.server.calls.map((c) => c.name)[0]).toBe('config');
      expect(forgot.server.calls.map((c) => c.name).slice(0, 5)).toEqual([
        'checkChunk',
        'checkChunk',
        'checkChunk',
        'checkChunk',
        'config',
      ]);
      expect(hang.server.calls.filter((c) => c.name === 'config').length).toBe(configsBefore + 1);
      for (const s of [other, forgot, fresh])
        expect(uploads.selectUploadList(s.store.getState().uploads)[0]?.phase.status).toBe('complete');
      expect(uploads.selectUploadList(fresh.store.getState().uploads)[0]?.phase).toMatchObject({
        fileId: 'file000002',
      });
      expect(saved.fileId).toBe('file000001');
    });
  });
});

describe('spec §5 validation: rejections become notices with the domain keys, and nothing is sent', () => {
  it('rejects a 31 MB image, 101 MB audio and a file over 1 GiB', () => {
    const scheduler = newScheduler();
    scheduler.run(({ flush }) => {
      const { store, server } = uploadStore(scheduler);
      store.dispatch(
        startUpload({ field: 'a', file: patternFile(31_000_000, { type: 'image/jpeg', name: 'a.jpg' }) }),
      );
      store.dispatch(
        startUpload({ field: 'b', file: patternFile(100_000_001, { type: 'audio/mpeg', name: 'a.mp3' }) }),
      );
      store.dispatch(startUpload({ field: 'c', file: patternFile(1024 ** 3 + 1) }));
      flush();
      const raised = store.recorder
        .events()
        .filter((e) => e.type === 'notices/raised')
        .map((e) => e.payload as { messageKey: string; values: object; level: string });
      expect(raised.map((n) => [n.messageKey, n.values, n.level])).toEqual([
        ['UploadImageExceedCustomMB', { mb: 30 }, 'warning'],
        ['uploadAudioError', {}, 'warning'],
        ['HttpErrorCode_30003', {}, 'warning'],
        ['uploadVideoError', {}, 'warning'],
        ['HttpErrorCode_30003', {}, 'warning'],
      ]);
      expect(server.calls).toEqual([]);
      expect(typesOf(store)).toEqual([]);
    });
  });
});

describe('spec §5 images: compressed toward 2 MB from quality 0.9 in steps of 0.1; GIFs lossy; EXIF stripped', () => {
  const sized = (size: number, type = 'image/jpeg'): UploadFileHandle => ({
    name: 'photo.jpg',
    type,
    size,
    lastModified: 1,
    slice: (s, e) => settled(new Uint8Array(Math.max(0, e - s))),
  });

  it('lowers the quality until the result fits 2 MB and uploads that result', () => {
    const scheduler = newScheduler();
    scheduler.run(({ flush }) => {
      const qualities: number[] = [];
      const sizes: Record<string, number> = { '0.9': 5_000_000, '0.8': 3_000_000, '0.7': 1_500_000 };
      const { store, server } = uploadStore(scheduler, {
        compressImage: (_file, q) => {
          qualities.push(q);
          return settled(sized(sizes[String(q)] ?? 1_000_000));
        },
      });
      store.dispatch(startUpload({ field: 'cover', file: sized(8_000_000, 'image/png') }));
      flush();
      expect(qualities).toEqual([0.9, 0.8, 0.7]);
      expect(server.puts.map((p) => p.size)).toEqual([1_500_000]);
      expect(server.calls.find((c) => c.name === 'preSign')?.body).toMatchObject({
        file_size: 1_500_000,
        content_type: 'image/jpeg',
      });
      expect(uploads.selectUploadList(store.getState().uploads)[0]?.file).toMatchObject({
        size: 1_500_000,
        mime: 'image/jpeg',
        kind: 'image',
      });
    });
  });

  it('issue 21: a task input over 2048 × 2048 pixels is scaled down (ratio kept) before the quality plan; one within it, or an ordinary upload, is not', () => {
    const scheduler = newScheduler();
    scheduler.run(({ flush }) => {
      const draws: { quality: number; size: uploads.PixelSize | undefined }[] = [];
      const measured: Record<string, uploads.PixelSize> = {
        'phone.jpg': { width: 3000, height: 2000 },
        'small.jpg': { width: 1200, height: 800 },
      };
      const deps = {
        measureImage: (f: UploadFileHandle) => settled(measured[f.name] ?? null),
        compressImage: (_f: UploadFileHandle, quality: number, size?: uploads.PixelSize) => {
          draws.push({ quality, size });
          return settled(sized(quality > 0.85 ? 2_400_000 : 900_000));
        },
      };
      const phone = { ...sized(1_500_000), name: 'phone.jpg' };
      const task = uploadStore(scheduler, deps);
      task.store.dispatch(
        startUpload({ field: 'referenceImage', file: phone, pixelLimit: uploads.TASK_INPUT_LIMIT }),
      );
      flush();
      // Scaled to 2508 × 1672 at every quality the plan tries (0.9 was over 2 MB, 0.8 fits).
      expect(draws).toEqual([
        { quality: 0.9, size: { width: 2508, height: 1672 } },
        { quality: 0.8, size: { width: 2508, height: 1672 } },
      ]);
      expect(task.server.puts.map((p) => p.size)).toEqual([900_000]);

      // The same photo as a post's image (no limit): under 2 MB, it goes up as it is.
      draws.length = 0;
      const plain = uploadStore(scheduler, deps);
      plain.store.dispatch(startUpload({ field: 'cover', file: phone }));
      // A task input already within the limit is not re-encoded either.
      const small = uploadStore(scheduler, deps);
      small.store.dispatch(
        startUpload({
          field: 'referenceImage',
          file: { ...sized(800_000), name: 'small.jpg' },
          pixelLimit: uploads.TASK_INPUT_LIMIT,
        }),
      );
      // One whose size cannot be read goes up as it is: the server says what is wrong.
      const unknown = uploadStore(scheduler, deps);
      unknown.store.dispatch(
        startUpload({
          field: 'referenceImage',
          file: { ...sized(700_000, 'image/webp'), name: 'odd.webp' },
          pixelLimit: uploads.TASK_INPUT_LIMIT,
        }),
      );
      flush();
      expect(draws).toEqual([]);
      expect(plain.server.puts.map((p) => p.size)).toEqual([1_500_000]);
      expect(small.server.puts.map((p) => p.size)).toEqual([800_000]);
      expect(unknown.server.puts.map((p) => p.size)).toEqual([700_000]);
    });
  });

  it('fails with uploadError when even quality 0.1 is over 2 MB, without starting an upload', () => {
    const scheduler = newScheduler();
    scheduler.run(({ flush }) => {
      const qualities: number[] = [];
      const { store, server } = uploadStore(scheduler, {
        compressImage: (_f, q) => {
          qualities.push(q);
          return settled(sized(2_000_001));
        },
      });
      store.dispatch(startUpload({ field: 'cover', file: sized(9_000_000) }));
      flush();
      expect(qualities).toEqual([0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1]);
      expect(server.calls).toEqual([]);
      expect(typesOf(store)).toEqual([]);
      const raised = store.recorder.events().filter((e) => e.type === 'notices/raised');
      expect(raised.map((e) => (e.payload as { messageKey: string }).messageKey)).toEqual(['uploadError']);
    });
  });

  it('sends a GIF over 2 MB through the lossy GIF path, and as it is where the platform has none', () => {
    const scheduler = newScheduler();
    scheduler.run(({ flush }) => {
      const gifLevels: number[] = [];
      const withGif = uploadStore(scheduler, {
        compressGif: (_f, q) => {
          gifLevels.push(q);
          return settled(sized(q > 0.75 ? 2_500_000 : 1_900_000, 'image/gif'));
        },
        compressImage: () => {
          throw new Error('a GIF is never re-encoded as JPEG');
        },
      });
      withGif.store.dispatch(startUpload({ field: 'cover', file: sized(4_000_000, 'image/gif') }));
      const without = uploadStore(scheduler, { compressGif: null });
      without.store.dispatch(startUpload({ field: 'cover', file: sized(4_000_000, 'image/gif') }));
      flush();
      expect(gifLevels).toEqual([0.9, 0.8, 0.7]);
      expect(withGif.server.puts.map((p) => p.size)).toEqual([1_900_000]);
      expect(without.server.puts.map((p) => p.size)).toEqual([4_000_000]);
    });
  });

  it('strips the EXIF segment of a JPEG that needs no compression, byte for byte', () => {
    const scheduler = newScheduler();
    scheduler.run(({ flush }) => {
      const { withExif, withoutExif } = jpegWith({ orientation: 1 });
      const { store, server } = uploadStore(scheduler, {
        compressImage: () => {
          throw new Error('an upright small JPEG is not re-encoded');
        },
      });
      store.dispatch(
        startUpload({ field: 'cover', file: memoryFile(withExif, { name: 'p.jpg', type: 'image/jpeg' }) }),
      );
      flush();
      const fileId = (server.calls.find((c) => c.name === 'confirmImage')!.body as { file_id: string })
        .file_id;
      expect(server.stored(fileId)).toEqual(withoutExif);
      expect(uploads.selectUploadList(store.getState().uploads)[0]?.phase.status).toBe('complete');
    });
  });

  it('re-encodes a small JPEG whose EXIF says its pixels are rotated (the canvas turns it upright)', () => {
    const scheduler = newScheduler();
    scheduler.run(({ flush }) => {
      const { withExif } = jpegWith({ orientation: 6 });
      const qualities: number[] = [];
      const { server, store } = uploadStore(scheduler, {
        compressImage: (_f, q) => {
          qualities.push(q);
          return settled(
            memoryFile(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]), { type: 'image/jpeg', name: 'p.jpg' }),
          );
        },
      });
      store.dispatch(
        startUpload({ field: 'cover', file: memoryFile(withExif, { name: 'p.jpg', type: 'image/jpeg' }) }),
      );
      flush();
      expect(qualities).toEqual([0.9]);
      expect(server.puts.map((p) => p.size)).toEqual([4]);
    });
  });
});

describe('spec §4 audio: direct below the chunk size, chunked above (pre-config, chunk confirm, file confirm)', () => {
  it('sends a small file in one PUT with no chunk confirm, a larger one in chunks each confirmed', () => {
    const scheduler = newScheduler();
    scheduler.run(({ flush }) => {
      const direct = uploadStore(scheduler, { chunkSize: 8 });
      direct.store.dispatch(
        startUpload({ field: 'voice', file: patternFile(8, { name: 'v.wav', type: 'audio/wav' }) }),
      );
      const chunked = uploadStore(scheduler, { chunkSize: 8 });
      chunked.store.dispatch(
        startUpload({ field: 'voice', file: patternFile(20, { name: 'v.wav', type: 'audio/wav' }) }),
      );
      flush();
      expect(direct.server.calls.map((c) => c.name)).toEqual(['audioPreConfig', 'audioFileConfirm']);
      expect(chunked.server.calls.map((c) => c.name)).toEqual([
        'audioPreConfig',
        'audioChunkConfirm',
        'audioChunkConfirm',
        'audioChunkConfirm',
        'audioFileConfirm',
      ]);
      for (const s of [direct, chunked])
        expect(uploads.selectUploadList(s.store.getState().uploads)[0]?.phase.status).toBe('complete');
    });
  });

  it('code 30010 on the audio confirm fails the upload with audioUploadError (spec §8)', () => {
    const scheduler = newScheduler();
    scheduler.run(({ flush }) => {
      const { store } = uploadStore(scheduler, {
        failures: {
          audioFileConfirm: {
            failure: {
              kind: 'api',
              path: '/api/v1/upload/audio/file/confirm',
              code: 30010,
              msg: 'not audio',
            },
          },
        },
      });
      store.dispatch(
        startUpload({ field: 'voice', file: patternFile(8, { name: 'v.mp3', type: 'audio/mpeg' }) }),
      );
      flush();
      expect(uploads.selectUploadList(store.getState().uploads)[0]?.phase).toMatchObject({
        status: 'fail',
        code: 30010,
        messageKey: 'audioUploadError',
      });
      const raised = store.recorder
        .events()
        .filter((e) => e.type === 'notices/raised')
        .map((e) => (e.payload as { messageKey: string }).messageKey);
      expect(raised).toEqual(['audioUploadError']);
    });
  });
});

describe('spec §4 confirm: status 0 is done; 403 and 406 are failures', () => {
  it.each([403, 406, 1])(
    'status %i fails the upload with uploadError and forgets its resumable record',
    (status) => {
      const scheduler = newScheduler();
      scheduler.run(({ flush }) => {
        const storage = memoryStorage();
        const { store } = uploadStore(scheduler, { chunkSize: 8, confirmStatus: status, storage });
        store.dispatch(startUpload({ field: 'video', file: patternFile(20) }));
        flush();
        expect(uploads.selectUploadList(store.getState().uploads)[0]?.phase).toMatchObject({
          status: 'fail',
          code: status,
          messageKey: 'uploadError',
          confirmedBytes: 20,
        });
        expect(storage.map.size).toBe(0);
      });
    },
  );

  it('a failed sign call reports the failure to the error map and ends the upload', () => {
    const scheduler = newScheduler();
    scheduler.run(({ flush }) => {
      const { store } = uploadStore(scheduler, {
        failures: {
          config: { failure: { kind: 'api', path: '/api/v1/upload/config', code: 30003, msg: 'too large' } },
        },
      });
      store.dispatch(startUpload({ field: 'video', file: patternFile(20) }));
      flush();
      expect(uploads.selectUploadList(store.getState().uploads)[0]?.phase).toMatchObject({
        status: 'fail',
        code: 30003,
      });
      const raised = store.recorder
        .events()
        .filter((e) => e.type === 'notices/raised')
        .map((e) => (e.payload as { messageKey: string }).messageKey);
      expect(raised).toEqual(['HttpErrorCode_30003']);
    });
  });

  it('a call that ends without an answer ends the upload (errored) instead of leaving the slot busy', () => {
    const scheduler = newScheduler();
    scheduler.run(({ flush }) => {
      const { store } = uploadStore(scheduler, {}, (server) => ({
        ...server.deps,
        api: { ...server.deps.api, config: () => EMPTY },
      }));
      store.dispatch(startUpload({ field: 'video', file: patternFile(20) }));
      flush();
      expect(uploads.selectUploadList(store.getState().uploads)[0]?.phase).toMatchObject({
        status: 'error',
        messageKey: 'uploadError',
      });
      expect(uploads.selectCanStartUpload(store.getState().uploads, 'video')).toBe(true);
      const raised = store.recorder
        .events()
        .filter((e) => e.type === 'notices/raised')
        .map((e) => (e.payload as { messageKey: string }).messageKey);
      expect(raised).toEqual(['apiErr']);
    });
  });
});
