import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { editor, studio } from '../../../domain/index.js';
import { given } from '../../support/spec';

const form = (over: Partial<studio.TrainingForm> = {}): studio.TrainingForm => ({
  name: 'Tiles',
  images: Array.from({ length: 9 }, (_, i) => `/u/${i}.png`),
  triggerWord: '',
  tags: [],
  steps: 1000,
  ...over,
});

describe('LoRA training form (spec §8 "at least 9 images", 120000-120013)', () => {
  it('accepts 9 distinct images and a name', () => {
    expect(studio.trainingProblems(form())).toEqual([]);
  });
  it('refuses fewer than 9 distinct images (a repeat counts once), naming how many', () => {
    const eight = form({ images: [...form().images.slice(0, 8), '/u/0.png'] });
    expect(studio.trainingProblems(eight)).toEqual([
      { field: 'images', messageKey: 'lora.errors.tooFewImages', values: { min: 9, count: 8 } },
    ]);
  });
  it('refuses more than the data set holds, a blank or long name, a bad trigger word, tags or steps', () => {
    const fields = studio
      .trainingProblems({
        name: 'x'.repeat(41),
        images: Array.from({ length: 51 }, (_, i) => `/u/${i}`),
        triggerWord: 'no <html>',
        tags: ['ok', 'bad!'],
        steps: 50,
      })
      .map((p) => p.field);
    expect(fields).toEqual(['name', 'images', 'triggerWord', 'tags', 'steps']);
    expect(studio.trainingProblems(form({ name: '  ' }))[0]?.messageKey).toBe('lora.errors.nameRequired');
  });
  it('reads tags from one line, split on ASCII and CJK commas, repeats dropped', () => {
    expect(studio.parseTags('cat, red hat，cat、 blue ,')).toEqual(['cat', 'red hat', 'blue']);
  });
  it('names the training phases and the training codes', () => {
    expect([1, 2, 3, 4, 5, 9].map(studio.trainingPhaseOf)).toEqual([
      'queued',
      'training',
      'done',
      'failed',
      'stopped',
      'failed',
    ]);
    expect(studio.isTrainingCode(120000) && studio.isTrainingCode(120013)).toBe(true);
    expect(studio.isTrainingCode(119999) || studio.isTrainingCode(120014)).toBe(false);
  });
});

const graph: studio.WorkflowGraph = {
  '10': { class_type: 'SaveImage', inputs: { images: ['8', 0], filename_prefix: 'out' } },
  '3': { class_type: 'KSampler', inputs: { seed: 7, steps: 20, model: ['4', 0], add_noise: true } },
  '6': {
    class_type: 'CLIPTextEncode',
    inputs: { text: 'a cat', clip: ['4', 1] },
    _meta: { title: 'Positive' },
  },
};

describe('a ComfyUI graph as a form, and a run per node', () => {
  it('lists every value input (not links) in node order, typed', () => {
    expect(studio.workflowFields(graph).map((f) => [f.key, f.kind, f.nodeTitle])).toEqual([
      ['3.seed', 'number', 'KSampler'],
      ['3.steps', 'number', 'KSampler'],
      ['3.add_noise', 'boolean', 'KSampler'],
      ['6.text', 'longText', 'Positive'],
      ['10.filename_prefix', 'text', 'SaveImage'],
    ]);
  });
  it('applies form values keeping each input type; a bad number keeps the graph value; links untouched', () => {
    const next = studio.applyWorkflowValues(graph, {
      '3.seed': '42',
      '3.steps': 'many',
      '6.text': 'a dog',
      '3.model': 'x',
      '3.add_noise': false,
    });
    expect(next['3']!.inputs).toEqual({ seed: 42, steps: 20, model: ['4', 0], add_noise: false });
    expect(next['6']!.inputs['text']).toBe('a dog');
    expect(studio.workflowValuesChange(graph, {})).toBe(false);
    expect(studio.workflowValuesChange(graph, { '3.seed': 7 })).toBe(false);
    expect(studio.workflowValuesChange(graph, { '3.seed': 8 })).toBe(true);
  });
  it('marks nodes before the current one done, it running, the rest waiting; all done at the end', () => {
    const order = ['4 Load', '6 Positive', '3 KSampler', '10 SaveImage'];
    expect(
      studio.nodeRuns(order, { status: 'inProgress', currentNode: '3 KSampler' }).map((n) => n.state),
    ).toEqual(['done', 'done', 'running', 'pending']);
    expect(
      studio.nodeRuns(order, { status: 'completed', currentNode: null }).every((n) => n.state === 'done'),
    ).toBe(true);
    expect(
      studio.nodeRuns(order, { status: 'inProgress', currentNode: null }).every((n) => n.state === 'pending'),
    ).toBe(true);
  });
});

