/**
 * Issue 25, figure 2 "a confirm whose body says error is never shown as success": the upload
 * epics with the real HttpClient and upload API under every confirm (file, image, audio), fed
 * answers that say error in their body (a §8 code in the envelope, a confirm status other than 0,
 * no URL, an error envelope over data that looks done, a 5xx, a body that is not JSON): none ends
 * as a complete upload, none records `uploads/confirmed` or keeps a guest upload, and each leaves
 * the slot failed or errored with the message it shows.
 */
import { asyncScheduler } from 'rxjs';
import { afterAll, describe, expect, it } from 'vitest';
import { replay, uploads } from '../../../domain/index.js';
import { makeHttpClient } from '../../../infrastructure/http/client';
import { makeStore } from '../../../infrastructure/app/makeStore';
import { makeUploadsApi } from '../../../infrastructure/uploads/api';
import { startUpload } from '../../../infrastructure/uploads/commands';
import { makeFakeDeps } from '../../support/fakeApi';
import { fakeUploadServer, memoryFile, patternBytes } from '../../support/fakes/uploads';
import { settledUpload } from '../../support/uploadClient';

interface Answer {
  readonly name: string;
  readonly status: number;
  /** The body; `done` stands for the data of a confirm that reports the file stored. */
  readonly body: (done: Record<string, unknown>) => string;
}

const envelope = (code: number, data: unknown) => JSON.stringify({ status: { code, msg: 'x' }, data });

const ANSWERS: readonly Answer[] = [
  { name: 'upload timeout 30001 in the envelope', status: 200, body: () => envelope(30001, null) },
  { name: 'an error envelope over data that looks done', status: 200, body: (done) => envelope(10403, done) },
  {
    name: 'confirm status 406 with a url',
    status: 200,
    body: (done) => envelope(10000, { ...done, status: 406 }),
  },
  {
    name: 'confirm status 403 (chunks missing)',
    status: 200,
    body: (done) => envelope(10000, { ...done, status: 403, url: null, missing_chunks: [1] }),
  },
  { name: 'confirm status 1', status: 200, body: (done) => envelope(10000, { ...done, status: 1 }) },
  { name: 'status 0 without a url', status: 200, body: (done) => envelope(10000, { ...done, url: null }) },
  { name: 'status 0 as a string', status: 200, body: (done) => envelope(10000, { ...done, status: '0' }) },
  { name: 'HTTP 500 with an error envelope', status: 500, body: () => envelope(50000, null) },
  { name: 'HTTP 502 that is not JSON', status: 502, body: () => '<html>Bad Gateway</html>' },
  { name: 'HTTP 200 {}', status: 200, body: () => '{}' },
  { name: 'HTTP 200 with a cut body', status: 200, body: (done) => envelope(10000, done).slice(0, 40) },
];

const KINDS = [
  {
    kind: 'file',
    file: () => memoryFile(patternBytes(20), { name: 'clip.mp4', type: 'video/mp4' }),
    done: {
      status: 0,
      file_id: 'x',
      url: '/blobs/uploads/x/clip.mp4',
      size: 20,
      missing_chunks: [],
    },
  },
  {
    kind: 'image',
    file: () => memoryFile(patternBytes(20), { name: 'pic.png', type: 'image/png' }),
    done: {
      status: 0,
      file_id: 'x',
      url: '/blobs/uploads/x/pic.png',
      width: 4,
      height: 5,
      category: 9,
      missing_chunks: [],
    },
  },
  {
    kind: 'audio',
    file: () => memoryFile(patternBytes(20), { name: 'take.wav', type: 'audio/wav' }),
    done: {
      status: 0,
      file_id: 'x',
      url: '/blobs/uploads/x/take.wav',
      missing_chunks: [],
      audio_info: null,
      upload_obj_info: null,
    },
  },
] as const;

/** A store whose upload calls are the fake server's, but whose confirms go through the real client to `answer`. */
const storeAnswering = (status: number, body: string) => {
  const server = fakeUploadServer(asyncScheduler, { chunkSize: 8 });
  const http = makeHttpClient({
    baseUrl: 'http://confirm.test',
    fetch: () =>
      Promise.resolve(new Response(body, { status, headers: { 'content-type': 'application/json' } })),
    headers: () => ({}),
  });
  const real = makeUploadsApi(http);
  const api = {
    ...server.deps.api,
    confirmFile: real.confirmFile,
    confirmImage: real.confirmImage,
    audioFileConfirm: real.audioFileConfirm,
  };
  const { deps } = makeFakeDeps(asyncScheduler, {}, { uploads: { ...server.deps, api } });
  // A guest: a confirmed upload of theirs is also kept locally (spec §3), which an error must never be.
  return makeStore({ dependencies: deps });
};

describe('a confirm whose body says error is never shown as success', () => {
  /** Error answers run per confirm kind, and how many of them ended as a stored upload. */
  const tally = new Map<string, { runs: number; shownAsSuccess: number }>();
  afterAll(() => {
    const all = [...tally.values()];
    const runs = all.reduce((n, t) => n + t.runs, 0);
    const shown = all.reduce((n, t) => n + t.shownAsSuccess, 0);
    console.log(
      `confirm-body: ${ANSWERS.length} error answers x ${tally.size} confirms (${[...tally.keys()].join(', ')}), ` +
        `${runs} runs, ${shown} shown as success`,
    );
  });

  it.each(KINDS.map((k) => [k.kind, k] as const))(
    '%s confirm: a body that says done is shown as done (the control)',
    async (_name, kind) => {
      const store = storeAnswering(200, envelope(10000, kind.done));
      const done = settledUpload(store, 'slot', 5_000);
      store.dispatch(startUpload({ field: 'slot', file: kind.file() }));
      expect((await done).phase).toMatchObject({ status: 'complete', url: kind.done.url });
      expect(uploads.selectGuestUploads(store.getState().uploads, 'slot')).toHaveLength(1);
    },
  );

  it.each(KINDS.map((k) => [k.kind, k] as const))(
    '%s confirm: every error body ends the upload failed or errored, with the message the slot shows, never confirmed',
    async (_name, kind) => {
      for (const answer of ANSWERS) {
        const store = storeAnswering(answer.status, answer.body(kind.done));
        const done = settledUpload(store, 'slot', 5_000);
        store.dispatch(startUpload({ field: 'slot', file: kind.file() }));
        const upload = await done;
        const events = store.recorder.events();
        const t = tally.get(kind.kind) ?? { runs: 0, shownAsSuccess: 0 };
        tally.set(kind.kind, {
          runs: t.runs + 1,
          shownAsSuccess: t.shownAsSuccess + (upload.phase.status === 'complete' ? 1 : 0),
        });
        expect(upload.phase.status, answer.name).not.toBe('complete');
        expect(['fail', 'error'], answer.name).toContain(upload.phase.status);
        expect(
          events.filter((e) => e.type === 'uploads/confirmed'),
          answer.name,
        ).toEqual([]);
        expect(
          events.filter((e) => e.type === 'uploads/guestUploadKept'),
          answer.name,
        ).toEqual([]);
        expect(uploads.selectGuestUploads(store.getState().uploads, 'slot'), answer.name).toEqual([]);
        // The slot says why (a §8 code such as 10403 raises no toast of its own, spec §8).
        expect((upload.phase as { messageKey?: string }).messageKey, answer.name).toMatch(/\w/);
        expect(replay(events).violation, answer.name).toBeNull();
      }
    },
  );
});
