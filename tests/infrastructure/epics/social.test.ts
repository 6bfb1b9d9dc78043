/**
 * Social epics in virtual time: a guest's like opens the login dialog and lands after the
 * sign-in (spec §5); likes made offline wait in the outbox and are sent once, in order, with
 * their idempotency keys when the browser's `online` event comes; going offline mid-call puts
 * the write back; a follow and a collect into a chosen folder; read one and read all (spec §4).
 */
import * as E from 'fp-ts/Either';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { messages, notices, session, social } from '../../../domain/index.js';
import type { BehaviorLogResponse } from '../../../infrastructure/contract/social';
import { closeDialog } from '../../../infrastructure/notices/commands';
import {
  collectItem,
  markAllMessagesRead,
  markMessageRead,
  toggleFollow,
  toggleLike,
} from '../../../infrastructure/social/commands';
import { appStarted } from '../../../infrastructure/store/commands';
import { makeStore } from '../../../infrastructure/app/makeStore';
import { makeFakeDeps } from '../../support/fakeApi';
import { makeFakeSocial } from '../../support/fakes/social';
import { makeFakePlatform } from '../../support/fakes/platform';
import { SOCIAL_OUTBOX_KEY } from '../../../infrastructure/platform/storage';

const user = {
  id: 'u1',
  accountName: 'u1',
  name: 'U',
  email: 'u@x.test',
  avatar: '',
  status: 1,
  role: 'user',
};
const item = (id: string, liked = false): social.ContentItem => ({
  id,
  obj_type: 1,
  liked,
  collect: null,
  stat: { num_of_like: 3, num_of_collection: 0 },
  author: { id: 'a1', is_follow: false },
});
const likeAnswer = (id: string, liked: boolean, n: number): E.Either<never, BehaviorLogResponse> =>
  E.right({ accepted: 1, likes: [{ obj_id: id, obj_type: 1, liked, num_of_like: n }] });

const newScheduler = () => new TestScheduler((a, b) => expect(a).toEqual(b));

describe('a guest’s like (spec §5: login dialog, then the action asked for)', () => {
  it('records the intent, opens the login dialog, and likes once the person signs in', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const fake = makeFakeSocial(scheduler, {
        api: { like: () => cold('-r|', { r: likeAnswer('1', true, 4) }) },
      });
      const { deps } = makeFakeDeps(scheduler, {}, { social: fake.deps });
      const store = makeStore({ dependencies: deps });
      store.dispatch(social.itemsReceived({ items: [item('1')] }));
      store.dispatch(toggleLike({ key: '1:1' }));
      expect(store.getState().notices.dialog?.name).toBe('login');
      expect(social.selectIntent(store.getState().social)).toEqual({ kind: 'like', key: '1:1' });
      expect(fake.calls).toHaveLength(0);
      store.dispatch(session.userInfoSet({ user }));
      flush();
      expect(fake.calls.filter((c) => c.name === 'like')).toHaveLength(1);
      expect(fake.calls[0]!.body).toMatchObject({
        items: [{ event_name: 'like', obj_id: '1', obj_type: 1 }],
      });
      expect(social.selectIntent(store.getState().social)).toBeNull();
      expect(social.selectContentItem(store.getState().social, '1:1')).toMatchObject({
        liked: true,
        stat: { num_of_like: 4 },
      });
    });
  });

  it('a replayed like never unlikes: an item the account already liked stays liked with the server’s count', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const fake = makeFakeSocial(scheduler, {
        api: { like: () => cold('-r|', { r: likeAnswer('1', true, 9) }) },
      });
      const { deps } = makeFakeDeps(scheduler, {}, { social: fake.deps });
      const store = makeStore({ dependencies: deps });
      store.dispatch(social.itemsReceived({ items: [item('1')] }));
      store.dispatch(toggleLike({ key: '1:1' }));
      store.dispatch(session.userInfoSet({ user }));
      flush();
      expect((fake.calls[0]!.body as { items: { event_name: string }[] }).items[0]!.event_name).toBe('like');
      expect(social.selectContentItem(store.getState().social, '1:1')).toMatchObject({
        liked: true,
        stat: { num_of_like: 9 },
      });
    });
  });

  it('closing the dialog without signing in forgets the intent; a later sign-in sends nothing', () => {
    const scheduler = newScheduler();
    scheduler.run(({ flush }) => {
      const fake = makeFakeSocial(scheduler);
      const { deps } = makeFakeDeps(scheduler, {}, { social: fake.deps });
      const store = makeStore({ dependencies: deps });
      store.dispatch(social.itemsReceived({ items: [item('1')] }));
      store.dispatch(toggleFollow({ authorId: 'a1' }));
      store.dispatch(closeDialog({ name: 'login' }));
      flush();
      expect(social.selectIntent(store.getState().social)).toBeNull();
      store.dispatch(session.userInfoSet({ user }));
      flush();
      expect(fake.calls.filter((c) => c.name === 'follow')).toHaveLength(0);
    });
  });
});

