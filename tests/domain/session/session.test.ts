import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { replayWith, stamp, type DomainEvent, type UnstampedEvent } from '../../../domain/index.js';
import * as session from '../../../domain/session/index.js';
import type { PaymentInfo } from '../../../domain/billing/index.js';
import { givenIn } from '../../support/context-spec.js';

const given = givenIn(session.sessionContext);

const user = (over: Partial<session.UserInfo> = {}): session.UserInfo => ({
  id: 'u1',
  accountName: 'ada',
  name: 'Ada',
  email: 'ada@example.com',
  avatar: '/a.png',
  status: 1,
  role: 'user',
  ...over,
});
const signIn = (over: Partial<session.UserInfo> = {}) => session.userInfoSet({ user: user(over) });
const folders = [
  { id: 'f1', name: 'Default' },
  { id: 'f2', name: 'Portraits' },
];
const notices = [
  { id: 'n1', title: 'Maintenance', createdAt: 1 },
  { id: 'n2', title: 'New models', createdAt: 2 },
];
const tags = [{ id: 't1', title: 'anime' }];
const signedInWithLists = () =>
  given(
    signIn(),
    session.collectionsLoaded({ folders }),
    session.noticesLoaded({ notices }),
    session.collectedTagsLoaded({ tags }),
  );

const paymentInfo: PaymentInfo = {
  accountId: 'u1',
  calculateCoins: 10,
  freeCoins: 0,
  tempCoins: 0,
  paidCoins: 10,
  isActive: true,
  liteIsActive: false,
  productLevel: 2,
  productType: 1,
  vipType: 'svip_2',
  expiryTime: null,
};

describe('session: login (spec §4 "setting user info stores the token and the account fields")', () => {
  it("given a guest, when user info is set, then the account fields are stored and a session exists (the token is the adapter's)", () => {
    const { state, violation } = given().when(signIn({ role: 'user' }));
    expect(violation).toBeNull();
    expect(state).toMatchObject({ status: 'signedIn', user: user() });
    expect(state).not.toHaveProperty('token');
    expect(session.selectIsGuest(state)).toBe(false);
    expect(session.selectHasSession(state)).toBe(true);
    expect(session.selectUser(state)).toEqual(user());
  });

  it('a refresh of the same person keeps their loaded lists; another person starts clean', () => {
    const g = signedInWithLists();
    const same = g.when(signIn({ name: 'Ada L.' })).state;
    expect(session.selectCollections(same)).toEqual(folders);
    expect(session.selectUser(same)?.name).toBe('Ada L.');
    const other = g.when(signIn({ id: 'u2' })).state;
    expect(session.selectCollections(other)).toEqual([]);
    expect(session.selectAccountNotices(other)).toEqual([]);
    expect(session.selectCollectedTags(other)).toEqual([]);
  });

  it('a guest has no session, user, lists or admin-off flag', () => {
    const s = session.initialSessionState;
    expect(session.selectIsGuest(s)).toBe(true);
    expect(session.selectHasSession(s)).toBe(false);
    expect(session.selectUser(s)).toBeNull();
    expect(session.selectAdminOff(s)).toBeNull();
    expect(session.selectEnterpriseRole(s)).toBe('none');
  });
});

describe('session: per-user lists (spec §4 "logout clears ... collections, notices ... and collected tags")', () => {
  it('stores collections, notices and collected tags, each id once', () => {
    const { state } = signedInWithLists().when(
      session.collectionsLoaded({ folders: [...folders, folders[0]!] }),
    );
    expect(session.selectCollections(state)).toEqual(folders);
    expect(session.selectAccountNotices(state)).toEqual(notices);
    expect(session.selectCollectedTags(state)).toEqual(tags);
  });

  it('a guest ignores list events (nothing to attach them to)', () => {
    const g = given();
    for (const e of [
      session.collectionsLoaded({ folders }),
      session.noticesLoaded({ notices }),
      session.collectedTagsLoaded({ tags }),
    ])
      expect(g.when(e).state).toBe(g.state);
  });
});

