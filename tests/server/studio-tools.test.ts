/**
 * Issue 13's server calls over loopback: voice creation (spec §3 form, §5 every validation, the
 * files must be the caller's), the e-book reader's chapters, saving a workflow's form values
 * (work-flow/update), trying a workflow card of the square (work-flow/copy: one copy per person
 * and card, then run as a task) and the caption tags kept with a LoRA training.
 */
import { createHash } from 'node:crypto';
import * as E from 'fp-ts/Either';
import type * as t from 'io-ts';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WorkflowCopyResponse, WorkflowDetailResponse } from '../../infrastructure/contract/creation';
import { TaskItem } from '../../infrastructure/contract/tasks';
import { squareWorkflowGraph } from '../../server/studio/squareWorkflows';
import { validateGraph } from '../../server/studio/workflows';
import { credit } from '../../server/ledger';
import { seedItems } from '../../server/seeds/community';
import { hashPassword } from '../../server/auth';
import { startTestServer, type Json, type TestServer } from '../support/server';

let s: TestServer;
let owner: string;
let stranger: string;
const files: Record<string, string[]> = {};

const code = (r: { json: Json }) => r.json.status.code as number;
const decodes = <A, O>(codec: t.Type<A, O, unknown>, data: unknown): A => {
  const r = codec.decode(data);
  if (E.isLeft(r)) throw new Error(`${codec.name} does not decode ${JSON.stringify(data).slice(0, 400)}`);
  return r.right;
};
const api = (p: string, body: unknown, token: string | null) => s.post(p, body, token ? { token } : {});

const makeAccount = async (id: string): Promise<string> => {
  await s.server.ctx.db.query(
    `INSERT INTO accounts (id, email, password_hash, account_name, name, created_at) VALUES ($1, $2, $3, $1, $1, 0)`,
    [id, `${id}@atelier.test`, await hashPassword(`pw-${id}`)],
  );
  await credit(s.server.ctx.db, id, 'paid', 500, 'test', null, 0);
  return s.login(`${id}@atelier.test`, `pw-${id}`);
};

const tile = (seed: number): Buffer => {
  const png = new PNG({ width: 16, height: 16 });
  for (let i = 0; i < 256; i++) png.data.set([(seed * 40 + i) % 256, (seed * 70) % 256, i % 256, 255], i * 4);
  return PNG.sync.write(png);
};

const upload = async (bytes: Buffer, token: string): Promise<string> => {
  const sha = createHash('sha256').update(bytes).digest('hex');
  const p = await s.post(
    '/api/v1/upload/pre-sign',
    { content_type: 'image/png', file_name: 'tile.png', file_size: bytes.length, hash_val: sha },
    { token },
  );
  await fetch(s.baseUrl + p.json.data.pre_sign, {
    method: 'PUT',
    headers: { 'content-type': 'application/octet-stream' },
    body: bytes as Uint8Array<ArrayBuffer>,
  });
  return (await s.post('/api/v1/upload/image/confirm', { file_id: p.json.data.file_id }, { token })).json.data
    .url as string;
};

beforeAll(async () => {
  s = await startTestServer({}, false);
  owner = await makeAccount('tools-owner');
  stranger = await makeAccount('tools-stranger');
  for (const [name, token] of [
    ['owner', owner],
    ['stranger', stranger],
  ] as const) {
    files[name] = [];
    for (let i = 0; i < (name === 'owner' ? 10 : 1); i++)
      files[name]!.push(await upload(tile(i + (name === 'owner' ? 0 : 30)), token));
  }
});
afterAll(() => s.stop());

const voice = (over: Record<string, unknown> = {}) => ({
  cover: files['owner']![0],
  gender: 'female',
  age: 'young',
  langs: ['en', 'ja'],
  tones: ['warm'],
  name: 'Aria',
  text: 'Hello, world! こんにちは。',
  audios: [{ url: files['owner']![1], name: 'take1.wav', duration: 3.2 }],
  ...over,
});

