/**
 * LoRA training (spec §7 model training, §8 codes 120000-120013) and ComfyUI workflows (spec §7
 * /work-flow/import, /square/search/node, /template/delete) over loopback. The engines do not
 * run on a timer: the tests drive `ctx.tasks.tick(at)` (which also advances trainings), so
 * progress, the executing node and completion are checked at chosen moments.
 */
import { billing } from '../../domain/index.js';
import { createHash } from 'node:crypto';
import * as E from 'fp-ts/Either';
import type * as t from 'io-ts';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DatasetConfig,
  LoraTemplateResponse,
  NodeSearchResponse,
  SquareTrainDetail,
  TrainHistoryResponse,
  TrainRecordResponse,
  TrainResult,
  TrainTagsResponse,
  WorkflowDetailResponse,
  WorkflowImportResponse,
  WorkflowListResponse,
} from '../../infrastructure/contract/creation';
import { TaskItem, TaskOptionsConfig } from '../../infrastructure/contract/tasks';
import { hashPassword } from '../../server/auth';
import { readSafetensorsHeader } from '../../server/engines/safetensors';
import { credit } from '../../server/ledger';
import { startTestServer, type Json, type TestServer } from '../support/server';

let s: TestServer;
let member: string;
let nonMember: string;
let other: string;
const images: Record<string, string[]> = {};

const decodes = <A, O>(codec: t.Type<A, O, unknown>, data: unknown): A => {
  const r = codec.decode(data);
  if (E.isLeft(r)) throw new Error(`${codec.name} does not decode ${JSON.stringify(data).slice(0, 400)}`);
  return r.right;
};
const code = (r: { json: Json }) => r.json.status.code as number;
const coins = async (token: string) =>
  (await s.post('/api/v1/payment/info', {}, { token })).json.data.calculate_coins as number;

const makeAccount = async (id: string, paid: number, level: number | null): Promise<string> => {
  const db = s.server.ctx.db;
  await db.query(
    `INSERT INTO accounts (id, email, password_hash, account_name, name, created_at) VALUES ($1, $2, $3, $1, $1, 0)`,
    [id, `${id}@atelier.test`, await hashPassword(`pw-${id}`)],
  );
  await credit(db, id, 'paid', paid, 'test', null, 0);
  if (level !== null)
    await db.query(
      'INSERT INTO memberships (account_id, product_level, product_type, expiry_time) VALUES ($1, $2, 1, $3)',
      [id, level, Date.now() + 86_400_000],
    );
  return s.login(`${id}@atelier.test`, `pw-${id}`);
};

const tile = (seed: number): Buffer => {
  const png = new PNG({ width: 24, height: 24 });
  for (let i = 0; i < 24 * 24; i++) {
    const x = i % 24;
    png.data[i * 4] = (seed * 37 + x * 5) % 256;
    png.data[i * 4 + 1] = (seed * 91) % 256;
    png.data[i * 4 + 2] = (seed * 53 + Math.floor(i / 24) * 7) % 256;
    png.data[i * 4 + 3] = 255;
  }
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
  const done = await s.post('/api/v1/upload/image/confirm', { file_id: p.json.data.file_id }, { token });
  return done.json.data.url as string;
};

const api = (p: string, body: unknown, token: string | null) => s.post(p, body, token ? { token } : {});
const train = (body: Record<string, unknown>, token: string) =>
  api('/api/v1/model/train/square/create', body, token);
const recordOf = async (id: string, token: string) =>
  decodes(TrainRecordResponse, (await api('/api/v1/model/train/detail', { id }, token)).json.data).record;

beforeAll(async () => {
  s = await startTestServer({}, false);
  member = await makeAccount('studio-member', 1000, 3);
  nonMember = await makeAccount('studio-free', 500, null);
  other = await makeAccount('studio-other', 500, null);
  for (const [name, token] of [
    ['member', member],
    ['nonMember', nonMember],
    ['other', other],
  ] as const) {
    images[name] = [];
    for (let i = 0; i < (name === 'other' ? 2 : 12); i++)
      images[name]!.push(await upload(tile(i + (name === 'member' ? 0 : 50)), token));
  }
});
afterAll(() => s.stop());

