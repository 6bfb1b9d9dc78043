/**
 * The studio epics in virtual time: the editor's timeline edits and the 1 s autosave with its
 * saving state, a training followed every 3 s until it ends (then its result), a workflow run that
 * saves the form's changed values first, and playback of the streamed audio.
 */
import * as E from 'fp-ts/Either';
import { map, of } from 'rxjs';
import type { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import {
  audio,
  chat,
  editor,
  notices,
  replay,
  session,
  studio,
  type DomainEvent,
} from '../../../domain/index.js';
import { DatasetConfig, type TrainRecord } from '../../../infrastructure/contract/creation';
import type { EditorSaveRequest } from '../../../infrastructure/contract/platform';
import type { Api } from '../../../infrastructure/store/dependencies';
import { changeAudios, changeStoryboards } from '../../../infrastructure/editor/commands';
import { toProjectOpened } from '../../../infrastructure/editor/epics';
import { makeStore } from '../../../infrastructure/app/makeStore';
import {
  pauseAudioStream,
  resumeAudioStream,
  stopAudioStream,
} from '../../../infrastructure/streaming/commands';
import type { StudioToolsApi } from '../../../infrastructure/studio/api';
import { closeDialog } from '../../../infrastructure/notices/commands';
import { runWorkflow, tryWorkflow, watchTraining } from '../../../infrastructure/studio/commands';
import { makeFakeDeps, marbleAt } from '../../support/fakeApi';
import { fakeStudioDeps, fakeStudioToolsApi } from '../../support/fakes/studio';
import { conversationDeps, recordingAudioOutput } from '../../support/fakes/streaming';
import { at, newScheduler, platformStore } from '../platform/harness';

const studioStore = (
  scheduler: TestScheduler,
  tools: Partial<StudioToolsApi>,
  api: Partial<Api> = {},
  audioOut = recordingAudioOutput(),
) => {
  scheduler.maxFrames = 1_000_000;
  const calls: { at: number; name: string; body: unknown }[] = [];
  const recorded = Object.fromEntries(
    Object.entries(fakeStudioToolsApi(tools)).map(([name, fn]) => [
      name,
      (body: unknown) => {
        calls.push({ at: scheduler.now(), name, body });
        return (fn as (b: unknown) => unknown)(body);
      },
    ]),
  ) as unknown as StudioToolsApi;
  const core = makeFakeDeps(scheduler, api, {
    studio: fakeStudioDeps({ api: recorded }),
    ...conversationDeps({ audioOut: audioOut.output }),
  });
  const store = makeStore({ dependencies: core.deps });
  const events = (type: string) => store.recorder.events().filter((e) => e.type === type) as DomainEvent[];
  return { store, calls, core, audioOut, events };
};

const record = (status: number, process: number): TrainRecord => ({
  id: 't1',
  name: 'Tiles',
  base_model: 'SDXL',
  train_type: 'style',
  trigger_word: 'tiles',
  image_count: 9,
  images: [],
  steps: 1000,
  status,
  process,
  status_desc: '',
  estimate_time: 0,
  cost: 30,
  create_at: 0,
  finished_at: null,
  saved: false,
  published_model_id: null,
});

describe('editor timeline edits (spec §4 saving state, §9 save debounce 1 s)', () => {
  it('a move, a trim and a mute within a second: one save 1 s after the last, saving until it is answered', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const saved = (b: unknown) => E.right({ id: (b as EditorSaveRequest).id, version: 1, updated_at: 0 });
      const h = platformStore(scheduler, { api: { editorSave: (b) => cold('100ms r|', { r: saved(b) }) } });
      expectObservable(h.fake.calls$.pipe(map((c) => c.name)), '^ 5000ms !').toBe(marbleAt([1700]), {
        x: 'editorSave',
      });
      h.store.dispatch(
        toProjectOpened({
          id: 'p',
          workspace_id: 'w',
          workspace_name: '',
          cover: '',
          canvas: { aspect_ratio: '16:9' },
          editor_info: { audios: [], storyboards: [] },
          version: 0,
          created_at: 0,
          updated_at: 0,
        }),
      );
      const clips = ['a', 'b'].map((id, i) =>
        editor.newStoryboardItem(
          { id, url: `/${id}.gif`, kind: 'video', durationS: 4, materialId: id, title: id },
          i,
        ),
      );
      const track = editor.newAudioItem({
        id: 's',
        url: '/s.wav',
        durationS: 3,
        materialId: 's',
        title: 's',
      });
      const saving = () => editor.selectIsSaving(h.store.getState().editor);
      at(scheduler, 0, () => h.store.dispatch(changeStoryboards({ storyboards: clips })));
      at(scheduler, 200, () =>
        h.store.dispatch(changeStoryboards({ storyboards: editor.moveClip(clips, 1, 0) })),
      );
      at(scheduler, 500, () => {
        const now = h.store.getState().editor;
        if (now.status !== 'open') throw new Error('closed');
        const first = editor.orderedClips(now.storyboards)[0]!;
        h.store.dispatch(
          changeStoryboards({
            storyboards: editor.replaceById(now.storyboards, editor.trimClip(first, 1, 3)),
          }),
        );
      });
      at(scheduler, 700, () => h.store.dispatch(changeAudios({ audios: [editor.toggleMute(track)] })));
      at(scheduler, 1500, () => expect(saving()).toBe(true));
      at(scheduler, 1750, () => expect(saving()).toBe(true));
      at(scheduler, 1850, () => {
        expect(saving()).toBe(false);
        const body = h.fake.calls[0]!.body as EditorSaveRequest;
        expect(body.editor_info.storyboards.map((c) => [c.id, c.index, c.start, c.end])).toEqual([
          ['b', 0, 1, 3],
          ['a', 1, 0, 4],
        ]);
        expect(body.editor_info.audios[0]!.isMute).toBe(true);
      });
    });
  });
});

