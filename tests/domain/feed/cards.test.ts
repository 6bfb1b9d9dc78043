import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { details, feed } from '../../../domain/index.js';

const card = (cardType: feed.CardType, extra: Partial<feed.FeedCard> = {}): feed.FeedCard => ({
  id: 'x-1',
  obj_type: 1,
  cardType,
  title: 'A work',
  cover: { url: '/blobs/community/covers/x-1.png', width: 300, height: 400 },
  authorId: 'a',
  ...extra,
});

describe('cards open their detail address (spec §2 "Card behaviour per content type", the shared addresses)', () => {
  it.each([
    ['artwork', '/artwork/x-1'],
    ['portfolio', '/artwork/x-1'],
    ['lookBook', '/artwork/x-1'],
    ['aiVideo', '/video/x-1'],
    ['aiAudio', '/audio/x-1'],
    ['model', '/models/x-1'],
    ['post', '/posts/x-1'],
    ['character', '/characters/x-1'],
    ['aiapp', '/apps/x-1'],
    ['comfyUIApp', '/apps/x-1'],
    ['workflow', '/workflows/x-1'],
    ['paletteTemplate', '/templates/x-1'],
    ['ebook', '/novels/x-1'],
  ] as const)('%s opens %s', (type, path) => {
    expect(feed.cardDetailPath(card(type))).toBe(path);
  });

  it('a LoRA training opens the model it produced, never a model page under its own id (issue 21)', () => {
    expect(feed.cardDetailPath(card('lora_train', { id: 'lora-021', trainedModelId: 'mdl-lora-021' }))).toBe(
      '/models/mdl-lora-021',
    );
    // One that names no model opens LoRA training with its template (a real page), not /models/lora-…
    expect(feed.cardDetailPath(card('lora_train', { id: 'lora-021' }))).toBe(
      '/lora-training?template=lora-021',
    );
    // The card and its search result or related tile open the same address (one definition).
    fc.assert(
      fc.property(
        fc.constantFrom(...feed.CARD_TYPES),
        fc.string({ minLength: 1 }),
        fc.option(fc.string({ minLength: 1 }), { nil: undefined }),
        (type, id, model) => {
          const c = card(type, { id, ...(model === undefined ? {} : { trainedModelId: model }) });
          expect(feed.cardDetailPath(c)).toBe(details.detailPathOf(type, id, model));
          if (type === 'lora_train')
            expect(feed.cardDetailPath(c).startsWith(`/models/${encodeURIComponent(id)}`)).toBe(
              model !== undefined && model === id,
            );
        },
      ),
    );
  });

  it('an id is one path segment, whatever it holds', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.constantFrom(...feed.CARD_TYPES), (id, type) => {
        fc.pre(type !== 'lora_train');
        const path = feed.cardDetailPath({ id, cardType: type });
        const segments = path.split('/');
        expect(segments).toHaveLength(3);
        expect(decodeURIComponent(segments[2]!)).toBe(id);
      }),
    );
  });
});