describe('spec §7 model training: data-set config, templates, tags', () => {
  it("reports the data-set limits and the tier's training allowance (20000 for guests)", async () => {
    const c = decodes(
      DatasetConfig,
      (await api('/api/v1/model/train/data-set/config', {}, member)).json.data,
    );
    expect(c).toMatchObject({
      min_images: 9,
      max_images: 50,
      name_max_length: 40,
      tier: 'Pro',
      monthly_limit: 20,
      used_this_month: 0,
      training: null,
      cost: 30,
    });
    const free = decodes(
      DatasetConfig,
      (await api('/api/v1/model/train/data-set/config', {}, nonMember)).json.data,
    );
    expect(free).toMatchObject({ tier: 'non-member', monthly_limit: 1 });
    expect(code(await api('/api/v1/model/train/data-set/config', {}, null))).toBe(20000);
  });

  it('lists the LoRA templates and details a LoRA template of the square (10404 for anything else)', async () => {
    const list = decodes(
      LoraTemplateResponse,
      (await api('/api/v1/model/lora/template', {}, null)).json.data,
    );
    expect(list.items.map((t) => t.id)).toContain('tpl-character');
    const d = decodes(
      SquareTrainDetail,
      (await api('/api/v1/model/train/square/detail', { id: 'lora-001' }, null)).json.data,
    );
    expect(d).toMatchObject({ id: 'lora-001', cover: { url: '/blobs/community/covers/lora-001.png' } });
    expect(code(await api('/api/v1/model/train/square/detail', { id: 'art-001' }, null))).toBe(10404);
    expect(code(await api('/api/v1/model/train/square/detail', {}, null))).toBe(10400);
  });

  it("suggests caption tags per image from its pixels; another's image answers 70008", async () => {
    const r = await api(
      '/api/v1/task/v2/train-model/tags',
      { image_urls: images['member']!.slice(0, 3) },
      member,
    );
    const tags = decodes(TrainTagsResponse, r.json.data);
    expect(tags.items).toHaveLength(3);
    for (const item of tags.items) expect(item.tags).toContain('square');
    expect(
      code(await api('/api/v1/task/v2/train-model/tags', { image_urls: [images['other']![0]] }, member)),
    ).toBe(70008);
    expect(code(await api('/api/v1/task/v2/train-model/tags', { image_urls: [] }, member))).toBe(10400);
  });
});

