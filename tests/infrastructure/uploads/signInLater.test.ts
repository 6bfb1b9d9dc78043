/**
 * Issue 13 "an upload interrupted by a reload continues by itself", when the person signs in
 * later on the same page rather than at start: a guest page that signs in, or one person signing
 * out and another signing in without a reload. In virtual time, over the fake upload server and
 * memory kept files, with the real session epics (login, logout) answering after a latency: the
 * account that signs in gets its interrupted upload going on by itself, from the chunks the
 * server lacks; another account's is never touched; the rows the previous person was asked to
 * pick a file for leave the page; an upload the page already runs is not started twice; an
 * account's upload running at its sign-out stops with it (issue 25).
 */
import { NEVER, filter, map } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { replay, session, uploads, type DomainEvent } from '../../../domain/index.js';
import { LoginResponse } from '../../../infrastructure/contract/account';
import { decodeEnvelope } from '../../../infrastructure/http/client';
import type { Api } from '../../../infrastructure/store/dependencies';
import { login, logout, sessionKnown } from '../../../infrastructure/session/commands';
import { memoryKeptFiles } from '../../../infrastructure/uploads/keptFiles';
import { identityOf, readAllResume, readResume } from '../../../infrastructure/uploads/records';
import { startUpload } from '../../../infrastructure/uploads/commands';
import { memoryFile, memoryStorage, patternBytes } from '../../support/fakes/uploads';
import { newScheduler, timeline, typesOf, uploadStore } from './support';

type Scheduler = ReturnType<typeof newScheduler>;

const accountInfo = (id: string) => ({
  id,
  account_id: id,
  account_name: id,
  name: id.toUpperCase(),
  email: `${id}@atelier.test`,
  avatar: '',
  status: 1,
  role: 'user',
  create_at: 1,
});

const asAccount = (id: string) =>
  session.userInfoSet({
    user: { id, accountName: id, name: id, email: `${id}@atelier.test`, avatar: '', status: 1, role: 'user' },
  });

/** Chunks 2 and 3 of every upload get no answer: the page is then reloaded mid-upload. */
const hangs = (url: string) => /\/upload\/\w+\/[23]\?/.test(url);

/**
 * Before the reload: u1 and u2 each had a 32-byte upload (8-byte chunks) interrupted on this
 * device, u1's of take.wav and u2's of other.wav, both with their files kept.
 */
const twoInterrupted = (scheduler: Scheduler) => {
  const storage = memoryStorage();
  const keptFiles = memoryKeptFiles();
  const bytes = patternBytes(32);
  const mine = memoryFile(bytes, { name: 'take.wav', type: 'audio/wav', lastModified: 42 });
  const theirs = memoryFile(patternBytes(32), { name: 'other.wav', type: 'audio/wav', lastModified: 7 });
  const before = uploadStore(scheduler, { chunkSize: 8, storage, keptFiles }, (server) => ({
    ...server.deps,
    putChunk: (url, b, md5) => (hangs(url) ? NEVER : server.deps.putChunk(url, b, md5)),
  }));
  before.store.dispatch(asAccount('u1'));
  before.store.dispatch(startUpload({ field: 'voice-audio-a', file: mine }));
  before.store.dispatch(asAccount('u2'));
  before.store.dispatch(startUpload({ field: 'voice-audio-b', file: theirs }));
  return {
    storage,
    keptFiles,
    bytes,
    server: before.server,
    u1: readResume(storage, identityOf(mine), 0)!,
    u2: readResume(storage, identityOf(theirs), 0)!,
  };
};

/** The page after the reload, whose login answers as `who` 5 ms after it is asked. */
const reloaded = (
  scheduler: Scheduler,
  was: ReturnType<typeof twoInterrupted>,
  who: () => string,
  hang = false,
) => {
  const api: Partial<Api> = {
    login: () =>
      scheduler.createColdObservable('5ms (a|)', {
        a: decodeEnvelope(
          '/api/v1/account/login',
          {
            status: { code: 10000, msg: 'success' },
            data: { token: `tok-${who()}`, user: accountInfo(who()) },
          },
          LoginResponse,
        ),
      }),
  };
  return uploadStore(
    scheduler,
    { storage: was.storage, keptFiles: was.keptFiles },
    () => ({
      ...was.server.deps,
      keptFiles: was.keptFiles,
      putChunk: (url, b, md5) => (hang && hangs(url) ? NEVER : was.server.deps.putChunk(url, b, md5)),
    }),
    api,
  );
};

/** Letters for the upload events a person sees: s started, i waiting for its file, d gone, c done. */
const seen = (e: DomainEvent): string =>
  ({
    'uploads/started': 's',
    'uploads/interrupted': 'i',
    'uploads/dismissed': 'd',
    'uploads/confirmed': 'c',
  })[e.type] ?? '?';
const shown = ['uploads/started', 'uploads/interrupted', 'uploads/dismissed', 'uploads/confirmed'];