describe('voice creation (spec §5: required fields, allowed text characters, the audio limit; files of the caller)', () => {
  it('creates a voice; optional tag and publish status; a published one gets a square card', async () => {
    const r = await api('/api/v1/timbre/create', voice({ tag: ['calm'], publish_status: 1 }), owner);
    expect(code(r)).toBe(10000);
    expect(r.json.data.voice).toMatchObject({
      name: 'Aria',
      langs: ['en', 'ja'],
      tag: ['calm'],
      publish_status: 1,
    });
    const [row] = await s.server.ctx.db.query<{ item_id: string }>(
      'SELECT item_id FROM voices WHERE id = $1',
      [r.json.data.voice.id],
    );
    const item = await api('/api/v1/square/item/detail', { id: row!.item_id }, owner);
    expect(item.json.data).toMatchObject({ card_type: 'aiAudio', title: 'Aria' });
    expect(code(await api('/api/v1/timbre/create', voice(), owner))).toBe(10000);
  });

  it.each([
    ['no cover', { cover: undefined }],
    ['no gender', { gender: undefined }],
    ['an unknown age', { age: 'ancient' }],
    ['no language', { langs: [] }],
    ['no tone', { tones: [] }],
    ['a blank name', { name: '   ' }],
    ['a text with a zero-width joiner', { text: 'hi\u200dthere' }],
    ['a text with a control character', { text: 'bell\u0007' }],
    ['no audio', { audios: [] }],
    [
      'more audio files than the limit',
      { audios: Array.from({ length: 4 }, () => ({ url: '/x', name: 'a', duration: 1 })) },
    ],
  ])('refuses %s with 10400', async (_what, over) => {
    expect(code(await api('/api/v1/timbre/create', voice(over), owner))).toBe(10400);
  });

  it("refuses someone else's files (70008) and guests (20000)", async () => {
    expect(code(await api('/api/v1/timbre/create', voice({ cover: files['stranger']![0] }), owner))).toBe(
      70008,
    );
    expect(code(await api('/api/v1/timbre/create', voice(), null))).toBe(20000);
  });
});

describe('the e-book reader', () => {
  it('reads a chapter of a square e-book, the same every time; 10404 past the last or for another kind', async () => {
    const book = await api('/api/v1/square/item/detail', { id: 'ebk-001' }, null);
    const chapters = book.json.data.chapters as number;
    const first = await api('/api/v1/ebook/chapter', { id: 'ebk-001', chapter: 1 }, null);
    expect(code(first)).toBe(10000);
    expect(first.json.data).toMatchObject({ id: 'ebk-001', chapter: 1, chapters });
    expect((first.json.data.text as string).length).toBeGreaterThan(500);
    expect((await api('/api/v1/ebook/chapter', { id: 'ebk-001', chapter: 1 }, null)).json.data).toEqual(
      first.json.data,
    );
    expect(code(await api('/api/v1/ebook/chapter', { id: 'ebk-001', chapter: chapters + 1 }, null))).toBe(
      10404,
    );
    expect(code(await api('/api/v1/ebook/chapter', { id: 'art-001', chapter: 1 }, null))).toBe(10404);
    expect(code(await api('/api/v1/ebook/chapter', { id: 'ebk-001', chapter: 0 }, null))).toBe(10400);
  });
});

const graph = {
  '4': { class_type: 'CheckpointLoaderSimple', inputs: { ckpt_name: 'atelier-xl.safetensors' } },
  '6': { class_type: 'CLIPTextEncode', inputs: { text: 'a lighthouse', clip: ['4', 1] } },
  '7': { class_type: 'CLIPTextEncode', inputs: { text: 'blurry', clip: ['4', 1] } },
  '5': { class_type: 'EmptyLatentImage', inputs: { width: 512, height: 512, batch_size: 1 } },
  '3': {
    class_type: 'KSampler',
    inputs: {
      seed: 1,
      steps: 20,
      cfg: 7,
      sampler_name: 'euler',
      scheduler: 'normal',
      denoise: 1,
      model: ['4', 0],
      positive: ['6', 0],
      negative: ['7', 0],
      latent_image: ['5', 0],
    },
  },
  '8': { class_type: 'VAEDecode', inputs: { samples: ['3', 0], vae: ['4', 2] } },
  '9': { class_type: 'SaveImage', inputs: { images: ['8', 0], filename_prefix: 'out' } },
};

