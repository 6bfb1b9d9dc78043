import * as E from 'fp-ts/Either';
import { Subject } from 'rxjs';
import { StateObservable } from 'redux-observable';
import { describe, expect, it } from 'vitest';
import { evolve, initialRootState, popups, session, stamp, type RootState } from '../../../domain/index.js';
import * as flags from '../../../domain/tracking/flags.js';
import { flagsReceived } from '../../../domain/tracking/flags.js';
import type { AbFlagsResponse, PopupStatusResponse } from '../../../infrastructure/contract/telemetry';
import type { Action } from '../../../infrastructure/epics/types';
import { appStarted } from '../../../infrastructure/store/commands';
import { trackEvent } from '../../../infrastructure/telemetry/commands';
import { FLAGS_STORAGE_KEY, abFlagsEpic } from '../../../infrastructure/telemetry/flags';
import { offeredTypesOf, popupStatusActions } from '../../../infrastructure/popups/epics';
import { HOT_SEEN_KEY, readHotSeen } from '../../../infrastructure/popups/hotSeen';
import { popupRouteEntered } from '../../../infrastructure/popups/commands';
import { makeFakeDeps } from '../../support/fakeApi';
import { makeFakeTelemetry } from '../../support/fakes/telemetry';
import { OK, eventTypes, newScheduler, setup } from './harness';

const user = (id: string) => ({
  id,
  accountName: id,
  name: id,
  email: `${id}@x.test`,
  avatar: '',
  status: 1,
  role: 'user',
});
const flagsAnswer = (variant: 'A' | 'B', stTavern: boolean, stEnabled = true): AbFlagsResponse =>
  ({
    unit: 'device',
    flags: { model_detail_v2: variant, st_tavern: stTavern },
    config_items: [
      { key: 'enable_tavern', content_type: 'character', enabled: true },
      { key: 'enable_st_tavern', content_type: 'StCharacter', enabled: stEnabled },
    ],
  }) as AbFlagsResponse;

