/**
 * Writing a post (issue 21) in virtual time: the draft is kept a second after the last change,
 * per account, and read back when the editor opens; publishing runs the sensitive-word check per
 * field first, is blocked by a sensitive word (nothing created), and otherwise creates the post
 * and lets the draft go.
 */
import * as E from 'fp-ts/Either';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { moderation, posts, session, type DomainEvent } from '../../../domain/index.js';
import type { DetailsApi } from '../../../infrastructure/details/api';
import { keepPostDraft, openPostEditor, publishPost } from '../../../infrastructure/posts/commands';
import { DRAFT_DEBOUNCE_MS } from '../../../infrastructure/posts/epics';
import { POST_DRAFT_KEY } from '../../../infrastructure/posts/draftStore';
import { makeStore } from '../../../infrastructure/app/makeStore';
import { makeFakeDeps } from '../../support/fakeApi';
import { fakeDetailsDeps } from '../../support/fakes/details';
import { makeFakePlatform, type FakePlatformOptions } from '../../support/fakes/platform';

const user = (id: string) =>
  session.userInfoSet({
    user: { id, accountName: id, name: id, email: `${id}@x.test`, avatar: '', status: 1, role: 'user' },
  });

const setup = (
  scheduler: TestScheduler,
  details: Partial<DetailsApi>,
  platform: FakePlatformOptions = {},
) => {
  scheduler.maxFrames = 1_000_000;
  const fake = makeFakePlatform(scheduler, platform);
  const core = makeFakeDeps(scheduler, {}, { platform: fake.deps, details: fakeDetailsDeps(details) });
  const store = makeStore({ dependencies: core.deps });
  const events = (prefix: string) =>
    (store.recorder.events() as DomainEvent[]).filter((e) => e.type.startsWith(prefix)).map((e) => e.type);
  return { store, fake, events };
};

const newScheduler = () => new TestScheduler((a, b) => expect(a).toEqual(b));
const post = { title: { text: 'Harbour', label: 'Title' }, separator: ', ' };
const body = (text: string) => ({ text, html: `<p>${text}</p>`, label: 'Text' });

describe('the post draft on this device', () => {
  it('is written one second after the last change (not on every key), and read back for the same account only', () => {
    const scheduler = newScheduler();
    scheduler.run(({ flush }) => {
      const h = setup(scheduler, {});
      h.store.dispatch(user('u1'));
      h.store.dispatch(openPostEditor({}));
      scheduler.schedule(() => h.store.dispatch(keepPostDraft({ title: 'H', html: '<p>a</p>' })), 0);
      scheduler.schedule(() => h.store.dispatch(keepPostDraft({ title: 'Ha', html: '<p>ab</p>' })), 600);
      scheduler.schedule(
        () => {
          expect(h.fake.storage.get(POST_DRAFT_KEY)).toBeNull();
        },
        600 + DRAFT_DEBOUNCE_MS - 1,
      );
      flush();
      expect(JSON.parse(h.fake.storage.get(POST_DRAFT_KEY) ?? 'null')).toEqual({
        accountId: 'u1',
        title: 'Ha',
        html: '<p>ab</p>',
      });
      expect(h.events('posts/')).toEqual(['posts/draftRead', 'posts/draftSaved']);
      h.store.dispatch(openPostEditor({}));
      expect(posts.selectPostEditor(h.store.getState().posts).initial).toEqual({
        title: 'Ha',
        html: '<p>ab</p>',
      });
      h.store.dispatch(user('u2'));
      h.store.dispatch(openPostEditor({}));
      expect(posts.selectPostEditor(h.store.getState().posts).initial).toEqual({ title: '', html: '' });
    });
  });
});

