import * as E from 'fp-ts/Either';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { feed, session, social } from '../../../domain/index.js';
import type { ContentItem, FeedPage } from '../../../infrastructure/contract/feed';
import { loadFeedPage, muteCard } from '../../../infrastructure/feed/commands';
import { toggleLike } from '../../../infrastructure/social/commands';
import { makeStore } from '../../../infrastructure/app/makeStore';
import { makeFakeSocial } from '../../support/fakes/social';
import { makeFakeDeps } from '../../support/fakeApi';

const item = (id: string, liked = false, likes = 3): ContentItem => ({
  id,
  obj_type: 1,
  card_type: 'artwork',
  title: `t${id}`,
  cover: null,
  liked,
  collect: null,
  folder_no: null,
  stat: { num_of_like: likes, num_of_collection: 0 },
  num_of_praise: likes,
  author: { id: 'a1', name: 'A', avatar: '', is_follow: false } as ContentItem['author'],
  pt: 0,
  tags: [],
});
const page = (ids: string[], offset: number, has_more: boolean): FeedPage => ({
  items: ids.map((i) => item(i)),
  offset,
  has_more,
});
const signedIn = session.userInfoSet({
  user: { id: 'u', accountName: 'u', name: 'U', email: 'u@x.test', avatar: '', status: 1, role: 'user' },
});

