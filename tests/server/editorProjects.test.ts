/**
 * "My projects" in the video editor (issue 21): the caller's projects listed newest first, renamed
 * (trimmed, 1..60 characters), duplicated (a new project with the same title, canvas, clips and
 * audio) and deleted. Every call is owner-only: another account's id is 10404 and changes nothing.
 */
import { randomBytes } from 'node:crypto';
import * as E from 'fp-ts/Either';
import type * as t from 'io-ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EDITOR_PROJECT_CREATE_PATH,
  EDITOR_PROJECT_DELETE_PATH,
  EDITOR_PROJECT_DETAIL_PATH,
  EDITOR_PROJECT_DUPLICATE_PATH,
  EDITOR_PROJECT_LIST_PATH,
  EDITOR_PROJECT_RENAME_PATH,
  EDITOR_PROJECT_SAVE_PATH,
  EditorProjectDeleteResponse,
  EditorProjectListResponse,
  EditorProjectResponse,
  EditorProjectSummaryResponse,
  type EditorProject,
} from '../../infrastructure/contract/platform';
import { startTestServer, type Json, type TestServer } from '../support/server';

let s: TestServer;
const DAY = 24 * 3600 * 1000;
beforeAll(async () => {
  s = await startTestServer({}, false);
});
afterAll(() => s.stop());

const decodes = <A, O>(codec: t.Type<A, O, unknown>, data: unknown): A => {
  const r = codec.decode(data);
  if (E.isLeft(r)) throw new Error(`${codec.name} does not decode ${JSON.stringify(data).slice(0, 300)}`);
  return r.right;
};
const code = (r: { json: Json }) => r.json.status.code as number;
const api = (path: string, body: unknown, token?: string) => s.post(path, body, token ? { token } : {});

let serial = 0;
const account = async (): Promise<{ id: string; token: string }> => {
  serial += 1;
  const id = `edp-${serial}-${randomBytes(3).toString('hex')}`;
  const db = s.server.ctx.db;
  await db.query(
    `INSERT INTO accounts (id, email, password_hash, account_name, name, created_at) VALUES ($1, $2, 'x', $1, $1, 0)`,
    [id, `${id}@atelier.test`],
  );
  const token = `tok-${id}`;
  await db.query('INSERT INTO sessions (token, account_id, created_at, expires_at) VALUES ($1, $2, 0, $3)', [
    token,
    id,
    Date.now() + DAY,
  ]);
  return { id, token };
};

const create = async (token: string, name: string): Promise<EditorProject> =>
  decodes(
    EditorProjectResponse,
    (await api(EDITOR_PROJECT_CREATE_PATH, { cover: '', workspace_name: name }, token)).json.data,
  ).project;
const list = async (token: string) =>
  decodes(EditorProjectListResponse, (await api(EDITOR_PROJECT_LIST_PATH, {}, token)).json.data).projects;
const detail = async (token: string, id: string) =>
  decodes(EditorProjectResponse, (await api(EDITOR_PROJECT_DETAIL_PATH, { id }, token)).json.data).project;

const board = {
  clip_info: { volume: 1 },
  duraction: 4,
  material_id: 'm2',
  url: '/blobs/v.mp4',
  type: 8 as const,
  index: 0,
  start: 0,
  end: 4,
  id: 's1',
  offset: 0,
};
const audio = {
  clip_info: {},
  duraction: 12,
  material_id: 'm1',
  offset: 1,
  url: '/blobs/a.wav',
  title: 'Theme',
  isMute: true,
  id: 'a1',
};

