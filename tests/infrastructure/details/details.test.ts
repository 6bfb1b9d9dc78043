/**
 * The detail and search epics and the client's rich-text sanitiser (issue 11; spec §5 "Rich text:
 * sanitised; only a fixed list of tags, attributes and styles is allowed. javascript and data
 * links are removed. External links open in a new tab.").
 */
import * as E from 'fp-ts/Either';
import { JSDOM } from 'jsdom';
import { of } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { details, search } from '../../../domain/index.js';
import type { ContentItem, PostDetail, SearchResponse } from '../../../infrastructure/contract/feed';
import { loadDetail } from '../../../infrastructure/details/commands';
import { loadSearchResults } from '../../../infrastructure/search/commands';
import { makeRichTextSanitizer } from '../../../infrastructure/details/sanitize';
import { makeStore } from '../../../infrastructure/app/makeStore';
import { fakeDetailsDeps } from '../../support/fakes/details';
import { makeFakeDeps } from '../../support/fakeApi';

const sanitize = makeRichTextSanitizer(new JSDOM('').window as never, 'https://atelier.example');

describe('rich text (spec §5) under the domain/moderation policy', () => {
  it('drops scripts and handlers, javascript: and data: links, and styles outside the list', () => {
    const out = sanitize(
      '<p onclick="x()" style="color: red; position: fixed">Hi<script>alert(1)</script></p>' +
        '<a href="javascript:alert(1)">a</a><a href="data:text/html,x">b</a><img src="x" onerror="y()">' +
        '<iframe src="https://evil.example"></iframe><table><tr><td>cell</td></tr></table>',
    );
    expect(out).not.toMatch(/script|onclick|onerror|javascript|data:|iframe|position|<table/i);
    expect(out).toContain('<p style="color: red">Hi</p>');
    expect(out).toContain('cell');
  });

  it('opens external links in a new tab without access to this window; own links stay', () => {
    const out = sanitize(
      '<a href="https://example.com/guide" target="_self" rel="opener">g</a>' +
        '<a href="/model" target="_blank">m</a><a href="https://atelier.example/x">own</a>',
    );
    const doc = new JSDOM(out).window.document;
    const [ext, rel, own] = [...doc.querySelectorAll('a')];
    expect(ext?.getAttribute('target')).toBe('_blank');
    expect(ext?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(rel?.hasAttribute('target')).toBe(false);
    expect(own?.hasAttribute('target')).toBe(false);
  });
});

const content = (id: string, over: Partial<ContentItem> = {}): Omit<ContentItem, 'media'> => ({
  id,
  obj_type: 4,
  card_type: 'post',
  title: `t${id}`,
  cover: null,
  liked: false,
  collect: null,
  folder_no: null,
  stat: { num_of_like: 2, num_of_collection: 0 },
  num_of_praise: 2,
  author: { id: 'a1', name: 'Mira Sol', avatar: '', is_follow: false },
  pt: 0,
  tags: [],
  ...over,
});

describe('detail epics', () => {
  it('sanitises a post before it enters an event', () => {
    const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b));
    scheduler.run(({ cold, flush }) => {
      const post: PostDetail = {
        ...content('pst-1'),
        description: '',
        content: '<p>ok<script>x()</script></p>',
      };
      const { deps } = makeFakeDeps(
        scheduler,
        {},
        {
          details: fakeDetailsDeps({ postDetail: () => cold('-r|', { r: E.right(post) }) }, sanitize),
        },
      );
      const store = makeStore({ dependencies: deps });
      store.dispatch(loadDetail({ page: 'post', id: 'pst-1' }));
      flush();
      const item = details.selectDetailItem(store.getState().details, 'pst-1');
      expect(item?.contentHtml).toBe('<p>ok</p>');
      expect(store.eventLog()).not.toContain('<script');
      expect(store.eventLog()).toContain('<p>ok</p>');
    });
  });

  it('a post whose sanitiser could not be loaded (offline: its chunk is lazy) fails like a lost answer, and a later load shows it', () => {
    const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b));
    scheduler.run(({ cold, flush }) => {
      const post: PostDetail = { ...content('pst-2'), description: '', content: '<p>two</p>' };
      let loads = 0;
      const base = fakeDetailsDeps({ postDetail: () => cold('-r|', { r: E.right(post) }) });
      const { deps } = makeFakeDeps(
        scheduler,
        {},
        {
          details: {
            ...base,
            sanitize: (html) => (++loads === 1 ? cold('-#', {}, new Error('chunk load failed')) : of(html)),
          },
        },
      );
      const store = makeStore({ dependencies: deps });
      store.dispatch(loadDetail({ page: 'post', id: 'pst-2' }));
      flush();
      expect(details.selectDetailItem(store.getState().details, 'pst-2')).toBeNull();
      expect(store.getState().details.items['pst-2']).toMatchObject({ status: 'error', code: 0 });
      store.dispatch(loadDetail({ page: 'post', id: 'pst-2' }));
      flush();
      expect(details.selectDetailItem(store.getState().details, 'pst-2')?.contentHtml).toBe('<p>two</p>');
    });
  });

  it('marks an unknown id not found without a toast, and an id no item can have without asking', () => {
    const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b));
    scheduler.run(({ flush }) => {
      let asked = 0;
      const { deps } = makeFakeDeps(
        scheduler,
        {},
        {
          details: fakeDetailsDeps({
            itemDetail: () => {
              asked += 1;
              return of(E.left({ kind: 'api' as const, path: '/x', code: 10404, msg: 'no such item' }));
            },
          }),
        },
      );
      const store = makeStore({ dependencies: deps });
      store.dispatch(loadDetail({ page: 'artwork', id: 'art-999' }));
      store.dispatch(loadDetail({ page: 'artwork', id: 'x'.repeat(200) }));
      flush();
      const s = store.getState();
      expect(details.selectDetailFor(s.details, 'artwork', 'art-999')).toEqual({ status: 'notFound' });
      expect(details.selectDetailFor(s.details, 'artwork', 'x'.repeat(200))).toEqual({ status: 'notFound' });
      expect(asked).toBe(1);
      expect(s.notices.active).toHaveLength(0);
    });
  });
});