describe('apps and templates as recipes', () => {
  it('puts the subject in the item style, and picks the ratio nearest the cover', () => {
    expect(studio.recipePrompt('Neon Poster', ' a fox ')).toBe('a fox, Neon Poster style');
    expect(studio.recipePrompt('Neon Poster', '   ')).toBe('Neon Poster');
    expect(studio.recipeAspectRatio(300, 400)).toBe('3:4');
    expect(studio.recipeAspectRatio(1920, 1080)).toBe('16:9');
    expect(studio.recipeAspectRatio(0, 10)).toBe('1:1');
  });
});

describe('the e-book reader', () => {
  it('property: pages are non-empty, at most the page size, and hold every word in order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.stringMatching(/^[a-z]{1,30}$/), { minLength: 1, maxLength: 40 }), {
          maxLength: 12,
        }),
        fc.integer({ min: 20, max: 400 }),
        (paragraphs, size) => {
          const text = paragraphs.map((p) => p.join(' ')).join('\n\n');
          const pages = studio.paginate(text, size);
          for (const p of pages) {
            expect(p.trim()).not.toBe('');
            expect(p.length).toBeLessThanOrEqual(size);
          }
          expect(pages.join(' ').split(/\s+/).filter(Boolean).join('')).toBe(
            text.split(/\s+/).filter(Boolean).join(''),
          );
        },
      ),
    );
  });
  it('turns pages across chapters and maps keys (mirrored right to left)', () => {
    expect(studio.moveReader({ chapter: 1, page: 2 }, 'next', 3, 4)).toEqual({ chapter: 2, page: 0 });
    expect(studio.moveReader({ chapter: 2, page: 0 }, 'previous', 3, 4)).toEqual({ chapter: 1, page: -1 });
    expect(studio.moveReader({ chapter: 4, page: 2 }, 'next', 3, 4)).toEqual({ chapter: 4, page: 2 });
    expect(studio.moveReader({ chapter: 1, page: 0 }, 'previous', 3, 4)).toEqual({ chapter: 1, page: 0 });
    expect(studio.moveReader({ chapter: 3, page: 1 }, 'last', 5, 4)).toEqual({ chapter: 3, page: 4 });
    expect(studio.resolvePage(-1, 5)).toBe(4);
    expect(studio.readerMoveOfKey('ArrowRight')).toBe('next');
    expect(studio.readerMoveOfKey('ArrowRight', true)).toBe('previous');
    expect(studio.readerMoveOfKey('Home')).toBe('first');
    expect(studio.readerMoveOfKey('x')).toBeNull();
  });
});

