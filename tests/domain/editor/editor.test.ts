import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { replayWith, stamp, type DomainEvent, type UnstampedEvent } from '../../../domain/index.js';
import * as editor from '../../../domain/editor/index.js';
import { givenIn } from '../../support/context-spec.js';
import { T0 } from '../../support/spec.js';

const ctx = editor.editorContext;
// replayWith folds any DomainEvent; this context's events are the only ones given to it here.
const evolveAny = ctx.evolve as unknown as (s: editor.EditorState, e: DomainEvent) => editor.EditorState;
const given = givenIn(ctx);

const audio = (id: string): editor.AudioItem => ({
  clip_info: { volume: 1, fade: [0, 0.5] },
  duraction: 12.5,
  material_id: `m-${id}`,
  offset: 0,
  url: `/blobs/${id}.wav`,
  title: `track ${id}`,
  isMute: false,
  id,
});
const shot = (
  id: string,
  index: number,
  type: editor.StoryboardType = editor.STORYBOARD_TYPE.video,
): editor.StoryboardItem => ({
  clip_info: { crop: null },
  duraction: 4,
  material_id: `m-${id}`,
  url: `/blobs/${id}.mp4`,
  type,
  index,
  start: 0,
  end: 4,
  id,
  offset: index * 4,
});
const opened = (over: Partial<editor.ProjectOpenedPayload['project']> = {}) =>
  editor.projectOpened({
    project: { workspace_id: 'ws1', canvas: { aspect_ratio: null }, id: 'p1', title: null, ...over },
    audios: [],
    storyboards: [],
  });
const clips = (...ids: string[]) =>
  editor.storyboardsChanged({ storyboards: ids.map((id, i) => shot(id, i)) });
const started = (revision: number, projectId = 'p1') => editor.saveStarted({ projectId, revision });
const succeeded = (revision: number, projectId = 'p1') => editor.saveSucceeded({ projectId, revision });
const failed = (revision: number, code = 10404, projectId = 'p1') =>
  editor.saveFailed({ projectId, revision, code });
const open = (s: editor.EditorState): editor.OpenProject => {
  if (s.status !== 'open') throw new Error('expected an open project');
  return s;
};
const stampAll = (events: readonly UnstampedEvent[]): editor.EditorEvent[] =>
  events.map((e, i) => stamp(e, i + 1, T0 + i * 1000) as editor.EditorEvent);
const fold = (events: readonly editor.EditorEvent[], from: editor.EditorState = ctx.initialState) =>
  events.reduce(ctx.evolve, from);

describe('editor: project (spec §3 "workspace_id, canvas.aspect_ratio, editor id"; §4 "the aspect ratio defaults to 16:9")', () => {
  it('a project opened without a ratio or title gets 16:9 and the unnamed-project placeholder', () => {
    const { state, violation } = given().when(opened());
    expect(violation).toBeNull();
    expect(editor.selectEditorProject(state)).toEqual({
      workspace_id: 'ws1',
      canvas: { aspect_ratio: '16:9' },
      id: 'p1',
      title: '',
    });
    expect(editor.selectProjectTitle(state)).toEqual({ kind: 'key', key: 'editor.unnamedProject' });
    expect(editor.selectIsDirty(state)).toBe(false);
    expect(editor.selectSavePhase(state)).toEqual({ status: 'saved' });
  });

  it('keeps a known ratio and a title; an unknown ratio falls back to 16:9', () => {
    expect(
      editor.selectEditorProject(
        given().when(opened({ canvas: { aspect_ratio: '9:16' }, title: 'Trailer' })).state,
      ),
    ).toMatchObject({
      canvas: { aspect_ratio: '9:16' },
      title: 'Trailer',
    });
    expect(editor.selectProjectTitle(given().when(opened({ title: 'Trailer' })).state)).toEqual({
      kind: 'text',
      text: 'Trailer',
    });
    expect(
      editor.selectEditorProject(given().when(opened({ canvas: { aspect_ratio: '5:4' } })).state)?.canvas
        .aspect_ratio,
    ).toBe('16:9');
  });

  it('the ratio options are 21:9, 16:9, 4:3, 1:1, 3:4, 9:16 (spec §4)', () => {
    expect(editor.ASPECT_RATIOS).toEqual(['21:9', '16:9', '4:3', '1:1', '3:4', '9:16']);
    expect(editor.DEFAULT_ASPECT_RATIO).toBe('16:9');
    expect(editor.aspectRatioOrDefault(undefined)).toBe('16:9');
  });

  it("storyboard types are 8 video and 2 image; clip fields keep the spec's names (duraction)", () => {
    expect(editor.STORYBOARD_TYPE).toEqual({ video: 8, image: 2 });
    const { state } = given(opened()).when(
      editor.storyboardsChanged({ storyboards: [shot('s1', 0), shot('s2', 1, 2)] }),
      editor.audiosChanged({ audios: [audio('a1')] }),
    );
    const o = open(state);
    expect(o.storyboards.map((s) => s.type)).toEqual([8, 2]);
    expect(o.audios[0]).toMatchObject({ duraction: 12.5, isMute: false, material_id: 'm-a1' });
  });

  it('closing drops the project; a closed editor ignores edits and saves', () => {
    const closed = given(opened(), editor.projectClosed({}));
    expect(closed.state).toEqual({ status: 'closed' });
    expect(closed.when(clips('x')).state).toBe(closed.state);
    expect(closed.when(editor.projectClosed({})).state).toBe(closed.state);
    expect(editor.selectEditorProject(closed.state)).toBeNull();
    expect(editor.selectProjectTitle(closed.state)).toBeNull();
    expect(editor.selectIsSaving(closed.state)).toBe(false);
    expect(editor.selectSaveRequest(closed.state)).toBeNull();
  });
});