describe('the offline outbox (likes made offline are sent once when back online)', () => {
  /** A store over the given local storage, with a session cookie, offline or online for good. */
  const reloadable = (
    scheduler: TestScheduler,
    storage: Readonly<Record<string, string>>,
    online: boolean,
  ) => {
    const platform = makeFakePlatform(scheduler, { storage, cookies: { T_present: '1' } });
    const fake = makeFakeSocial(scheduler, {
      isOnline: () => online,
      api: {
        like: (req) =>
          scheduler.createColdObservable('5ms r|', {
            r: likeAnswer((req as { items: { obj_id: string }[] }).items[0]!.obj_id, true, 4),
          }),
      },
    });
    const { deps } = makeFakeDeps(scheduler, {}, { social: fake.deps, platform: platform.deps });
    const store = makeStore({ dependencies: deps });
    store.dispatch(appStarted({}));
    return { store, platform, fake };
  };

  it('a reload while offline keeps the writes made offline, and they are sent once back online', () => {
    const scheduler = newScheduler();
    scheduler.maxFrames = 1_000_000;
    scheduler.run(({ flush }) => {
      const first = reloadable(scheduler, {}, false);
      first.store.dispatch(session.userInfoSet({ user }));
      first.store.dispatch(social.itemsReceived({ items: [item('1'), item('2')] }));
      first.store.dispatch(toggleLike({ key: '1:1' }));
      first.store.dispatch(toggleLike({ key: '1:2' }));
      flush();
      expect(first.fake.calls.filter((c) => c.name === 'like')).toHaveLength(0);
      const opIds = first.store.recorder
        .events()
        .filter(social.likeToggled.match)
        .map((e) => e.payload.opId);
      const stored = JSON.parse(first.platform.storage.get(SOCIAL_OUTBOX_KEY) ?? 'null');
      expect(stored.accountId).toBe('u1');
      expect(stored.requests.map((r: { opId: string }) => r.opId)).toEqual(opIds);

      // The reload, now online: the same account's session comes back, and with it the two likes.
      const second = reloadable(scheduler, first.platform.storage.snapshot(), true);
      flush();
      const likes = second.fake.calls.filter((c) => c.name === 'like');
      expect(likes.map((c) => (c.body as { idempotency_key: string }).idempotency_key)).toEqual(opIds);
      expect(social.selectOutbox(second.store.getState().social)).toEqual([]);
      expect(second.platform.storage.get(SOCIAL_OUTBOX_KEY)).toBeNull();
    });
  });

  it('another account’s stored writes, or a copy that does not decode, are dropped at start, never sent', () => {
    const scheduler = newScheduler();
    scheduler.maxFrames = 1_000_000;
    scheduler.run(({ flush }) => {
      const first = reloadable(scheduler, {}, false);
      first.store.dispatch(session.userInfoSet({ user }));
      first.store.dispatch(social.itemsReceived({ items: [item('1')] }));
      first.store.dispatch(toggleLike({ key: '1:1' }));
      flush();
      const snapshot = first.platform.storage.snapshot();
      const other = JSON.stringify({ ...JSON.parse(snapshot[SOCIAL_OUTBOX_KEY] ?? '{}'), accountId: 'u2' });
      for (const raw of [other, '{oops', JSON.stringify({ accountId: 'u1', requests: [{ kind: 'like' }] })]) {
        const next = reloadable(scheduler, { ...snapshot, [SOCIAL_OUTBOX_KEY]: raw }, true);
        flush();
        expect(next.fake.calls.filter((c) => c.name === 'like')).toHaveLength(0);
        expect(next.platform.storage.get(SOCIAL_OUTBOX_KEY)).toBeNull();
      }
    });
  });

  it('queues while offline and sends each like once, in order, with its op id as idempotency key', () => {
    const scheduler = newScheduler();
    scheduler.run(({ hot, cold, flush }) => {
      let online = true;
      //                      offline at 10, online at 50
      const changes$ = hot('10ms f 39ms t', { f: false, t: true });
      changes$.subscribe((v) => (online = v));
      const fake = makeFakeSocial(scheduler, {
        changes$,
        isOnline: () => online,
        api: {
          like: (req) => {
            const i = (req as { items: { obj_id: string }[] }).items[0]!;
            return cold('5ms r|', { r: likeAnswer(i.obj_id, true, 4) });
          },
        },
      });
      const { deps } = makeFakeDeps(scheduler, {}, { social: fake.deps });
      const store = makeStore({ dependencies: deps });
      store.dispatch(session.userInfoSet({ user }));
      store.dispatch(social.itemsReceived({ items: [item('1'), item('2')] }));
      store.dispatch(appStarted({}));
      // At 20 and 30 (offline) the person likes two cards.
      cold('20ms a 9ms b').subscribe((k) => store.dispatch(toggleLike({ key: k === 'a' ? '1:1' : '1:2' })));
      flush();
      const likes = fake.calls.filter((c) => c.name === 'like');
      // Nothing went out offline; both went once, after the online event (at 50), one after the other.
      expect(likes.map((c) => c.at)).toEqual([50, 56]);
      expect(likes.map((c) => (c.body as { idempotency_key: string }).idempotency_key)).toEqual(
        store.recorder
          .events()
          .filter(social.likeToggled.match)
          .map((e) => e.payload.opId),
      );
      expect(social.selectOutbox(store.getState().social)).toEqual([]);
      expect(social.selectContentItem(store.getState().social, '1:1')?.liked).toBe(true);
      expect(social.selectIsItemPending(store.getState().social, '1:2')).toBe(false);
    });
  });

  it('a call that fails because the browser went offline goes back into the outbox and is sent again online', () => {
    const scheduler = newScheduler();
    scheduler.run(({ hot, cold, flush }) => {
      let online = true;
      const changes$ = hot('3ms f 26ms t', { f: false, t: true });
      changes$.subscribe((v) => (online = v));
      let attempts = 0;
      const fake = makeFakeSocial(scheduler, {
        changes$,
        isOnline: () => online,
        api: {
          like: () =>
            ++attempts === 1
              ? cold('5ms r|', { r: E.left({ kind: 'network' as const, path: '/l', message: 'offline' }) })
              : cold('5ms r|', { r: likeAnswer('1', true, 4) }),
        },
      });
      const { deps } = makeFakeDeps(scheduler, {}, { social: fake.deps });
      const store = makeStore({ dependencies: deps });
      store.dispatch(session.userInfoSet({ user }));
      store.dispatch(social.itemsReceived({ items: [item('1')] }));
      store.dispatch(appStarted({}));
      store.dispatch(toggleLike({ key: '1:1' }));
      flush();
      const likes = fake.calls.filter((c) => c.name === 'like');
      expect(likes.map((c) => c.at)).toEqual([0, 30]);
      expect(new Set(likes.map((c) => (c.body as { idempotency_key: string }).idempotency_key)).size).toBe(1);
      expect(social.selectContentItem(store.getState().social, '1:1')).toMatchObject({ liked: true });
      expect(store.getState().notices.active).toHaveLength(0);
    });
  });
});

