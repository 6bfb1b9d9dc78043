import * as E from 'fp-ts/Either';
import { describe, expect, it } from 'vitest';
import { feed, session, social } from '../../../domain/index.js';
import { muteCard, reportCard } from '../../../infrastructure/feed/commands';
import { HIDDEN_CARDS_KEY } from '../../../infrastructure/platform/storage';
import { appStarted } from '../../../infrastructure/store/commands';
import { newScheduler, platformStore } from './harness';

describe('the hidden list is kept locally (spec §4 muting)', () => {
  it('restores the stored list at start, so a card muted before a reload stays hidden', () => {
    const scheduler = newScheduler();
    scheduler.run(({ flush }) => {
      const h = platformStore(scheduler, { storage: { [HIDDEN_CARDS_KEY]: JSON.stringify(['7', '9']) } });
      h.store.dispatch(appStarted({}));
      flush();
      expect(social.selectHiddenIds(h.store.getState().social)).toEqual(['7', '9']);
      const cards = ['7', '8', '9'].map((id) => ({ id }));
      expect(social.selectUnmuted(h.store.getState().social, cards)).toEqual([{ id: '8' }]);
    });
  });

  it('writes every mute through, and a reload (a new store over the same storage) gets it back', () => {
    const scheduler = newScheduler();
    scheduler.run(({ flush }) => {
      const h = platformStore(scheduler);
      h.store.dispatch(appStarted({}));
      flush();
      expect(h.fake.storage.get(HIDDEN_CARDS_KEY)).toBeNull();
      h.store.dispatch(muteCard({ id: 'a1', reason: 'notInterested' }));
      h.store.dispatch(muteCard({ id: 'b2', reason: 'notInterested' }));
      h.store.dispatch(muteCard({ id: 'a1', reason: 'report' }));
      flush();
      expect(JSON.parse(h.fake.storage.get(HIDDEN_CARDS_KEY) ?? 'null')).toEqual(['a1', 'b2']);

      const reloaded = platformStore(scheduler, { storage: h.fake.storage.snapshot() });
      reloaded.store.dispatch(appStarted({}));
      flush();
      expect(social.selectHiddenIds(reloaded.store.getState().social)).toEqual(['a1', 'b2']);
    });
  });

  it('drops a stored copy that does not decode instead of trusting it', () => {
    const scheduler = newScheduler();
    scheduler.run(({ flush }) => {
      for (const raw of ['{oops', '{"a":1}', '[1,2]']) {
        const h = platformStore(scheduler, { storage: { [HIDDEN_CARDS_KEY]: raw } });
        h.store.dispatch(appStarted({}));
        flush();
        expect(social.selectHiddenIds(h.store.getState().social)).toEqual([]);
      }
    });
  });

  it('survives logout (the key is on the whitelist)', () => {
    expect(session.planLogout([HIDDEN_CARDS_KEY, 'persisted_auth']).keep).toEqual([HIDDEN_CARDS_KEY]);
  });

  it('a report hides the card at once, sends id and obj_type, and shows ReportSuccess', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const h = platformStore(
        scheduler,
        {},
        { reportItem: () => cold('--r|', { r: E.right({ id: 'r-1' }) }) },
      );
      h.store.dispatch(appStarted({}));
      flush();
      h.store.dispatch(reportCard({ id: 'c5', objType: 1, reason: 'spam' }));
      expect(social.selectIsMuted(h.store.getState().social, 'c5')).toBe(true);
      flush();
      expect(h.core.calls.filter((c) => c.name === 'reportItem').map((c) => c.body)).toEqual([
        { id: 'c5', obj_type: 1, reason: 'spam' },
      ]);
      expect(h.events('notices/raised').map((e) => (e.payload as { messageKey: string }).messageKey)).toEqual(
        ['ReportSuccess'],
      );
      expect(JSON.parse(h.fake.storage.get(HIDDEN_CARDS_KEY) ?? 'null')).toEqual(['c5']);
      expect(feed.cardKey({ id: 'c5', obj_type: 1 })).toBe('1:c5');
    });
  });
});