describe('editor: saving (spec §4 "A change to clips or audio sets a saving state and triggers a debounced save (1 s)")', () => {
  it('the debounce is 1 s', () => {
    expect(editor.EDITOR_SAVE_DEBOUNCE_MS).toBe(1000);
  });

  it('a change to clips or audio sets the saving state and asks for a save', () => {
    for (const change of [
      clips('a'),
      editor.audiosChanged({ audios: [audio('x')] }),
      editor.aspectRatioChanged({ aspectRatio: '1:1' }),
    ]) {
      const { state } = given(opened()).when(change);
      expect(editor.selectIsSaving(state)).toBe(true);
      expect(editor.selectIsDirty(state)).toBe(true);
      expect(editor.requestsSave(change)).toBe(true);
    }
  });

  it('a rename, an unknown ratio or the same ratio asks for nothing', () => {
    const g = given(opened());
    const renamed = g.when(editor.titleChanged({ title: 'Cut 2' })).state;
    expect(editor.selectEditorProject(renamed)?.title).toBe('Cut 2');
    expect(editor.selectIsDirty(renamed)).toBe(false);
    expect(editor.requestsSave(editor.titleChanged({ title: 'x' }))).toBe(false);
    expect(g.when(editor.titleChanged({ title: '' })).state).toBe(g.state);
    expect(g.when(editor.aspectRatioChanged({ aspectRatio: '2:1' })).state).toBe(g.state);
    expect(g.when(editor.aspectRatioChanged({ aspectRatio: '16:9' })).state).toBe(g.state);
  });

  it('the save request carries canvas, editor_info.audios and storyboards, workspace_id and id (spec §7)', () => {
    const { state } = given(opened()).when(clips('a', 'b'), editor.audiosChanged({ audios: [audio('m')] }));
    expect(editor.selectSaveRequest(state)).toEqual({
      projectId: 'p1',
      revision: 2,
      body: {
        canvas: { aspect_ratio: '16:9' },
        editor_info: { audios: [audio('m')], storyboards: [shot('a', 0), shot('b', 1)] },
        workspace_id: 'ws1',
        id: 'p1',
      },
    });
  });

  it('given a save in flight for the current revision, nothing more is asked; its success marks the project saved', () => {
    const g = given(opened(), clips('a'), started(1));
    expect(editor.selectSavePhase(g.state)).toEqual({ status: 'saving', revision: 1 });
    expect(editor.selectIsSaving(g.state)).toBe(true);
    expect(editor.selectSaveRequest(g.state)).toBeNull();
    expect(g.when(started(1)).state).toBe(g.state);
    const { state } = g.when(succeeded(1));
    expect(open(state)).toMatchObject({ revision: 1, savedRevision: 1, save: { status: 'saved' } });
    expect(editor.selectIsSaving(state)).toBe(false);
    expect(editor.selectSaveRequest(state)).toBeNull();
  });

  it('a save result for an old revision does not clear newer changes', () => {
    const { state } = given(opened(), clips('a'), started(1), clips('a', 'b')).when(succeeded(1));
    expect(open(state)).toMatchObject({ revision: 2, savedRevision: 1, save: { status: 'pending' } });
    expect(editor.selectIsDirty(state)).toBe(true);
    expect(editor.selectSaveRequest(state)?.revision).toBe(2);
  });

  it('an old save finishing while a newer one is in flight keeps the newer one in flight', () => {
    const { state } = given(opened(), clips('a'), started(1), clips('b'), clips('c'), started(3)).when(
      succeeded(1),
    );
    expect(open(state)).toMatchObject({ savedRevision: 1, save: { status: 'saving', revision: 3 } });
    expect(open(fold(stampAll([succeeded(3)]), state))).toMatchObject({
      savedRevision: 3,
      save: { status: 'saved' },
    });
  });

  it('answers for another project, for revisions not yet made, or already saved, change nothing', () => {
    const g = given(opened(), clips('a'), started(1));
    expect(g.when(succeeded(1, 'other')).state).toBe(g.state);
    expect(g.when(succeeded(5)).state).toBe(g.state);
    expect(g.when(succeeded(-1)).state).toBe(g.state);
    expect(g.when(started(7)).state).toBe(g.state);
    expect(g.when(started(1, 'other')).state).toBe(g.state);
    const saved = given(opened(), clips('a'), started(1), succeeded(1));
    expect(saved.when(started(1)).state).toBe(saved.state);
    expect(saved.when(succeeded(1)).state).toBe(saved.state);
  });
});