describe('work-flow/update: the form values saved into an import', () => {
  it('replaces the graph of an own workflow (validated); 10404 for another account, 10400 for a bad graph', async () => {
    const imported = await api('/api/v1/work-flow/import', { name: 'Light', workflow: graph }, owner);
    expect(code(imported)).toBe(10000);
    const id = imported.json.data.workflow.id as string;
    const edited = {
      ...graph,
      '6': { ...graph['6'], inputs: { ...graph['6'].inputs, text: 'a red lighthouse' } },
    };
    const r = await api('/api/v1/work-flow/update', { id, workflow: edited }, owner);
    expect(code(r)).toBe(10000);
    expect(r.json.data.workflow).toMatchObject({ id, name: 'Light', node_count: 7 });
    const detail = await api('/api/v1/work-flow/detail', { id }, owner);
    expect(detail.json.data.graph['6'].inputs.text).toBe('a red lighthouse');
    expect(code(await api('/api/v1/work-flow/update', { id, workflow: edited }, stranger))).toBe(10404);
    const broken = {
      ...graph,
      '3': { ...graph['3'], inputs: { ...graph['3'].inputs, sampler_name: 'nope' } },
    };
    expect(code(await api('/api/v1/work-flow/update', { id, workflow: broken }, owner))).toBe(10400);
  });
});

