import * as E from 'fp-ts/Either';
import { describe, expect, it } from 'vitest';
import { notices } from '../../../domain/index.js';
import { checkBeforePublish } from '../../../infrastructure/publishing/commands';
import { newScheduler, platformStore } from './harness';

const publish = notices.dialogOpened({ name: 'published', variant: null });
const fields = [
  { field: 'title', label: 'Title', text: 'Harbour at night' },
  { field: 'content', label: 'Content', text: 'visit scamlink' },
  { field: 'tags', label: 'Tags', text: '   ' },
];

describe('sensitive-word check before publishing (spec §5)', () => {
  it('sends each non-blank field as a text whose category is the field name, with the scene as ss', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const h = platformStore(scheduler, {
        api: {
          sensitiveCheck: () =>
            cold('10ms (r|)', { r: E.right({ has_sensitive_word: false, sensitive_categories: [] }) }),
        },
      });
      h.store.dispatch(checkBeforePublish({ scene: 'post', fields, then: publish }));
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
      expect(h.store.getState().notices.dialog?.name).toBe('published');
    });
  });

  it('blocks the action with an error naming the offending fields by label, joined by the separator', () => {
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
      h.store.dispatch(checkBeforePublish({ scene: 'post', fields, separator: ' / ', then: publish }));
      flush();
      expect(h.store.getState().notices.dialog).toBeNull();
      expect(h.events('notices/raised').map((e) => e.payload)).toEqual([
        expect.objectContaining({
          level: 'error',
          messageKey: 'ContainsSensitiveWords',
          values: { fields: 'Content / Title' },
        }),
      ]);
    });
  });

  it('a failed check blocks the action too; its error goes through the error map', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const h = platformStore(scheduler, {
        api: {
          sensitiveCheck: () =>
            cold('10ms (r|)', { r: E.left({ kind: 'network' as const, path: '/c', message: 'offline' }) }),
        },
      });
      h.store.dispatch(checkBeforePublish({ scene: 'post', fields, then: publish }));
      flush();
      expect(h.store.getState().notices.dialog).toBeNull();
      expect(h.events('notices/raised').map((e) => (e.payload as { messageKey: string }).messageKey)).toEqual(
        ['apiErr'],
      );
    });
  });

  it('with every field blank there is nothing to check: no call, the action goes ahead', () => {
    const scheduler = newScheduler();
    scheduler.run(({ flush }) => {
      const h = platformStore(scheduler);
      h.store.dispatch(
        checkBeforePublish({
          scene: 'post',
          fields: [{ field: 'title', label: 'Title', text: '' }],
          then: publish,
        }),
      );
      flush();
      expect(h.fake.calls).toEqual([]);
      expect(h.store.getState().notices.dialog?.name).toBe('published');
    });
  });
});