describe('search epics', () => {
  it('pages a search with the normalised text, one request at a time, until there is no more', () => {
    const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b));
    scheduler.run(({ cold, flush }) => {
      const bodies: unknown[] = [];
      const pages: SearchResponse[] = [
        { result_type: 'content', items: [content('1'), content('2')], offset: 2, has_more: true },
        { result_type: 'content', items: [content('2'), content('3')], offset: 4, has_more: false },
      ];
      let n = 0;
      const { deps } = makeFakeDeps(
        scheduler,
        {},
        {
          details: fakeDetailsDeps({
            search: (req) => {
              bodies.push(req);
              return cold('--r|', { r: E.right(pages[n++]!) });
            },
          }),
        },
      );
      const store = makeStore({ dependencies: deps });
      store.dispatch(loadSearchResults({ query: '  mira   sol ', tab: 1 }));
      store.dispatch(loadSearchResults({ query: 'mira sol', tab: 1 })); // ignored: a page is loading
      flush();
      store.dispatch(loadSearchResults({ query: 'Mira Sol', tab: 1 }));
      flush();
      store.dispatch(loadSearchResults({ query: 'mira sol', tab: 1 })); // nothing left
      flush();
      expect(bodies).toEqual([
        { keyword: 'mira sol', tab: 1, offset: 0, limit: 20 },
        { keyword: 'Mira Sol', tab: 1, offset: 2, limit: 20 },
      ]);
      const list = search.selectResults(store.getState().search, search.searchKey('mira sol', 1));
      expect(list.items.map((r) => (r.kind === 'work' ? r.work.id : ''))).toEqual(['1', '2', '3']);
      expect(list.hasMore).toBe(false);
    });
  });
});