describe('a training followed every 3 s until it ends (spec §9 polling), then its result', () => {
  it('asks at 0, 3000 and 6000 ms, stops once done and reads the result', () => {
    const scheduler = newScheduler();
    scheduler.run(({ flush }) => {
      const answers = [record(1, 0), record(2, 50), record(3, 100), record(3, 100)];
      let n = 0;
      const h = studioStore(scheduler, {
        trainingDetail: () => of(E.right({ record: answers[Math.min(n++, answers.length - 1)]! })),
        trainingResult: () =>
          of(
            E.right({
              record: record(3, 100),
              model_card: {
                title: 'Tiles',
                content_type: 'model',
                content_sub_type: 'LORA',
                child: [],
                cover: { url: '/c', width: 1, height: 1 },
              },
              file: { url: '/f', file_name: 'tiles.safetensors', size: 10, format: 'safetensors' },
              samples: [{ url: '/s1', width: 1, height: 1 }],
              loss: [1, 0.5],
              trigger_word: 'tiles',
            }),
          ),
      });
      h.store.dispatch(watchTraining({ id: 't1' }));
      scheduler.schedule(() => undefined, 20_000);
      flush();
      expect(h.calls.filter((c) => c.name === 'trainingDetail').map((c) => c.at)).toEqual([0, 3000, 6000]);
      expect(h.calls.filter((c) => c.name === 'trainingResult').map((c) => c.at)).toEqual([6000]);
      const s = h.store.getState().studio;
      expect(studio.selectResource(s, studio.studioKey.trainingResult('t1'), 'trainingResult').status).toBe(
        'loaded',
      );
      expect(studio.selectRun(s, 'lora')).toBe('t1');
      expect(replay(h.store.recorder.events()).violation).toBeNull();
    });
  });
});