describe('A/B flags (spec §7 are/you/ok "AB flags", §6 "cookies enable_tavern and enable_st_tavern come from config items")', () => {
  it('fetches the flags at start and again when the signed-in account changes; keeps them, writes the cookies, emits flags/received', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, hot, expectObservable }) => {
      const answers = [flagsAnswer('A', false, false), flagsAnswer('B', true)];
      let i = 0;
      const fake = makeFakeTelemetry(scheduler, {
        api: { abFlags: () => cold('10ms r|', { r: E.right(answers[i++]!) as never }) },
      });
      const { deps } = makeFakeDeps(scheduler, {}, { telemetry: fake.deps });
      const state = new Subject<RootState>();
      const state$ = new StateObservable<RootState>(state, initialRootState);
      const action$ = hot<Action>('a', { a: appStarted({}) });
      cold('1000ms x').subscribe(() =>
        state.next(evolve(initialRootState, stamp(session.userInfoSet({ user: user('u1') }), 1, 1000))),
      );
      const received = (variant: 'A' | 'B', stTavern: boolean, stEnabled: boolean) =>
        flagsReceived({
          flags: { modelDetailV2: variant, stTavern },
          configItems: [
            { contentType: 'character', enabled: true },
            { contentType: 'StCharacter', enabled: stEnabled },
          ],
          unit: 'device',
        });
      expectObservable(abFlagsEpic(action$, state$, deps), '^ 5000ms !').toBe('10ms a 999ms b', {
        a: received('A', false, false),
        b: received('B', true, true),
      });
      cold('500ms x').subscribe(() => {
        expect(fake.cookies).toEqual({ enable_tavern: 'true', enable_st_tavern: 'false' });
        expect(JSON.parse(fake.storage.get(FLAGS_STORAGE_KEY)!)).toMatchObject({
          flags: { modelDetailV2: 'A', stTavern: false },
        });
      });
      cold('2000ms x').subscribe(() => {
        expect(fake.calls.map((c) => [c.at, c.name])).toEqual([
          [0, 'abFlags'],
          [1000, 'abFlags'],
        ]);
        expect(fake.cookies).toEqual({ enable_tavern: 'true', enable_st_tavern: 'true' });
      });
    });
  });

  it('restores the stored flags at start (stable before the answer), keeps them when the fetch fails, and the envelope carries them as canary', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const storage = new Map([
        [
          FLAGS_STORAGE_KEY,
          JSON.stringify({ flags: { modelDetailV2: 'B' }, configItems: [], unit: 'device' }),
        ],
      ]);
      const { store, fake } = setup(scheduler, {
        storage,
        api: {
          abFlags: () =>
            cold('10ms r|', { r: E.left({ kind: 'network', path: '/x', message: 'down' }) as never }),
          eventReport: () => cold('r|', { r: OK }),
        },
      });
      store.dispatch(appStarted({}));
      cold('100ms x').subscribe(() => store.dispatch(trackEvent({ name: 'view' })));
      flush();
      expect(storage.get(FLAGS_STORAGE_KEY)).toContain('"modelDetailV2":"B"');
      expect(fake.cookies).toEqual({});
      const item = (fake.calls.find((c) => c.name === 'eventReport')!.body as { items: { canary: string }[] })
        .items[0]!;
      expect(item.canary).toBe('model_detail_v2=B');
      // The failure is recorded for the device (no one signed in): the guards need not wait on.
      expect(store.getState().flags.unavailableFor).toBe('device');
      expect(flags.selectAbFlags(store.getState().flags)).toEqual({ modelDetailV2: 'B' });
    });
  });

  it('ignores a corrupt stored copy', () => {
    const scheduler = newScheduler();
    scheduler.run(({ hot, expectObservable }) => {
      const fake = makeFakeTelemetry(scheduler, {
        storage: new Map([[FLAGS_STORAGE_KEY, '{"flags":{"modelDetailV2":"C"}}']]),
      });
      const { deps } = makeFakeDeps(scheduler, {}, { telemetry: fake.deps });
      const state$ = new StateObservable<RootState>(new Subject<RootState>(), initialRootState);
      expectObservable(abFlagsEpic(hot('a', { a: appStarted({}) }), state$, deps), '^ 100ms !').toBe('');
    });
  });
});

const status = (over: Partial<PopupStatusResponse> = {}): PopupStatusResponse =>
  ({
    discount_popup: null,
    face_photo_popup: null,
    show_temp_coins_popup: false,
    wakeup_user_popup: null,
    user_activity_award_list: [],
    hot_popup_cnt: 0,
    ...over,
  }) as PopupStatusResponse;

