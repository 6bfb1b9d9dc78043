/**
 * The header's tag suggestions in virtual time (issue 11: "suggestions from /api/v1/tag/suggest,
 * debounced in an epic"): a pause of SUGGEST_DEBOUNCE_MS (300 ms) before asking, nothing below the
 * minimum length, a newer prefix cancelling an older call, clearing cancelling a pause.
 */
import * as E from 'fp-ts/Either';
import { Subject } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { search } from '../../../domain/index.js';
import type { TagSuggestResponse } from '../../../infrastructure/contract/feed';
import { clearSuggestions, suggestTags } from '../../../infrastructure/search/commands';
import { suggestTagsEpic } from '../../../infrastructure/search/searchBox';
import type { Action } from '../../../infrastructure/epics/types';
import { fakeDetailsDeps } from '../../support/fakes/details';
import { makeFakeDeps } from '../../support/fakeApi';

const tags = (...names: string[]): TagSuggestResponse => ({
  items: names.map((n) => ({ id: `tag-${n}`, name: n, num_of_items: 1, cover: null })),
  users: names.map((n) => ({
    id: `u-${n}`,
    name: n,
    avatar: '',
    is_follow: false,
    num_of_followers: 2,
    num_of_works: 3,
  })),
});

/** What the epic emits for the fake's answer to `prefix`: its tag and its person, mapped. */
const loaded = (prefix: string) =>
  search.suggestLoaded({
    prefix,
    items: [{ id: `tag-${prefix}a`, name: `${prefix}a`, works: 1, coverUrl: null }],
    users: [
      { id: `u-${prefix}a`, name: `${prefix}a`, avatar: '', avatarFrame: null, followers: 2, works: 3 },
    ],
    works: [],
  });

const run = (
  typed: string,
  values: Record<string, Action>,
  expected: string,
  expectedValues: Record<string, Action>,
  answer = '-----r|',
) => {
  const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b));
  const prefixes: { at: number; prefix: string }[] = [];
  scheduler.run(({ hot, cold, expectObservable }) => {
    const details = fakeDetailsDeps({
      tagSuggest: (req) => {
        prefixes.push({ at: scheduler.now(), prefix: req.prefix });
        return cold(answer, { r: E.right(tags(`${req.prefix}a`)) });
      },
    });
    const { deps } = makeFakeDeps(scheduler, {}, { details });
    const action$ = hot(typed, values);
    const state$ = new Subject() as never;
    expectObservable(suggestTagsEpic(action$ as never, state$, deps)).toBe(expected, expectedValues);
  });
  return prefixes;
};

describe('tag suggestions (debounced 300 ms in virtual time)', () => {
  it('asks once, 300 ms after the last keystroke, for the last prefix only', () => {
    const asked = run(
      'a 99ms b 99ms c',
      {
        a: suggestTags({ text: 'n' }),
        b: suggestTags({ text: 'ne' }),
        c: suggestTags({ text: 'neo' }),
      },
      // c arrives at 200; the pause ends at 500; the answer 5 frames later.
      '500ms q 4ms l',
      {
        q: search.suggestRequested({ prefix: 'neo' }),
        l: loaded('neo'),
      },
    );
    expect(asked).toEqual([{ at: 500, prefix: 'neo' }]);
  });

  it('asks nothing below two characters (and clears what was shown)', () => {
    const asked = run('a', { a: suggestTags({ text: ' n ' }) }, '300ms c', { c: search.suggestCleared({}) });
    expect(asked).toEqual([]);
  });

  it('cancels the call of an older prefix when a newer one settles (its answer is never shown)', () => {
    const asked = run(
      'a 349ms b',
      { a: suggestTags({ text: 'ne' }), b: suggestTags({ text: 'neon' }) },
      // "ne" is asked at 300 and answers slowly (500 ms); "neon", typed at 350, settles at 650 and
      // replaces it, so only the answer for "neon" (at 1150) is emitted.
      '300ms x 349ms y 499ms l',
      {
        x: search.suggestRequested({ prefix: 'ne' }),
        y: search.suggestRequested({ prefix: 'neon' }),
        l: loaded('neon'),
      },
      '500ms r|',
    );
    expect(asked).toEqual([
      { at: 300, prefix: 'ne' },
      { at: 650, prefix: 'neon' },
    ]);
  });

  it('clearing during the pause asks nothing; the same prefix again asks once more after a clear', () => {
    const asked = run(
      'a 99ms c 499ms d',
      { a: suggestTags({ text: 'ne' }), c: clearSuggestions({}), d: suggestTags({ text: 'ne' }) },
      '100ms k 799ms q 4ms l',
      {
        k: search.suggestCleared({}),
        q: search.suggestRequested({ prefix: 'ne' }),
        l: loaded('ne'),
      },
    );
    expect(asked).toEqual([{ at: 900, prefix: 'ne' }]);
  });

  it('typing the same prefix again (e.g. a trailing space) asks once', () => {
    const asked = run(
      'a 399ms b',
      { a: suggestTags({ text: 'ocean' }), b: suggestTags({ text: 'ocean ' }) },
      '300ms q 4ms l',
      {
        q: search.suggestRequested({ prefix: 'ocean' }),
        l: loaded('ocean'),
      },
    );
    expect(asked).toHaveLength(1);
  });

  it('unsubscribes the call in flight the moment a newer prefix settles ("ca" then "cat": one answer, for "cat")', () => {
    const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b));
    scheduler.run(({ hot, cold, expectObservable, expectSubscriptions }) => {
      const calls = {
        ca: cold('1000ms r|', { r: E.right(tags('caa')) }),
        cat: cold('10ms r|', { r: E.right(tags('cata')) }),
      };
      const details = fakeDetailsDeps({ tagSuggest: (req) => calls[req.prefix as 'ca' | 'cat'] });
      const { deps } = makeFakeDeps(scheduler, {}, { details });
      const action$ = hot('a 499ms b', { a: suggestTags({ text: 'ca' }), b: suggestTags({ text: 'cat' }) });
      expectObservable(suggestTagsEpic(action$ as never, new Subject() as never, deps)).toBe(
        '300ms x 499ms y 9ms l',
        {
          x: search.suggestRequested({ prefix: 'ca' }),
          y: search.suggestRequested({ prefix: 'cat' }),
          l: loaded('cat'),
        },
      );
      // "ca" asked at 300 ms, dropped at 800 ms when "cat" (typed at 500) settles.
      expectSubscriptions(calls.ca.subscriptions).toBe('300ms ^ 499ms !');
      expectSubscriptions(calls.cat.subscriptions).toBe('800ms ^ 10ms !');
    });
  });
});