describe('a workflow run', () => {
  const graph = {
    '6': { class_type: 'CLIPTextEncode', inputs: { text: 'a cat', clip: ['4', 1] as [string, number] } },
  };
  const summary = {
    id: 'wf1',
    name: 'W',
    node_count: 1,
    execution_order: ['6 CLIPTextEncode'],
    outputs: [],
    create_at: 0,
  };
  const item = {
    id: 'task1',
    domain_type: 16,
    prompt: '',
    aspect_ratio: '1:1',
    estimate_time: 5,
  };

  it('saves changed form values into the workflow before creating its task; unchanged ones go straight to the run', () => {
    const scheduler = newScheduler();
    scheduler.run(({ flush }) => {
      const h = studioStore(
        scheduler,
        {
          workflowDetail: () => of(E.right({ workflow: summary, graph })),
          workflowUpdate: () => of(E.right({ workflow: summary })),
        },
        { createTask: () => of(E.right({ item })) as never },
      );
      h.store.dispatch({ type: 'studio/loadWorkflow', payload: { id: 'wf1' } });
      h.store.dispatch(runWorkflow({ id: 'wf1', values: { '6.text': 'a cat' } }));
      flush();
      expect(h.calls.map((c) => c.name)).toEqual(['workflowDetail']);
      expect(h.core.calls.map((c) => c.name)).toContain('createTask');
      h.store.dispatch(runWorkflow({ id: 'wf1', values: { '6.text': 'a dog' } }));
      flush();
      expect(h.calls.map((c) => c.name)).toEqual(['workflowDetail', 'workflowUpdate']);
      expect((h.calls[1]!.body as { workflow: typeof graph }).workflow['6'].inputs.text).toBe('a dog');
      expect(studio.selectRun(h.store.getState().studio, 'workflow:wf1')).toBe('task1');
      expect(h.store.getState().tasks.byId['task1']).toBeDefined();
    });
  });
});