describe('editor: save failure (spec §8 "10404 on saving a video project shows \'saveFailed\'")', () => {
  it('a 10404 on the save in flight keeps a failed state with the saveFailed key', () => {
    const { state } = given(opened(), clips('a'), started(1)).when(failed(1));
    expect(editor.selectSaveFailed(state)).toEqual({
      status: 'failed',
      revision: 1,
      code: 10404,
      messageKey: 'editor.saveFailed',
    });
    expect(editor.selectIsDirty(state)).toBe(true);
    expect(editor.selectIsSaving(state)).toBe(false);
    expect(editor.selectSaveRequest(state)?.revision).toBe(1);
  });

  it('other codes fail too, leaving the message to the error map', () => {
    const { state } = given(opened(), clips('a'), started(1)).when(failed(1, 70002));
    expect(editor.selectSaveFailed(state)?.messageKey).toBeNull();
    expect(editor.saveFailureMessageKey(10404)).toBe('editor.saveFailed');
  });

  it('a failure of a save already superseded by an edit is ignored; a retry clears the failure', () => {
    const g = given(opened(), clips('a'), started(1), clips('b'));
    expect(g.when(failed(1)).state).toBe(g.state);
    expect(g.when(failed(1, 10404, 'other')).state).toBe(g.state);
    const f = given(opened(), clips('a'), started(1), failed(1));
    expect(editor.selectSaveFailed(f.when(started(1)).state)).toBeNull();
    expect(editor.selectSaveFailed(f.when(clips('c')).state)).toBeNull();
    expect(editor.selectSaveFailed(given(opened()).state)).toBeNull();
  });
});

describe('editor: project id (spec §4 "from the project_id query, else the store, else a new project (the query is then updated in place)")', () => {
  it('the query wins', () => {
    expect(editor.resolveProjectId({ project_id: 'q7' }, 's3')).toEqual({ source: 'query', projectId: 'q7' });
    expect(editor.resolveProjectId({ project_id: ['', ' q8 '] }, null)).toEqual({
      source: 'query',
      projectId: 'q8',
    });
  });
  it('else the store, and the query is replaced in place with it, other keys kept', () => {
    expect(editor.resolveProjectId({ project_id: '  ', lang: 'ja' }, 's3')).toEqual({
      source: 'store',
      projectId: 's3',
      query: { project_id: 's3', lang: 'ja' },
    });
    expect(editor.resolveProjectId({ project_id: null }, 's3').source).toBe('store');
  });
  it('else a new project, whose id then goes into the query in place', () => {
    expect(editor.resolveProjectId({}, null)).toEqual({ source: 'new' });
    expect(editor.resolveProjectId({ project_id: [] }, '')).toEqual({ source: 'new' });
    expect(editor.queryWithProjectId({ tab: 'audio' }, 'new-1')).toEqual({
      tab: 'audio',
      project_id: 'new-1',
    });
  });
});

