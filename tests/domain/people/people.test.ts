import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as people from '../../../domain/people/index.js';
import type { FeedCard } from '../../../domain/feed/rules.js';
import { givenIn } from '../../support/context-spec.js';

const ctx = people.peopleContext;
const given = givenIn(ctx);
const DAY = people.DAY_MS;

const card = (id: string): FeedCard => ({
  id,
  obj_type: 1,
  cardType: 'artwork',
  title: `Work ${id}`,
  cover: null,
  authorId: 'a',
});
const folders = people.foldersLoaded({
  folders: [
    { id: 'f1', name: 'Default', isDefault: true, count: 3 },
    { id: 'f2', name: 'Ideas', isDefault: false, count: 1 },
  ],
});
const collects = (folder: string, ids: readonly string[], offset = ids.length) =>
  people.listPageLoaded({
    list: { kind: 'collects', id: folder },
    entries: ids.map((id) => ({ collectId: `c${id}`, card: card(id) })),
    offset,
    hasMore: false,
  });

describe('personal area tabs (spec §2 personal area)', () => {
  it('names the four tabs and refuses anything else', () => {
    expect(people.PERSONAL_TABS).toEqual(['works', 'collections', 'followers', 'following']);
    expect(people.personalTabOf('followers')).toBe('followers');
    expect(people.personalTabOf('earnings')).toBeNull();
    expect(people.personalTabOf(null)).toBeNull();
  });
});

describe('earnings over time (spec §3 stats: earnings)', () => {
  it('fills the 30 days up to the answer’s day, oldest first, with 0 where nothing was earned', () => {
    const asOf = 100 * DAY + 5000;
    const series = people.earningsSeries(
      [
        { day: 100 * DAY, amount: 3 },
        { day: 90 * DAY, amount: 2 },
        { day: 90 * DAY, amount: 1 },
        { day: 50 * DAY, amount: 9 },
      ],
      asOf,
    );
    expect(series).toHaveLength(30);
    expect(series[0]!.day).toBe(71 * DAY);
    expect(series[29]).toEqual({ day: 100 * DAY, amount: 3 });
    expect(series.find((p) => p.day === 90 * DAY)?.amount).toBe(3);
    expect(series.reduce((a, p) => a + p.amount, 0)).toBe(6);
  });

  it('property: consecutive days, and the in-range amounts add up to the same total', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ day: fc.integer({ min: 0, max: 60 }), amount: fc.integer({ min: 0, max: 100 }) }),
        ),
        fc.integer({ min: 30, max: 60 }),
        fc.integer({ min: 1, max: 40 }),
        (points, asOfDay, days) => {
          const series = people.earningsSeries(
            points.map((p) => ({ day: p.day * DAY, amount: p.amount })),
            asOfDay * DAY + 1,
            days,
          );
          expect(series).toHaveLength(days);
          series.forEach((p, i) => i > 0 && expect(p.day - series[i - 1]!.day).toBe(DAY));
          const inRange = points
            .filter((p) => p.day > asOfDay - days && p.day <= asOfDay)
            .reduce((a, p) => a + p.amount, 0);
          expect(series.reduce((a, p) => a + p.amount, 0)).toBe(inRange);
        },
      ),
    );
  });

  it('property: bars stay in the box, sit on its floor, and the largest day fills its height', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 1, maxLength: 40 }), (amounts) => {
        const series = amounts.map((amount, i) => ({ day: i * DAY, amount }));
        const bars = people.chartBars(series, 300, 100);
        expect(bars).toHaveLength(series.length);
        for (const b of bars) {
          expect(b.x).toBeGreaterThanOrEqual(0);
          expect(b.x + b.width).toBeLessThanOrEqual(300 + 1e-9);
          expect(b.y + b.height).toBeCloseTo(100);
          expect(b.height).toBeGreaterThanOrEqual(0);
        }
        const max = Math.max(...amounts);
        if (max > 0) expect(Math.max(...bars.map((b) => b.height))).toBeCloseTo(100);
        else expect(bars.every((b) => b.height === 0)).toBe(true);
        // Proportional: twice the coins, twice the bar.
        bars.forEach((b, i) => max > 0 && expect(b.height).toBeCloseTo((amounts[i]! / max) * 100));
      }),
    );
  });
});

describe('folders and collections (spec §7 collect remove, batch un-collect, move collect)', () => {
  it('a folder name is visible text of at most 40 characters', () => {
    expect(people.folderNameProblem('  ')).toBe('folderNameEmpty');
    expect(people.folderNameProblem('x'.repeat(41))).toBe('folderNameTooLong');
    expect(people.folderNameProblem('🎨'.repeat(40))).toBeNull();
    expect(people.folderNameProblem(' Ideas ')).toBeNull();
  });

  it('removing collections takes them out of their folder’s list and count', () => {
    const { state, violation } = given(folders, collects('f1', ['1', '2', '3'])).when(
      people.collectsRemoved({ collectIds: ['c1', 'c3'] }),
    );
    expect(violation).toBeNull();
    expect(people.selectList(state, 'collects', 'f1')?.entries.map((e) => e.collectId)).toEqual(['c2']);
    expect(people.selectList(state, 'collects', 'f1')?.offset).toBe(1);
    expect(people.selectLoadedFolders(state).find((f) => f.id === 'f1')?.count).toBe(1);
  });

  it('moving collections takes them out of the other folders and adds them to the target’s count', () => {
    const { state } = given(folders, collects('f1', ['1', '2', '3']), collects('f2', ['9'])).when(
      people.collectsMoved({ collectIds: ['c1', 'c2'], folderId: 'f2' }),
    );
    expect(people.selectList(state, 'collects', 'f1')?.entries.map((e) => e.collectId)).toEqual(['c3']);
    // The target is read again when shown (its order is the server's).
    expect(people.selectList(state, 'collects', 'f2')).toBeNull();
    expect(people.selectLoadedFolders(state).map((f) => f.count)).toEqual([1, 3]);
  });

  it('a page overlapping the previous one adds nothing twice', () => {
    const { state, violation } = given(collects('f1', ['1', '2'])).when(collects('f1', ['2', '3'], 3));
    expect(violation).toBeNull();
    expect(people.selectList(state, 'collects', 'f1')?.entries.map((e) => e.collectId)).toEqual([
      'c1',
      'c2',
      'c3',
    ]);
  });
});