describe('session: logout (spec §4 "clears user info, collections, notices, the admin-off flag and collected tags, even if the call fails")', () => {
  it('given a signed-in person with lists, when logged out, then everything per-user is cleared', () => {
    const { state, violation } = signedInWithLists().when(session.loggedOut({}));
    expect(violation).toBeNull();
    expect(state).toEqual({ status: 'guest' });
    expect(session.selectUser(state)).toBeNull();
    expect(session.selectCollections(state)).toEqual([]);
    expect(session.selectAccountNotices(state)).toEqual([]);
    expect(session.selectAdminOff(state)).toBeNull();
    expect(session.selectCollectedTags(state)).toEqual([]);
  });

  it('logging out as a guest changes nothing', () => {
    const g = given();
    expect(g.when(session.loggedOut({})).state).toBe(g.state);
  });

  it('plans the local keys: whitelist kept, the rest removed', () => {
    expect(
      session.planLogout(['lang', 'token', 'user_info', 'device_id', 'hidden_cards', 'payment_info', 'lang']),
    ).toEqual({
      keep: ['lang', 'device_id', 'hidden_cards'],
      remove: ['token', 'user_info', 'payment_info'],
    });
    expect(session.LOGOUT_WHITELIST).toEqual(
      expect.arrayContaining(['lang', 'device_id', 'theme', 'hidden_cards', 'guide_flags']),
    );
  });

  it('property: logout keeps exactly the whitelist (keep = keys ∩ whitelist, remove = the rest, disjoint, union = all)', () => {
    const key = fc.oneof(
      fc.constantFrom(...session.LOGOUT_WHITELIST, 'token', 'user_info', 'payment_info'),
      fc.string({ maxLength: 8 }),
    );
    fc.assert(
      fc.property(fc.array(key, { maxLength: 30 }), (keys) => {
        const { keep, remove } = session.planLogout(keys);
        const all = new Set(keys);
        const white = new Set(session.LOGOUT_WHITELIST);
        expect(new Set(keep)).toEqual(new Set([...all].filter((k) => white.has(k))));
        expect(new Set(remove)).toEqual(new Set([...all].filter((k) => !white.has(k))));
        expect(keep.filter((k) => remove.includes(k))).toEqual([]);
        expect(new Set([...keep, ...remove])).toEqual(all);
        expect(keep.length + remove.length).toBe(all.size);
      }),
    );
  });
});

describe('session: persisted state (spec §4 "dropped when the T cookie is missing")', () => {
  const persisted: session.PersistedAuth = { user: user(), paymentInfo };

  it('keeps the persisted user info and payment info while the T cookie exists (the token: infrastructure tokenStore)', () => {
    expect(session.restorePersisted(persisted, { T: 'abc', lang: 'en' })).toBe(persisted);
  });

  it('drops both when the T cookie is missing or empty', () => {
    expect(session.restorePersisted(persisted, { lang: 'en' })).toEqual({
      user: null,
      paymentInfo: null,
    });
    expect(session.restorePersisted(persisted, { T: '' })).toEqual(session.EMPTY_PERSISTED_AUTH);
    expect(session.restorePersisted(persisted, { T: undefined })).toEqual(session.EMPTY_PERSISTED_AUTH);
  });

  it('a restored snapshot is a signed-in session only with user info', () => {
    expect(session.sessionFromPersisted(persisted)).toMatchObject({ status: 'signedIn', adminOff: -1 });
    expect(session.sessionFromPersisted({ ...persisted, user: null })).toEqual({ status: 'guest' });
    const restored = session.sessionFromPersisted(persisted);
    expect(
      session.adminOffMatchesRole.check(restored, restored, stamp(session.loggedOut({}), 1, 0)),
    ).toBeNull();
  });
});

describe('session: new user (spec §4 "status 3")', () => {
  it('status 3 is a new user, any other status is not', () => {
    expect(session.isNewUser(user({ status: 3 }))).toBe(true);
    expect(session.isNewUser(user({ status: 1 }))).toBe(false);
    expect(session.selectIsNewUser(given(signIn({ status: 3 })).state)).toBe(true);
    expect(session.selectIsNewUser(session.initialSessionState)).toBe(false);
  });
});

describe('session: roles (spec §6 "reviewer and reviewer_only turn admin-off to 0, otherwise -1")', () => {
  it.each([
    ['reviewer', 0],
    ['reviewer_only', 0],
    ['user', -1],
    ['admin', -1],
    ['Reviewer', -1],
    ['', -1],
  ] as const)('role %j gives admin-off %d, in the rule and in state', (role, expected) => {
    expect(session.adminOffFor(role)).toBe(expected);
    expect(session.selectAdminOff(given(signIn({ role })).state)).toBe(expected);
  });

  it('a role change on refresh updates the flag', () => {
    const { state } = given(signIn({ role: 'reviewer' })).when(signIn({ role: 'user' }));
    expect(session.selectAdminOff(state)).toBe(-1);
  });
});

