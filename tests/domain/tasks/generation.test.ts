/**
 * Create and the tools (issue 13): the rules of spec §3 (task options config), §5 (sizes of
 * uploads are elsewhere), §8 (queue full 70002, daily limit 70001), §9 (square modes 512/768/
 * 1024/1536 with the aspect ratios, custom ranges 512-1024 and 768-1536, video tiers), and the
 * queue's own decisions (cancel, retry with the same parameters, what finished while away).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { replay, stamp, tasks, uploads, type UnstampedEvent } from '../../../domain/index.js';

const stateOf = (events: readonly UnstampedEvent[]) => {
  const r = replay(events.map((e, i) => stamp(e, i + 1, 1000 * (i + 1))));
  expect(r.violation).toBeNull();
  return r.state;
};

const created = (id: string, params: Partial<tasks.TaskParams> = {}): UnstampedEvent =>
  tasks.taskCreated({
    id,
    params: { domainType: 0, prompt: 'a lighthouse', aspectRatio: '1:1', seed: 7, ...params },
    guest: false,
    estimateMs: null,
    createdAt: 0,
  });

const baseForm = (over: Partial<tasks.GenerationForm> = {}): tasks.GenerationForm => ({
  ...tasks.initialForm(null, null, null),
  prompt: 'a lighthouse',
  ...over,
});

const OPTIONS: tasks.GenerationOptions = {
  baseModels: [
    { name: 'SDXL', family: 'SDXL' },
    { name: 'Flux', family: 'Flux' },
    { name: 'SD 1.x', family: 'Stable Diffusion' },
  ],
  models: [
    {
      id: 'xl',
      name: 'Atelier XL',
      type: 'Checkpoint',
      baseModel: 'SDXL',
      triggerWords: [],
      disabled: false,
      owned: false,
    },
    {
      id: 'flux',
      name: 'Flux Dev',
      type: 'Checkpoint',
      baseModel: 'Flux',
      triggerWords: [],
      disabled: false,
      owned: false,
    },
    {
      id: 'wc',
      name: 'Watercolor',
      type: 'LORA',
      baseModel: 'SDXL',
      triggerWords: ['wc'],
      disabled: false,
      owned: false,
    },
    {
      id: 'old',
      name: 'Retro',
      type: 'LORA',
      baseModel: 'SD 1.x',
      triggerWords: [],
      disabled: true,
      owned: false,
    },
  ],
  modules: [{ name: 'canny', category: 'edges' }],
  controlUnits: { max: 3, defaultWeight: 1 },
  samplers: ['Euler', 'DPM++ 2M Karras'],
  upscalers: [{ name: 'Bicubic', method: 'bicubic', scales: [2, 4] }],
  vaes: ['Automatic'],
  promptStyles: [{ name: 'Ink', prompt: 'ink drawing', negativePrompt: 'color' }],
  videoTiers: [...tasks.VIDEO_TIERS],
  defaults: {
    modelId: 'flux',
    baseModel: 'Flux',
    sampler: 'Euler',
    steps: 24,
    cfgScale: 3.5,
    aspectRatio: '1:1',
  },
};

describe('spec §9 image generation: square modes with aspect ratios, custom ranges', () => {
  it('"square modes 512/768/1024/1536": the mode is the long side, the short side follows the ratio in steps of 8', () => {
    for (const mode of tasks.IMAGE_SIZE_MODES)
      for (const ratio of tasks.ASPECT_RATIOS) {
        const s = tasks.imageSize(mode, ratio);
        expect(Math.max(s.width, s.height)).toBe(mode);
        expect((s.width % 8) + (s.height % 8)).toBe(0);
      }
    expect(tasks.imageSize(768, '3:4')).toEqual({ width: 576, height: 768 });
  });

  it('"custom ranges 512-1024 and 768-1536": SD 1.x and 2.x take the first, later families the second', () => {
    expect(tasks.customRangeFor('SD 1.x')).toBe('standard');
    expect(tasks.customRangeFor('SD 2.x')).toBe('standard');
    expect(tasks.customRangeFor('SDXL')).toBe('large');
    expect(tasks.customRangeFor(null)).toBe('large');
    expect(tasks.customSideProblem(512, 'standard')).toBeNull();
    expect(tasks.customSideProblem(1032, 'standard')).toBe('outOfRange');
    expect(tasks.customSideProblem(700, 'large')).toBe('outOfRange');
    expect(tasks.customSideProblem(900, 'large')).toBe('notMultipleOf8');
    // The server's check: both sides inside one range.
    expect(tasks.customSizeFits(512, 1024)).toBe(true);
    expect(tasks.customSizeFits(512, 1536)).toBe(false);
    expect(tasks.customSizeFits(768, 1536)).toBe(true);
  });

  it('property: a custom size fits exactly when both sides are multiples of 8 within one range', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2000 }), fc.integer({ min: 0, max: 2000 }), (w, h) => {
        const inRange = (n: number, lo: number, hi: number) => n >= lo && n <= hi && n % 8 === 0;
        const expected =
          (inRange(w, 512, 1024) && inRange(h, 512, 1024)) ||
          (inRange(w, 768, 1536) && inRange(h, 768, 1536));
        return tasks.customSizeFits(w, h) === expected;
      }),
    );
  });

  it('property: the nearest listed ratio of a listed ratio is itself, and any size maps into the list', () => {
    for (const r of tasks.ASPECT_RATIOS) {
      const [w, h] = r.split(':').map(Number);
      expect(tasks.nearestAspectRatio(w!, h!)).toBe(r);
    }
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), fc.integer({ min: 1, max: 5000 }), (w, h) =>
        (tasks.ASPECT_RATIOS as readonly string[]).includes(tasks.nearestAspectRatio(w, h)),
      ),
    );
    expect(tasks.asAspectRatio('1280:853')).toBe('3:2');
  });
});

describe('the Create form becomes its request (spec §3 task options config)', () => {
  it('a seed is empty (random) or a whole number up to 2^32', () => {
    expect(tasks.parseSeed('')).toEqual({ seed: null, problem: null });
    expect(tasks.parseSeed(' 42 ')).toEqual({ seed: 42, problem: null });
    expect(tasks.parseSeed('4.2').problem).toBe('notANumber');
    expect(tasks.parseSeed(String(2 ** 32 + 1)).problem).toBe('outOfRange');
  });

  it('a prompt style adds its words after the person’s own', () => {
    expect(tasks.applyPromptStyle(' sea ', '', OPTIONS.promptStyles[0]!)).toEqual({
      prompt: 'sea, ink drawing',
      negativePrompt: 'color',
    });
    expect(tasks.applyPromptStyle('sea', 'fog', null)).toEqual({ prompt: 'sea', negativePrompt: 'fog' });
  });

  it('text to image sends the mode and ratio, the batch, the seed, the model, LoRAs and sampling', () => {
    const req = tasks.generationRequest(
      baseForm({
        size: { kind: 'mode', mode: 1024, aspectRatio: '16:9' },
        batchCount: 3,
        seedText: '99',
        modelId: 'xl',
        loras: [{ modelId: 'wc', weight: 5 }],
        sampler: 'Euler',
        upscaler: { method: 'bicubic', scale: 1.5 },
        controlUnits: [{ module: 'canny', weight: 1 }],
      }),
    );
    expect(req).toMatchObject({
      domain_type: 0,
      prompt: 'a lighthouse',
      size: 1024,
      aspect_ratio: '16:9',
      batch_size: 3,
      seed: 99,
      model_id: 'xl',
      loras: [{ model_id: 'wc', weight: tasks.LORA_WEIGHT.max }],
      sampler_name: 'Euler',
      upscaler: { method: 'bicubic', scale: 1.5 },
    });
    // Control units read the reference: without one they are not sent.
    expect(req).not.toHaveProperty('control_units');
    expect(req).not.toHaveProperty('input_url');
  });

  it('an attached reference makes it image to image: its URL is the input, with the strength and control units', () => {
    const req = tasks.generationRequest(
      baseForm({
        reference: { url: '/blobs/uploads/ref.png' },
        strength: 0.3,
        upscaler: { method: 'bicubic', scale: 2 },
        controlUnits: [{ module: 'canny', weight: 0.8 }],
      }),
    );
    expect(req).toMatchObject({
      domain_type: tasks.DOMAIN_TYPE.imageToImage,
      input_url: '/blobs/uploads/ref.png',
      strength: 0.3,
      control_units: [{ module: 'canny', weight: 0.8 }],
    });
    expect(req).not.toHaveProperty('upscaler');
    expect(tasks.plannedSize(baseForm({ reference: { url: '/x.png' } }))).toBeNull();
  });

  it('a custom size sends width and height with the nearest ratio; an out-of-range side is a problem', () => {
    const form = baseForm({ size: { kind: 'custom', width: 1024, height: 768 } });
    expect(tasks.generationRequest(form)).toMatchObject({ width: 1024, height: 768, aspect_ratio: '4:3' });
    expect(tasks.hasProblem(tasks.generationProblems(form))).toBe(false);
    const bad = tasks.generationProblems(baseForm({ size: { kind: 'custom', width: 600, height: 768 } }));
    expect(bad.width).toBe('outOfRange');
  });

  it('Create opens with the config defaults, a remixed work’s prompt and parameters, and a model of the address', () => {
    const plain = tasks.initialForm(OPTIONS, null, null);
    expect(plain).toMatchObject({ modelId: 'flux', baseModel: 'Flux', sampler: 'Euler', steps: 24 });
    const remix: tasks.RemixSource = {
      artworkId: 'w1',
      title: 'Dusk',
      prompt: 'harbour at dusk',
      negativePrompt: 'blur',
      aspectRatio: '2:3',
      seed: 1234,
      modelId: 'xl',
      sampler: 'DPM++ 2M Karras',
      steps: 30,
      cfgScale: 6,
      sizeMode: 1024,
      cover: null,
    };
    expect(tasks.initialForm(OPTIONS, remix, null)).toMatchObject({
      prompt: 'harbour at dusk',
      negativePrompt: 'blur',
      seedText: '1234',
      size: { kind: 'mode', mode: 1024, aspectRatio: '2:3' },
      modelId: 'xl',
      baseModel: 'SDXL',
      sampler: 'DPM++ 2M Karras',
      steps: 30,
    });
    // ?model= with a LoRA stacks it on a checkpoint of its base; a checkpoint becomes the model.
    expect(tasks.initialForm(OPTIONS, null, 'wc')).toMatchObject({
      baseModel: 'SDXL',
      modelId: 'xl',
      loras: [{ modelId: 'wc', weight: tasks.LORA_WEIGHT.default }],
    });
    expect(tasks.initialForm(OPTIONS, null, 'xl')).toMatchObject({ modelId: 'xl', baseModel: 'SDXL' });
    // A retired model is not chosen.
    expect(tasks.initialForm(OPTIONS, null, 'old').loras).toEqual([]);
  });

  it('the parameters text a download keeps names the prompt, negative prompt, sampler, seed, size and model', () => {
    const text = tasks.parametersText({
      prompt: 'a lighthouse',
      seed: 7,
      aspectRatio: '3:4',
      options: {
        negative_prompt: 'blur',
        steps: 25,
        sampler_name: 'Euler',
        cfg_scale: 7,
        size: 768,
        model_id: 'xl',
      },
    });
    expect(text.split('\n')).toEqual([
      'a lighthouse',
      'Negative prompt: blur',
      'Steps: 25, Sampler: Euler, CFG scale: 7, Seed: 7, Size: 576x768, Model: xl, Aspect ratio: 3:4',
    ]);
  });
});

describe('spec §2 tool pages: each tool takes its inputs and sends its request', () => {
  const inputs = (over: Partial<tasks.ToolInputs> = {}): tasks.ToolInputs => ({
    ...tasks.defaultToolInputs,
    ...over,
  });

  it('the nine addresses of spec §2, one row each', () => {
    expect(tasks.TOOLS.map((t) => `/ai-tools/${t.slug}`)).toEqual([
      '/ai-tools/ai-face-swap',
      '/ai-tools/ai_erase',
      '/ai-tools/ai-filter',
      '/ai-tools/image-upscaler',
      '/ai-tools/scribble2img',
      '/ai-tools/remove-background',
      '/ai-tools/ai-dance',
      '/ai-tools/ai-makeup',
      '/ai-tools/ai-video-generator',
    ]);
  });

  it('says what is missing first, and sends nothing until it is there', () => {
    const swap = tasks.toolOf('ai-face-swap');
    expect(tasks.toolProblem(swap, inputs())).toBe('imageMissing');
    expect(tasks.toolProblem(swap, inputs({ imageUrl: '/a.png' }))).toBe('secondImageMissing');
    expect(tasks.toolRequest(swap, inputs({ imageUrl: '/a.png' }))).toBeNull();
    expect(tasks.toolRequest(swap, inputs({ imageUrl: '/a.png', secondImageUrl: '/b.png' }))).toEqual({
      domain_type: tasks.DOMAIN_TYPE.faceSwap,
      input_url: '/a.png',
      ref_url: '/b.png',
    });
    const eraser = tasks.toolOf('ai_erase');
    expect(tasks.toolProblem(eraser, inputs({ imageUrl: '/a.png' }))).toBe('maskMissing');
    expect(
      tasks.toolRequest(eraser, inputs({ imageUrl: '/a.png', mask: { url: '/m.png', painted: true } })),
    ).toEqual({
      domain_type: tasks.DOMAIN_TYPE.magicEraser,
      input_url: '/a.png',
      mask_url: '/m.png',
    });
    expect(tasks.toolProblem(tasks.toolOf('ai-filter'), inputs({ imageUrl: '/a.png' }))).toBe(
      'filterMissing',
    );
    expect(tasks.toolProblem(tasks.toolOf('scribble2img'), inputs({ imageUrl: '/s.png' }))).toBe(
      'prompt.empty',
    );
    expect(
      tasks.toolRequest(
        tasks.toolOf('image-upscaler'),
        inputs({ imageUrl: '/a.png', scale: 4, upscaleMethod: 'bilinear' }),
      ),
    ).toEqual({
      domain_type: tasks.DOMAIN_TYPE.upscale,
      input_url: '/a.png',
      scale: 4,
      upscale_method: 'bilinear',
    });
  });

  it('the video generator: with a picture image to video, without one text to video; both with the §9 tier', () => {
    const video = tasks.toolOf('ai-video-generator');
    expect(tasks.toolProblem(video, inputs())).toBe('prompt.empty');
    expect(tasks.toolRequest(video, inputs({ prompt: 'waves', tier: 'Ultra', aspectRatio: '9:16' }))).toEqual(
      {
        domain_type: tasks.DOMAIN_TYPE.textToVideo,
        prompt: 'waves',
        tier: 'Ultra',
        aspect_ratio: '9:16',
      },
    );
    expect(tasks.toolRequest(video, inputs({ imageUrl: '/c.png', tier: 'Turbo' }))).toEqual({
      domain_type: tasks.DOMAIN_TYPE.imageToVideo,
      input_url: '/c.png',
      tier: 'Turbo',
    });
  });

  it('?image= pre-fills the video generator with a site path or an http(s) address only', () => {
    expect(tasks.prefillImageOf('/blobs/community/covers/a.png')).toBe('/blobs/community/covers/a.png');
    expect(tasks.prefillImageOf('https://cdn.example/x.png')).toBe('https://cdn.example/x.png');
    expect(tasks.prefillImageOf('javascript:alert(1)')).toBeNull();
    expect(tasks.prefillImageOf('//evil.example/x.png')).toBeNull();
    expect(tasks.prefillImageOf(null)).toBeNull();
  });
});

describe('the queue: cancel, retry with the same parameters, what finished while away (spec §4, §8)', () => {
  it('a cancelled task reads Cancelled, can be sent again, and says no failure reason', () => {
    const s = stateOf([
      created('a'),
      tasks.taskFailed({ id: 'a', code: tasks.TASK_CANCELLED_STATUS, reason: 'cancelled' }),
    ]);
    const view = tasks.taskView(s.tasks.byId['a']!);
    expect(view).toMatchObject({
      statusKey: 'tasks.status.cancelled',
      canRetry: true,
      failureReason: null,
      canCancel: false,
    });
  });

  it('a retry sends the kind, prompt, seed and every option again (the effective ratio of an input is not a request field)', () => {
    const task = stateOf([
      created('a', {
        domainType: 5,
        aspectRatio: '1280:853',
        options: { input_url: '/u/p.jpg', strength: 0.4, aspect_ratio: '1:1' },
      }),
      tasks.taskFailed({ id: 'a', code: 4, reason: 'x' }),
    ]).tasks.byId['a']!;
    expect(tasks.retryRequestOf(task)).toEqual({
      domain_type: 5,
      prompt: 'a lighthouse',
      seed: 7,
      input_url: '/u/p.jpg',
      strength: 0.4,
      aspect_ratio: '1:1',
    });
  });

  it('a task that finishes is new until seen; a task published keeps its work id', () => {
    const s = stateOf([
      created('a'),
      tasks.taskCompleted({ id: 'a', images: [{ url: '/t/a/0.png', width: 8, height: 8 }] }),
    ]);
    expect(tasks.taskView(s.tasks.byId['a']!)).toMatchObject({ unseen: true, canPublish: true });
    const seen = stateOf([
      created('a'),
      tasks.taskCompleted({ id: 'a', images: [{ url: '/t/a/0.png', width: 8, height: 8 }] }),
      tasks.tasksSeen({ ids: ['a'] }),
      tasks.publishStarted({ id: 'a' }),
      tasks.taskPublished({ id: 'a', artworkId: 'w9' }),
    ]);
    expect(tasks.taskView(seen.tasks.byId['a']!)).toMatchObject({
      unseen: false,
      canPublish: false,
      publishedAs: 'w9',
    });
    expect(seen.tasks.publishing).toEqual({});
  });

  it('spec §8 70002 and 70001: the queue is full at its limit (counted now), the day at its limit', () => {
    const e = { queue: { active: 0, limit: 2 }, daily: { used: 5, limit: 30 } };
    expect(tasks.queueNoticeOf(e, 1)).toBeNull();
    expect(tasks.queueNoticeOf(e, 2)).toBe('queueFull');
    expect(tasks.queueNoticeOf({ ...e, daily: { used: 30, limit: 30 } }, 0)).toBe('dailyLimit');
    expect(tasks.queueNoticeOf({ ...e, daily: { used: 999, limit: null } }, 0)).toBeNull();
    expect(tasks.queueNoticeOf(null, 9)).toBeNull();
  });

  it('groups every job kind for the queue’s filters', () => {
    expect(tasks.taskGroupOf(tasks.DOMAIN_TYPE.textToImage)).toBe('image');
    expect(tasks.taskGroupOf(tasks.DOMAIN_TYPE.aiFilter)).toBe('tool');
    expect(tasks.taskGroupOf(tasks.DOMAIN_TYPE.imageToVideo)).toBe('video');
    expect(tasks.taskGroupOf(tasks.DOMAIN_TYPE.textToSpeech)).toBe('audio');
    expect(tasks.taskGroupOf(tasks.DOMAIN_TYPE.vocalSong)).toBe('song');
    expect(tasks.taskGroupOf(tasks.DOMAIN_TYPE.loraTraining)).toBe('lora');
    expect(tasks.taskGroupOf(tasks.DOMAIN_TYPE.comfyuiWorkflow)).toBe('workflow');
  });

  it('remix and options loads: loading, loaded, not found; a loaded work is not lost to a late failure', () => {
    const s = stateOf([
      tasks.remixRequested({ artworkId: 'w' }),
      tasks.remixFailed({ artworkId: 'x', notFound: true }),
      tasks.optionsRequested({}),
      tasks.optionsReceived({ options: OPTIONS }),
      tasks.optionsFailed({}),
    ]);
    expect(s.tasks.remix).toEqual({ w: { status: 'loading' }, x: { status: 'notFound' } });
    expect(s.tasks.config?.status).toBe('loaded');
  });
});

describe('uploads: several files per uploader, each in its own numbered slot', () => {
  it('a group holds its own slot and its numbered ones; a new file takes the first free slot', () => {
    expect(uploads.inFieldGroup('face', 'face')).toBe(true);
    expect(uploads.inFieldGroup('face.2', 'face')).toBe(true);
    expect(uploads.inFieldGroup('face.x', 'face')).toBe(false);
    expect(uploads.inFieldGroup('faces', 'face')).toBe(false);
    const started = (id: string, field: string) =>
      uploads.uploadStarted({
        id,
        field,
        guest: false,
        file: { name: id, size: 10, mime: 'image/png', kind: 'image' },
      });
    const s = stateOf([started('a', 'pics.0'), started('b', 'pics.2')]);
    expect(uploads.nextSlotOf(s.uploads, 'pics', 3)).toBe('pics.1');
    expect(uploads.nextSlotOf(s.uploads, 'pics', 2)).toBe('pics.1');
    expect(
      uploads.nextSlotOf(stateOf([started('a', 'pics.0'), started('b', 'pics.1')]).uploads, 'pics', 2),
    ).toBeNull();
    expect(uploads.nextSlotOf(s.uploads, 'one', 1)).toBe('one');
    // Several files picked at once fill the free numbered slots in order, as many as are free.
    expect(uploads.freeSlotsOf(['pics.0', 'pics.2'], 'pics', 4)).toEqual(['pics.1', 'pics.3']);
    expect(uploads.freeSlotsOf(['pics.0', 'pics.1'], 'pics', 2)).toEqual([]);
  });
});
