/**
 * Issue 13 "an upload interrupted by a reload continues by itself", in virtual time over the
 * fake upload server and a memory store of kept files: the picked file is kept while its upload
 * runs and deleted when it ends; after a "reload" (a new store over the same storage, kept files
 * and server) the account's interrupted upload asks which chunks arrived and sends only the rest,
 * marked "Resumed after reload"; without its file it asks for it again; another account's is
 * never touched; expired ones are forgotten with their files.
 */
import { NEVER } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { replay, session, uploads } from '../../../domain/index.js';
import { sessionKnown } from '../../../infrastructure/session/commands';
import { removeUpload, resumeUpload, startUpload } from '../../../infrastructure/uploads/commands';
import { memoryKeptFiles } from '../../../infrastructure/uploads/keptFiles';
import { identityOf, readAllResume, readResume } from '../../../infrastructure/uploads/records';
import { memoryFile, memoryStorage, patternBytes } from '../../support/fakes/uploads';
import { newScheduler, signedIn, typesOf, uploadStore } from './support';

const asAccount = (id: string) =>
  session.userInfoSet({
    user: { ...signedIn.payload.user, id, accountName: id, email: `${id}@atelier.test` },
  });

/** An upload of 32 bytes in 8-byte chunks whose chunks 2 and 3 never get an answer (the page then reloads). */
const interruptedUpload = (scheduler: ReturnType<typeof newScheduler>) => {
  const storage = memoryStorage();
  const keptFiles = memoryKeptFiles();
  const bytes = patternBytes(32);
  const file = memoryFile(bytes, { name: 'take.wav', type: 'audio/wav', lastModified: 42 });
  const before = uploadStore(scheduler, { chunkSize: 8, storage, keptFiles }, (server) => ({
    ...server.deps,
    putChunk: (url, b, md5) =>
      /\/upload\/\w+\/[23]\?/.test(url) ? NEVER : server.deps.putChunk(url, b, md5),
  }));
  before.store.dispatch(signedIn);
  before.store.dispatch(startUpload({ field: 'editor-audio-1', file }));
  const saved = readResume(storage, identityOf(file), 0)!;
  return { storage, keptFiles, bytes, file, server: before.server, saved };
};

/** The page after the reload: a new store over the same storage, kept files and server. */
const reloaded = (
  scheduler: ReturnType<typeof newScheduler>,
  was: ReturnType<typeof interruptedUpload>,
  keptFiles = was.keptFiles,
  hang = false,
) =>
  uploadStore(scheduler, { storage: was.storage, keptFiles }, () => ({
    ...was.server.deps,
    keptFiles,
    putChunk: (url, b, md5) =>
      hang && /\/upload\/\w+\/[23]\?/.test(url) ? NEVER : was.server.deps.putChunk(url, b, md5),
  }));