describe('Try on a workflow card of the square (spec §2 Try; §5 a guest signs in first)', () => {
  const user = {
    id: 'u1',
    accountName: 'u1',
    name: 'U',
    email: 'u@x.test',
    avatar: '',
    status: 1,
    role: 'user',
  };
  const copied = (id: string, created = true) => E.right({ id, created });
  const toasts = (h: ReturnType<typeof studioStore>) =>
    h.events(notices.noticeRaised.type).map((e) => (e.payload as { messageKey: string }).messageKey);

  it('copies once however often it is clicked while the copy is on its way, busy meanwhile, then opens the copy', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const h = studioStore(scheduler, { workflowCopy: () => cold('300ms r|', { r: copied('wf-mine') }) });
      h.store.dispatch(session.userInfoSet({ user }));
      h.store.dispatch(tryWorkflow({ itemId: 'wf-001' }));
      h.store.dispatch(tryWorkflow({ itemId: 'wf-001' }));
      expect(studio.selectWorkflowTry(h.store.getState().studio, 'wf-001')).toBe('copying');
      scheduler.schedule(() => h.store.dispatch(tryWorkflow({ itemId: 'wf-001' })), 200);
      flush();
      expect(h.calls.filter((c) => c.name === 'workflowCopy').map((c) => c.body)).toEqual([{ id: 'wf-001' }]);
      expect(h.core.navigations).toEqual(['/workflows/wf-mine']);
      expect(studio.selectWorkflowTry(h.store.getState().studio, 'wf-001')).toBe('idle');
      expect(h.store.getState().studio.tries['wf-001']).toEqual({ status: 'copied', workflowId: 'wf-mine' });
    });
  });

  it("a guest's Try opens the login dialog and copies nothing; the sign-in carries it out", () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const h = studioStore(scheduler, { workflowCopy: () => cold('50ms r|', { r: copied('wf-mine') }) });
      h.store.dispatch(tryWorkflow({ itemId: 'wf-002' }));
      flush();
      expect(h.store.getState().notices.dialog?.name).toBe('login');
      expect(h.calls.filter((c) => c.name === 'workflowCopy')).toHaveLength(0);
      expect(studio.selectWorkflowTry(h.store.getState().studio, 'wf-002')).toBe('waitingForLogin');
      h.store.dispatch(session.userInfoSet({ user }));
      flush();
      expect(h.calls.filter((c) => c.name === 'workflowCopy').map((c) => c.body)).toEqual([{ id: 'wf-002' }]);
      expect(h.core.navigations).toEqual(['/workflows/wf-mine']);
      // A later refresh of the user info copies nothing more.
      h.store.dispatch(session.userInfoSet({ user }));
      flush();
      expect(h.calls.filter((c) => c.name === 'workflowCopy')).toHaveLength(1);
    });
  });

  it('the login dialog closed without a sign-in forgets the try: a later sign-in copies nothing', () => {
    const scheduler = newScheduler();
    scheduler.run(({ flush }) => {
      const h = studioStore(scheduler, { workflowCopy: () => of(copied('wf-mine')) });
      h.store.dispatch(tryWorkflow({ itemId: 'wf-002' }));
      h.store.dispatch(closeDialog({ name: 'login' }));
      flush();
      expect(studio.selectWorkflowTry(h.store.getState().studio, 'wf-002')).toBe('idle');
      h.store.dispatch(session.userInfoSet({ user }));
      flush();
      expect(h.calls.filter((c) => c.name === 'workflowCopy')).toHaveLength(0);
      expect(h.core.navigations).toEqual([]);
    });
  });

  it('a failed copy says why in a translated toast and stays on the square; a second Try asks again', () => {
    const scheduler = newScheduler();
    scheduler.run(({ flush }) => {
      const answers = [
        E.left({ kind: 'api', path: '/api/v1/work-flow/copy', code: 10404, msg: 'gone' }),
        E.left({ kind: 'network' }),
        copied('wf-mine', false),
      ];
      const h = studioStore(scheduler, { workflowCopy: () => of(answers.shift()!) as never });
      h.store.dispatch(session.userInfoSet({ user }));
      h.store.dispatch(tryWorkflow({ itemId: 'wf-404' }));
      flush();
      expect(toasts(h)).toEqual(['workflows.try.gone']);
      expect(h.store.getState().studio.tries['wf-404']).toEqual({ status: 'failed', code: 10404 });
      h.store.dispatch(tryWorkflow({ itemId: 'wf-404' }));
      flush();
      expect(toasts(h)).toEqual(['workflows.try.gone', 'workflows.try.failed']);
      expect(h.core.navigations).toEqual([]);
      h.store.dispatch(tryWorkflow({ itemId: 'wf-404' }));
      flush();
      expect(h.core.navigations).toEqual(['/workflows/wf-mine']);
    });
  });

  it('an expired session (20000) goes to the error map (signed out, home with the login dialog); no toast of ours', () => {
    const scheduler = newScheduler();
    scheduler.run(({ flush }) => {
      const h = studioStore(scheduler, {
        workflowCopy: () =>
          of(E.left({ kind: 'api', path: '/api/v1/work-flow/copy', code: 20000, msg: 'log in' })) as never,
      });
      h.store.dispatch(session.userInfoSet({ user }));
      h.store.dispatch(tryWorkflow({ itemId: 'wf-001' }));
      flush();
      expect(toasts(h).filter((k) => k.startsWith('workflows.try'))).toEqual([]);
      expect(h.store.getState().session.status).toBe('guest');
      expect(h.core.navigations).toEqual(['/?openLoginDialog=1']);
    });
  });
});

const wavChunks = (samples: number, chunkBytes: number): string[] => {
  const data = samples * 2;
  const b = new Uint8Array(44 + data);
  const v = new DataView(b.buffer);
  const tag = (at: number, s: string) => [...s].forEach((c, i) => (b[at + i] = c.charCodeAt(0)));
  tag(0, 'RIFF');
  v.setUint32(4, 36 + data, true);
  tag(8, 'WAVEfmt ');
  v.setUint32(16, 16, true);
  v.setUint16(20, 1, true);
  v.setUint16(22, 1, true);
  v.setUint32(24, 22050, true);
  v.setUint32(28, 44100, true);
  v.setUint16(32, 2, true);
  v.setUint16(34, 16, true);
  tag(36, 'data');
  v.setUint32(40, data, true);
  const out: string[] = [];
  for (let i = 0; i < b.length; i += chunkBytes)
    out.push(Buffer.from(b.subarray(i, i + chunkBytes)).toString('base64'));
  return out;
};