describe('spec §8 training codes: at least 9 images (120002), data-set limit (120000), name too long (120006), already training (120001), tier limit (120013)', () => {
  it('refuses bad trainings with their codes, creates nothing and debits nothing', async () => {
    const before = await coins(member);
    const base = { name: 'Tiles', base_model: 'SDXL', train_type: 'style' };
    expect(code(await train({ ...base, images: images['member']!.slice(0, 8) }, member))).toBe(120002);
    // Duplicates count once.
    expect(
      code(
        await train({ ...base, images: [...images['member']!.slice(0, 8), images['member']![0]] }, member),
      ),
    ).toBe(120002);
    expect(
      code(
        await train(
          { ...base, images: Array.from({ length: 51 }, (_, i) => `/blobs/uploads/x${i}.png`) },
          member,
        ),
      ),
    ).toBe(120000);
    expect(
      code(await train({ ...base, name: 'x'.repeat(41), images: images['member']!.slice(0, 9) }, member)),
    ).toBe(120006);
    expect(
      code(await train({ ...base, images: [...images['member']!.slice(0, 8), images['other']![0]] }, member)),
    ).toBe(70008);
    expect(
      code(await train({ ...base, images: images['member']!.slice(0, 9), template_id: 'nope' }, member)),
    ).toBe(10404);
    expect(
      code(await train({ ...base, base_model: 'SD 9', images: images['member']!.slice(0, 9) }, member)),
    ).toBe(10400);
    expect(code(await train({ ...base, images: images['member']!.slice(0, 9) }, '' as string))).toBe(20000);
    const history = decodes(
      TrainHistoryResponse,
      (await api('/api/v1/model/train/history', {}, member)).json.data,
    );
    expect(history.total).toBe(0);
    expect(await coins(member)).toBe(before);
  });

  it('trains over seconds: queued, then training with progress, then done with a model card, samples and a real safetensors file', async () => {
    const before = await coins(member);
    const tasksOf = async () =>
      (
        await s.server.ctx.db.query<{ n: number }>(
          `SELECT num_of_task AS n FROM content_items WHERE id = 'lora-002'`,
        )
      )[0]!.n;
    const templateTasks = await tasksOf();
    const r = await train(
      {
        name: 'Sunny tiles',
        base_model: 'SDXL',
        train_type: 'style',
        images: images['member']!.slice(0, 10),
        template_id: 'lora-002',
        steps: 1000,
      },
      member,
    );
    expect(code(r)).toBe(10000);
    const rec = decodes(TrainRecordResponse, r.json.data).record;
    expect(rec).toMatchObject({
      status: 1,
      process: 0,
      image_count: 10,
      trigger_word: 'sunnytiles',
      cost: 30,
      saved: false,
      published_model_id: null,
    });
    expect(await coins(member)).toBe(before - 30);
    expect(
      code(
        await train(
          { name: 'Second', base_model: 'SDXL', train_type: 'style', images: images['member']!.slice(0, 9) },
          member,
        ),
      ),
    ).toBe(120001);
    expect(await tasksOf()).toBe(templateTasks + 1);
    expect(code(await api('/api/v1/model/train/result/detail', { id: rec.id }, member))).toBe(10403);
    const duration = 3 * s.config.taskDurationMs;
    await s.server.ctx.tasks.tick(rec.create_at + duration / 2);
    const half = await recordOf(rec.id, member);
    expect(half.status).toBe(2);
    expect(half.process).toBe(50);
    expect(half.status_desc).toBe('training step 500/1000');
    await s.server.ctx.tasks.tick(rec.create_at + duration + 1);
    const done = await recordOf(rec.id, member);
    expect(done).toMatchObject({ status: 3, process: 100, status_desc: 'done' });
    const result = decodes(
      TrainResult,
      (await api('/api/v1/model/train/result/detail', { id: rec.id }, member)).json.data,
    );
    expect(result.model_card).toMatchObject({
      title: 'Sunny tiles',
      content_type: 'model',
      content_sub_type: 'LORA',
      child: [{ id: `train-${rec.id}` }],
    });
    expect(result.loss).toHaveLength(20);
    expect(result.loss[19]!).toBeLessThan(result.loss[0]!);
    const file = await s.get(result.file.url);
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(bytes.length).toBe(result.file.size);
    const header = readSafetensorsHeader(bytes);
    expect(header.metadata).toMatchObject({
      modelspec_trigger_phrase: 'sunnytiles',
      ss_num_train_images: '10',
      ss_base_model_version: 'SDXL',
    });
    const down = header.tensors['lora_unet.mid.attn.to_k.lora_down.weight']!;
    expect(down).toMatchObject({ dtype: 'F32', shape: [4, 64] });
    expect(down.data_offsets[1] - down.data_offsets[0]).toBe(4 * 64 * 4);
    const sample = PNG.sync.read(Buffer.from(await (await s.get(result.samples[0]!.url)).arrayBuffer()));
    expect([sample.width, sample.height]).toEqual([384, 384]);
    const dl = (await api('/api/v1/model/train/result/download', { id: rec.id }, member)).json.data;
    expect(dl).toEqual({ url: result.file.url, file_name: 'sunnytiles.safetensors', size: result.file.size });
  });

  it('keeps trainings private: detail, rename, stop, result, save and publish of another account answer 10404', async () => {
    const [row] = await s.server.ctx.db.query<{ id: string }>(
      `SELECT id FROM lora_trainings WHERE account_id = 'studio-member' LIMIT 1`,
    );
    for (const p of ['detail', 'stop', 'result/detail', 'result/download', 'save', 'publish'])
      expect(code(await api(`/api/v1/model/train/${p}`, { id: row!.id }, other)), p).toBe(10404);
    expect(
      code(await api('/api/v1/model/train/update-record-name', { id: row!.id, name: 'mine' }, other)),
    ).toBe(10404);
    expect(
      decodes(TrainHistoryResponse, (await api('/api/v1/model/train/history', {}, other)).json.data).total,
    ).toBe(0);
  });

  it("renames (120006 beyond 40 characters), saves the LoRA into the caller's models and publishes it once to the community", async () => {
    const [row] = await s.server.ctx.db.query<{ id: string }>(
      `SELECT id FROM lora_trainings WHERE account_id = 'studio-member' AND status = 3 LIMIT 1`,
    );
    const id = row!.id;
    expect(
      code(await api('/api/v1/model/train/update-record-name', { id, name: 'y'.repeat(41) }, member)),
    ).toBe(120006);
    const renamed = decodes(
      TrainRecordResponse,
      (await api('/api/v1/model/train/update-record-name', { id, name: ' Golden tiles ' }, member)).json.data,
    );
    expect(renamed.record.name).toBe('Golden tiles');
    const saved = (await api('/api/v1/model/train/save', { id }, member)).json.data;
    expect(saved.model_id).toBe(`train-${id}`);
    const options = decodes(
      TaskOptionsConfig,
      (await api('/api/v1/task/config/options', {}, member)).json.data,
    );
    expect(options.models.find((m) => m.id === `train-${id}`)).toMatchObject({
      type: 'LORA',
      owned: true,
      trigger_words: ['sunnytiles'],
    });
    const otherOptions = decodes(
      TaskOptionsConfig,
      (await api('/api/v1/task/config/options', {}, other)).json.data,
    );
    expect(otherOptions.models.some((m) => m.id === `train-${id}`)).toBe(false);
    // The saved LoRA drives text to image for its owner; for anyone else it is a forbidden model (70009).
    const t2i = await api(
      '/api/v1/task/tool/create',
      { domain_type: 0, prompt: 'a tiled floor', aspect_ratio: '1:1', model_id: `train-${id}` },
      member,
    );
    expect(code(t2i)).toBe(10000);
    const forbidden = await api(
      '/api/v1/task/tool/create',
      { domain_type: 0, prompt: 'x', aspect_ratio: '1:1', model_id: `train-${id}` },
      other,
    );
    expect(code(forbidden)).toBe(70009);
    expect(forbidden.json.status.msg).toBe('LORA Golden tiles (disabled)');
    const published = (await api('/api/v1/model/train/publish', { id, title: 'Golden Tiles LoRA' }, member))
      .json.data;
    expect(published.model_id).toMatch(/^mdl-/);
    const again = (await api('/api/v1/model/train/publish', { id }, member)).json.data;
    expect(again.model_id).toBe(published.model_id);
    const [item] = await s.server.ctx.db.query<{
      kind: string;
      model_type: string;
      base_model: string;
      author_id: string;
      title: string;
      extra: Json;
    }>('SELECT kind, model_type, base_model, author_id, title, extra FROM content_items WHERE id = $1', [
      published.model_id,
    ]);
    expect(item).toMatchObject({
      kind: 'model',
      model_type: 'LORA',
      base_model: 'SDXL',
      author_id: 'studio-member',
      title: 'Golden Tiles LoRA',
    });
    expect(item!.extra.trigger_words).toEqual(['sunnytiles']);
    await s.server.ctx.tasks.tick(Date.now() + 60_000);
  });

  it('stops a queued training with a refund and a running one without; a failing trainer refunds (status 4)', async () => {
    const before = await coins(member);
    const queued = decodes(
      TrainRecordResponse,
      (
        await train(
          { name: 'Stop me', base_model: 'Flux', train_type: 'face', images: images['member']!.slice(0, 9) },
          member,
        )
      ).json.data,
    ).record;
    const stopped = decodes(
      TrainRecordResponse,
      (await api('/api/v1/model/train/stop', { id: queued.id }, member)).json.data,
    ).record;
    expect(stopped.status).toBe(5);
    expect(await coins(member)).toBe(before);
    const running = decodes(
      TrainRecordResponse,
      (
        await train(
          {
            name: 'Run then stop',
            base_model: 'Flux',
            train_type: 'face',
            images: images['member']!.slice(0, 9),
          },
          member,
        )
      ).json.data,
    ).record;
    await s.server.ctx.tasks.tick(running.create_at + s.config.taskDurationMs);
    expect((await recordOf(running.id, member)).status).toBe(2);
    expect((await api('/api/v1/model/train/stop', { id: running.id }, member)).json.data.record.status).toBe(
      5,
    );
    expect(await coins(member)).toBe(before - 30);
    // Stopping a stopped training changes nothing.
    expect((await api('/api/v1/model/train/stop', { id: running.id }, member)).json.data.record.status).toBe(
      5,
    );
    const failing = decodes(
      TrainRecordResponse,
      (
        await train(
          {
            name: 'Broken #fail',
            base_model: 'SDXL',
            train_type: 'object',
            images: images['member']!.slice(0, 9),
          },
          member,
        )
      ).json.data,
    ).record;
    await s.server.ctx.tasks.tick(failing.create_at + 3 * s.config.taskDurationMs);
    const failed = await recordOf(failing.id, member);
    expect(failed).toMatchObject({ status: 4, status_desc: 'the trainer failed' });
    expect(await coins(member)).toBe(before - 30);
  });

  it('answers 80307 when the balance cannot pay for a training, and creates nothing', async () => {
    const poor = await makeAccount('studio-poor', 20, 3);
    const urls: string[] = [];
    for (let i = 0; i < 9; i++) urls.push(await upload(tile(100 + i), poor));
    expect(
      code(await train({ name: 'Too dear', base_model: 'SDXL', train_type: 'style', images: urls }, poor)),
    ).toBe(80307);
    expect(await coins(poor)).toBe(20);
    expect(
      decodes(TrainHistoryResponse, (await api('/api/v1/model/train/history', {}, poor)).json.data).total,
    ).toBe(0);
  });

  it('allows a non-member one training per 30 days (120013 with the tier named), not counting refunded ones', async () => {
    const body = {
      name: 'Free one',
      base_model: 'SD 1.x',
      train_type: 'object',
      images: images['nonMember']!.slice(0, 9),
    };
    const first = decodes(TrainRecordResponse, (await train(body, nonMember)).json.data).record;
    expect(code(await train(body, nonMember))).toBe(120001);
    await s.server.ctx.tasks.tick(first.create_at + 60_000);
    const second = await train(body, nonMember);
    expect(code(second)).toBe(120013);
    expect(second.json.status.msg).toBe('non-member accounts train 1 LoRA per 30 days');
  });
});