describe('work-flow/copy: Try on a workflow card of the square (spec §2 "workflow: Try")', () => {
  it('every workflow card of the square has a graph that passes the import validation, the same each time', () => {
    const cards = seedItems(0).filter((i) => i.kind === 'workflow');
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) {
      const source = {
        id: card.id,
        title: card.title,
        coverPrompt: card.coverPrompt,
        coverWidth: card.aspect === '4:3' ? 384 : 288,
        coverHeight: 288,
        nodesType: card.nodesType,
        extra: card.extra,
      };
      const graph = squareWorkflowGraph(source);
      const valid = validateGraph(graph);
      expect(valid.ok, `${card.id}: ${valid.ok ? '' : valid.message}`).toBe(true);
      expect(squareWorkflowGraph(source)).toEqual(graph);
      expect(Object.values(graph).some((n) => n.inputs['text'] === card.coverPrompt)).toBe(true);
    }
    // A graph stored with the card wins over the pipeline; a broken one does not.
    const stored = { '1': { class_type: 'LoadImage', inputs: { image: 'x' } } };
    const base = { id: 'wf-x', title: 'X', coverPrompt: 'p', coverWidth: 1, coverHeight: 1, nodesType: null };
    expect(squareWorkflowGraph({ ...base, extra: { graph: stored } })).not.toEqual(stored);
    const good = squareWorkflowGraph({ ...base, nodesType: 'upscale', extra: {} });
    expect(squareWorkflowGraph({ ...base, extra: { graph: good } })).toEqual(good);
  });

  it("copies the card into the caller's workflows once: a second ask (or three at once) answers the same copy", async () => {
    const first = await api('/api/v1/work-flow/copy', { id: 'wf-002' }, owner);
    expect(code(first)).toBe(10000);
    const copy = decodes(WorkflowCopyResponse, first.json.data);
    expect(copy.created).toBe(true);
    expect(copy.id).not.toBe('wf-002');
    const again = decodes(
      WorkflowCopyResponse,
      (await api('/api/v1/work-flow/copy', { id: 'wf-002' }, owner)).json.data,
    );
    expect(again).toEqual({ id: copy.id, created: false });
    const raced = await Promise.all(
      [0, 1, 2].map(() => api('/api/v1/work-flow/copy', { id: 'wf-002' }, stranger)),
    );
    const ids = new Set(raced.map((r) => decodes(WorkflowCopyResponse, r.json.data).id));
    expect(ids.size).toBe(1);
    expect(ids.has(copy.id)).toBe(false);
    expect(raced.filter((r) => r.json.data.created === true)).toHaveLength(1);
    // It is the caller's own workflow now: named after the card, listed once, private to them.
    const [card] = await s.server.ctx.db.query<{ title: string }>(
      'SELECT title FROM content_items WHERE id = $1',
      ['wf-002'],
    );
    const detail = decodes(
      WorkflowDetailResponse,
      (await api('/api/v1/work-flow/detail', { id: copy.id }, owner)).json.data,
    );
    expect(detail.workflow.name).toBe(card!.title);
    expect(validateGraph(detail.graph).ok).toBe(true);
    const list = (await api('/api/v1/work-flow/list', {}, owner)).json.data.items as { id: string }[];
    expect(list.filter((w) => w.id === copy.id)).toHaveLength(1);
    expect(code(await api('/api/v1/work-flow/detail', { id: copy.id }, stranger))).toBe(10404);
  });

  it('the copy runs as a task to the end, reporting its nodes in execution order', async () => {
    const { id } = decodes(
      WorkflowCopyResponse,
      (await api('/api/v1/work-flow/copy', { id: 'wf-001' }, owner)).json.data,
    );
    const order = decodes(
      WorkflowDetailResponse,
      (await api('/api/v1/work-flow/detail', { id }, owner)).json.data,
    ).workflow.execution_order;
    const r = await api('/api/v1/task/tool/create', { domain_type: 16, workflow_id: id }, owner);
    expect(code(r)).toBe(10000);
    const item = decodes(TaskItem, r.json.data.item);
    const seen: string[] = [];
    for (let i = 1; i <= 200; i++) {
      await s.server.ctx.tasks.tick(item.create_at + i * 100);
      const p = (await api('/api/v1/task/tool/batch-progress', { task_ids: [item.id] }, owner)).json.data
        .items[0];
      if (p.comfyui_current_node && seen[seen.length - 1] !== p.comfyui_current_node)
        seen.push(p.comfyui_current_node as string);
      if (p.status === 3) break;
    }
    const done = decodes(TaskItem, (await api('/api/v1/task/detail', { id: item.id }, owner)).json.data.item);
    expect(done.status).toBe(3);
    expect(done.img_uris.length).toBeGreaterThan(0);
    expect(seen.length).toBeGreaterThan(2);
    expect(seen.map((n) => order.indexOf(n))).toEqual(
      [...seen.map((n) => order.indexOf(n))].sort((a, b) => a - b),
    );
    expect(seen.every((n) => order.includes(n))).toBe(true);
  });

  it('a deleted copy frees the card: the next Try makes a new copy', async () => {
    const { id } = decodes(
      WorkflowCopyResponse,
      (await api('/api/v1/work-flow/copy', { id: 'wf-003' }, owner)).json.data,
    );
    expect((await api('/api/v1/template/delete', { id }, owner)).json.data).toEqual({ deleted: true });
    const next = decodes(
      WorkflowCopyResponse,
      (await api('/api/v1/work-flow/copy', { id: 'wf-003' }, owner)).json.data,
    );
    expect(next.created).toBe(true);
    expect(next.id).not.toBe(id);
  });

  it('20000 for a guest, 10404 for what is not a workflow of the square, 10400 for a malformed body; never a 500', async () => {
    expect(code(await api('/api/v1/work-flow/copy', { id: 'wf-001' }, null))).toBe(20000);
    expect(code(await api('/api/v1/work-flow/copy', { id: 'wf-999' }, owner))).toBe(10404);
    expect(code(await api('/api/v1/work-flow/copy', { id: 'app-001' }, owner))).toBe(10404);
    expect(code(await api('/api/v1/work-flow/copy', { id: "wf-001' OR 1=1 --" }, owner))).toBe(10404);
    for (const body of [{}, { id: '' }, { id: 7 }, { id: 'x'.repeat(65) }, null, []]) {
      const r = await api('/api/v1/work-flow/copy', body, owner);
      expect(r.status, JSON.stringify(body)).toBeLessThan(500);
      expect(code(r), JSON.stringify(body)).toBe(10400);
    }
  });
});

describe('LoRA training keeps its caption tags', () => {
  it('stores the tags sent with the training and returns them with the record', async () => {
    const r = await api(
      '/api/v1/model/train/square/create',
      {
        name: 'Tiles',
        base_model: 'SDXL',
        train_type: 'style',
        images: files['owner']!.slice(0, 9),
        tags: ['tile', 'red', 'tile'],
      },
      owner,
    );
    expect(code(r)).toBe(10000);
    expect(r.json.data.record.tags).toEqual(['tile', 'red']);
    const bad = await api(
      '/api/v1/model/train/square/create',
      {
        name: 'X',
        base_model: 'SDXL',
        train_type: 'style',
        images: files['owner']!.slice(0, 9),
        tags: ['<b>'],
      },
      owner,
    );
    expect(code(bad)).toBe(10400);
  });
});