describe('issue 13: an upload interrupted by a reload continues by itself', () => {
  it('keeps the picked file while the upload runs, under its upload, with whose upload it is', () => {
    const scheduler = newScheduler();
    scheduler.run(() => {
      const was = interruptedUpload(scheduler);
      expect(was.saved).toMatchObject({ account: 'u1', confirmed: [0, 1], field: 'editor-audio-1' });
      expect([...was.keptFiles.files.keys()]).toEqual([was.saved.fileId]);
      expect(was.keptFiles.files.get(was.saved.fileId)!.file).toBe(was.file);
    });
  });

  it('after the reload, once the session is known: asks which chunks arrived, sends only the rest, completes byte for byte, marked "Resumed after reload"; then forgets the record and the kept file', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const was = interruptedUpload(scheduler);
      const callsBefore = was.server.calls.length;
      const putsBefore = was.server.puts.length;
      const after = reloaded(scheduler, was);
      cold('10ms x').subscribe(() => {
        after.store.dispatch(signedIn);
        after.store.dispatch(sessionKnown({ accountId: 'u1' }));
      });
      // Nothing happens before the session is known.
      cold('5ms x').subscribe(() => expect(was.server.calls.length).toBe(callsBefore));
      flush();
      expect(was.server.calls.slice(callsBefore).map((c) => c.name)).toEqual([
        'audioChunkConfirm',
        'audioChunkConfirm',
        'audioChunkConfirm',
        'audioChunkConfirm',
        'audioChunkConfirm',
        'audioChunkConfirm',
        'audioFileConfirm',
      ]);
      expect(was.server.puts.slice(putsBefore).map((p) => p.index)).toEqual([2, 3]);
      expect(typesOf(after.store).slice(0, 5)).toEqual([
        'uploads/started',
        'uploads/signed',
        'uploads/chunkConfirmed',
        'uploads/chunkConfirmed',
        'uploads/chunkSent',
      ]);
      const [u] = uploads.selectUploadList(after.store.getState().uploads);
      expect(u).toMatchObject({
        field: 'editor-audio-1',
        afterReload: { kind: 'resumed', fileId: was.saved.fileId },
        phase: { status: 'complete', fileId: was.saved.fileId },
      });
      expect(was.server.stored(was.saved.fileId)).toEqual(was.bytes);
      expect(readAllResume(was.storage)).toEqual([]);
      expect(was.keptFiles.files.size).toBe(0);
      expect(replay(after.store.recorder.events()).violation).toBeNull();
    });
  });

  it("never resumes another account's upload (nor a guest's session): record and kept file stay for their owner", () => {
    const scheduler = newScheduler();
    scheduler.run(({ flush }) => {
      const was = interruptedUpload(scheduler);
      const callsBefore = was.server.calls.length;
      for (const who of [{ id: 'u2' as string | null }, { id: null }]) {
        const after = reloaded(scheduler, was);
        if (who.id !== null) after.store.dispatch(asAccount(who.id));
        after.store.dispatch(sessionKnown({ accountId: who.id }));
        flush();
        expect(typesOf(after.store)).toEqual([]);
      }
      expect(was.server.calls.length).toBe(callsBefore);
      expect(readAllResume(was.storage).map((r) => r.fileId)).toEqual([was.saved.fileId]);
      expect(was.keptFiles.files.has(was.saved.fileId)).toBe(true);
    });
  });

  it('without its kept file it shows in its slot asking for the file again; the file picked again (the re-pick path) continues it and takes its place', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const was = interruptedUpload(scheduler);
      const after = reloaded(scheduler, was, memoryKeptFiles());
      after.store.dispatch(signedIn);
      after.store.dispatch(sessionKnown({ accountId: 'u1' }));
      expect(typesOf(after.store)).toEqual(['uploads/interrupted']);
      const [waiting] = uploads.selectUploadList(after.store.getState().uploads);
      expect(waiting).toMatchObject({
        field: 'editor-audio-1',
        file: { name: 'take.wav', size: 32 },
        afterReload: { kind: 'pickAgain', fileId: was.saved.fileId },
        phase: { status: 'error', messageKey: 'upload.pickAgain', confirmedBytes: 16 },
      });
      const putsBefore = was.server.puts.length;
      // Picked again, into a slot named anew (the editor names one per pick).
      cold('10ms x').subscribe(() =>
        after.store.dispatch(resumeUpload({ field: 'editor-audio-2', file: was.file })),
      );
      flush();
      expect(was.server.puts.slice(putsBefore).map((p) => p.index)).toEqual([2, 3]);
      const list = uploads.selectUploadList(after.store.getState().uploads);
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({ field: 'editor-audio-2', phase: { status: 'complete' } });
      expect(list[0]!.afterReload).toBeUndefined();
      expect(was.server.stored(was.saved.fileId)).toEqual(was.bytes);
      expect(replay(after.store.recorder.events()).violation).toBeNull();
    });
  });

  it('removing an upload that waits for its file forgets it: it does not come back at the next start', () => {
    const scheduler = newScheduler();
    scheduler.run(({ flush }) => {
      const was = interruptedUpload(scheduler);
      const after = reloaded(scheduler, was, memoryKeptFiles());
      after.store.dispatch(signedIn);
      after.store.dispatch(sessionKnown({ accountId: 'u1' }));
      const [waiting] = uploads.selectUploadList(after.store.getState().uploads);
      after.store.dispatch(removeUpload({ id: waiting!.id }));
      flush();
      expect(uploads.selectUploadList(after.store.getState().uploads)).toEqual([]);
      expect(readAllResume(was.storage)).toEqual([]);
      const again = reloaded(scheduler, was, memoryKeptFiles());
      again.store.dispatch(signedIn);
      again.store.dispatch(sessionKnown({ accountId: 'u1' }));
      expect(typesOf(again.store)).toEqual([]);
    });
  });

  it('an expired one is forgotten with its kept file, and kept files no upload needs are deleted', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const was = interruptedUpload(scheduler);
      void was.keptFiles.put('orphan', memoryFile(patternBytes(4)), 0);
      const after = reloaded(scheduler, was);
      // The server's expiry (7 200 000 virtual ms) has passed when the page comes back.
      cold('7200000ms x').subscribe(() => {
        after.store.dispatch(signedIn);
        after.store.dispatch(sessionKnown({ accountId: 'u1' }));
      });
      flush();
      expect(typesOf(after.store)).toEqual([]);
      expect(readAllResume(was.storage)).toEqual([]);
      expect(was.keptFiles.files.size).toBe(0);
    });
  });

  it('a cancelled or removed running upload deletes its kept file', () => {
    const scheduler = newScheduler();
    scheduler.run(({ flush }) => {
      const was = interruptedUpload(scheduler);
      const after = reloaded(scheduler, was, was.keptFiles, true);
      after.store.dispatch(signedIn);
      after.store.dispatch(sessionKnown({ accountId: 'u1' }));
      // Chunks 2 and 3 still hang on this server: the resumed upload runs until removed.
      const running = uploads.selectUploadList(after.store.getState().uploads)[0]!;
      expect(running.phase.status).toBe('pending');
      after.store.dispatch(removeUpload({ id: running.id }));
      flush();
      expect(uploads.selectUploadList(after.store.getState().uploads)).toEqual([]);
      expect(was.keptFiles.files.size).toBe(0);
      expect(readAllResume(was.storage)).toEqual([]);
    });
  });

  it('the kept files follow the 8 remembered uploads: a ninth interrupted upload drops the oldest one and its file', () => {
    const scheduler = newScheduler();
    scheduler.run(() => {
      const storage = memoryStorage();
      const keptFiles = memoryKeptFiles();
      const { store } = uploadStore(scheduler, { chunkSize: 8, storage, keptFiles }, (server) => ({
        ...server.deps,
        putChunk: (url, b, md5) =>
          /\/upload\/\w+\/[23]\?/.test(url) ? NEVER : server.deps.putChunk(url, b, md5),
      }));
      store.dispatch(signedIn);
      for (let i = 0; i < 9; i++)
        store.dispatch(
          startUpload({
            field: `editor-audio-${i}`,
            file: memoryFile(patternBytes(32), { name: `take-${i}.wav`, type: 'audio/wav', lastModified: i }),
          }),
        );
      const records = readAllResume(storage);
      expect(records).toHaveLength(8);
      expect(records.map((r) => r.file.name)).not.toContain('take-0.wav');
      expect([...keptFiles.files.keys()].sort()).toEqual(records.map((r) => r.fileId).sort());
    });
  });
});