describe('feed epics (spec §2 feed tabs, §4 like and muting, §5 "liking requires login")', () => {
  it('asks for one page at a time per tab with the tab defaults, appends without duplicates, and stops when there are no more', () => {
    const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b));
    scheduler.run(({ cold, flush }) => {
      const pages = [page(['1', '2'], 2, true), page(['2', '3'], 4, false)];
      let n = 0;
      const { deps, calls } = makeFakeDeps(scheduler, {
        feedPage: () => cold('--r|', { r: E.right(pages[n++]!) }),
      });
      const store = makeStore({ dependencies: deps });
      store.dispatch(loadFeedPage({ tab: 'recommend' }));
      store.dispatch(loadFeedPage({ tab: 'recommend' })); // ignored: a page is loading
      flush();
      store.dispatch(loadFeedPage({ tab: 'recommend' }));
      flush();
      store.dispatch(loadFeedPage({ tab: 'recommend' })); // nothing left
      flush();
      expect(calls.filter((c) => c.name === 'feedPage')).toHaveLength(2);
      expect(feed.selectFeedItems(store.getState().feed, 'recommend').map((c) => c.id)).toEqual([
        '1',
        '2',
        '3',
      ]);
      const firstBody = calls[0]?.body as { offset: number; order_by: string };
      expect(firstBody).toMatchObject({ offset: 0, order_by: 'recommend', timeType: 'all' });
      expect((calls[1]?.body as { offset: number }).offset).toBe(2);
    });
  });

  it('a guest who likes gets the login dialog and no request', () => {
    const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b));
    scheduler.run(({ flush }) => {
      const social$ = makeFakeSocial(scheduler);
      const { deps } = makeFakeDeps(scheduler, {}, { social: social$.deps });
      const store = makeStore({ dependencies: deps });
      store.dispatch(
        social.itemsReceived({
          items: [
            {
              id: '1',
              obj_type: 1,
              liked: false,
              collect: null,
              stat: { num_of_like: 3, num_of_collection: 0 },
              author: { id: 'a', is_follow: false },
            },
          ],
        }),
      );
      store.dispatch(toggleLike({ key: '1:1' }));
      flush();
      expect(store.getState().notices.dialog?.name).toBe('login');
      expect(social$.calls.filter((c) => c.name === 'like')).toHaveLength(0);
    });
  });

  it('a like shows at once, and is rolled back with a toast when the server refuses', () => {
    const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b));
    scheduler.run(({ cold, flush }) => {
      // Likes are the social area's core epic, on its own calls (infrastructure/social).
      const social$ = makeFakeSocial(scheduler, {
        api: {
          like: () =>
            cold('---r|', {
              r: E.left({ kind: 'api' as const, path: '/api/v1/behavior/log', code: 10404, msg: 'gone' }),
            }),
        },
      });
      const { deps } = makeFakeDeps(scheduler, {}, { social: social$.deps });
      const store = makeStore({ dependencies: deps });
      store.dispatch(signedIn);
      store.dispatch(
        social.itemsReceived({
          items: [
            {
              id: '1',
              obj_type: 1,
              liked: false,
              collect: null,
              stat: { num_of_like: 3, num_of_collection: 0 },
              author: { id: 'a', is_follow: false },
            },
          ],
        }),
      );
      store.dispatch(toggleLike({ key: '1:1' }));
      expect(social.selectContentItem(store.getState().social, '1:1')).toMatchObject({
        liked: true,
        stat: { num_of_like: 4 },
      });
      flush();
      expect(social.selectContentItem(store.getState().social, '1:1')).toMatchObject({
        liked: false,
        stat: { num_of_like: 3 },
      });
    });
  });

  it('muting hides the card from every feed', () => {
    const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b));
    scheduler.run(({ cold, flush }) => {
      const { deps } = makeFakeDeps(scheduler, {
        feedPage: () => cold('-r|', { r: E.right(page(['1', '2'], 2, false)) }),
      });
      const store = makeStore({ dependencies: deps });
      store.dispatch(loadFeedPage({ tab: 'model' }));
      flush();
      store.dispatch(muteCard({ id: '1', reason: 'notInterested' }));
      const s = store.getState();
      expect(
        feed.selectVisibleFeedItems(s.feed, 'model', social.selectHiddenIds(s.social)).map((c) => c.id),
      ).toEqual(['2']);
    });
  });

  it('sends the address sort, time and filters, pages on with them, and starts a new list when they change', () => {
    const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b));
    scheduler.run(({ cold, flush }) => {
      const { deps, calls } = makeFakeDeps(scheduler, {
        feedPage: (_path, req) =>
          cold('-r|', {
            r: E.right(page([`${req.offset ?? 0}`, `${(req.offset ?? 0) + 1}`], (req.offset ?? 0) + 2, true)),
          }),
      });
      const store = makeStore({ dependencies: deps });
      const search = (s: string) => [...new URLSearchParams(s)] as [string, string][];
      const q = feed.parseSquareSearch('model', search('sort=new&time=week&base=SDXL&type=LORA'));
      store.dispatch(loadFeedPage({ tab: 'model', query: q }));
      flush();
      store.dispatch(loadFeedPage({ tab: 'model', query: q }));
      flush();
      const bodies = calls.filter((c) => c.name === 'feedPage').map((c) => c.body);
      expect(bodies).toEqual([
        {
          offset: 0,
          order_by: 'new',
          timeType: 'week',
          order_by_time: 'week_new',
          base_models: ['SDXL'],
          model_types: ['LORA'],
        },
        {
          offset: 2,
          order_by: 'new',
          timeType: 'week',
          order_by_time: 'week_new',
          base_models: ['SDXL'],
          model_types: ['LORA'],
        },
      ]);
      expect(feed.selectFeedFor(store.getState().feed, q)).toMatchObject({ status: 'loaded', offset: 4 });

      // Other filters: a list of their own from offset 0; the previous list is not this query's.
      const other = feed.parseSquareSearch('model', search('base=Flux'));
      store.dispatch(loadFeedPage({ tab: 'model', query: other }));
      flush();
      expect(calls.filter((c) => c.name === 'feedPage').at(-1)?.body).toEqual({
        offset: 0,
        order_by: 'hot',
        timeType: 'month',
        order_by_time: 'month_hot',
        base_models: ['Flux'],
      });
      expect(feed.selectFeedFor(store.getState().feed, q).status).toBe('idle');
      expect(feed.selectFeedItems(store.getState().feed, 'model').map((c) => c.id)).toEqual(['0', '1']);

      // Anime: the recommend list narrowed to its tag.
      store.dispatch(loadFeedPage({ tab: 'anime', query: feed.parseSquareSearch('anime', []) }));
      flush();
      expect(calls.filter((c) => c.name === 'feedPage').at(-1)?.body).toMatchObject({
        offset: 0,
        order_by: 'recommend',
        tag_id: 'tag-anime',
      });
    });
  });
});
