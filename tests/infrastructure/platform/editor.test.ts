import * as E from 'fp-ts/Either';
import { map } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { editor, replay } from '../../../domain/index.js';
import type { EditorProject, EditorSaveRequest } from '../../../infrastructure/contract/platform';
import {
  changeAspectRatio,
  changeAudios,
  changeStoryboards,
  closeEditor,
  openEditor,
  renameProject,
} from '../../../infrastructure/editor/commands';
import { toProjectOpened } from '../../../infrastructure/editor/epics';
import { marbleAt } from '../../support/fakeApi';
import { at, newScheduler, platformStore } from './harness';

const project = (id = 'prj_1'): EditorProject => ({
  id,
  workspace_id: `ws_${id}`,
  workspace_name: '',
  cover: '',
  canvas: { aspect_ratio: '16:9' },
  editor_info: { audios: [], storyboards: [] },
  version: 0,
  created_at: 0,
  updated_at: 0,
});

const board = (id: string): editor.StoryboardItem => ({
  clip_info: {},
  duraction: 4,
  material_id: 'm',
  url: `/blobs/${id}.mp4`,
  type: 8,
  index: 0,
  start: 0,
  end: 4,
  id,
  offset: 0,
});

const saved = (body: unknown) => E.right({ id: (body as EditorSaveRequest).id, version: 1, updated_at: 0 });

describe('editor save (spec §4 "a change to clips or audio ... triggers a debounced save (1 s)"; §9 "save debounce 1 s")', () => {
  it('saves once, 1000 ms after the last of a burst of changes; a title change does not ask for a save', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, expectObservable }) => {
      const h = platformStore(scheduler, { api: { editorSave: (b) => cold('50ms r|', { r: saved(b) }) } });
      expectObservable(h.fake.calls$.pipe(map((c) => c.name)), '^ 10000ms !').toBe(marbleAt([1900, 4000]), {
        x: 'editorSave',
      });
      h.store.dispatch(toProjectOpened(project()));
      at(scheduler, 0, () => h.store.dispatch(changeStoryboards({ storyboards: [board('a')] })));
      at(scheduler, 400, () => h.store.dispatch(changeAudios({ audios: [] })));
      at(scheduler, 900, () => h.store.dispatch(changeAspectRatio({ aspectRatio: '9:16' })));
      at(scheduler, 2500, () => h.store.dispatch(renameProject({ title: 'Trailer' })));
      at(scheduler, 3000, () => h.store.dispatch(changeStoryboards({ storyboards: [board('b')] })));
    });
  });

  it('sends the latest canvas, audios, storyboards, workspace id and id, and marks the project saved', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const h = platformStore(scheduler, { api: { editorSave: (b) => cold('50ms r|', { r: saved(b) }) } });
      h.store.dispatch(toProjectOpened(project()));
      h.store.dispatch(changeStoryboards({ storyboards: [board('a')] }));
      h.store.dispatch(changeAspectRatio({ aspectRatio: '1:1' }));
      flush();
      expect(h.fake.calls.map((c) => c.body)).toEqual([
        {
          canvas: { aspect_ratio: '1:1' },
          editor_info: { audios: [], storyboards: [board('a')] },
          workspace_id: 'ws_prj_1',
          id: 'prj_1',
        },
      ]);
      expect(editor.selectSavePhase(h.store.getState().editor)).toEqual({ status: 'saved' });
      expect(replay(h.store.recorder.events()).violation).toBeNull();
    });
  });

  it('an answer for an old revision does not clear newer changes', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const h = platformStore(scheduler, { api: { editorSave: (b) => cold('500ms r|', { r: saved(b) }) } });
      h.store.dispatch(toProjectOpened(project()));
      at(scheduler, 0, () => h.store.dispatch(changeStoryboards({ storyboards: [board('a')] })));
      at(scheduler, 1200, () => h.store.dispatch(changeStoryboards({ storyboards: [board('b')] })));
      let atFirstAnswer: { dirty: boolean; saving: boolean } | null = null;
      at(scheduler, 1501, () => {
        const s = h.store.getState().editor;
        atFirstAnswer = { dirty: editor.selectIsDirty(s), saving: editor.selectIsSaving(s) };
      });
      flush();
      // Revision 1 was saved at 1500 while revision 2 (1200) was waiting for its debounce.
      expect(atFirstAnswer).toEqual({ dirty: true, saving: true });
      expect(h.fake.calls.map((c) => c.at)).toEqual([1000, 2200]);
      expect(
        h.events('editor/saveSucceeded').map((e) => (e.payload as { revision: number }).revision),
      ).toEqual([1, 2]);
      expect(editor.selectIsDirty(h.store.getState().editor)).toBe(false);
    });
  });

  it('saves go out in order, never cancelled: a save asked while one is in flight waits for it', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const h = platformStore(scheduler, {
        api: { editorSave: (b) => cold('3000ms (r|)', { r: saved(b) }) },
      });
      h.store.dispatch(toProjectOpened(project()));
      at(scheduler, 0, () => h.store.dispatch(changeStoryboards({ storyboards: [board('a')] })));
      at(scheduler, 1500, () => h.store.dispatch(changeStoryboards({ storyboards: [board('b')] })));
      flush();
      expect(h.fake.calls.map((c) => c.at)).toEqual([1000, 4000]);
      expect(editor.selectSavePhase(h.store.getState().editor)).toEqual({ status: 'saved' });
    });
  });

  it("spec §8: 10404 fails the save with 'saveFailed' (the editor's own notice); another code goes through the error map", () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const answers = [10404, 70001];
      const h = platformStore(scheduler, {
        api: {
          editorSave: () =>
            cold('10ms r|', {
              r: E.left({ kind: 'api' as const, path: '/save', code: answers.shift() ?? 0, msg: 'no' }),
            }),
        },
      });
      h.store.dispatch(toProjectOpened(project()));
      h.store.dispatch(changeStoryboards({ storyboards: [board('a')] }));
      at(scheduler, 2000, () => {
        expect(editor.selectSaveFailed(h.store.getState().editor)).toMatchObject({
          code: 10404,
          messageKey: 'editor.saveFailed',
        });
        h.store.dispatch(changeStoryboards({ storyboards: [board('b')] }));
      });
      flush();
      expect(editor.selectSaveFailed(h.store.getState().editor)).toMatchObject({
        code: 70001,
        messageKey: null,
      });
      const keys = h.events('notices/raised').map((e) => (e.payload as { messageKey: string }).messageKey);
      expect(keys).toEqual(['editor.saveFailed', 'HttpErrorCode_70001']);
    });
  });

  it('closing the editor (or opening another project) sends a pending save at once instead of dropping it', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const h = platformStore(scheduler, { api: { editorSave: (b) => cold('10ms r|', { r: saved(b) }) } });
      h.store.dispatch(toProjectOpened(project('p1')));
      at(scheduler, 0, () => h.store.dispatch(changeStoryboards({ storyboards: [board('a')] })));
      at(scheduler, 300, () => h.store.dispatch(closeEditor({})));
      at(scheduler, 400, () => h.store.dispatch(toProjectOpened(project('p2'))));
      at(scheduler, 500, () => h.store.dispatch(changeAudios({ audios: [] })));
      at(scheduler, 700, () => h.store.dispatch(toProjectOpened(project('p3'))));
      flush();
      expect(h.fake.calls.map((c) => [c.at, (c.body as EditorSaveRequest).id])).toEqual([
        [300, 'p1'],
        [700, 'p2'],
      ]);
    });
  });
});