describe('the draft status', () => {
  it('says kept only while what this device holds is what the editor shows: a change after a save clears it until the next save', () => {
    const scheduler = newScheduler();
    scheduler.run(({ flush }) => {
      const h = setup(scheduler, {});
      const saved = () => posts.selectPostEditor(h.store.getState().posts).saved;
      h.store.dispatch(user('u1'));
      h.store.dispatch(openPostEditor({}));
      h.store.dispatch(keepPostDraft({ title: 'H', html: '<p>a</p>' }));
      scheduler.schedule(() => expect(saved()).toBe(true), DRAFT_DEBOUNCE_MS + 1);
      scheduler.schedule(() => {
        // An image put in after the save: not kept yet, and the status says nothing.
        h.store.dispatch(keepPostDraft({ title: 'H', html: '<p>a</p><img src="/x.png">' }));
        expect(saved()).toBe(false);
        h.store.dispatch(keepPostDraft({ title: 'H', html: '<p>a</p><img src="/x.png" alt="x">' }));
      }, 2000);
      scheduler.schedule(() => expect(saved()).toBe(false), 2000 + DRAFT_DEBOUNCE_MS - 1);
      flush();
      expect(saved()).toBe(true);
      expect(JSON.parse(h.fake.storage.get(POST_DRAFT_KEY) ?? 'null')).toMatchObject({
        html: '<p>a</p><img src="/x.png" alt="x">',
      });
      // One edited event for the change after the save, not one per key.
      expect(h.events('posts/')).toEqual([
        'posts/draftRead',
        'posts/draftSaved',
        'posts/draftEdited',
        'posts/draftSaved',
      ]);
    });
  });
});

describe('publishing a post', () => {
  it('a sensitive word in the text blocks it: the check names the field, nothing is created', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const created: unknown[] = [];
      const h = setup(
        scheduler,
        { createPost: (r) => (created.push(r), cold('10ms (r|)', { r: E.right({ id: 'p-1' }) })) },
        {
          api: {
            sensitiveCheck: () =>
              cold('10ms (r|)', {
                r: E.right({ has_sensitive_word: true, sensitive_categories: ['content'] }),
              }),
          },
        },
      );
      h.store.dispatch(user('u1'));
      h.store.dispatch(openPostEditor({}));
      h.store.dispatch(publishPost({ ...post, body: body('visit scamlink') }));
      flush();
      expect(created).toEqual([]);
      expect(
        moderation.selectPublishCheck(h.store.getState().moderation, moderation.NEW_POST_SUBJECT),
      ).toEqual({
        status: 'blocked',
        categories: ['content'],
        fields: 'Text',
      });
      expect(posts.selectPostEditor(h.store.getState().posts).createdId).toBeNull();
    });
  });

  it('clean texts are checked per field, then the post is created and its draft let go', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const created: unknown[] = [];
      const h = setup(
        scheduler,
        { createPost: (r) => (created.push(r), cold('10ms (r|)', { r: E.right({ id: 'p-1' }) })) },
        {
          storage: {
            [POST_DRAFT_KEY]: JSON.stringify({ accountId: 'u1', title: 'Harbour', html: '<p>ok</p>' }),
          },
          api: {
            sensitiveCheck: () =>
              cold('10ms (r|)', { r: E.right({ has_sensitive_word: false, sensitive_categories: [] }) }),
          },
        },
      );
      h.store.dispatch(user('u1'));
      h.store.dispatch(openPostEditor({}));
      h.store.dispatch(publishPost({ ...post, body: body('ok') }));
      flush();
      expect(h.fake.calls.map((c) => c.body)).toContainEqual({
        ss: 'post_publish',
        items: [
          {
            texts: [
              { text: 'Harbour', category: 'title' },
              { text: 'ok', category: 'content' },
            ],
          },
        ],
      });
      expect(created).toEqual([{ title: 'Harbour', content: '<p>ok</p>' }]);
      expect(posts.selectPostEditor(h.store.getState().posts).createdId).toBe('p-1');
      expect(h.fake.storage.get(POST_DRAFT_KEY)).toBeNull();
    });
  });
});