describe('issue 13: interrupted uploads go on when someone signs in later on the same page', () => {
  it("a guest page that signs in: that account's upload goes on by itself from the chunks the server lacks; the other account's stays put", () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const was = twoInterrupted(scheduler);
      const putsBefore = was.server.puts.length;
      const after = reloaded(scheduler, was, () => 'u1');
      // At start the server says: a guest. Nothing of u1 or u2 is theirs.
      after.store.dispatch(sessionKnown({ accountId: null }));
      // At 10 ms the guest signs in as u1; the server answers at 15 ms.
      cold('10ms x').subscribe(() =>
        after.store.dispatch(login({ email: 'u1@atelier.test', password: 'pw' })),
      );
      expectObservable(
        after.events$.pipe(
          filter((e) => shown.includes(e.type)),
          map(seen),
        ),
        '^ 1000ms !',
      ).toBe(
        timeline([
          [15, 's'],
          [15, 'c'],
        ]),
      );
      flush();
      expect(after.store.getState().session.status).toBe('signedIn');
      // Only chunks 2 and 3 of u1's file went up after the reload; u2's were never sent.
      expect(was.server.puts.slice(putsBefore).map((p) => [p.fileId, p.index])).toEqual([
        [was.u1.fileId, 2],
        [was.u1.fileId, 3],
      ]);
      expect(was.server.stored(was.u1.fileId)).toEqual(was.bytes);
      const [u] = uploads.selectUploadList(after.store.getState().uploads);
      expect(u).toMatchObject({
        field: 'voice-audio-a',
        afterReload: { kind: 'resumed', fileId: was.u1.fileId },
        phase: { status: 'complete' },
      });
      // u2's record and kept file stay on the device for u2.
      expect(readAllResume(was.storage).map((r) => r.fileId)).toEqual([was.u2.fileId]);
      expect([...was.keptFiles.files.keys()]).toEqual([was.u2.fileId]);
      expect(replay(after.store.recorder.events()).violation).toBeNull();
    });
  });

  it('one person signs out and another signs in without a reload: the first one’s waiting row leaves, the second one’s upload goes on, never the first one’s', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable, flush }) => {
      const was = twoInterrupted(scheduler);
      // u2's kept copy is gone: at start u2 is asked to pick the file again.
      void was.keptFiles.remove([was.u2.fileId]);
      const putsBefore = was.server.puts.length;
      const after = reloaded(scheduler, was, () => 'u1');
      after.store.dispatch(asAccount('u2'));
      after.store.dispatch(sessionKnown({ accountId: 'u2' }));
      expect(uploads.selectUploadList(after.store.getState().uploads)).toMatchObject([
        { field: 'voice-audio-b', afterReload: { kind: 'pickAgain', fileId: was.u2.fileId } },
      ]);
      // u2 signs out at 10 ms; u1 signs in at 20 ms (answered at 25 ms).
      cold('10ms x').subscribe(() => after.store.dispatch(logout({})));
      cold('20ms x').subscribe(() =>
        after.store.dispatch(login({ email: 'u1@atelier.test', password: 'pw' })),
      );
      expectObservable(
        after.events$.pipe(
          filter((e) => shown.includes(e.type)),
          map(seen),
        ),
        '^ 1000ms !',
      ).toBe(
        timeline([
          [10, 'd'],
          [25, 's'],
          [25, 'c'],
        ]),
      );
      flush();
      expect(was.server.puts.slice(putsBefore).map((p) => [p.fileId, p.index])).toEqual([
        [was.u1.fileId, 2],
        [was.u1.fileId, 3],
      ]);
      expect(uploads.selectUploadList(after.store.getState().uploads)).toMatchObject([
        { field: 'voice-audio-a', phase: { status: 'complete' } },
      ]);
      // u2's record stays for u2 (their next visit asks for the file again).
      expect(readAllResume(was.storage).map((r) => r.fileId)).toEqual([was.u2.fileId]);
      expect(replay(after.store.recorder.events()).violation).toBeNull();
    });
  });

  it('the same person signing out and in again: the upload running at the sign-out stops with it (issue 25), and nothing is started twice', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const was = twoInterrupted(scheduler);
      // Chunks 2 and 3 still hang after the reload: u1's resumed upload keeps running.
      const after = reloaded(scheduler, was, () => 'u1', true);
      after.store.dispatch(asAccount('u1'));
      after.store.dispatch(sessionKnown({ accountId: 'u1' }));
      cold('10ms x').subscribe(() => after.store.dispatch(logout({})));
      cold('20ms x').subscribe(() =>
        after.store.dispatch(login({ email: 'u1@atelier.test', password: 'pw' })),
      );
      // The same account told twice in a row is one plan.
      cold('30ms x').subscribe(() => after.store.dispatch(sessionKnown({ accountId: 'u1' })));
      let at15: readonly uploads.Upload[] = [];
      let at35: readonly uploads.Upload[] = [];
      cold('15ms x').subscribe(() => (at15 = uploads.selectUploadList(after.store.getState().uploads)));
      cold('35ms x').subscribe(() => (at35 = uploads.selectUploadList(after.store.getState().uploads)));
      flush();
      // An account's upload does not go on as the guest's page's: it stopped at the sign-out and
      // forgot its record (its signed URLs), so signing in again has nothing of it to resume.
      expect(at15).toEqual([]);
      expect(at35).toEqual([]);
      expect(typesOf(after.store).filter((t) => t === 'uploads/started')).toHaveLength(1);
      expect(typesOf(after.store)).toContain('uploads/dismissed');
      expect(readAllResume(was.storage).map((r) => r.fileId)).toEqual([was.u2.fileId]);
    });
  });
});