describe('card actions (spec §2: artwork Remix, Download, image-to-video, play; app, workflow, audio, template Try; character chat; model Remix; lora_train model navigation)', () => {
  it('Remix of a work lands on Create with the work; Remix of a model with the model', () => {
    expect(feed.actionIntent('remix', card('artwork'))).toEqual({
      kind: 'navigate',
      to: '/create?remix=x-1',
    });
    expect(feed.actionIntent('remix', card('model'))).toEqual({ kind: 'navigate', to: '/create?model=x-1' });
  });

  it('image-to-video opens the video tool with the cover address encoded; download saves the cover', () => {
    expect(feed.actionIntent('imageToVideo', card('artwork'))).toEqual({
      kind: 'navigate',
      to: '/ai-tools/ai-video-generator?image=%2Fblobs%2Fcommunity%2Fcovers%2Fx-1.png',
    });
    expect(feed.actionIntent('download', card('artwork'))).toEqual({
      kind: 'download',
      url: '/blobs/community/covers/x-1.png',
    });
    expect(feed.actionIntent('download', card('artwork', { cover: null }))).toBeNull();
    expect(feed.actionIntent('imageToVideo', card('artwork', { cover: null }))).toBeNull();
  });

  it('Try opens the detail of an app, audio or template, copies a workflow to run it; chat opens the chat room; lora_train its model', () => {
    expect(feed.actionIntent('try', card('aiapp'))).toEqual({ kind: 'navigate', to: '/apps/x-1' });
    expect(feed.actionIntent('try', card('workflow'))).toEqual({ kind: 'copyWorkflow', itemId: 'x-1' });
    expect(feed.actionIntent('try', card('aiAudio'))).toEqual({ kind: 'navigate', to: '/audio/x-1' });
    expect(feed.actionIntent('try', card('paletteTemplate'))).toEqual({
      kind: 'navigate',
      to: '/templates/x-1',
    });
    expect(feed.actionIntent('chat', card('character'))).toEqual({ kind: 'navigate', to: '/chat/x-1' });
    expect(
      feed.actionIntent('modelNavigation', card('lora_train', { trainedModelId: 'mdl-lora-001' })),
    ).toEqual({
      kind: 'navigate',
      to: '/models/mdl-lora-001',
    });
    // A training that names no model offers no model navigation.
    expect(feed.actionIntent('modelNavigation', card('lora_train'))).toBeNull();
  });

  it('play is offered only for a card with media; a still artwork offers the rest', () => {
    expect(feed.cardIntents(card('artwork')).map((a) => a.action)).toEqual([
      'remix',
      'download',
      'imageToVideo',
    ]);
    const video = card('aiVideo', { media: { kind: 'video', url: '/blobs/community/media/x-1.gif' } });
    expect(feed.cardIntents(video).map((a) => a.action)).toEqual(['remix', 'download', 'play']);
    expect(feed.actionIntent('play', video)).toEqual({ kind: 'play', media: video.media });
    const audio = card('aiAudio', { media: { kind: 'audio', url: '/blobs/community/media/x-1.wav' } });
    expect(feed.cardIntents(audio).map((a) => a.action)).toEqual(['play', 'try']);
  });

  it('property: every intent of every card type names an address of ours or the card itself', () => {
    fc.assert(
      fc.property(fc.constantFrom(...feed.CARD_TYPES), fc.boolean(), (type, withMedia) => {
        const c = card(type, withMedia ? { media: { kind: 'video', url: '/m.gif' } } : {});
        for (const { action, intent } of feed.cardIntents(c)) {
          expect(feed.cardActions(type)).toContain(action);
          if (intent.kind === 'navigate') expect(intent.to.startsWith('/')).toBe(true);
          if (intent.kind === 'copyWorkflow') expect(intent.itemId).toBe(c.id);
        }
      }),
    );
  });
});

describe('card statistics (spec §2 "like, collection, task, token, play"; §9 count format in the view)', () => {
  it('reads each statistic of the type with its count; a count the card lacks is 0', () => {
    expect(
      feed.cardStatValues(card('aiVideo', { counts: { play: 12_345 } }), { like: 5, collection: 2 }),
    ).toEqual([
      { stat: 'play', value: 12_345 },
      { stat: 'like', value: 5 },
      { stat: 'collection', value: 2 },
    ]);
    expect(
      feed.cardStatValues(card('character', { counts: { usage: 1_500_000 } }), { like: 0, collection: 0 })[0],
    ).toEqual({
      stat: 'token',
      value: 1_500_000,
    });
    expect(feed.cardStatValues(card('lora_train'), { like: 0, collection: 0 })).toEqual([
      { stat: 'task', value: 0 },
    ]);
  });

  it('beside the like button (which counts the likes), a card shows the rest of its statistics in order', () => {
    expect(feed.cardCountStats(card('aiVideo', { counts: { play: 12_345 } }), 2)).toEqual([
      { stat: 'play', value: 12_345 },
      { stat: 'collection', value: 2 },
    ]);
  });
});

describe('cover load retries (spec §8 "image load errors are retried up to 2 times")', () => {
  it('gives a new address for the first and second failure, none after', () => {
    expect(feed.coverRetryUrl('/c/a.png', 1)).toBe('/c/a.png?retry=1');
    expect(feed.coverRetryUrl('/c/a.png?v=3', 2)).toBe('/c/a.png?v=3&retry=2');
    expect(feed.coverRetryUrl('/c/a.png#f', 1)).toBe('/c/a.png?retry=1#f');
    expect(feed.coverRetryUrl('/c/a.png', 3)).toBeNull();
    expect(feed.coverRetryUrl('/c/a.png', 0)).toBeNull();
  });

  it('property: at most COVER_LOAD_RETRIES retries, each a distinct address', () => {
    fc.assert(
      fc.property(fc.webUrl({ size: 'small' }), (url) => {
        const tries = Array.from({ length: 5 }, (_, i) => feed.coverRetryUrl(url, i + 1)).filter(
          (u): u is string => u !== null,
        );
        expect(tries).toHaveLength(feed.COVER_LOAD_RETRIES);
        expect(new Set([url, ...tries]).size).toBe(tries.length + 1);
      }),
      { numRuns: 30 },
    );
  });
});