const T2I_GRAPH = {
  '4': { class_type: 'CheckpointLoaderSimple', inputs: { ckpt_name: 'atelier-xl.safetensors' } },
  '5': { class_type: 'EmptyLatentImage', inputs: { width: 96, height: 64, batch_size: 2 } },
  '6': { class_type: 'CLIPTextEncode', inputs: { text: 'a lantern in the rain', clip: ['10', 1] } },
  '7': { class_type: 'CLIPTextEncode', inputs: { text: 'blurry', clip: ['4', 1] } },
  '3': {
    class_type: 'KSampler',
    inputs: {
      seed: 5,
      steps: 20,
      cfg: 7,
      sampler_name: 'dpmpp_2m_karras',
      scheduler: 'karras',
      denoise: 1,
      model: ['10', 0],
      positive: ['6', 0],
      negative: ['7', 0],
      latent_image: ['5', 0],
    },
  },
  '8': { class_type: 'VAEDecode', inputs: { samples: ['3', 0], vae: ['4', 2] } },
  '10': {
    class_type: 'LoraLoader',
    inputs: { model: ['4', 0], clip: ['4', 1], lora_name: 'neon.safetensors' },
  },
  '11': { class_type: 'ImageScaleBy', inputs: { image: ['8', 0], upscale_method: 'bicubic', scale_by: 1.5 } },
  '9': {
    class_type: 'SaveImage',
    inputs: { images: ['11', 0], filename_prefix: 'lantern' },
    _meta: { title: 'Save' },
  },
  '12': { class_type: 'ImageInvert', inputs: { image: ['8', 0] } },
};