describe('editor open (spec §4 "a project id comes from the project_id query, else the store, else a new project (the query is then updated in place)")', () => {
  it('opens the project named by the query', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const h = platformStore(scheduler, {
        api: {
          editorDetail: () =>
            cold('10ms r|', { r: E.right({ project: { ...project('q1'), workspace_name: 'Reel' } }) }),
        },
      });
      h.store.dispatch(openEditor({ query: { project_id: 'q1', tab: 'audio' } }));
      flush();
      expect(h.fake.calls.map((c) => [c.name, c.body])).toEqual([['editorDetail', { id: 'q1' }]]);
      expect(editor.selectEditorProject(h.store.getState().editor)).toMatchObject({
        id: 'q1',
        title: 'Reel',
        canvas: { aspect_ratio: '16:9' },
      });
      expect(h.fake.queries).toEqual([]);
    });
  });

  it('creates a new project when neither query nor store has one, and writes its id into the query in place', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const h = platformStore(scheduler, {
        api: { editorCreate: () => cold('10ms r|', { r: E.right({ project: project('new1') }) }) },
      });
      h.store.dispatch(openEditor({ query: { tab: 'audio' } }));
      flush();
      expect(h.fake.calls.map((c) => [c.name, c.body])).toEqual([
        ['editorCreate', { cover: '', workspace_name: '' }],
      ]);
      expect(h.fake.queries).toEqual([{ tab: 'audio', project_id: 'new1' }]);
      expect(editor.selectProjectTitle(h.store.getState().editor)).toEqual({
        kind: 'key',
        key: 'editor.unnamedProject',
      });
    });
  });

  it('keeps the project open in the store (with its unsaved changes): no call, the query is updated in place', () => {
    const scheduler = newScheduler();
    scheduler.run(({ flush }) => {
      const h = platformStore(scheduler);
      h.store.dispatch(toProjectOpened(project('s1')));
      h.store.dispatch(changeStoryboards({ storyboards: [board('a')] }));
      h.store.dispatch(openEditor({ query: {} }));
      h.store.dispatch(openEditor({ query: { project_id: 's1' } }));
      expect(h.fake.calls.filter((c) => c.name !== 'editorSave')).toEqual([]);
      expect(h.fake.queries).toEqual([{ project_id: 's1' }]);
      expect(editor.selectIsDirty(h.store.getState().editor)).toBe(true);
      flush();
    });
  });

  it('a query naming a project that is gone (10404) opens a new project; another failure goes through the error map', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const fail = (code: number) =>
        cold('10ms r|', { r: E.left({ kind: 'api' as const, path: '/d', code, msg: 'no' }) });
      const codes = [10404, 70001];
      const h = platformStore(scheduler, {
        api: {
          editorDetail: () => fail(codes.shift() ?? 0),
          editorCreate: () => cold('10ms r|', { r: E.right({ project: project('fresh') }) }),
        },
      });
      h.store.dispatch(openEditor({ query: { project_id: 'gone' } }));
      flush();
      expect(h.fake.calls.map((c) => c.name)).toEqual(['editorDetail', 'editorCreate']);
      expect(h.fake.queries).toEqual([{ project_id: 'fresh' }]);
      expect(editor.selectEditorProject(h.store.getState().editor)?.id).toBe('fresh');
      h.store.dispatch(openEditor({ query: { project_id: 'other' } }));
      flush();
      expect(editor.selectEditorProject(h.store.getState().editor)?.id).toBe('fresh');
      expect(h.events('notices/raised').map((e) => (e.payload as { messageKey: string }).messageKey)).toEqual(
        ['HttpErrorCode_70001'],
      );
    });
  });
});