describe('session: enterprise (spec §6 "company accounts are admin or ordinary member, by show_entry")', () => {
  it('identity_type enterprise with show_entry is an admin, without it a member', () => {
    expect(
      session.enterpriseRoleOf(user({ enterprise: { identityType: 'enterprise', showEntry: true } })),
    ).toBe('admin');
    expect(
      session.enterpriseRoleOf(user({ enterprise: { identityType: 'enterprise', showEntry: false } })),
    ).toBe('member');
  });
  it('any other identity, or none, is not a company account', () => {
    expect(session.enterpriseRoleOf(user({ enterprise: { identityType: 'tob', showEntry: true } }))).toBe(
      'none',
    );
    expect(session.enterpriseRoleOf(user({ enterprise: null }))).toBe('none');
    expect(session.enterpriseRoleOf(user())).toBe('none');
  });
  it('the selector reads the signed-in person', () => {
    const s = given(signIn({ enterprise: { identityType: 'enterprise', showEntry: true } })).state;
    expect(session.selectEnterpriseRole(s)).toBe('admin');
  });
});

describe('session: invariants catch a corrupted state', () => {
  const e = stamp(session.loggedOut({}), 1, 0);
  it('admin-off that disagrees with the role is reported', () => {
    const s = given(signIn({ role: 'reviewer' })).state as session.SignedIn;
    expect(session.adminOffMatchesRole.check(s, { ...s, adminOff: -1 }, e)).toBe(
      'admin-off is -1 for role reviewer',
    );
  });
  it('a duplicated list id is reported', () => {
    const s = given(signIn()).state as session.SignedIn;
    expect(session.sessionListsUnique.check(s, { ...s, collectedTags: [...tags, ...tags] }, e)).toBe(
      'collectedTags holds a duplicate id',
    );
    expect(session.sessionListsUnique.check(s, s, e)).toBeNull();
  });
});

// ---- random sequences

const arbUser = fc.record({
  id: fc.constantFrom('u1', 'u2'),
  accountName: fc.constant('acc'),
  name: fc.constantFrom('A', 'B'),
  email: fc.constant('a@example.com'),
  avatar: fc.constant(''),
  status: fc.integer({ min: 0, max: 4 }),
  role: fc.constantFrom('reviewer', 'reviewer_only', 'user', 'admin', ''),
  enterprise: fc.option(
    fc.record({ identityType: fc.constantFrom('enterprise', 'tob'), showEntry: fc.boolean() }),
  ),
});
const arbId = fc.constantFrom('a', 'b', 'c');
const arbEvent: fc.Arbitrary<UnstampedEvent> = fc.oneof(
  fc.record({ user: arbUser }).map((p) => session.userInfoSet(p)),
  fc.constant(session.loggedOut({})),
  fc
    .array(fc.record({ id: arbId, name: fc.string({ maxLength: 3 }) }), { maxLength: 4 })
    .map((folders) => session.collectionsLoaded({ folders })),
  fc
    .array(fc.record({ id: arbId, title: fc.string({ maxLength: 3 }), createdAt: fc.nat() }), {
      maxLength: 4,
    })
    .map((ns) => session.noticesLoaded({ notices: ns })),
  fc
    .array(fc.record({ id: arbId, title: fc.string({ maxLength: 3 }) }), { maxLength: 4 })
    .map((ts) => session.collectedTagsLoaded({ tags: ts })),
);
const arbEvents = fc
  .array(arbEvent, { maxLength: 40 })
  .map((es) => es.map((e, i) => stamp(e, i + 1, i * 1000)));
const evolve = session.evolveSession as (s: session.SessionState, e: DomainEvent) => session.SessionState;

describe('session: replay', () => {
  it('property: folding a random event sequence from scratch equals applying it step by step', () => {
    fc.assert(
      fc.property(arbEvents, fc.nat(), (events, cut) => {
        const k = events.length === 0 ? 0 : cut % (events.length + 1);
        const whole = replayWith(evolve, [], session.initialSessionState, events).state;
        let stepwise = session.initialSessionState;
        for (const e of events) stepwise = evolve(stepwise, e);
        const prefix = replayWith(evolve, [], session.initialSessionState, events.slice(0, k)).state;
        const resumed = replayWith(evolve, [], prefix, events.slice(k)).state;
        expect(stepwise).toEqual(whole);
        expect(resumed).toEqual(whole);
      }),
    );
  });

  it('property: invariants hold after every event of a random sequence', () => {
    fc.assert(
      fc.property(arbEvents, (events) => {
        const r = replayWith(evolve, session.sessionContext.invariants, session.initialSessionState, events);
        expect(r.violation).toBeNull();
      }),
    );
  });

  it('property: loggedOut always applies (it carries no server outcome, so a failed call logs out too): nothing per-user remains, whatever came before', () => {
    fc.assert(
      fc.property(arbEvents, (events) => {
        const out = stamp(session.loggedOut({}), events.length + 1, 0);
        const s = evolve(replayWith(evolve, [], session.initialSessionState, events).state, out);
        expect(s).toEqual({ status: 'guest' });
      }),
    );
  });
});
