import * as E from 'fp-ts/Either';
import { Subject, filter, map, of, timer, type Observable } from 'rxjs';
import type { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { notices, session } from '../../../domain/index.js';
import { PUSH_MESSAGE_SOURCE } from '../../../infrastructure/contract/platform';
import { enablePush } from '../../../infrastructure/push/commands';
import { openNoticeLink } from '../../../infrastructure/notices/commands';
import type { PushCapabilities, PushPermission } from '../../../infrastructure/platform/deps';
import { at, newScheduler, platformStore, recordedEvents$ } from './harness';

const user = {
  id: 'u1',
  accountName: 'ada',
  name: 'Ada',
  email: 'ada@atelier.test',
  avatar: '',
  status: 1,
  role: 'user',
};

/** A browser whose worker activates `activationMs` after registering; records what happened when. */
const fakePush = (
  scheduler: TestScheduler,
  permission: PushPermission,
  options: { answer?: PushPermission; activationMs?: number } = {},
) => {
  const log: string[] = [];
  const note = (what: string) => log.push(`${scheduler.now()} ${what}`);
  const push: Partial<PushCapabilities> = {
    supported: () => true,
    permission: () => permission,
    requestPermission: () => {
      note('ask');
      return of(options.answer ?? 'default');
    },
    register: (url) => {
      note(`register ${url}`);
      return of({
        activated: (): Observable<void> =>
          timer(options.activationMs ?? 0, scheduler).pipe(map(() => undefined)),
        subscribe: (key: string) => {
          note(`subscribe ${key}`);
          return of('{"endpoint":"https://push.example/1"}');
        },
      });
    },
  };
  return { push, log };
};

const api = {
  pushConfig: () => of(E.right({ vapid_public_key: 'BPUB' })),
  pushToken: () => of(E.right({ registered: true })),
};

describe('push registration (spec §6 "push notifications require granted permission. Denied permission stops registration"; §9 activation time-out 10 s)', () => {
  it('with permission granted, signing in registers /sw.js, waits for activation, subscribes with the VAPID key and sends the token', () => {
    const scheduler = newScheduler();
    scheduler.run(({ flush }) => {
      const p = fakePush(scheduler, 'granted', { activationMs: 9999 });
      const h = platformStore(scheduler, { push: p.push, api });
      h.store.dispatch(session.userInfoSet({ user }));
      flush();
      expect(p.log).toEqual(['0 register /sw.js', '9999 subscribe BPUB']);
      expect(h.fake.calls.map((c) => [c.at, c.name, c.body])).toEqual([
        [9999, 'pushConfig', undefined],
        [9999, 'pushToken', { token: '{"endpoint":"https://push.example/1"}' }],
      ]);
    });
  });

  it('gives up quietly when the worker is not active within 10 000 ms', () => {
    const scheduler = newScheduler();
    scheduler.run(({ flush }) => {
      const p = fakePush(scheduler, 'granted', { activationMs: 10_001 });
      const h = platformStore(scheduler, { push: p.push, api });
      h.store.dispatch(enablePush({}));
      flush();
      expect(p.log).toEqual(['0 register /sw.js']);
      expect(h.fake.calls).toEqual([]);
      expect(h.events()).toEqual([]);
    });
  });

  it('denied permission stops registration; an undecided one is asked only on enablePush, never on sign-in', () => {
    const scheduler = newScheduler();
    scheduler.run(({ flush }) => {
      const denied = fakePush(scheduler, 'denied');
      const h1 = platformStore(scheduler, { push: denied.push, api });
      h1.store.dispatch(enablePush({}));
      h1.store.dispatch(session.userInfoSet({ user }));
      const undecided = fakePush(scheduler, 'default', { answer: 'denied' });
      const h2 = platformStore(scheduler, { push: undecided.push, api });
      h2.store.dispatch(session.userInfoSet({ user }));
      h2.store.dispatch(enablePush({}));
      const granted = fakePush(scheduler, 'default', { answer: 'granted' });
      const h3 = platformStore(scheduler, { push: granted.push, api });
      h3.store.dispatch(enablePush({}));
      flush();
      expect(denied.log).toEqual([]);
      expect(undecided.log).toEqual(['0 ask']);
      expect(granted.log).toEqual(['0 ask', '0 register /sw.js', '0 subscribe BPUB']);
      expect([h1, h2].flatMap((h) => h.fake.calls)).toEqual([]);
    });
  });
});

describe('foreground push (spec §9 "an award_task message shows a notice for 3000 ms at top-right and opens its link on click")', () => {
  const award = (link: string) => ({
    source: PUSH_MESSAGE_SOURCE,
    payload: { type: 'award_task', title: 'Task done: +20 coins', body: 'Claim it', link },
  });

  it('raises an info notice with the link, placed top-right, dismissed 3000 ms later', () => {
    const scheduler = newScheduler();
    scheduler.run(({ expectObservable }) => {
      const messages$ = new Subject<unknown>();
      const h = platformStore(scheduler, { push: { messages$ } });
      expectObservable(
        recordedEvents$(h.store).pipe(
          filter((e) => e.type === 'notices/raised' || e.type === 'notices/dismissed'),
          map((e) => (e.type === 'notices/raised' ? 'r' : 'd')),
        ),
        '^ 10000ms !',
      ).toBe('100ms r 2999ms d');
      at(scheduler, 100, () => messages$.next(award('/tasks/awards?id=7')));
      at(scheduler, 200, () =>
        messages$.next({ source: 'someone-else', payload: { type: 'award_task', title: 'x', link: '/' } }),
      );
      at(scheduler, 300, () =>
        messages$.next({ source: PUSH_MESSAGE_SOURCE, payload: { type: 'chat', title: 'x' } }),
      );
      at(scheduler, 400, () => {
        expect(h.store.getState().notices.active).toEqual([
          expect.objectContaining({
            level: 'info',
            messageKey: 'push.awardTask',
            values: {
              title: 'Task done: +20 coins',
              body: 'Claim it',
              link: '/tasks/awards?id=7',
              placement: 'top-right',
            },
            fallback: 'Task done: +20 coins',
            durationMs: 3000,
          }),
        ]);
      });
    });
  });

  it('a click opens our own path in place and another site in a new tab, and closes the notice; a script link is dropped', () => {
    const scheduler = newScheduler();
    scheduler.run(({ flush }) => {
      const messages$ = new Subject<unknown>();
      const h = platformStore(scheduler, { push: { messages$ } });
      messages$.next(award('/tasks/awards'));
      messages$.next(award('https://partner.example/promo'));
      messages$.next(award('javascript:alert(1)'));
      const [own, other, script] = h.store.getState().notices.active;
      expect(script?.values['link']).toBeUndefined();
      h.store.dispatch(openNoticeLink({ id: own!.id }));
      h.store.dispatch(openNoticeLink({ id: other!.id }));
      h.store.dispatch(openNoticeLink({ id: script!.id }));
      expect(h.core.navigations).toEqual(['/tasks/awards']);
      expect(h.fake.opened).toEqual(['https://partner.example/promo']);
      expect(h.store.getState().notices.active.map((n) => n.id)).toEqual([script!.id]);
      flush();
      expect(h.store.getState().notices.active).toEqual([]);
      expect(notices.selectNotices(h.store.getState().notices)).toEqual([]);
    });
  });
});
