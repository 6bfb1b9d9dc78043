/**
 * The platform calls against the running reference server: the real HTTP client (Node's fetch),
 * the typed API of infrastructure/platform, and, end to end, the store with its epics in real
 * time (the editor's 1 s save and an image download in Range chunks).
 */
import * as E from 'fp-ts/Either';
import { asyncScheduler, firstValueFrom, lastValueFrom, type Observable } from 'rxjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editor } from '../../../domain/index.js';
import { HEADER } from '../../../infrastructure/contract/envelope';
import type { ApiResult } from '../../../infrastructure/http/client';
import { makeHttpClient } from '../../../infrastructure/http/client';
import { makePlatformApi, type PlatformApi } from '../../../infrastructure/platform/api';
import { changeStoryboards, openEditor } from '../../../infrastructure/editor/commands';
import { downloadImage } from '../../../infrastructure/downloads/commands';
import { downloadInChunks } from '../../../infrastructure/downloads/epics';
import { makeFetchRange } from '../../../infrastructure/platform/fetchers';
import { makeStore } from '../../../infrastructure/app/makeStore';
import { makeFakeDeps } from '../../support/fakeApi';
import { makeFakePlatform } from '../../support/fakes/platform';
import { eventually, startTestServer, type TestServer } from '../../support/server';

let s: TestServer;
let token: string;
const BLOB = 'contract/photo.png';
const bytes = Uint8Array.from({ length: 4500 }, (_, i) => (i * 13) % 256);

beforeAll(async () => {
  s = await startTestServer({}, false);
  token = await s.login();
  await s.server.ctx.blobs.put(BLOB, bytes);
});
afterAll(() => s.stop());

const apiFor = (withToken: string | null): PlatformApi =>
  makePlatformApi(
    makeHttpClient({
      baseUrl: s.baseUrl,
      fetch: (input, init) => fetch(input, init),
      headers: () => ({
        [HEADER.deviceId]: 'contract-device-1',
        ...(withToken ? { [HEADER.token]: withToken } : {}),
      }),
    }),
  );

const right = async <A>(call: Observable<ApiResult<A>>): Promise<A> => {
  const r = await firstValueFrom(call);
  if (E.isLeft(r)) throw new Error(`call failed: ${JSON.stringify(r.left)}`);
  return r.right;
};

const absolute = (fetchFn: typeof fetch) => (input: string, init?: RequestInit) =>
  fetchFn(s.baseUrl + input, init);

describe('platform calls over loopback with the real HTTP client (every response decodes with its codec)', () => {
  it('the plan and coin-pack lists of the commerce contract', async () => {
    const api = apiFor(null);
    expect((await right(api.subscriptionList())).items.length).toBeGreaterThan(0);
    expect((await right(api.calculateList())).calculate.length).toBeGreaterThan(0);
  });

  it('sensitive-word check: clean, flagged, and 10400 for a malformed request', async () => {
    const api = apiFor(null);
    expect(
      await right(
        api.sensitiveCheck({ ss: 'post', items: [{ texts: [{ text: 'sunset', category: 'title' }] }] }),
      ),
    ).toEqual({ has_sensitive_word: false, sensitive_categories: [] });
    expect(
      (
        await right(
          api.sensitiveCheck({ ss: 'post', items: [{ texts: [{ text: '詐欺です', category: 'content' }] }] }),
        )
      ).sensitive_categories,
    ).toEqual(['content']);
    const bad = await firstValueFrom(api.sensitiveCheck({ ss: '', items: [] }));
    expect(E.isLeft(bad) && bad.left).toMatchObject({ kind: 'api', code: 10400 });
  });

  it('download url, then the file in Range chunks through the fetch-based range reader', async () => {
    const resolved = await right(apiFor(null).downloadUrl({ url: `/blobs/${BLOB}`, scene: 'card' }));
    const file = await lastValueFrom(
      downloadInChunks(makeFetchRange(absolute(fetch)), resolved.url, asyncScheduler, 1000),
    );
    expect(file.parts.map((p) => p.length)).toEqual([1000, 1000, 1000, 1000, 500]);
    expect(file.contentType).toBe('image/png');
    expect(Buffer.concat(file.parts.map((p) => Buffer.from(p))).equals(Buffer.from(bytes))).toBe(true);
  });

  it('editor projects: create, save, read back; a guest gets 20000', async () => {
    const api = apiFor(token);
    const { project } = await right(api.editorCreate({ cover: '', workspace_name: 'Contract' }));
    const saved = await right(
      api.editorSave({
        canvas: { aspect_ratio: '4:3' },
        editor_info: { audios: [], storyboards: [] },
        workspace_id: project.workspace_id,
        id: project.id,
      }),
    );
    expect(saved.version).toBe(1);
    expect((await right(api.editorDetail({ id: project.id }))).project.canvas.aspect_ratio).toBe('4:3');
    const guest = await firstValueFrom(apiFor(null).editorDetail({ id: project.id }));
    expect(E.isLeft(guest) && guest.left).toMatchObject({ kind: 'api', code: 20000 });
  });

  it('push config (a P-256 public key) and token registration', async () => {
    const api = apiFor(token);
    const key = Buffer.from((await right(api.pushConfig())).vapid_public_key, 'base64url');
    expect(key.length).toBe(65);
    expect(key[0]).toBe(4);
    expect(await right(api.pushToken({ token: '{"endpoint":"https://push.example/contract"}' }))).toEqual({
      registered: true,
    });
  });
});