describe('studio state', () => {
  const record = (status: number): studio.TrainingRecord => ({
    id: 't1',
    name: 'n',
    base_model: 'SDXL',
    train_type: 'style',
    trigger_word: 'n',
    image_count: 9,
    images: [],
    steps: 1000,
    status,
    process: 0,
    status_desc: '',
    estimate_time: 0,
    cost: 30,
    create_at: 0,
    finished_at: null,
    saved: false,
    published_model_id: null,
  });
  it('keeps what it shows while it is asked again, and a failed refresh keeps it', () => {
    const key = studio.studioKey.training('t1');
    const { state, violation } = given(
      studio.resourceRequested({ key }),
      studio.resourceLoaded({ key, value: { kind: 'training', record: record(2) } }),
    ).when(studio.resourceRequested({ key }), studio.resourceFailed({ key, code: 0 }));
    expect(violation).toBeNull();
    expect(studio.selectResource(state.studio, key, 'training').status).toBe('loaded');
    expect(studio.selectResource(state.studio, key, 'workflow').status).toBe('idle');
  });
  it('the invariants refuse a resource under another kind key, and a palette of more than 5 colours', () => {
    const bad = given().when(
      studio.resourceLoaded({ key: 'workflow:x', value: { kind: 'training', record: record(1) } }),
    );
    expect(bad.violation?.invariant).toContain('resourceKindMatchesKey');
    const colours = Array.from({ length: 6 }, (_, i) => ({ hex: `#00000${i}`, share: 1 / 6 }));
    expect(given().when(studio.paletteExtracted({ url: 'u', colours })).violation?.invariant).toContain(
      'paletteShape',
    );
  });
  it('playback: an ended stream stays ended; a pause of another stream is ignored; sign-out clears', () => {
    const { state } = given(
      studio.playbackChanged({ streamId: 'a', status: 'playing' }),
      studio.playbackChanged({ streamId: 'a', status: 'ended' }),
    ).when(
      studio.playbackChanged({ streamId: 'a', status: 'paused' }),
      studio.playbackChanged({ streamId: 'b', status: 'paused' }),
    );
    expect(state.studio.playback).toEqual({ streamId: 'a', status: 'ended' });
    expect(
      given(studio.runStarted({ key: 'lora', id: 'x' })).when(studio.studioCleared({})).state.studio,
    ).toEqual(studio.initialStudioState);
  });
});

describe('GIF clips’ frame sheets are let go once no clip shows them (issue 13)', () => {
  const sheet = (url: string): editor.GifSheet => ({
    image: `blob:${url}`,
    columns: 1,
    rows: 1,
    width: 8,
    height: 6,
    frameWidth: 8,
    frameHeight: 6,
    gutter: 2,
    timing: { delaysCs: [10], plays: null },
    decoder: 'webcodecs',
  });
  const decoded = given(
    studio.gifSheetReady({ url: '/a.gif', sheet: sheet('/a.gif') }),
    studio.gifSheetReady({ url: '/b.gif', sheet: sheet('/b.gif') }),
    studio.gifSheetFailed({ url: '/broken.gif' }),
  );

  it('the unused ones are the decoded sheets no clip shows; a GIF that failed holds nothing and is not among them', () => {
    const s = decoded.state.studio;
    expect(studio.selectUnusedGifSheets(s, [{ url: '/b.gif' }, { url: '/x.png' }])).toEqual(['/a.gif']);
    expect(studio.selectUnusedGifSheets(s, [])).toEqual(['/a.gif', '/b.gif']);
    expect(studio.selectUnusedGifSheets(s, [{ url: '/a.gif' }, { url: '/b.gif' }])).toEqual([]);
  });

  it('released sheets leave the state (decoded again if a clip shows them later); the rest stay', () => {
    const { state, violation } = decoded.when(studio.gifSheetsReleased({ urls: ['/a.gif', '/gone.gif'] }));
    expect(violation).toBeNull();
    expect(Object.keys(state.studio.gifs).sort()).toEqual(['/b.gif', '/broken.gif']);
    const again = decoded.when(
      studio.gifSheetsReleased({ urls: ['/a.gif'] }),
      studio.gifSheetsReleased({ urls: ['/a.gif'] }),
    );
    expect(studio.selectGifSheet(again.state.studio, '/a.gif')).toBeNull();
  });
});