const editArb: fc.Arbitrary<UnstampedEvent> = fc.oneof(
  fc.array(fc.constantFrom('a', 'b', 'c'), { maxLength: 3 }).map((ids) => clips(...ids)),
  fc
    .array(fc.constantFrom('x', 'y'), { maxLength: 2 })
    .map((ids) => editor.audiosChanged({ audios: ids.map(audio) })),
  fc.constantFrom(...editor.ASPECT_RATIOS).map((aspectRatio) => editor.aspectRatioChanged({ aspectRatio })),
);
const revArb = fc.integer({ min: -1, max: 8 });
const projArb = fc.constantFrom('p1', 'p1', 'p2');
const eventArb: fc.Arbitrary<UnstampedEvent> = fc.oneof(
  { weight: 1, arbitrary: projArb.map((id) => opened({ id })) },
  { weight: 1, arbitrary: fc.constant(editor.projectClosed({})) },
  { weight: 4, arbitrary: editArb },
  { weight: 1, arbitrary: fc.constantFrom('', 'Cut').map((title) => editor.titleChanged({ title })) },
  { weight: 3, arbitrary: fc.tuple(revArb, projArb).map(([r, p]) => started(r, p)) },
  { weight: 3, arbitrary: fc.tuple(revArb, projArb).map(([r, p]) => succeeded(r, p)) },
  {
    weight: 2,
    arbitrary: fc.tuple(revArb, projArb, fc.constantFrom(10404, 500)).map(([r, p, c]) => failed(r, c, p)),
  },
);
// Sessions start with an open project, so most events have something to act on.
const sessionArb = fc.array(eventArb, { maxLength: 40 }).map((events) => [opened(), ...events]);

describe('editor: properties', () => {
  it('property: the saved revision never exceeds the current revision', () => {
    fc.assert(
      fc.property(sessionArb, (raw) => {
        let s = ctx.initialState;
        for (const e of stampAll(raw)) {
          s = ctx.evolve(s, e);
          if (s.status === 'open') expect(s.savedRevision).toBeLessThanOrEqual(s.revision);
        }
      }),
    );
  });

  it('property: any edit after a save makes the project dirty again', () => {
    fc.assert(
      fc.property(sessionArb, editArb, (raw, edit) => {
        const s = fold(stampAll(raw));
        if (s.status !== 'open') return;
        // Save whatever is there, then edit.
        const saved = fold(
          stampAll([started(s.revision, s.project.id), succeeded(s.revision, s.project.id)]),
          s,
        );
        expect(editor.selectIsDirty(saved)).toBe(false);
        const after = fold(stampAll([edit]), saved);
        if (after === saved) return; // the same ratio again is no edit
        expect(editor.selectIsDirty(after)).toBe(true);
        expect(editor.selectIsSaving(after)).toBe(true);
        expect(editor.selectSaveRequest(after)?.revision).toBe(open(saved).revision + 1);
      }),
    );
  });

  it('property: folding a random event sequence from scratch equals applying it step by step', () => {
    fc.assert(
      fc.property(sessionArb, fc.nat(), (raw, cut) => {
        const events = stampAll(raw);
        const scratch = replayWith(evolveAny, [], ctx.initialState, events).state;
        let step = ctx.initialState;
        for (const e of events) step = ctx.evolve(step, e);
        const k = cut % (events.length + 1);
        expect(step).toEqual(scratch);
        expect(fold(events.slice(k), fold(events.slice(0, k)))).toEqual(scratch);
      }),
    );
  });

  it('property: invariants hold after every event of a random sequence', () => {
    fc.assert(
      fc.property(sessionArb, (raw) => {
        expect(replayWith(evolveAny, ctx.invariants, ctx.initialState, stampAll(raw)).violation).toBeNull();
      }),
    );
  });

  it('the invariants name what broke', () => {
    const e = stampAll([editor.projectClosed({})])[0]!;
    const o = open(given(opened()).state);
    const check = (s: editor.EditorState) => editor.savedRevisionNotAhead.check(o, s, e);
    expect(check({ ...o, savedRevision: 2 })).toBe('saved revision 2 is ahead of revision 0');
    expect(check({ ...o, revision: 2 })).toBe('marked saved at 0 of 2');
    expect(check({ ...o, save: { status: 'pending' } })).toBe('marked pending with nothing to save');
    expect(check({ ...o, revision: 2, save: { status: 'saving', revision: 3 } })).toBe(
      'saving revision 3 outside 0..2',
    );
    expect(check({ status: 'closed' })).toBeNull();
    const bad = { ...o, project: { ...o.project, canvas: { aspect_ratio: '5:4' as editor.AspectRatio } } };
    expect(editor.aspectRatioIsAnOption.check(o, bad, e)).toBe('aspect ratio 5:4 is not an option');
  });
});
