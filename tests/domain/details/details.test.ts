/**
 * Detail pages (issue 11; spec §2 card types and shared addresses, §8 10404): which page shows
 * which card, the addresses of cards and remixes, and the state of items, comments and the works
 * beside them. Examples given / when / then, and the laws as properties.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { replayWith, stamp, type DomainEvent, type UnstampedEvent } from '../../../domain/index.js';
import * as details from '../../../domain/details/index.js';
import * as routing from '../../../domain/routing/index.js';
import { CARD_TYPES } from '../../../domain/feed/catalog.js';
import { givenIn } from '../../support/context-spec.js';

const ctx = details.detailsContext;
const given = givenIn(ctx);

const item = (over: Partial<details.DetailItem> = {}): details.DetailItem => ({
  id: 'art-001',
  objType: 1,
  cardType: 'artwork',
  title: 'Quiet Harbour',
  description: '',
  cover: { url: '/c.png', width: 300, height: 400 },
  author: { id: 'a1', name: 'Mira Sol', avatar: '/a.png' },
  publishedAt: 1,
  tags: [],
  stats: { likes: 1, collections: 0, plays: null, tasks: null },
  meta: null,
  models: [],
  media: null,
  modelType: null,
  baseModel: null,
  versions: [],
  triggerWords: [],
  contentHtml: null,
  subChannel: null,
  ...over,
});
const comment = (id: string, at = 1): details.DetailComment => ({
  id,
  content: `c ${id}`,
  createdAt: at,
  author: { id: 'a2', name: 'Kenji', avatar: '/k.png' },
});

describe('detail addresses (issue 11 shared addresses; spec §2 card types)', () => {
  it('sends artworks, portfolios and lookbooks to /artwork/:id, and every other type to its own page', () => {
    expect(details.detailPathOf('artwork', 'a1')).toBe('/artwork/a1');
    expect(details.detailPathOf('portfolio', 'p1')).toBe('/artwork/p1');
    expect(details.detailPathOf('lookBook', 'l1')).toBe('/artwork/l1');
    expect(details.detailPathOf('model', 'm1')).toBe('/models/m1');
    expect(details.detailPathOf('post', 'p1')).toBe('/posts/p1');
    expect(details.detailPathOf('aiAudio', 'x')).toBe('/audio/x');
    expect(details.detailPathOf('aiVideo', 'x')).toBe('/video/x');
    expect(details.detailPathOf('character', 'c')).toBe('/characters/c');
    expect(details.detailPathOf('aiapp', 'c')).toBe('/apps/c');
    expect(details.detailPathOf('workflow', 'w')).toBe('/workflows/w');
    expect(details.detailPathOf('paletteTemplate', 't')).toBe('/templates/t');
    expect(details.detailPathOf('ebook', 'e')).toBe('/novels/e');
    // A LoRA training opens the model it produced; one that names none, LoRA training with its template.
    expect(details.detailPathOf('lora_train', 'l1', 'mdl lora')).toBe('/models/mdl%20lora');
    expect(details.detailPathOf('lora_train', 'l&1')).toBe('/lora-training?template=l%261');
  });

  it('remixes through Create: /create?remix=<id>, /create?model=<id>; image to video carries the URL encoded', () => {
    expect(details.remixHref('art-001')).toBe('/create?remix=art-001');
    expect(details.modelRemixHref('mdl 1')).toBe('/create?model=mdl%201');
    expect(details.imageToVideoHref('/blobs/a b.png?x=1')).toBe(
      '/ai-tools/ai-video-generator?image=%2Fblobs%2Fa%20b.png%3Fx%3D1',
    );
  });

  it('keeps any id inside one path segment (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CARD_TYPES.filter((t) => t !== 'lora_train')),
        fc.string({ minLength: 1 }),
        (type, id) => {
          const path = details.detailPathOf(type, id);
          expect(path.split('/')).toHaveLength(3);
          expect(decodeURIComponent(path.split('/')[2]!)).toBe(id);
        },
      ),
    );
  });

  it('shows a card type only on its page; 10404 is not found, any other code an error to retry', () => {
    expect(details.pageShows('artwork', 'portfolio')).toBe(true);
    expect(details.pageShows('artwork', 'model')).toBe(false);
    expect(details.pageShows('video', 'aiVideo')).toBe(true);
    expect(details.failureOf(10404)).toBe('notFound');
    expect(details.failureOf(500)).toBe('error');
    expect(details.failureOf(0)).toBe('error');
  });

  it('formats player durations as m:ss and h:mm:ss', () => {
    expect(details.formatDuration(0)).toBe('0:00');
    expect(details.formatDuration(9.6)).toBe('0:10');
    expect(details.formatDuration(75)).toBe('1:15');
    expect(details.formatDuration(3723)).toBe('1:02:03');
    expect(details.formatDuration(Number.NaN)).toBe('0:00');
  });

  it('sends a comment trimmed, never an empty one or one over 500 characters', () => {
    expect(details.commentText('  hi  ')).toBe('hi');
    expect(details.commentText('   ')).toBeNull();
    expect(details.commentText('x'.repeat(501))).toBeNull();
    expect(details.commentText('x'.repeat(500))).toHaveLength(500);
  });
});

describe('detail items', () => {
  it('is loading, then loaded; a 10404 is not found, another failure an error', () => {
    const { state } = given(details.itemRequested({ id: 'art-001' }));
    expect(details.selectDetailFor(state, 'artwork', 'art-001')).toEqual({ status: 'loading' });
    expect(details.isDetailSettled(state, 'art-001')).toBe(false);
    const loaded = given(details.itemRequested({ id: 'art-001' })).when(details.itemLoaded({ item: item() }));
    expect(details.selectDetailFor(loaded.state, 'artwork', 'art-001')).toMatchObject({ status: 'loaded' });
    const missing = given(details.itemRequested({ id: 'x' })).when(
      details.itemFailed({ id: 'x', code: 10404 }),
    );
    expect(details.selectDetailFor(missing.state, 'post', 'x')).toEqual({ status: 'notFound' });
    expect(details.isDetailSettled(missing.state, 'x')).toBe(true);
    const broken = given(details.itemRequested({ id: 'x' })).when(details.itemFailed({ id: 'x', code: 0 }));
    expect(details.selectDetailFor(broken.state, 'post', 'x')).toEqual({ status: 'error', code: 0 });
  });

  it('is not found on the page of another type (a model at /artwork/:id)', () => {
    const { state } = given(details.itemLoaded({ item: item({ id: 'm', cardType: 'model', objType: 2 }) }));
    expect(details.selectDetailFor(state, 'artwork', 'm')).toEqual({ status: 'notFound' });
    expect(details.selectDetailFor(state, 'model', 'm')).toMatchObject({ status: 'loaded' });
  });

  it('keeps a loaded item shown when fetching it again fails for the network', () => {
    const { state } = given(details.itemLoaded({ item: item() })).when(
      details.itemRequested({ id: 'art-001' }),
      details.itemFailed({ id: 'art-001', code: 0 }),
    );
    expect(details.selectDetailItem(state, 'art-001')?.title).toBe('Quiet Harbour');
  });
});

describe('comments (newest first, paged, each once)', () => {
  it('pages forward and drops answers for a page no longer awaited', () => {
    const { state, violation } = given(details.commentsRequested({ id: 'a', offset: 0 })).when(
      details.commentsLoaded({
        id: 'a',
        offset: 0,
        items: [comment('1'), comment('2')],
        nextOffset: 2,
        hasMore: true,
        total: 3,
      }),
      details.commentsRequested({ id: 'a', offset: 2 }),
      // A stale answer for the first page is ignored.
      details.commentsLoaded({
        id: 'a',
        offset: 0,
        items: [comment('9')],
        nextOffset: 1,
        hasMore: true,
        total: 3,
      }),
      details.commentsLoaded({
        id: 'a',
        offset: 2,
        items: [comment('2'), comment('3')],
        nextOffset: 4,
        hasMore: false,
        total: 3,
      }),
    );
    expect(violation).toBeNull();
    const list = details.selectComments(state, 'a');
    expect(list.items.map((c) => c.id)).toEqual(['1', '2', '3']);
    expect(list.hasMore).toBe(false);
    expect(details.selectNextCommentsOffset(state, 'a')).toBeNull();
  });

  it('retries the page that failed', () => {
    const { state } = given(details.commentsRequested({ id: 'a', offset: 0 })).when(
      details.commentsFailed({ id: 'a', offset: 0, code: 0 }),
    );
    expect(details.selectComments(state, 'a').status).toBe('error');
    expect(details.selectNextCommentsOffset(state, 'a')).toBe(0);
  });

  it('puts the person’s new comment first and counts it', () => {
    const { state } = given(
      details.commentsRequested({ id: 'a', offset: 0 }),
      details.commentsLoaded({
        id: 'a',
        offset: 0,
        items: [comment('1')],
        nextOffset: 1,
        hasMore: true,
        total: 5,
      }),
    ).when(details.commentAdded({ id: 'a', comment: comment('new') }));
    const list = details.selectComments(state, 'a');
    expect(list.items.map((c) => c.id)).toEqual(['new', '1']);
    expect(list.total).toBe(6);
    expect(details.selectNextCommentsOffset(state, 'a')).toBe(2);
  });

  it('never holds a comment twice, whatever the answers (property)', () => {
    const ids = fc.constantFrom('1', '2', '3', '4');
    const ev = fc.oneof(
      fc.nat(6).map((o) => details.commentsRequested({ id: 'a', offset: o })),
      fc
        .record({ o: fc.nat(6), items: fc.array(ids, { maxLength: 4 }), more: fc.boolean() })
        .map(({ o, items, more }) =>
          details.commentsLoaded({
            id: 'a',
            offset: o,
            items: items.map((i) => comment(i)),
            nextOffset: o + items.length,
            hasMore: more,
            total: items.length,
          }),
        ),
      ids.map((i) => details.commentAdded({ id: 'a', comment: comment(`n${i}`) })),
    );
    fc.assert(
      fc.property(fc.array(ev, { maxLength: 25 }), (events) => {
        const stamped = events.map((e: UnstampedEvent, i) => stamp(e, i + 1, i + 1)) as DomainEvent[];
        const r = replayWith(
          ctx.evolve as unknown as (s: details.DetailsState, e: DomainEvent) => details.DetailsState,
          ctx.invariants,
          ctx.initialState,
          stamped,
        );
        expect(r.violation).toBeNull();
      }),
    );
  });
});

describe('works beside an item (related works, a model’s samples)', () => {
  it('loads each list of each item apart, each work once', () => {
    const card = (id: string): details.WorkCard => ({
      id,
      objType: 1,
      cardType: 'artwork',
      title: id,
      cover: null,
      authorId: 'a',
      authorName: 'A',
      likes: 0,
    });
    const { state } = given(details.worksRequested({ id: 'm', list: 'samples' })).when(
      details.worksLoaded({ id: 'm', list: 'samples', items: [card('x'), card('x'), card('y')] }),
      details.worksRequested({ id: 'm', list: 'related' }),
    );
    expect(details.selectWorks(state, 'samples', 'm')).toEqual({
      status: 'loaded',
      items: [card('x'), card('y')],
    });
    expect(details.selectWorks(state, 'related', 'm')).toEqual({ status: 'loading' });
  });
});

describe("a detail page's work named in its HTML (issue 22: its request waited for the page's code)", () => {
  const cover = { url: '/blobs/community/covers/art-005.png', width: 1024 };

  it('preloads the same candidates and sizes the page draws: its first (most compact) source', () => {
    const picture = details.mainPictureOf(cover);
    expect(details.mainPicturePreload(cover)).toEqual({
      type: picture.sources[0]?.type,
      srcSet: picture.sources[0]?.srcSet,
      sizes: details.MEDIA_SIZES,
    });
    expect(details.mainPicturePreload(cover)?.type).toBe('image/avif');
  });

  it('names nothing for an original without variants (an animation is shown as it is)', () => {
    expect(details.mainPicturePreload({ url: '/blobs/works/clip.gif', width: 480 })).toBeNull();
  });

  it('knows the picture pages from their addresses, with or without a language, and nothing else', () => {
    expect(details.pictureDetailOfPath('/artwork/art-005')).toEqual({ page: 'artwork', id: 'art-005' });
    expect(details.pictureDetailOfPath('/ar/models/mdl-002/')).toEqual({ page: 'model', id: 'mdl-002' });
    for (const other of [
      '/',
      '/explore',
      '/artwork/',
      '/models/newDetail/mdl-002',
      '/post/p-1',
      '/artwork/%E0%A4%A',
    ])
      expect(details.pictureDetailOfPath(other), other).toBeNull();
  });

  it('law: the address of any work, in any language, names that work', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...routing.SUPPORTED_LOCALES),
        fc.constantFrom('artwork' as const, 'model' as const),
        fc.string({ minLength: 1 }),
        (locale, page, id) => {
          const bare = `/${page === 'model' ? 'models' : 'artwork'}/${encodeURIComponent(id)}`;
          expect(details.pictureDetailOfPath(routing.localizedPath(locale, bare))).toEqual({ page, id });
        },
      ),
    );
  });
});
