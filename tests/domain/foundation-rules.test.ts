/**
 * Rules the web client's views used to hold, now in the domain (issue 10 "every rule in its
 * layer"), each named by what it means, with properties for their laws.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  characters,
  chat,
  eventLogFileName,
  memoizeLast,
  feed,
  notices,
  preferences,
  routing,
  session,
  tasks,
  type UnstampedEvent,
} from '../../domain/index.js';
import { given } from '../support/spec';

const created = (id: string): UnstampedEvent =>
  tasks.taskCreated({
    id,
    params: { domainType: 0, prompt: 'p', aspectRatio: '1:1', seed: null },
    guest: true,
    estimateMs: null,
    createdAt: 0,
  });
const viewAfter = (...events: UnstampedEvent[]) => {
  const { state } = given(created('a')).when(...events);
  const task = tasks.selectTaskById(state.tasks, 'a');
  if (!task) throw new Error('no task');
  return tasks.taskView(task);
};

describe('a task card says what tasks.taskView decides (spec §4 task status)', () => {
  it('code 1 is queued, code 2 rendering; only a queued task with nothing reported has an indeterminate bar', () => {
    expect(
      viewAfter(tasks.progressReported({ id: 'a', code: 1, progress: 0, statusDesc: '', estimateMs: null })),
    ).toMatchObject({
      statusKey: 'tasks.status.queued',
      indeterminate: true,
      progress: 0,
    });
    expect(
      viewAfter(tasks.progressReported({ id: 'a', code: 2, progress: 0, statusDesc: '', estimateMs: null })),
    ).toMatchObject({
      statusKey: 'tasks.status.rendering',
      indeterminate: false,
    });
  });

  it('a finished task has no bar and shows its first image; a failed one its reason', () => {
    const done = viewAfter(
      tasks.taskCompleted({ id: 'a', images: [{ url: '/x.png', width: 1, height: 1 }] }),
    );
    expect(done).toMatchObject({ statusKey: 'tasks.status.completed', progress: null, etaSeconds: null });
    expect(done.image?.url).toBe('/x.png');
    const failed = viewAfter(tasks.taskFailed({ id: 'a', code: 4, reason: 'no GPU' }));
    expect(failed).toMatchObject({
      statusKey: 'tasks.status.failed',
      failureReason: 'no GPU',
      progress: null,
    });
  });

  it('a failed task offers to be sent again (with its prompt and ratio); a finished one does not', () => {
    expect(viewAfter(tasks.taskFailed({ id: 'a', code: 4, reason: 'x' })).canRetry).toBe(true);
    expect(viewAfter(tasks.taskCompleted({ id: 'a', images: [] })).canRetry).toBe(false);
  });

  it('the time left is whole seconds rounded up, and only while the task runs', () => {
    expect(
      viewAfter(tasks.progressReported({ id: 'a', code: 2, progress: 10, statusDesc: '', estimateMs: 1001 }))
        .etaSeconds,
    ).toBe(2);
  });

  it('property: whatever is reported, the bar shows a whole number within 0..100', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom<1 | 2>(1, 2), fc.double({ min: -50, max: 250, noNaN: true })), {
          maxLength: 12,
        }),
        (reports) => {
          const view = viewAfter(
            ...reports.map(([code, progress]) =>
              tasks.progressReported({ id: 'a', code, progress, statusDesc: '', estimateMs: null }),
            ),
          );
          return (
            view.progress !== null &&
            Number.isInteger(view.progress) &&
            view.progress >= 0 &&
            view.progress <= 100
          );
        },
      ),
    );
  });
});

describe('the prompt rule (one rule for the form and the contract)', () => {
  it('a blank prompt is empty, one over the limit too long', () => {
    expect(tasks.promptProblem(' \n\t')).toBe('empty');
    expect(tasks.promptProblem('x'.repeat(tasks.PROMPT_MAX_LENGTH + 1))).toBe('tooLong');
    expect(tasks.promptProblem('a lighthouse')).toBeNull();
  });
  it('property: a prompt is accepted exactly when it has a visible character and fits the limit', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: tasks.PROMPT_MAX_LENGTH + 20 }), (p) => {
        const ok = p.trim() !== '' && p.length <= tasks.PROMPT_MAX_LENGTH;
        return (tasks.promptProblem(p) === null) === ok;
      }),
    );
  });
});

describe('the sign-in address check', () => {
  it('wants one @, a dotted domain and no spaces inside', () => {
    expect(session.isPlausibleEmail('demo@atelier.test')).toBe(true);
    expect(session.isPlausibleEmail('  demo@atelier.test ')).toBe(true);
    for (const bad of ['demo', 'demo@atelier', '@atelier.test', 'de mo@atelier.test', 'a@b@c.d', ''])
      expect(session.isPlausibleEmail(bad), bad).toBe(false);
  });
});

describe('the text of a refused account call (spec §8 account codes)', () => {
  it("is the code's own, except a throttle without a known wait, which reads as too many attempts", () => {
    expect(session.accountRefusalKey(20003, false)).toBe('HttpErrorCode_20003');
    expect(session.accountRefusalKey(20010, true)).toBe('HttpErrorCode_20010');
    expect(session.accountRefusalKey(20010, false)).toBe('account.tooMany');
  });
});

describe('older chat history is offered once a first page was full (spec §9: 80 on init)', () => {
  it('is not offered for a closed conversation', () => {
    expect(chat.selectOffersOlderHistory(chat.initialChatState)).toBe(false);
  });
});

describe('the theme preference', () => {
  it('reads back a stored theme, anything else is dark; the switch goes to the other theme and back', () => {
    expect(preferences.themeOf('light')).toBe('light');
    expect(preferences.themeOf(null)).toBe('dark');
    expect(preferences.themeOf('purple')).toBe('dark');
    fc.assert(
      fc.property(fc.string(), (s) => {
        const t = preferences.themeOf(s);
        return preferences.themeOf(t) === t && preferences.otherTheme(preferences.otherTheme(t)) === t;
      }),
    );
  });
  it('a chosen theme is the state; choosing the same again changes nothing', () => {
    const { state } = given().when(preferences.themeChosen({ theme: 'light' }));
    expect(preferences.selectTheme(state.preferences)).toBe('light');
    const again = preferences.evolvePreferences(state.preferences, {
      ...preferences.themeChosen({ theme: 'light' }),
      meta: { seq: 9, at: 9 },
    });
    expect(again).toBe(state.preferences);
  });
});

describe('routes and addresses (spec §2)', () => {
  it('Arabic is written right to left, every other locale left to right', () => {
    for (const l of routing.SUPPORTED_LOCALES)
      expect(routing.textDirection(l)).toBe(l === 'ar' ? 'rtl' : 'ltr');
  });
  it('a guard waits for the flags only on character and tavern routes', () => {
    expect(routing.guardNeedsFlags('aiChat', '/chat/x')).toBe(true);
    expect(routing.guardNeedsFlags('tavernChat', '/tavern/1')).toBe(true);
    expect(routing.guardNeedsFlags('explore', '/explore/cyberPub')).toBe(true);
    expect(routing.guardNeedsFlags('create', '/create')).toBe(false);
  });
  it('a tab in an address is a list tab or none', () => {
    expect(feed.listTabOf('model')).toBe('model');
    expect(feed.listTabOf('anime')).toBeNull();
    expect(feed.listTabOf(undefined)).toBeNull();
  });
});

describe('notices and the event log file', () => {
  it('an award notice goes top right and opens its link; others bottom right', () => {
    const base = {
      id: 'n',
      level: 'info' as const,
      messageKey: 'k',
      raisedAt: 0,
      fallback: null,
      durationMs: 5000,
    };
    expect(notices.noticePlacement({ ...base, values: { placement: 'top-right', link: '/x' } })).toBe(
      'top-right',
    );
    expect(notices.noticeHasLink({ ...base, values: { placement: 'top-right', link: '/x' } })).toBe(true);
    expect(notices.noticePlacement({ ...base, values: {} })).toBe('bottom-right');
  });
  it('an exported log is named by its time, safe for every file system', () => {
    expect(eventLogFileName(Date.UTC(2026, 10, 23, 21, 13, 39))).toBe(
      'atelier-events-2026-11-23T21-13-39-000Z.jsonl',
    );
  });
});

describe('derived collections are memoised (a view is not redrawn by unrelated events)', () => {
  it('the task list, the directory and a feed tab keep their array across an unrelated event', () => {
    const { state: before } = given(created('a'));
    const { state: after } = given(created('a')).when(preferences.themeChosen({ theme: 'light' }));
    expect(tasks.selectTaskList(before.tasks)).toBe(tasks.selectTaskList(before.tasks));
    const list = tasks.selectTaskList(after.tasks);
    expect(tasks.selectTaskList(after.tasks)).toBe(list);
    expect(characters.selectCharacterList(after.characters)).toBe(
      characters.selectCharacterList(after.characters),
    );
    const hidden = after.social.hidden;
    expect(feed.selectVisibleFeedItems(after.feed, 'model', hidden)).toBe(
      feed.selectVisibleFeedItems(after.feed, 'model', hidden),
    );
  });

  it('property: a memoised function gives what the function gives, and the same object for the same inputs', () => {
    const fn = (a: readonly number[], k: number) => a.map((x) => x * k);
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.array(fc.integer()), fc.integer())), (calls) => {
        const memo = memoizeLast(fn);
        return calls.every(([a, k]) => {
          const r = memo(a, k);
          return JSON.stringify(r) === JSON.stringify(fn(a, k)) && memo(a, k) === r;
        });
      }),
    );
  });
});