describe('follow, collect, messages', () => {
  it('follows at once and sends follow_account_no with a key; collects into a chosen folder', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const fake = makeFakeSocial(scheduler, {
        api: {
          follow: () =>
            cold('-r|', { r: E.right({ account_id: 'a1', is_follow: true, num_of_followers: 1 }) }),
          collectAdd: () =>
            cold('-r|', {
              r: E.right({
                id: 'c9',
                collection_id: 'f2',
                collection_name: 'Ideas',
                item_id: '1',
                num_of_collection: 1,
              }),
            }),
        },
      });
      const { deps } = makeFakeDeps(scheduler, {}, { social: fake.deps });
      const store = makeStore({ dependencies: deps });
      store.dispatch(session.userInfoSet({ user }));
      store.dispatch(social.itemsReceived({ items: [item('1')] }));
      store.dispatch(toggleFollow({ authorId: 'a1' }));
      store.dispatch(
        collectItem({
          key: '1:1',
          cardType: 'artwork',
          folder: { collection_id: 'f2', collection_name: 'Ideas' },
        }),
      );
      expect(social.selectIsFollowing(store.getState().social, 'a1')).toBe(true);
      flush();
      expect(fake.calls.find((c) => c.name === 'follow')?.body).toMatchObject({ follow_account_no: 'a1' });
      expect(fake.calls.find((c) => c.name === 'collectAdd')?.body).toMatchObject({
        artwork_no: '1',
        collection_no: 'f2',
      });
      expect(social.selectCollectOf(store.getState().social, '1:1')).toEqual({
        id: 'c9',
        collection_id: 'f2',
        collection_name: 'Ideas',
      });
    });
  });

  it('marks one read and all read at once; the server’s counts follow', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const fake = makeFakeSocial(scheduler, {
        api: {
          read: () => cold('-r|', { r: E.right({ likeCol: 1, com: 0, fol: 2, sys: 0, total: 3 }) }),
          readAll: () => cold('-r|', { r: E.right({ likeCol: 0, com: 0, fol: 0, sys: 0, total: 0 }) }),
        },
      });
      const { deps } = makeFakeDeps(scheduler, {}, { social: fake.deps });
      const store = makeStore({ dependencies: deps });
      store.dispatch(session.userInfoSet({ user }));
      store.dispatch(messages.unreadCountsReceived({ counts: { likeCol: 2, com: 0, fol: 2, sys: 0 } }));
      store.dispatch(
        messages.messagePageLoaded({
          type: 'likeCol',
          offset: 1,
          hasMore: false,
          messages: [
            {
              id: 'n1',
              type: 'likeCol',
              action: 'like',
              actor: null,
              objId: null,
              objType: null,
              content: '',
              cover: null,
              isRead: false,
              createdAt: 0,
            },
          ],
        }),
      );
      store.dispatch(markMessageRead({ type: 'likeCol', id: 'n1' }));
      expect(messages.selectUnreadCounts(store.getState().messages)).toMatchObject({ likeCol: 1, total: 3 });
      expect(messages.selectMessageList(store.getState().messages, 'likeCol')?.messages[0]?.isRead).toBe(
        true,
      );
      flush();
      store.dispatch(markAllMessagesRead({}));
      expect(messages.selectTotalUnread(store.getState().messages)).toBe(0);
      flush();
      expect(fake.calls.map((c) => c.name)).toEqual(expect.arrayContaining(['read', 'readAll']));
      expect(messages.selectTotalUnread(store.getState().messages)).toBe(0);
      expect(notices.selectNotices(store.getState().notices)).toHaveLength(0);
    });
  });
});