describe('editor projects list, rename, duplicate, delete (issue 21)', () => {
  it("lists only the caller's projects, newest change first, as summaries", async () => {
    const a = await account();
    const b = await account();
    const first = await create(a.token, 'First');
    const second = await create(a.token, '');
    await create(b.token, 'Not yours');
    const saved = await api(
      EDITOR_PROJECT_SAVE_PATH,
      {
        canvas: { aspect_ratio: '1:1' },
        editor_info: { audios: [], storyboards: [] },
        workspace_id: first.workspace_id,
        id: first.id,
      },
      a.token,
    );
    expect(code(saved)).toBe(10000);
    const projects = await list(a.token);
    expect(projects.map((p) => p.id).sort()).toEqual([first.id, second.id].sort());
    const updated = projects.map((p) => p.updated_at);
    expect([...updated].sort((x, y) => y - x)).toEqual(updated);
    expect(projects.find((p) => p.id === first.id)).toMatchObject({ title: 'First', aspect_ratio: '1:1' });
    expect(projects.find((p) => p.id === second.id)).toMatchObject({ title: '', aspect_ratio: '16:9' });
    expect(code(await api(EDITOR_PROJECT_LIST_PATH, {}))).toBe(20000);
  });

  it('renames with a trimmed title of 1..60 characters; anything else is 10400 and changes nothing', async () => {
    const a = await account();
    const p = await create(a.token, 'Old');
    const r = await api(EDITOR_PROJECT_RENAME_PATH, { id: p.id, title: '  New name  ' }, a.token);
    expect(code(r)).toBe(10000);
    expect(decodes(EditorProjectSummaryResponse, r.json.data).project).toMatchObject({
      id: p.id,
      title: 'New name',
    });
    expect((await detail(a.token, p.id)).workspace_name).toBe('New name');
    for (const title of ['', '   ', 'x'.repeat(61), 42, null]) {
      const bad = await api(EDITOR_PROJECT_RENAME_PATH, { id: p.id, title }, a.token);
      expect(code(bad)).toBe(10400);
    }
    expect(code(await api(EDITOR_PROJECT_RENAME_PATH, { id: p.id, title: 'y'.repeat(60) }, a.token))).toBe(
      10000,
    );
    expect((await detail(a.token, p.id)).workspace_name).toBe('y'.repeat(60));
  });

  it('duplicates into a new project with the same title, canvas, clips and audio; the original is untouched', async () => {
    const a = await account();
    const p = await create(a.token, 'Trailer');
    const info = { audios: [audio], storyboards: [board] };
    await api(
      EDITOR_PROJECT_SAVE_PATH,
      { canvas: { aspect_ratio: '9:16' }, editor_info: info, workspace_id: p.workspace_id, id: p.id },
      a.token,
    );
    const r = await api(EDITOR_PROJECT_DUPLICATE_PATH, { id: p.id }, a.token);
    expect(code(r)).toBe(10000);
    const copy = decodes(EditorProjectResponse, r.json.data).project;
    expect(copy.id).not.toBe(p.id);
    expect(copy.workspace_id).not.toBe(p.workspace_id);
    expect(copy).toMatchObject({ workspace_name: 'Trailer', canvas: { aspect_ratio: '9:16' }, version: 0 });
    expect(copy.editor_info).toEqual(info);
    expect((await detail(a.token, p.id)).editor_info).toEqual(info);
    expect((await list(a.token)).map((x) => x.id)).toEqual([copy.id, p.id]);
  });

  it('deletes: the project leaves the list and its detail is 10404; a second delete is 10404', async () => {
    const a = await account();
    const keep = await create(a.token, 'Keep');
    const gone = await create(a.token, 'Gone');
    const r = await api(EDITOR_PROJECT_DELETE_PATH, { id: gone.id }, a.token);
    expect(code(r)).toBe(10000);
    expect(decodes(EditorProjectDeleteResponse, r.json.data)).toEqual({ deleted: true });
    expect((await list(a.token)).map((x) => x.id)).toEqual([keep.id]);
    expect(code(await api(EDITOR_PROJECT_DETAIL_PATH, { id: gone.id }, a.token))).toBe(10404);
    expect(code(await api(EDITOR_PROJECT_DELETE_PATH, { id: gone.id }, a.token))).toBe(10404);
  });

  it("is owner-only: another account's id is 10404 on rename, duplicate and delete, and nothing changes", async () => {
    const owner = await account();
    const other = await account();
    const p = await create(owner.token, 'Mine');
    expect(code(await api(EDITOR_PROJECT_RENAME_PATH, { id: p.id, title: 'Stolen' }, other.token))).toBe(
      10404,
    );
    const dup = await api(EDITOR_PROJECT_DUPLICATE_PATH, { id: p.id }, other.token);
    expect(code(dup)).toBe(10404);
    expect(dup.json.data ?? null).toBeNull();
    expect(code(await api(EDITOR_PROJECT_DELETE_PATH, { id: p.id }, other.token))).toBe(10404);
    expect(await list(other.token)).toEqual([]);
    expect((await list(owner.token)).map((x) => [x.id, x.title])).toEqual([[p.id, 'Mine']]);
    for (const path of [
      EDITOR_PROJECT_RENAME_PATH,
      EDITOR_PROJECT_DUPLICATE_PATH,
      EDITOR_PROJECT_DELETE_PATH,
    ])
      expect(code(await api(path, { id: p.id, title: 'x' }))).toBe(20000);
    expect(code(await api(EDITOR_PROJECT_DELETE_PATH, { id: '' }, owner.token))).toBe(10400);
  });
});
