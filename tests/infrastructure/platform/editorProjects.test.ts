/**
 * "My projects" (issue 21) in virtual time: the list loads (loading, then newest first), a rename
 * of the open project renames it on screen, a duplicate heads the list, a delete removes its line,
 * and a failure changes nothing; calls go out one after another in the order asked.
 */
import * as E from 'fp-ts/Either';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { editor } from '../../../domain/index.js';
import type { EditorProject } from '../../../infrastructure/contract/platform';
import {
  deleteListedProject,
  duplicateListedProject,
  loadProjects,
  renameListedProject,
} from '../../../infrastructure/editor/commands';
import { toProjectOpened } from '../../../infrastructure/editor/epics';
import { at, newScheduler, platformStore } from './harness';

const summary = (id: string, updated_at: number, title = ''): editor.ProjectSummary => ({
  id,
  title,
  cover: '',
  aspect_ratio: '16:9',
  updated_at,
});
const full = (id: string, updated_at: number, title = ''): EditorProject => ({
  id,
  workspace_id: `ws_${id}`,
  workspace_name: title,
  cover: '',
  canvas: { aspect_ratio: '16:9' },
  editor_info: { audios: [], storyboards: [] },
  version: 0,
  created_at: updated_at,
  updated_at,
});

describe('editor projects epic', () => {
  it('loads, renames the open project, duplicates, deletes, in order; loading shows meanwhile', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const h = platformStore(scheduler, {
        api: {
          editorList: () =>
            cold('100ms r|', { r: E.right({ projects: [summary('a', 1), summary('b', 5, 'B')] }) }),
          editorRename: (b) => cold('50ms r|', { r: E.right({ project: summary(b.id, 9, b.title) }) }),
          editorDuplicate: () => cold('50ms r|', { r: E.right({ project: full('c', 20, 'Trailer') }) }),
          editorDelete: () => cold('50ms r|', { r: E.right({ deleted: true as const }) }),
        },
      });
      h.store.dispatch(toProjectOpened(full('a', 1)));
      h.store.dispatch(loadProjects({}));
      at(scheduler, 50, () =>
        expect(h.store.getState().editorProjects).toEqual({ status: 'loading', projects: [] }),
      );
      at(scheduler, 200, () => h.store.dispatch(renameListedProject({ id: 'a', title: '  Trailer ' })));
      at(scheduler, 200, () => h.store.dispatch(duplicateListedProject({ id: 'a' })));
      at(scheduler, 200, () => h.store.dispatch(deleteListedProject({ id: 'b' })));
      flush();
      // One after another: each call waits for the answer to the one before (50 ms each, completing a frame after).
      expect(h.fake.calls.map((c) => [c.at, c.name, c.body])).toEqual([
        [0, 'editorList', undefined],
        [200, 'editorRename', { id: 'a', title: 'Trailer' }],
        [251, 'editorDuplicate', { id: 'a' }],
        [302, 'editorDelete', { id: 'b' }],
      ]);
      const rows = h.store.getState().editorProjects.projects.map((p) => [p.id, p.title]);
      expect(rows).toEqual([
        ['c', 'Trailer'],
        ['a', 'Trailer'],
      ]);
      expect(editor.selectProjectTitle(h.store.getState().editor)).toEqual({ kind: 'text', text: 'Trailer' });
    });
  });

  it('does not send a title that is empty or too long once trimmed; a failed delete keeps the line', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const h = platformStore(scheduler, {
        api: {
          editorList: () => cold('10ms r|', { r: E.right({ projects: [summary('a', 1)] }) }),
          editorDelete: () =>
            cold('10ms r|', {
              r: E.left({
                kind: 'api' as const,
                path: '/api/v1/editor/project/delete',
                code: 10404,
                msg: 'no such project',
              }),
            }),
        },
      });
      h.store.dispatch(loadProjects({}));
      at(scheduler, 20, () => h.store.dispatch(renameListedProject({ id: 'a', title: '   ' })));
      at(scheduler, 20, () => h.store.dispatch(renameListedProject({ id: 'a', title: 'x'.repeat(61) })));
      at(scheduler, 30, () => h.store.dispatch(deleteListedProject({ id: 'a' })));
      flush();
      expect(h.fake.calls.map((c) => c.name)).toEqual(['editorList', 'editorDelete']);
      expect(h.store.getState().editorProjects.projects.map((p) => p.id)).toEqual(['a']);
    });
  });
});

describe('editor projects list (property)', () => {
  const arbSummary = fc.record({
    id: fc.constantFrom('a', 'b', 'c', 'd'),
    title: fc.string({ maxLength: 5 }),
    cover: fc.constant(''),
    aspect_ratio: fc.constant('16:9'),
    updated_at: fc.nat(50),
  });
  const arbEvent = fc.oneof(
    fc.array(arbSummary, { maxLength: 6 }).map((projects) => editor.projectsLoaded({ projects })),
    arbSummary.map((project) => editor.projectRenamed({ project })),
    arbSummary.map((project) => editor.projectDuplicated({ project })),
    fc.constantFrom('a', 'b', 'c', 'd').map((id) => editor.projectDeleted({ id })),
  );
  it('stays newest first with each id once, whatever happens to it', () => {
    fc.assert(
      fc.property(fc.array(arbEvent, { maxLength: 20 }), (events) => {
        const s = events.reduce(
          (state, e) => editor.evolveEditorProjects(state, e as unknown as editor.EditorProjectsEvent),
          editor.initialEditorProjectsState,
        );
        const ids = s.projects.map((p) => p.id);
        expect(new Set(ids).size).toBe(ids.length);
        const times = s.projects.map((p) => p.updated_at);
        expect([...times].sort((x, y) => y - x)).toEqual(times);
      }),
    );
  });
  it('shows an unnamed project with the placeholder key', () => {
    expect(editor.projectRowOf(summary('a', 1, '  ')).title).toEqual({
      kind: 'key',
      key: editor.DEFAULT_PROJECT_TITLE_KEY,
    });
  });
});
