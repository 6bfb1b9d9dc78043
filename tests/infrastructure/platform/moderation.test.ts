import * as E from 'fp-ts/Either';
import { describe, expect, it } from 'vitest';
import { moderation, notices } from '../../../domain/index.js';
import { checkBeforePublish, clearPublishCheck } from '../../../infrastructure/moderation/commands';
import { newScheduler, platformStore } from './harness';

const publish = notices.dialogOpened({ name: 'published', variant: null });
const subject = 'task:t1';
const fields = [
  { field: 'title', label: 'Title', text: 'Harbour at night' },
  { field: 'content', label: 'Content', text: 'visit scamlink' },
  { field: 'tags', label: 'Tags', text: '   ' },
];
const checkOf = (h: ReturnType<typeof platformStore>) =>
  moderation.selectPublishCheck(h.store.getState().moderation, subject);
const moderationEvents = (h: ReturnType<typeof platformStore>) =>
  h.events().filter((e) => e.type.startsWith('moderation/'));

describe('sensitive-word check before publishing (spec §5)', () => {
  it('sends each non-blank field as a text whose category is the field name, with the scene as ss; passed, the action goes', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const h = platformStore(scheduler, {
        api: {
          sensitiveCheck: () =>
            cold('10ms (r|)', { r: E.right({ has_sensitive_word: false, sensitive_categories: [] }) }),
        },
      });
      h.store.dispatch(checkBeforePublish({ subject, scene: 'post', fields, then: publish }));
      expect(checkOf(h)).toEqual({ status: 'checking' });
      flush();
      expect(h.fake.calls.map((c) => c.body)).toEqual([
        {
          ss: 'post',
          items: [
            {
              texts: [
                { text: 'Harbour at night', category: 'title' },
                { text: 'visit scamlink', category: 'content' },
              ],
            },
          ],
        },
      ]);
      expect(checkOf(h)).toEqual({ status: 'passed' });
      expect(h.store.getState().notices.dialog?.name).toBe('published');
    });
  });

  it('a sensitive word blocks the action: the form keeps a blocked check naming the fields by label, joined by the separator', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const h = platformStore(scheduler, {
        api: {
          sensitiveCheck: () =>
            cold('10ms (r|)', {
              r: E.right({ has_sensitive_word: true, sensitive_categories: ['content', 'title', 'content'] }),
            }),
        },
      });
      h.store.dispatch(
        checkBeforePublish({ subject, scene: 'post', fields, separator: ' / ', then: publish }),
      );
      flush();
      expect(h.store.getState().notices.dialog).toBeNull();
      expect(moderationEvents(h).map((e) => [e.type, e.payload])).toEqual([
        ['moderation/checkStarted', { subject }],
        [
          'moderation/publishBlocked',
          { subject, categories: ['content', 'title'], fields: 'Content / Title' },
        ],
      ]);
      expect(checkOf(h)).toEqual({
        status: 'blocked',
        categories: ['content', 'title'],
        fields: 'Content / Title',
      });
    });
  });

  it('a failed check call blocks the action too, as a failed check of its own (not a passing toast)', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const h = platformStore(scheduler, {
        api: {
          sensitiveCheck: () =>
            cold('10ms (r|)', { r: E.left({ kind: 'network' as const, path: '/c', message: 'offline' }) }),
        },
      });
      h.store.dispatch(checkBeforePublish({ subject, scene: 'post', fields, then: publish }));
      flush();
      expect(h.store.getState().notices.dialog).toBeNull();
      expect(checkOf(h)).toEqual({ status: 'failed' });
      expect(moderationEvents(h).map((e) => e.type)).toEqual([
        'moderation/checkStarted',
        'moderation/checkFailed',
      ]);
    });
  });

  it('a new check of the same form starts over; closing the form clears it, and a late answer is dropped', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const h = platformStore(scheduler, {
        api: {
          sensitiveCheck: () =>
            cold('10ms (r|)', { r: E.right({ has_sensitive_word: true, sensitive_categories: ['title'] }) }),
        },
      });
      h.store.dispatch(checkBeforePublish({ subject, scene: 'post', fields, then: publish }));
      h.store.dispatch(clearPublishCheck({ subject }));
      flush();
      expect(checkOf(h)).toEqual({ status: 'idle' });
      h.store.dispatch(checkBeforePublish({ subject, scene: 'post', fields, then: publish }));
      flush();
      expect(checkOf(h)).toEqual({ status: 'blocked', categories: ['title'], fields: 'Title' });
      h.store.dispatch(checkBeforePublish({ subject, scene: 'post', fields, then: publish }));
      expect(checkOf(h)).toEqual({ status: 'checking' });
      flush();
    });
  });

  it('with every field blank there is nothing to check: no call, the action goes ahead', () => {
    const scheduler = newScheduler();
    scheduler.run(({ flush }) => {
      const h = platformStore(scheduler);
      h.store.dispatch(
        checkBeforePublish({
          subject,
          scene: 'post',
          fields: [{ field: 'title', label: 'Title', text: '' }],
          then: publish,
        }),
      );
      flush();
      expect(h.fake.calls).toEqual([]);
      expect(checkOf(h)).toEqual({ status: 'passed' });
      expect(h.store.getState().notices.dialog?.name).toBe('published');
    });
  });
});
