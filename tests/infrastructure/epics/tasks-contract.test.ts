/**
 * Round trips of the task and creation codecs (arbitrary value -> encode -> JSON -> decode ->
 * the same value), and the refinements that reject what the server would answer 10400 to.
 */
import fc from 'fast-check';
import * as E from 'fp-ts/Either';
import type * as t from 'io-ts';
import { describe, expect, it } from 'vitest';
import {
  ComfyGraph,
  TRAIN_BASE_MODELS,
  TRAIN_TYPES,
  TrainCreateRequest,
  TrainRecord,
  WorkflowImportRequest,
} from '../../../infrastructure/contract/creation';
import {
  ASPECT_RATIOS,
  FILTERS,
  SONG_STYLES,
  TaskCreateRequest,
  TaskDeleteRequest,
  TaskEstimateResponse,
  TaskItem,
  TaskListRequest,
  TaskListResponse,
} from '../../../infrastructure/contract/tasks';

const roundTrips = <A, O>(codec: t.Type<A, O, unknown>, arb: fc.Arbitrary<A>) =>
  fc.assert(
    fc.property(arb, (value) => {
      const decoded = codec.decode(JSON.parse(JSON.stringify(codec.encode(value))));
      if (E.isLeft(decoded)) throw new Error(`${codec.name} rejected ${JSON.stringify(value).slice(0, 200)}`);
      expect(decoded.right).toEqual(value);
    }),
  );

const text = fc.string({ minLength: 1, maxLength: 20 }).filter((s) => s.trim().length > 0);
const nat = fc.integer({ min: 0, max: 1_000_000 });

const media = fc.record(
  {
    url: text,
    kind: fc.constantFrom('image' as const, 'video' as const, 'audio' as const, 'model' as const),
    content_type: text,
    width: nat,
    height: nat,
    duration: fc.double({ min: 0, max: 100, noNaN: true }),
    frames: nat,
  },
  { requiredKeys: ['url', 'kind', 'content_type'] },
);

const taskItem: fc.Arbitrary<TaskItem> = fc
  .tuple(
    fc.record({
      id: text,
      status: fc.integer({ min: 1, max: 9 }),
      process: fc.integer({ min: 0, max: 100 }),
      status_desc: fc.string(),
      img_uris: fc.array(fc.record({ url: text, width: nat, height: nat }), { maxLength: 3 }),
      estimate_time: fc.option(nat, { nil: null }),
      create_at: nat,
      domain_type: fc.integer({ min: 0, max: 25 }),
      prompt: fc.string(),
      aspect_ratio: fc.constantFrom(...ASPECT_RATIOS),
    }),
    fc.record(
      {
        media: fc.array(media, { maxLength: 3 }),
        comfyui_current_node: fc.option(text, { nil: null }),
        task_return: fc.option(fc.string(), { nil: null }),
        pub_community: fc.constantFrom(0, 1),
        deduction_detail: fc.option(
          fc.record({
            coins: nat,
            parts: fc.array(fc.record({ kind: text, amount: nat }), { maxLength: 3 }),
            refunded: fc.boolean(),
          }),
          { nil: null },
        ),
        expiration_time: fc.option(nat, { nil: null }),
        speed_type: fc.constantFrom(1, 2),
        g_mode: fc.constantFrom(0, 1),
      },
      { requiredKeys: [] },
    ),
  )
  .map(([a, b]) => ({ ...a, ...b }));