describe('spec §7 ComfyUI workflows: import (validated graph), run as a task naming the executing node, node search, silent template delete', () => {
  let workflowId: string;

  it('imports a valid graph and reports its execution order (only what the outputs need, dependencies first)', async () => {
    const r = await api('/api/v1/work-flow/import', { name: 'Lantern', workflow: T2I_GRAPH }, member);
    expect(code(r)).toBe(10000);
    const wf = decodes(WorkflowImportResponse, r.json.data).workflow;
    workflowId = wf.id;
    expect(wf.node_count).toBe(10);
    expect(wf.outputs).toEqual(['9 Save']);
    expect(wf.execution_order).toEqual([
      '5 EmptyLatentImage',
      '4 CheckpointLoaderSimple',
      '10 LoraLoader',
      '6 CLIPTextEncode',
      '7 CLIPTextEncode',
      '3 KSampler',
      '8 VAEDecode',
      '11 ImageScaleBy',
      '9 Save',
    ]);
    const list = decodes(WorkflowListResponse, (await api('/api/v1/work-flow/list', {}, member)).json.data);
    expect(list.items.map((w) => w.id)).toEqual([wf.id]);
    const d = decodes(
      WorkflowDetailResponse,
      (await api('/api/v1/work-flow/detail', { id: wf.id }, member)).json.data,
    );
    expect(d.graph['3']!.class_type).toBe('KSampler');
    expect(code(await api('/api/v1/work-flow/detail', { id: wf.id }, other))).toBe(10404);
  });

  it('rejects invalid graphs with 10400 naming the problem, and stores nothing', async () => {
    const without = (id: string) => Object.fromEntries(Object.entries(T2I_GRAPH).filter(([k]) => k !== id));
    const cases: [unknown, RegExp][] = [
      [
        { ...T2I_GRAPH, '13': { class_type: 'MagicNode', inputs: {} } },
        /node 13 \(MagicNode\): unknown node type/,
      ],
      [
        {
          ...T2I_GRAPH,
          '3': { class_type: 'KSampler', inputs: { ...T2I_GRAPH['3'].inputs, model: undefined } },
        },
        /./,
      ],
      [
        {
          ...without('10'),
          '6': { class_type: 'CLIPTextEncode', inputs: { text: 'x', clip: ['4', 1] } },
          '3': { ...T2I_GRAPH['3'], inputs: { ...T2I_GRAPH['3'].inputs, model: ['4', 0] } },
        },
        /^$/,
      ],
      [
        { ...T2I_GRAPH, '8': { class_type: 'VAEDecode', inputs: { samples: ['3', 0], vae: ['4', 0] } } },
        /input vae takes VAE, node 4 output 0 gives MODEL/,
      ],
      [
        { ...T2I_GRAPH, '8': { class_type: 'VAEDecode', inputs: { samples: ['3', 0], vae: ['99', 0] } } },
        /links to missing node 99/,
      ],
      [
        { ...T2I_GRAPH, '5': { class_type: 'EmptyLatentImage', inputs: { width: 5000 } } },
        /input width must be within 64\.\.1536/,
      ],
      [
        {
          ...T2I_GRAPH,
          '3': { ...T2I_GRAPH['3'], inputs: { ...T2I_GRAPH['3'].inputs, sampler_name: 'magic' } },
        },
        /sampler_name must be one of/,
      ],
      [
        {
          ...T2I_GRAPH,
          '3': { ...T2I_GRAPH['3'], inputs: { ...T2I_GRAPH['3'].inputs, latent_image: ['11', 0] } },
        },
        /takes LATENT, node 11 output 0 gives IMAGE/,
      ],
      [
        {
          ...T2I_GRAPH,
          '8': { class_type: 'VAEEncode', inputs: { pixels: ['11', 0], vae: ['4', 2] } },
          '3': { ...T2I_GRAPH['3'], inputs: { ...T2I_GRAPH['3'].inputs, latent_image: ['8', 0] } },
        },
        /takes IMAGE, node 8 output 0 gives LATENT|cycle/,
      ],
      [
        {
          '1': { class_type: 'ImageInvert', inputs: { image: ['2', 0] } },
          '2': { class_type: 'ImageInvert', inputs: { image: ['1', 0] } },
          '3': { class_type: 'PreviewImage', inputs: { images: ['1', 0] } },
        },
        /cycle/,
      ],
      [without('9'), /no output node/],
      [
        {
          ...T2I_GRAPH,
          '6': { class_type: 'CLIPTextEncode', inputs: { text: 'x', clip: ['10', 1], colour: 'red' } },
        },
        /unknown input colour/,
      ],
      [{ 'a b': { class_type: 'PreviewImage', inputs: {} } }, /node id/],
      [{}, /./],
      ['not a graph', /./],
    ];
    for (const [workflow, message] of cases) {
      const r = await api('/api/v1/work-flow/import', { name: 'Bad', workflow }, member);
      if (message.source === '^$') {
        expect(code(r)).toBe(10000); // a control: the same graph without the LoRA is fine
        await api('/api/v1/template/delete', { id: r.json.data.workflow.id }, member);
        continue;
      }
      expect(code(r), JSON.stringify(workflow).slice(0, 80)).toBe(10400);
      expect(r.json.status.msg).toMatch(message);
    }
    expect(code(await api('/api/v1/work-flow/import', { name: '', workflow: T2I_GRAPH }, member))).toBe(
      10400,
    );
    expect(code(await api('/api/v1/work-flow/import', { name: 'x', workflow: T2I_GRAPH }, null))).toBe(20000);
    const list = decodes(WorkflowListResponse, (await api('/api/v1/work-flow/list', {}, member)).json.data);
    expect(list.items).toHaveLength(1);
  });

  it("checks that LoadImage reads the importer's own files (70008 otherwise)", async () => {
    const graph = {
      '1': { class_type: 'LoadImage', inputs: { image: images['other']![0]! } },
      '2': { class_type: 'PreviewImage', inputs: { images: ['1', 0] } },
    };
    expect(code(await api('/api/v1/work-flow/import', { name: 'Theirs', workflow: graph }, member))).toBe(
      70008,
    );
    const mine = {
      ...graph,
      '1': { class_type: 'LoadImage', inputs: { image: images['member']![0]! } },
      '3': { class_type: 'RemoveBackground', inputs: { image: ['1', 0] } },
      '4': { class_type: 'SaveImage', inputs: { images: ['3', 0] } },
    };
    expect(code(await api('/api/v1/work-flow/import', { name: 'Mine', workflow: mine }, member))).toBe(10000);
  });

  it('runs as a task: comfyui_current_node names each node in execution order, the outputs are the SaveImage images at their computed size', async () => {
    const before = await coins(member);
    const r = await api('/api/v1/task/tool/create', { domain_type: 16, workflow_id: workflowId }, member);
    expect(code(r)).toBe(10000);
    const item = decodes(TaskItem, r.json.data.item);
    expect(await coins(member)).toBe(before - 15);
    // A Pro member's task renders at the tier's speed (billing.TIER_BENEFITS).
    const duration = billing.taskDurationFor(1.5 * s.config.taskDurationMs, 'pro');
    const seen: string[] = [];
    for (let i = 1; i <= 9; i++) {
      await s.server.ctx.tasks.tick(Math.round(item.create_at + ((i - 0.5) / 9) * duration));
      const p = (await api('/api/v1/task/tool/batch-progress', { task_ids: [item.id] }, member)).json.data
        .items[0];
      seen.push(p.comfyui_current_node);
    }
    expect(seen).toEqual([
      '5 EmptyLatentImage',
      '4 CheckpointLoaderSimple',
      '10 LoraLoader',
      '6 CLIPTextEncode',
      '7 CLIPTextEncode',
      '3 KSampler',
      '8 VAEDecode',
      '11 ImageScaleBy',
      '9 Save',
    ]);
    await s.server.ctx.tasks.tick(item.create_at + duration + 1);
    const done = decodes(
      TaskItem,
      (await api('/api/v1/task/detail', { id: item.id }, member)).json.data.item,
    );
    expect(done.status).toBe(3);
    expect(done.comfyui_current_node).toBeNull();
    expect(done.img_uris).toHaveLength(2);
    for (const img of done.img_uris) {
      const png = PNG.sync.read(Buffer.from(await (await s.get(img.url)).arrayBuffer()));
      expect([png.width, png.height]).toEqual([144, 96]);
    }
    expect(done.task_return).toBe(
      '5 EmptyLatentImage > 4 CheckpointLoaderSimple > 10 LoraLoader > 6 CLIPTextEncode > 7 CLIPTextEncode > 3 KSampler > 8 VAEDecode > 11 ImageScaleBy > 9 SaveImage',
    );
  });

  it("refuses another account's workflow (10404) and refunds a run whose engine fails", async () => {
    expect(
      code(await api('/api/v1/task/tool/create', { domain_type: 16, workflow_id: workflowId }, other)),
    ).toBe(10404);
    expect(code(await api('/api/v1/task/tool/create', { domain_type: 16 }, member))).toBe(10400);
    const failing = {
      ...T2I_GRAPH,
      '6': { class_type: 'CLIPTextEncode', inputs: { text: 'a lantern #fail', clip: ['10', 1] } },
    };
    const wf = (await api('/api/v1/work-flow/import', { name: 'Failing', workflow: failing }, member)).json
      .data.workflow;
    const before = await coins(member);
    const r = await api('/api/v1/task/tool/create', { domain_type: 16, workflow_id: wf.id }, member);
    expect(await coins(member)).toBe(before - 15);
    await s.server.ctx.tasks.tick(r.json.data.item.create_at + s.config.taskDurationMs);
    const item = (await api('/api/v1/task/detail', { id: r.json.data.item.id }, member)).json.data.item;
    expect(item.status).toBe(4);
    expect(await coins(member)).toBe(before);
  });

  it('searches the node catalogue by keyword and category', async () => {
    const byWord = decodes(
      NodeSearchResponse,
      (await api('/api/v1/square/search/node', { keyword: 'ksampler' }, null)).json.data,
    );
    expect(byWord.items.map((n) => n.class_type)).toEqual(['KSampler']);
    const prompt = decodes(
      NodeSearchResponse,
      (await api('/api/v1/square/search/node', { keyword: 'CLIP Text' }, null)).json.data,
    );
    expect(prompt.items.map((n) => n.class_type)).toEqual(['CLIPTextEncode']);
    const ks = byWord.items[0]!;
    expect(ks.inputs.find((i) => i.name === 'sampler_name')!.options).toHaveLength(25);
    const loaders = decodes(
      NodeSearchResponse,
      (await api('/api/v1/square/search/node', { category: 'loaders' }, null)).json.data,
    );
    expect(loaders.items.map((n) => n.class_type)).toEqual(['CheckpointLoaderSimple', 'LoraLoader']);
    const all = decodes(NodeSearchResponse, (await api('/api/v1/square/search/node', {}, null)).json.data);
    expect(all.items.filter((n) => n.output_node).map((n) => n.class_type)).toEqual([
      'SaveImage',
      'PreviewImage',
    ]);
    expect(code(await api('/api/v1/square/search/node', { keyword: 5 }, null))).toBe(10400);
  });

  it("deletes a template silently: another account's is left alone (deleted false), the owner's goes once", async () => {
    const theirs = await api('/api/v1/template/delete', { id: workflowId }, other);
    expect(theirs.json).toEqual({ status: { code: 10000, msg: 'success' }, data: { deleted: false } });
    expect(
      decodes(WorkflowListResponse, (await api('/api/v1/work-flow/list', {}, member)).json.data).items.some(
        (w) => w.id === workflowId,
      ),
    ).toBe(true);
    expect((await api('/api/v1/template/delete', { id: workflowId }, member)).json.data).toEqual({
      deleted: true,
    });
    expect((await api('/api/v1/template/delete', { id: workflowId }, member)).json.data).toEqual({
      deleted: false,
    });
    expect(
      code(await api('/api/v1/task/tool/create', { domain_type: 16, workflow_id: workflowId }, member)),
    ).toBe(10404);
    expect(code(await api('/api/v1/template/delete', {}, member))).toBe(10400);
  });
});