describe('playback of the streamed audio (Web Audio through the injected output)', () => {
  it('plays every sample as chunks arrive (a sample split between chunks included), pauses, resumes, then ends', () => {
    const scheduler = newScheduler();
    scheduler.run(({ flush }) => {
      const out = recordingAudioOutput();
      const h = studioStore(scheduler, {}, {}, out);
      const chunks = wavChunks(1000, 33); // odd chunk sizes split samples
      h.store.dispatch(audio.streamStarted({ streamId: 'aud_1' }));
      chunks.forEach((audioData, index) =>
        h.store.dispatch(audio.chunkReceived({ streamId: 'aud_1', index, audioData })),
      );
      h.store.dispatch(audio.streamEnded({ streamId: 'aud_1' }));
      h.store.dispatch(pauseAudioStream({}));
      expect(h.store.getState().studio.playback).toEqual({ streamId: 'aud_1', status: 'paused' });
      h.store.dispatch(resumeAudioStream({}));
      expect(out.sinks).toHaveLength(1);
      expect(out.sinks[0]!.sampleRate).toBe(22050);
      expect(out.sinks[0]!.samples).toBe(1000);
      expect(out.log.filter((l) => !l.startsWith('play'))).toEqual([
        'open 22050',
        'finish',
        'pause',
        'resume',
      ]);
      out.sinks[0]!.ended$.next();
      flush();
      expect(h.store.getState().studio.playback).toEqual({ streamId: 'aud_1', status: 'ended' });
    });
  });

  it('a stop silences the output, also once the stream is over and its last samples still play', () => {
    const scheduler = newScheduler();
    scheduler.run(() => {
      const out = recordingAudioOutput();
      const h = studioStore(scheduler, {}, {}, out);
      h.store.dispatch(audio.streamStarted({ streamId: 'aud_2' }));
      wavChunks(400, 64).forEach((audioData, index) =>
        h.store.dispatch(audio.chunkReceived({ streamId: 'aud_2', index, audioData })),
      );
      // Playing from the first chunks on, before the stream is over (a chat reply's voice too).
      expect(out.log[0]).toBe('open 22050');
      expect(out.sinks[0]!.samples).toBe(400);
      h.store.dispatch(audio.streamEnded({ streamId: 'aud_2' }));
      h.store.dispatch(stopAudioStream({}));
      expect(out.log.slice(-2)).toEqual(['finish', 'close']);
    });
  });

  it('a chat that closes while its reply speaks stops the voice', () => {
    const scheduler = newScheduler();
    scheduler.run(() => {
      const out = recordingAudioOutput();
      const h = studioStore(scheduler, {}, {}, out);
      h.store.dispatch(chat.sessionOpened({ sessionId: 'ses_9', channelId: 'chr_luna' }));
      h.store.dispatch(audio.streamStarted({ streamId: 'aud_3' }));
      wavChunks(100, 64).forEach((audioData, index) =>
        h.store.dispatch(audio.chunkReceived({ streamId: 'aud_3', index, audioData })),
      );
      expect(out.log.at(-1)).not.toBe('close');
      h.store.dispatch(chat.sessionClosed({}));
      expect(out.log.at(-1)).toBe('close');
    });
  });
});

describe('the training config at the boundary: its tier is one the client can name', () => {
  const config = {
    min_images: 9,
    max_images: 50,
    name_max_length: 40,
    train_types: ['character'],
    base_models: ['SDXL'],
    steps: { min: 500, max: 3000, default: 1000 },
    cost: 30,
    tier: 'non-member',
    monthly_limit: 1,
    used_this_month: 0,
    training: null,
  };

  it('accepts each tier by its wire name', () => {
    for (const tier of ['guest', 'non-member', 'Basic', 'Standard', 'Pro'])
      expect(E.isRight(DatasetConfig.decode({ ...config, tier }))).toBe(true);
  });

  it('refuses a tier no client could name (never shown raw)', () => {
    expect(E.isRight(DatasetConfig.decode({ ...config, tier: 'Platinum' }))).toBe(false);
  });
});