describe('task codecs round-trip (spec §3 Task, §7 task tools)', () => {
  it('TaskItem with and without the optional fields (older producers still decode)', () =>
    roundTrips(TaskItem, taskItem));

  it('TaskListResponse and TaskEstimateResponse', () => {
    roundTrips(
      TaskListResponse,
      fc.record({
        items: fc.array(taskItem, { maxLength: 3 }),
        total: nat,
        page: fc.integer({ min: 1, max: 9 }),
        page_size: fc.integer({ min: 1, max: 100 }),
      }),
    );
    roundTrips(
      TaskEstimateResponse,
      fc.record({
        coins: nat,
        estimate_time: nat,
        balance: fc.option(nat, { nil: null }),
        can_afford: fc.boolean(),
        queue: fc.record({ active: nat, limit: nat, tier: text }),
        daily: fc.record({ used: nat, limit: fc.option(nat, { nil: null }) }),
      }),
    );
  });

  it('TaskCreateRequest of any kind, and its refinements', () => {
    const req = fc.record(
      {
        domain_type: fc.integer({ min: 0, max: 25 }),
        prompt: text,
        aspect_ratio: fc.constantFrom(...ASPECT_RATIOS),
        seed: fc.integer({ min: 0, max: 2 ** 31 }),
        g_mode: fc.constantFrom(0 as const, 1 as const),
        speed_type: fc.constantFrom(1 as const, 2 as const),
        batch_size: fc.integer({ min: 1, max: 4 }),
        input_url: text,
        scale: fc.constantFrom(2 as const, 4 as const),
        filter: fc.constantFrom(...FILTERS),
        rect: fc.record({
          x: fc.constant(0.1),
          y: fc.constant(0.2),
          width: fc.constant(0.5),
          height: fc.constant(0.5),
        }),
        style: fc.constantFrom(...SONG_STYLES),
        duration: fc.double({ min: 2, max: 12, noNaN: true }),
        workflow_id: text,
      },
      { requiredKeys: ['domain_type'] },
    );
    roundTrips(TaskCreateRequest, req as fc.Arbitrary<TaskCreateRequest>);
    for (const bad of [
      { domain_type: 26 },
      { domain_type: 0, prompt: '  ' },
      { domain_type: 0, batch_size: 5 },
      { domain_type: 1, scale: 3 },
      { domain_type: 10, rect: { x: 0.6, y: 0, width: 0.5, height: 0.5 } },
      { domain_type: 4, duration: 30 },
      { domain_type: 0, seed: 1.5 },
    ])
      expect(E.isLeft(TaskCreateRequest.decode(bad)), JSON.stringify(bad)).toBe(true);
    expect(E.isLeft(TaskDeleteRequest.decode({ ids: Array(51).fill('x') }))).toBe(true);
    expect(E.isLeft(TaskListRequest.decode({ page_size: 0 }))).toBe(true);
  });
});

describe('creation codecs round-trip (spec §7 model training, workflows)', () => {
  it('TrainCreateRequest and TrainRecord', () => {
    roundTrips(
      TrainCreateRequest,
      fc.record(
        {
          name: text,
          base_model: fc.constantFrom(...TRAIN_BASE_MODELS),
          train_type: fc.constantFrom(...TRAIN_TYPES),
          images: fc.array(text, { maxLength: 60 }),
          trigger_word: fc.stringMatching(/^[a-z0-9_]{1,32}$/),
          steps: fc.integer({ min: 100, max: 3000 }),
          template_id: text,
        },
        { requiredKeys: ['name', 'base_model', 'train_type', 'images'] },
      ) as fc.Arbitrary<TrainCreateRequest>,
    );
    roundTrips(
      TrainRecord,
      fc.record({
        id: text,
        name: text,
        base_model: text,
        train_type: text,
        trigger_word: text,
        image_count: nat,
        images: fc.array(text, { maxLength: 3 }),
        steps: nat,
        status: fc.integer({ min: 1, max: 5 }),
        process: fc.integer({ min: 0, max: 100 }),
        status_desc: fc.string(),
        estimate_time: nat,
        cost: nat,
        create_at: nat,
        finished_at: fc.option(nat, { nil: null }),
        saved: fc.boolean(),
        published_model_id: fc.option(text, { nil: null }),
      }),
    );
  });

  it('ComfyGraph in the ComfyUI API format (values and [node, slot] links)', () => {
    const input = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.boolean(),
      fc.tuple(text, fc.integer({ min: 0, max: 3 })),
    );
    // "__proto__" is refused by the codec (below); plain keys round-trip.
    const key = text.filter((k) => k !== '__proto__');
    const node = fc.record(
      {
        class_type: text,
        inputs: fc.dictionary(key, input, { maxKeys: 4 }),
        _meta: fc.record({ title: text }, { requiredKeys: [] }),
      },
      { requiredKeys: ['class_type', 'inputs'] },
    );
    roundTrips(
      WorkflowImportRequest,
      fc.record({
        name: text,
        workflow: fc.dictionary(key, node, { minKeys: 1, maxKeys: 5 }),
      }) as fc.Arbitrary<WorkflowImportRequest>,
    );
    expect(
      E.isLeft(
        ComfyGraph.decode(
          JSON.parse(
            '{"__proto__": {"class_type": "SaveImage", "inputs": {}}, "1": {"class_type": "X", "inputs": {}}}',
          ),
        ),
      ),
    ).toBe(true);
    expect(E.isLeft(ComfyGraph.decode({}))).toBe(true);
    expect(E.isLeft(ComfyGraph.decode({ '1': { class_type: 'X', inputs: { a: [1, 0] } } }))).toBe(true);
  });
});