describe('the store against the server, in real time', () => {
  const liveStore = (withToken: string) => {
    const http = makeHttpClient({
      baseUrl: s.baseUrl,
      fetch: (input, init) => fetch(input, init),
      headers: () => ({ [HEADER.deviceId]: 'contract-device-1', [HEADER.token]: withToken }),
    });
    const fake = makeFakePlatform(asyncScheduler, {});
    const platform = {
      ...fake.deps,
      api: makePlatformApi(http),
      download: { ...fake.deps.download, fetchRange: makeFetchRange(absolute(fetch)) },
    };
    const { deps } = makeFakeDeps(asyncScheduler, {}, { platform });
    return { store: makeStore({ dependencies: { ...deps, clock: { now: () => Date.now() } } }), fake };
  };

  it('opens a new editor project, debounces a change by 1 s and the server has it', async () => {
    const { store, fake } = liveStore(token);
    store.dispatch(openEditor({ query: {} }));
    const project = await eventually(
      async () => editor.selectEditorProject(store.getState().editor) ?? undefined,
      5000,
      20,
    );
    expect(fake.queries).toEqual([{ project_id: project.id }]);
    const board: editor.StoryboardItem = {
      clip_info: { speed: 1 },
      duraction: 3,
      material_id: 'm',
      url: '/blobs/x.mp4',
      type: 8,
      index: 0,
      start: 0,
      end: 3,
      id: 's1',
      offset: 0,
    };
    const changedAt = Date.now();
    store.dispatch(changeStoryboards({ storyboards: [board] }));
    await eventually(
      async () => (editor.selectSavePhase(store.getState().editor)?.status === 'saved' ? true : undefined),
      5000,
      20,
    );
    const started = store.recorder.events().find((e) => e.type === 'editor/saveStarted');
    expect(started!.meta.at - changedAt).toBeGreaterThanOrEqual(990);
    const detail = await right(apiFor(token).editorDetail({ id: project.id }));
    expect(detail.project.editor_info.storyboards).toEqual([board]);
  });

  it('downloads an image through the resolver and saves it', async () => {
    const { store, fake } = liveStore(token);
    store.dispatch(downloadImage({ url: `/blobs/${BLOB}`, scene: 'detail' }));
    const file = await eventually(async () => fake.saved[0], 5000, 20);
    expect(file.name).toBe('photo.png');
    expect(Buffer.from(file.bytes).equals(Buffer.from(bytes))).toBe(true);
  });
});