describe('profiles and lists', () => {
  it('an unknown id is missing (the route shows a 404); a failure keeps a loaded profile', () => {
    const profile: people.Profile = {
      id: 'p',
      name: 'P',
      avatar: '',
      createdAt: 0,
      isSelf: false,
      followers: 1,
      following: 2,
      works: 3,
    };
    expect(people.selectProfileState(given().when(people.profileMissing({ id: 'x' })).state, 'x')).toEqual({
      status: 'missing',
    });
    const { state } = given(people.profileLoaded({ profile })).when(
      people.profileFailed({ id: 'p', code: 0 }),
    );
    expect(people.selectProfile(state, 'p')).toEqual(profile);
  });

  it('a list asks for its next page only when loaded with more to come', () => {
    const list = { kind: 'works' as const, id: 'p' };
    expect(people.selectNextOffset(ctx.initialState, 'works', 'p')).toBe(0);
    const loading = given().when(people.listRequested({ list, reset: true })).state;
    expect(people.selectNextOffset(loading, 'works', 'p')).toBeNull();
    const loaded = given(people.listRequested({ list, reset: true })).when(
      people.listPageLoaded({ list, entries: [card('1')], offset: 1, hasMore: true }),
    ).state;
    expect(people.selectNextOffset(loaded, 'works', 'p')).toBe(1);
  });

  it('signing out clears the person’s lists and stats but keeps the device’s invitation codes (spec §4 whitelist)', () => {
    const { state } = given(
      folders,
      people.invitationCodesRead({ channelInviteCode: 'ch1', referralCode: null }),
    ).when(people.peopleCleared({}));
    expect(people.selectFolders(state)).toBeNull();
    expect(people.selectInvitationCodes(state)).toEqual({ channelInviteCode: 'ch1', referralCode: null });
  });

  it('property: folder counts never go negative and lists never repeat, whatever happens', () => {
    const ids = fc.constantFrom('1', '2', '3', '4');
    const event = fc.oneof(
      fc.array(ids, { maxLength: 4 }).map((xs) => collects('f1', xs)),
      fc.array(ids, { maxLength: 4 }).map((xs) => collects('f2', xs)),
      fc
        .array(
          ids.map((i) => `c${i}`),
          { maxLength: 4 },
        )
        .map((collectIds) => people.collectsRemoved({ collectIds })),
      fc
        .tuple(
          fc.array(
            ids.map((i) => `c${i}`),
            { maxLength: 4 },
          ),
          fc.constantFrom('f1', 'f2'),
        )
        .map(([collectIds, folderId]) => people.collectsMoved({ collectIds, folderId })),
      fc.constant(folders),
    );
    fc.assert(
      fc.property(fc.array(event, { maxLength: 20 }), (events) => {
        expect(given().when(...events).violation).toBeNull();
      }),
    );
  });
});

describe('one selector for the account figures on every page (issue 21 item 10)', () => {
  const stats = { collected: 745, following: 3, followers: 12, earnings: 71, byDay: [], asOf: 0 };
  const deco = { colleted_cnt: 745, following_cnt: 3, follower_cnt: 12, earnings: 71 };
  it('the personal page and the decorations page get the same rows from either answer: times collected, following, followers, earnings', () => {
    const fromDeco = people.selectAccountFigures(people.initialPeopleState, deco);
    const fromStats = people.selectAccountFigures(
      { ...people.initialPeopleState, stats: { status: 'loaded', value: stats } },
      null,
    );
    expect(fromDeco).toEqual(fromStats);
    expect(fromDeco?.map((r) => [r.figure, r.value, r.shown])).toEqual([
      ['collected', 745, '745'],
      ['following', 3, '3'],
      ['followers', 12, '12'],
      ['earnings', 71, '71'],
    ]);
    expect(people.selectAccountFigures(people.initialPeopleState, null)).toBeNull();
  });

  it('property: for any figures both sources give identical rows, in the fixed order, each shown as its compact count', () => {
    const n = fc.integer({ min: 0, max: 2_000_000_000 });
    fc.assert(
      fc.property(n, n, n, n, (collected, following, followers, earnings) => {
        const a = people.selectAccountFigures(people.initialPeopleState, {
          colleted_cnt: collected,
          following_cnt: following,
          follower_cnt: followers,
          earnings,
        });
        const b = people.selectAccountFigures(
          {
            ...people.initialPeopleState,
            stats: {
              status: 'loaded',
              value: { collected, following, followers, earnings, byDay: [], asOf: 0 },
            },
          },
          null,
        );
        expect(a).toEqual(b);
        expect(a?.map((r) => r.figure)).toEqual([...people.ACCOUNT_FIGURES]);
      }),
    );
  });
});