describe('popup status (spec §7 "popup status (plat web)", §3 popup data, fetched at start for signed-in users)', () => {
  it('maps the popup data to the queue types of spec §4', () => {
    const all = status({
      discount_popup: { pop_type: 1, end_at: 5000 } as never,
      face_photo_popup: { data: { id: 'x', title: 'X' }, page: '/ai-tools/ai-face-swap' },
      show_temp_coins_popup: true,
      wakeup_user_popup: { balance_day: 3 },
      user_activity_award_list: [{ id: '1', title: 'award', coins: 5, created_at: 0 } as never],
      hot_popup_cnt: 2,
    });
    expect([...offeredTypesOf(all, 1000)].sort()).toEqual([
      'award',
      'halfPrice',
      'hot',
      'newUserExposure',
      'patFace',
      'revive',
    ]);
    // An expired or unknown discount offers nothing.
    expect(
      offeredTypesOf(status({ discount_popup: { pop_type: 1, end_at: 1000 } as never }), 1000).size,
    ).toBe(0);
    expect(
      offeredTypesOf(status({ discount_popup: { pop_type: 2, end_at: 5000 } as never }), 1000).size,
    ).toBe(0);
    expect(offeredTypesOf(status(), 0).size).toBe(0);
  });

  it('offers what is new, withdraws what is gone, and sets the half-discount end time only when it changed', () => {
    const state: popups.PopupsState = {
      ...popups.initialPopupsState,
      offered: ['hot', 'revive'],
      endTimes: { halfDiscount: 5000 },
    };
    expect(
      popupStatusActions(
        status({ hot_popup_cnt: 1, discount_popup: { pop_type: 1, end_at: 5000 } as never }),
        state,
        0,
      ),
    ).toEqual([popups.popupWithdrawn({ type: 'revive' }), popups.popupOffered({ type: 'halfPrice' })]);
    expect(
      popupStatusActions(
        status({ discount_popup: { pop_type: 1, end_at: 9000 } as never }),
        popups.initialPopupsState,
        0,
      ),
    ).toEqual([
      popups.popupOffered({ type: 'halfPrice' }),
      popups.endTimeSet({ popup: 'halfDiscount', endAt: 9000 }),
    ]);
  });

  it('fetches for a signed-in person (plat web), never for a guest, and withdraws its offers on logout', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const { store, fake } = setup(scheduler, {
        api: {
          popupStatus: () =>
            cold('20ms r|', {
              r: E.right(
                status({
                  show_temp_coins_popup: true,
                  hot_popup_cnt: 3,
                  discount_popup: { pop_type: 1, end_at: 5000 } as never,
                }),
              ) as never,
            }),
        },
      });
      store.dispatch(appStarted({}));
      cold('100ms a 899ms b').subscribe((v) =>
        store.dispatch(v === 'a' ? session.userInfoSet({ user: user('u1') }) : session.loggedOut({})),
      );
      flush();
      expect(fake.calls.filter((c) => c.name === 'popupStatus').map((c) => [c.at, c.body])).toEqual([
        [100, { plat: 'web' }],
      ]);
      const ours = new Set(['popups/offered', 'popups/withdrawn', 'popups/endTimeSet']);
      expect(eventTypes(store).filter((t) => ours.has(t))).toEqual([
        'popups/offered',
        'popups/offered',
        'popups/offered',
        'popups/endTimeSet',
        'popups/withdrawn',
        'popups/withdrawn',
        'popups/withdrawn',
      ]);
      expect(store.getState().popups.offered).toEqual([]);
    });
  });

  it('keeps the queue as it is when popup status fails (silent: background data)', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const { store } = setup(scheduler, {
        api: {
          popupStatus: () => cold('r|', { r: E.left({ kind: 'http', path: '/x', status: 500 }) as never }),
        },
      });
      store.dispatch(session.userInfoSet({ user: user('u1') }));
      flush();
      // Only the account's hot marker, read back locally before the call.
      expect(eventTypes(store).filter((t) => t.startsWith('popups/') || t.startsWith('notices/'))).toEqual([
        'popups/hotSeenRestored',
      ]);
    });
  });

  it('the hot popup marker: read back for the account before its offers, the hot popup shown only for newer works, the marker moved on and kept (issue 21)', () => {
    for (const [newest, shows] of [
      [500, false],
      [900, true],
    ] as const) {
      const scheduler = newScheduler();
      scheduler.run(({ cold, flush }) => {
        const { store, deps } = setup(scheduler, {
          api: {
            popupStatus: () =>
              cold('20ms r|', {
                r: E.right(status({ hot_popup_cnt: 3, hot_popup_newest_at: newest as never })) as never,
              }),
          },
        });
        deps.platform.storage.set(HOT_SEEN_KEY, JSON.stringify({ accountId: 'u1', at: 500 }));
        store.dispatch(appStarted({}));
        store.dispatch(popupRouteEntered({ route: 'home' }));
        cold('100ms a').subscribe(() => store.dispatch(session.userInfoSet({ user: user('u1') })));
        flush();
        const types = eventTypes(store);
        expect(types.indexOf('popups/hotSeenRestored')).toBeLessThan(types.indexOf('popups/offered'));
        expect(store.getState().popups.current).toBe(shows ? 'hot' : null);
        expect(readHotSeen(deps.platform.storage, 'u1')).toBe(shows ? 900 : 500);
        expect(readHotSeen(deps.platform.storage, 'u2')).toBeNull();
      });
    }
  });
});
