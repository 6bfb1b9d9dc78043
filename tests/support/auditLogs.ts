/**
 * Logs for the replay's properties (tests/domain/kernel): random event sequences over many
 * contexts, and for every invariant of the registry a way to break it.
 *
 * Reducers guard their invariants, so most cannot be broken by events at all; what an auditor
 * hunts is a reducer that fails to. A breaker stands for such a bug: steps applied to the state
 * in place of an event's reducer (each a marker event in the log, `test/break`, or an event of a
 * real type whose reducer the test's `evolveWithBreaks` replaces), each changing only what it
 * must, as an immutable reducer would; the last step breaks its invariant.
 */
import fc from 'fast-check';
import {
  billing,
  chat,
  decorations,
  evolve,
  feed,
  messages,
  notices,
  popups,
  session,
  shardOf,
  social,
  stamp,
  tasks,
  tracking,
  type DomainEvent,
  type RootState,
  type UnstampedEvent,
} from '../../domain/index.js';
import { ornament, paymentInfo } from './fixtures';

// ---- random logs over many contexts ----------------------------------------------------------

const taskIds = fc.constantFrom('a', 'b', 'c', 'd');
const coinsArb = fc.nat({ max: 5000 });
const user = (role: string): session.UserInfo => ({
  id: 'u',
  accountName: 'u',
  name: 'U',
  email: '[email]',
  avatar: '',
  status: 1,
  role,
});

const tasksArb: fc.Arbitrary<UnstampedEvent> = fc.oneof(
  {
    weight: 6,
    arbitrary: taskIds.map((id) =>
      tasks.taskCreated({
        id,
        params: { domainType: 0, prompt: id, aspectRatio: '1:1', seed: null },
        guest: id === 'd',
        estimateMs: null,
        createdAt: 0,
      }),
    ),
  },
  {
    weight: 12,
    arbitrary: fc
      .tuple(taskIds, fc.integer({ min: -5, max: 110 }), fc.constantFrom(1 as const, 2 as const))
      .map(([id, progress, code]) =>
        tasks.progressReported({ id, code, progress, statusDesc: '', estimateMs: null }),
      ),
  },
  { weight: 2, arbitrary: taskIds.map((id) => tasks.taskCompleted({ id, images: [] })) },
  { weight: 1, arbitrary: taskIds.map((id) => tasks.taskFailed({ id, code: 4, reason: 'x' })) },
  { weight: 1, arbitrary: taskIds.map((id) => tasks.taskRemoved({ id })) },
  { weight: 1, arbitrary: taskIds.map((id) => tasks.taskDeleted({ id, refundedCoins: 0 })) },
  { weight: 1, arbitrary: fc.subarray(['a', 'b', 'c', 'd']).map((ids) => tasks.tasksSeen({ ids })) },
  { weight: 1, arbitrary: fc.constant(tasks.accountTasksCleared({})) },
);

const cardOf = (id: string, objType: 1 | 2): feed.FeedCard => ({
  id,
  obj_type: objType,
  cardType: 'artwork',
  title: id,
  cover: null,
  authorId: `a${id}`,
});
const feedQuery = (offset: number) => feed.buildFeedQuery('recommend', { offset });
const feedArb: fc.Arbitrary<UnstampedEvent> = fc.oneof(
  fc.constantFrom(0, 20).map((offset) => feed.pageRequested({ query: feedQuery(offset) })),
  fc.tuple(fc.constantFrom(0, 20), fc.subarray(['x', 'y', 'z', 'w'])).map(([offset, ids]) =>
    feed.pageLoaded({
      query: feedQuery(offset),
      items: ids.map((id) => cardOf(id, 1)),
      nextOffset: offset + 20,
      hasMore: true,
    }),
  ),
  fc.constant(feed.feedReset({ tab: 'recommend' })),
);

const itemKeys = fc.constantFrom('1:x', '1:y', '2:x');
const socialArb: fc.Arbitrary<UnstampedEvent> = fc.oneof(
  fc.subarray(['x', 'y']).map((ids) =>
    social.itemsReceived({
      items: ids.flatMap((id) =>
        ([1, 2] as const).map((obj_type) => ({
          id,
          obj_type,
          liked: id === 'y',
          collect: null,
          stat: { num_of_like: 3, num_of_collection: 0 },
          author: { id: `a${id}`, is_follow: false },
        })),
      ),
    }),
  ),
  fc.tuple(itemKeys, fc.constantFrom('o1', 'o2')).map(([key, opId]) => social.likeToggled({ key, opId })),
  fc.constantFrom('o1', 'o2').map((opId) => social.likeConfirmed({ opId })),
  fc.constantFrom('o1', 'o2').map((opId) => social.likeRolledBack({ opId })),
  fc
    .tuple(itemKeys, fc.boolean(), fc.nat({ max: 4 }))
    .map(([key, liked, n]) => social.likeStateReceived({ key, liked, num_of_like: n })),
  fc
    .tuple(fc.constantFrom('ax', 'ay'), fc.constantFrom('o3', 'o4'))
    .map(([authorId, opId]) => social.followToggled({ authorId, opId })),
  fc
    .tuple(
      fc.constantFrom('m1', 'm2'),
      fc.constantFrom<'report' | 'notInterested'>('report', 'notInterested'),
    )
    .map(([id, reason]) => social.muted({ id, reason })),
  fc.constantFrom('m1', 'm2').map((id) => social.muteUndone({ id })),
);

const chatSession = fc.constantFrom('s1', 's1', 's2');
const chatClient = fc.constantFrom('c1', 'c2', 'r1', 'r2');
const chatArb: fc.Arbitrary<UnstampedEvent> = fc.oneof(
  chatSession.map((sessionId) => chat.sessionOpened({ sessionId, channelId: 'ch' })),
  fc.constant(chat.sessionClosed({})),
  fc
    .tuple(
      chatSession,
      fc.array(fc.tuple(fc.constantFrom('m1', 'm2', 'm3'), fc.integer({ min: 0, max: 6 })), { maxLength: 3 }),
    )
    .map(([sessionId, ms]) =>
      chat.historyLoaded({
        sessionId,
        messages: ms.map(([serverId, createAt]) => ({
          serverId,
          clientId: null,
          role: 'assistant' as const,
          content: 'h',
          createAt,
          name: null,
          nameKey: null,
          isOfficialAgent: false,
        })),
      }),
    ),
  fc
    .tuple(chatSession, chatClient, fc.integer({ min: 0, max: 6 }))
    .map(([sessionId, clientId, createAt]) =>
      chat.messageSent({ sessionId, clientId, content: 'hi', createAt }),
    ),
  fc
    .tuple(chatSession, chatClient, fc.constantFrom('m4', 'm5'))
    .map(([sessionId, clientId, serverId]) => chat.messageAcknowledged({ sessionId, clientId, serverId })),
  fc
    .tuple(chatSession, chatClient, fc.integer({ min: 0, max: 6 }))
    .map(([sessionId, clientId, createAt]) =>
      chat.replyStarted({ sessionId, clientId, createAt, name: null, nameKey: 'k', isOfficialAgent: false }),
    ),
  {
    arbitrary: fc
      .tuple(chatSession, chatClient, fc.integer({ min: 0, max: 3 }), fc.constantFrom('a', 'b'))
      .map(([sessionId, clientId, index, text]) => chat.tokenReceived({ sessionId, clientId, index, text })),
    weight: 4,
  },
  fc
    .tuple(chatSession, chatClient, fc.constantFrom('m6', 'm7'))
    .map(([sessionId, clientId, serverId]) =>
      chat.replyFinished({ sessionId, clientId, serverId, content: null }),
    ),
  fc
    .tuple(chatSession, chatClient)
    .map(([sessionId, clientId]) => chat.messageDeleteRequested({ sessionId, clientId })),
  fc
    .tuple(chatSession, chatClient)
    .map(([sessionId, clientId]) => chat.messageDeleted({ sessionId, clientId })),
);

const trackedItem = (id: string): tracking.TrackedItem => ({ id, name: 'click', data: { page: 'home' } });
const trackingArb: fc.Arbitrary<UnstampedEvent> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .tuple(
        fc.constantFrom<tracking.TrackingChannel>('log', 'exposure'),
        fc.constantFrom('i1', 'i2', 'i3', 'i4', 'i5'),
      )
      .map(([channel, id]) => tracking.eventEnqueued({ channel, item: trackedItem(id) })),
  },
  fc
    .constantFrom('i1', 'i2', 'i6')
    .map((id) => tracking.cacheRestored({ channel: 'log', items: [trackedItem(id)] })),
  fc
    .tuple(
      fc.constantFrom<tracking.TrackingChannel>('log', 'exposure'),
      fc.constantFrom('b0', 'b1', 'b2', 'b3'),
      fc.subarray(['i1', 'i2', 'i3', 'i4', 'i5']),
    )
    .map(([channel, batchId, itemIds]) => tracking.batchSent({ channel, batchId, itemIds })),
  fc
    .tuple(
      fc.constantFrom<tracking.TrackingChannel>('log', 'exposure'),
      fc.constantFrom('b0', 'b1', 'b2', 'b3'),
    )
    .map(([channel, batchId]) => tracking.batchAcked({ channel, batchId })),
  fc
    .tuple(
      fc.constantFrom<tracking.TrackingChannel>('log', 'exposure'),
      fc.constantFrom('b0', 'b1', 'b2', 'b3'),
    )
    .map(([channel, batchId]) => tracking.batchFailed({ channel, batchId })),
);

const decorationsArb: fc.Arbitrary<UnstampedEvent> = fc.oneof(
  fc.subarray(['o1', 'o2', 'o3']).chain((ids) =>
    fc.array(fc.boolean(), { minLength: ids.length, maxLength: ids.length }).map((worn) =>
      decorations.ornamentsReceived({
        ornaments: ids.map((id, i) =>
          ornament(id, id === 'o3' ? 'productionBox' : 'avatarBox', worn[i] ?? false),
        ),
      }),
    ),
  ),
  fc.constantFrom('o1', 'o2').map((ornamentId) => decorations.avatarBoxWorn({ ornamentId })),
  fc.constantFrom('o1', 'o2').map((ornamentId) => decorations.avatarBoxUnloaded({ ornamentId })),
  fc.constantFrom('w1', 'w2').map((workId) => decorations.productionBoxWorn({ ornamentId: 'o3', workId })),
);

const othersArb: fc.Arbitrary<UnstampedEvent> = fc.oneof(
  fc
    .tuple(coinsArb, coinsArb, fc.boolean())
    .map(([f, p, a]) => billing.paymentInfoReceived({ info: paymentInfo(f, p, a) })),
  fc.constant(billing.paymentInfoCleared({})),
  fc.constantFrom('reviewer', 'user').map((role) => session.userInfoSet({ user: user(role) })),
  fc.constant(session.loggedOut({})),
  fc.constantFrom('n1', 'n2').map((id) =>
    notices.noticeRaised({
      id,
      level: 'error',
      messageKey: 'apiErr',
      values: {},
      fallback: null,
      durationMs: 5000,
    }),
  ),
  fc.constantFrom('n1', 'n2').map((id) => notices.noticeDismissed({ id })),
  fc.constantFrom<popups.PopupType>('revive', 'award', 'hot').map((type) => popups.popupOffered({ type })),
  fc.constantFrom('homePage', 'square').map((route) => popups.pageVisited({ route })),
  fc
    .tuple(fc.nat({ max: 5 }), fc.nat({ max: 5 }))
    .map(([likeCol, com]) => messages.unreadCountsReceived({ counts: { likeCol, com, fol: 0, sys: 1 } })),
  fc.constant({ type: 'future/somethingHappened', payload: { x: 1 } }),
);

/** Events a valid session records: every reducer keeps every invariant. */
export const validEventArb: fc.Arbitrary<UnstampedEvent> = fc.oneof(
  { weight: 6, arbitrary: tasksArb },
  { weight: 2, arbitrary: feedArb },
  { weight: 2, arbitrary: socialArb },
  { weight: 4, arbitrary: chatArb },
  { weight: 3, arbitrary: trackingArb },
  { weight: 1, arbitrary: decorationsArb },
  { weight: 3, arbitrary: othersArb },
);

/** Data a server might send that breaks an invariant through the real reducers. */
export const breakingDataArb: fc.Arbitrary<UnstampedEvent> = fc.oneof(
  fc
    .integer({ min: -50, max: -1 })
    .map((f) => billing.paymentInfoReceived({ info: paymentInfo(f, 0, false) })),
  fc
    .integer({ min: -3, max: -1 })
    .map((likeCol) => messages.unreadCountsReceived({ counts: { likeCol, com: 0, fol: 0, sys: 0 } })),
);

export const stampAll = (events: readonly UnstampedEvent[]): DomainEvent[] =>
  events.map((e, i) => stamp(e, i + 1, Date.UTC(2026, 0, 1) + 1000 * (i + 1)));

// ---- breakers --------------------------------------------------------------------------------

type Path = readonly (string | number)[];
type Loose = Record<string, unknown>;

const get = (s: unknown, path: Path): unknown =>
  path.reduce<unknown>((o, k) => (o === null || typeof o !== 'object' ? undefined : (o as Loose)[k]), s);

/** An immutable update of one path: every object on the way is copied, everything else kept. */
const put = (s: unknown, path: Path, value: unknown): unknown => {
  if (path.length === 0) return value;
  const [k, ...rest] = path as [string | number, ...(string | number)[]];
  if (Array.isArray(s)) {
    const copy = [...(s as unknown[])];
    copy[k as number] = put(copy[k as number], rest, value);
    return copy;
  }
  const o = (s ?? {}) as Loose;
  return { ...o, [k]: put(o[k], rest, value) };
};
const update = (s: unknown, path: Path, f: (v: unknown) => unknown): unknown => put(s, path, f(get(s, path)));
const without = (record: unknown, key: string): Loose => {
  const { [key]: _gone, ...rest } = (record ?? {}) as Loose;
  return rest;
};

export interface BreakStep {
  /** The event type the step stands for (a marker by default). */
  readonly type?: string;
  readonly payload?: Loose;
  readonly apply: (s: RootState) => RootState;
}

const step = (apply: (s: unknown) => unknown, type?: string, payload?: Loose): BreakStep => ({
  apply: apply as (s: RootState) => RootState,
  ...(type === undefined ? {} : { type }),
  ...(payload === undefined ? {} : { payload }),
});

const real = (event: UnstampedEvent) => step((s) => evolve(s as RootState, stamp(event, 1, 0)));

const task = (id: string, progress: number) => ({
  id,
  params: { domainType: 0, prompt: id, aspectRatio: '1:1', seed: null },
  guest: false,
  createdAt: 0,
  updatedAt: 0,
  estimateMs: null,
  phase: { status: 'inProgress', code: 2, progress, statusDesc: '' },
});
const addTask = (s: unknown, id: string, progress: number) =>
  update(put(s, ['tasks', 'byId', id], task(id, progress)), ['tasks', 'order'], (o) => [
    id,
    ...((o as string[]) ?? []),
  ]);

const FUTURE = Date.UTC(2030, 0, 1, 12);

const openChat = step((s) =>
  get(s, ['chat', 'status']) === 'open'
    ? s
    : put(s, ['chat'], {
        status: 'open',
        sessionId: 'zz',
        channelId: 'ch',
        connection: 'online',
        messages: [],
        hasOlder: false,
        pendingDeletes: [],
        deleted: [],
        settings: { onlineSearch: false, instruction: null },
        voiceReplies: true,
        speaking: null,
      }),
);
const chatMessages = (s: unknown) => (get(s, ['chat', 'messages']) as Loose[] | undefined) ?? [];
const lastAt = (s: unknown) => Math.max(0, ...chatMessages(s).map((m) => m['createAt'] as number));
const message = (clientId: string, createAt: number, over: Loose = {}) => ({
  clientId,
  serverId: null,
  role: 'user',
  content: 'x',
  createAt,
  name: null,
  nameKey: null,
  isOfficialAgent: false,
  attachments: [],
  phase: { status: 'delivered' },
  ...over,
});
const appendMessages = (...make: ((s: unknown) => Loose)[]) =>
  step((s) =>
    update(s, ['chat', 'messages'], (ms) => [...((ms as Loose[]) ?? []), ...make.map((f) => f(s))]),
  );

const queued = (id: string, seq: number) => ({ id, name: 'click', data: {}, seq, enqueuedAt: 0 });
const appendPending = (...items: ((q: Loose) => Loose)[]) =>
  step((s) =>
    update(s, ['tracking', 'log'], (q) => ({
      ...(q as Loose),
      pending: [...((q as Loose)['pending'] as Loose[]), ...items.map((f) => f(q as Loose))],
    })),
  );
const nextSeq = (q: Loose) => q['nextSeq'] as number;

const upload = (id: string, field: string, phase: Loose, size = 0) => ({
  id,
  field,
  file: { name: `${id}.png`, size, type: 'image/png' },
  guest: false,
  startedAt: 0,
  updatedAt: 0,
  phase,
});
const addUpload = (id: string, field: string, phase: Loose, size = 0) =>
  step((s) =>
    update(put(s, ['uploads', 'byId', id], upload(id, field, phase, size)), ['uploads', 'order'], (o) => [
      id,
      ...(o as string[]),
    ]),
  );

const feedTab = (queryKey: string, items: readonly unknown[], offset: number) => ({
  status: 'loaded',
  queryKey,
  items,
  offset,
  hasMore: true,
});
const socialItem = (stat: Loose) => ({
  id: 'zz',
  obj_type: 1,
  liked: false,
  collect: null,
  stat,
  authorId: 'a',
});

/** For each invariant of the registry, the steps that break it (the last one does). */
export const breakers: Readonly<Record<string, readonly BreakStep[]>> = {
  'tasks.progressMonotonic': [
    step((s) => {
      // The last task in progress goes back a step while every other task is rewritten as it was
      // (so an incremental check must look at all of them); without one, a task reports 150 %.
      const byId = get(s, ['tasks', 'byId']) as Loose;
      const order = get(s, ['tasks', 'order']) as string[];
      const id = [...order].reverse().find((i) => {
        const p = get(byId, [i, 'phase', 'progress']) as number;
        return p > 1 && p < 100;
      });
      if (id === undefined) return addTask(s, 'zz', 150);
      const copied = put(
        s,
        ['tasks', 'byId'],
        Object.fromEntries(order.map((i) => [i, { ...(byId[i] as Loose) }])),
      );
      return update(copied, ['tasks', 'byId', id, 'phase', 'progress'], (p) => (p as number) - 1);
    }),
  ],
  'tasks.orderMatchesTasks': [step((s) => put(s, ['tasks', 'byId', 'zy'], task('zy', 0)))],
  'tasks.deletedNeverListed': [step((s) => put(addTask(s, 'zx', 0), ['tasks', 'deleted', 'zx'], true))],
  'tasks.estimateNonNegative': [
    step((s) =>
      put(s, ['tasks', 'estimate'], {
        key: 'k',
        domainType: 0,
        coins: -1,
        estimateMs: 0,
        canAfford: true,
        at: 0,
      }),
    ),
  ],
  'billing.coinsNeverNegative': [real(billing.paymentInfoReceived({ info: paymentInfo(-1, 0, false) }))],
  'billing.paymentStateMirrorsInfo': [
    real(billing.paymentInfoReceived({ info: paymentInfo(1, 0, false) })),
    step((s) => put(s, ['billing', 'activeState'], true)),
  ],
  'session.adminOffMatchesRole': [
    real(session.userInfoSet({ user: user('user') })),
    step((s) => put(s, ['session', 'adminOff'], 0)),
  ],
  'session.sessionListsUnique': [
    real(session.userInfoSet({ user: user('user') })),
    step((s) =>
      put(
        s,
        ['session', 'collections'],
        [
          { id: 'c1', name: 'c' },
          { id: 'c1', name: 'c' },
        ],
      ),
    ),
  ],
  'popups.awaitingOrderIdWithEndTime': [
    step((s) =>
      put(
        update(s, ['popups', 'endTimes'], (e) => without(e, 'awaitingOrder')),
        ['popups', 'awaitingOrderId'],
        'o1',
      ),
    ),
  ],
  'popups.atMostOncePerDay': [
    step((s) => put(s, ['popups', 'shown', 'revive'], { at: FUTURE })),
    step((s) => put(s, ['popups', 'shown', 'revive'], { at: FUTURE + 1000 }), 'popups/shown', {
      type: 'revive',
    }),
  ],
  'popups.shownNeverMovesBack': [
    step((s) => put(s, ['popups', 'shown', 'award'], { at: FUTURE })),
    step((s) => put(s, ['popups', 'shown', 'award'], { at: FUTURE - 1 })),
  ],
  'popups.queueConsistent': [
    step((s) => update(s, ['popups', 'offered'], (o) => [...(o as string[]), 'patFace', 'patFace'])),
  ],
  'popups.countdownMatchesEndTime': [
    step((s) =>
      put(s, ['popups', 'halfDiscountCountdown'], { status: 'running', endAt: 123, remainingMs: 5000 }),
    ),
  ],
  'messages.unreadNeverNegative': [
    step((s) => put(s, ['messages', 'unread'], { likeCol: -1, com: 0, fol: 0, sys: 0, total: -1 })),
  ],
  'messages.unreadTotalIsSum': [
    step((s) => update(s, ['messages', 'unread', 'total'], (t) => (t as number) + 1)),
  ],
  'decorations.atMostOneAvatarBoxWorn': [
    step((s) =>
      put(
        put(s, ['decorations', 'ornaments', 'za'], ornament('za', 'avatarBox', true)),
        ['decorations', 'ornaments', 'zb'],
        ornament('zb', 'avatarBox', true),
      ),
    ),
  ],
  'decorations.stockNeverNegative': [
    step((s) =>
      put(s, ['decorations', 'ornaments', 'zc'], { ...ornament('zc', 'productionBox', false), stock: -1 }),
    ),
  ],
  'decorations.productionBoxPerWork': [
    step((s) => put(s, ['decorations', 'productionBoxOnWork', 'zw'], 'ghost')),
  ],
  'editor.savedRevisionNotAhead': [
    step((s) =>
      put(s, ['editor'], {
        status: 'open',
        revision: 0,
        savedRevision: 1,
        save: { status: 'saved' },
        project: { canvas: { aspect_ratio: '1:1' } },
      }),
    ),
  ],
  'editor.aspectRatioIsAnOption': [
    step((s) =>
      put(s, ['editor'], {
        status: 'open',
        revision: 0,
        savedRevision: 0,
        save: { status: 'saved' },
        project: { canvas: { aspect_ratio: '7:3' } },
      }),
    ),
  ],
  'chat.messagesUnique': [
    openChat,
    appendMessages((s) => message('zd', lastAt(s) + 1)),
    appendMessages((s) => message('zd', lastAt(s) + 1)),
  ],
  'chat.messagesOrdered': [
    openChat,
    appendMessages(
      (s) => message('zo1', lastAt(s) + 10),
      (s) => message('zo2', lastAt(s) + 5),
    ),
  ],
  'chat.noMessageLost': [
    openChat,
    appendMessages((s) => message('zl', lastAt(s) + 1)),
    step((s) =>
      update(s, ['chat', 'messages'], (ms) => (ms as Loose[]).filter((m) => m['clientId'] !== 'zl')),
    ),
  ],
  'chat.streamingOnlyAppends': [
    openChat,
    appendMessages((s) =>
      message('zs', lastAt(s) + 1, { content: 'abc', phase: { status: 'streaming', nextToken: 1 } }),
    ),
    step((s) =>
      update(s, ['chat', 'messages'], (ms) =>
        (ms as Loose[]).map((m) => (m['clientId'] === 'zs' ? { ...m, content: 'xbc' } : m)),
      ),
    ),
  ],
  'chat.pendingDeletesShown': [
    openChat,
    step((s) => update(s, ['chat', 'pendingDeletes'], (p) => [...(p as string[]), 'ghost'])),
  ],
  'characters.listNamesKnownCharactersOnce': [
    step((s) => update(s, ['characters', 'list', 'ids'], (ids) => [...(ids as string[]), 'ghost'])),
  ],
  'characters.charactersFiledById': [step((s) => put(s, ['characters', 'byId', 'k1'], { id: 'k2' }))],
  'characters.chatsNameKnownCharacters': [
    step((s) =>
      update(s, ['characters', 'chats', 'items'], (items) => [
        ...(items as Loose[]),
        { sessionId: 'zs', characterId: 'ghost' },
      ]),
    ),
  ],
  'audio.terminalAbsorbs': [
    step((s) => put(s, ['audio'], { status: 'over', streamId: 'za', chunks: [] })),
    step((s) => put(s, ['audio'], { status: 'over', streamId: 'za', chunks: ['AAAA'] })),
  ],
  'audio.chunksOnlyGrow': [
    step((s) => put(s, ['audio'], { status: 'start', streamId: 'zb', chunks: ['!!'] })),
  ],
  // One item appended at a time, as the reducer enqueues: the incremental check of an append runs.
  'tracking.itemInOnePlace': [
    appendPending((q) => queued('zdup', nextSeq(q) + 100)),
    appendPending((q) => queued('zdup', nextSeq(q) + 101)),
  ],
  'tracking.pendingInOrder': [
    appendPending((q) => queued('zp1', nextSeq(q) + 5)),
    appendPending((q) => queued('zp2', nextSeq(q) + 1)),
  ],
  'tracking.nothingLost': [
    appendPending((q) => queued('zl', nextSeq(q) + 1000)),
    step((s) =>
      update(s, ['tracking', 'log', 'pending'], (p) => (p as Loose[]).filter((i) => i['id'] !== 'zl')),
    ),
  ],
  'tour.stepInBounds': [
    step((s) => update(s, ['tour'], (t) => ({ ...(t as Loose), status: 'running', step: 5, totalSteps: 3 }))),
  ],
  'payment.completedIsFinal': [
    step((s) => put(s, ['payment'], { status: 'completed' })),
    step((s) => put(s, ['payment'], { status: 'error' })),
  ],
  'uploads.oneRunningUploadPerField': [
    addUpload('zu1', 'zf', { status: 'init' }),
    addUpload('zu2', 'zf', { status: 'init' }),
  ],
  'uploads.terminalIsFinal': [
    addUpload('zu3', 'zg', { status: 'error', messageKey: 'x', confirmedBytes: 0 }),
    step((s) =>
      put(s, ['uploads', 'byId', 'zu3', 'phase'], {
        status: 'fail',
        code: 1,
        messageKey: 'x',
        confirmedBytes: 0,
      }),
    ),
  ],
  'uploads.confirmedBytesMonotonic': [
    addUpload('zu4', 'zh', { status: 'error', messageKey: 'x', confirmedBytes: 10 }, 5),
  ],
  'uploads.chunksCoverFile': [
    addUpload(
      'zu5',
      'zi',
      { status: 'pending', fileId: 'f', preSigns: [], chunkSize: 5, chunks: [], hostReloads: 0 },
      10,
    ),
  ],
  'uploads.uploadOrderMatches': [
    step((s) => put(s, ['uploads', 'byId', 'zu6'], upload('zu6', 'zj', { status: 'init' }))),
  ],
  'details.commentsHeldOnce': [
    step((s) => put(s, ['details', 'comments', 'zx'], { items: [{ id: 'a' }, { id: 'a' }], total: 2 })),
  ],
  'search.resultsHeldOnce': [step((s) => put(s, ['search', 'results', 'zk'], { offset: -1, items: [] }))],
  'studio.resourceKindMatchesKey': [
    step((s) =>
      put(s, ['studio', 'resources', 'workflow:z1'], { status: 'loaded', value: { kind: 'training' } }),
    ),
  ],
  'studio.paletteShape': [
    step((s) =>
      put(s, ['studio', 'palettes', 'zu'], {
        status: 'ready',
        colours: Array.from({ length: 6 }, () => ({ share: 1 / 6 })),
      }),
    ),
  ],
  'studio.oneTryAwaitsLogin': [
    step((s) =>
      update(s, ['studio', 'tries'], (t) => ({
        ...(t as Loose),
        za: { status: 'awaitingLogin' },
        zb: { status: 'awaitingLogin' },
      })),
    ),
  ],
  'studio.gifSheetShape': [
    step((s) =>
      put(s, ['studio', 'gifs', 'zu'], {
        status: 'ready',
        sheet: { columns: 1, rows: 1, timing: { delaysCs: [] } },
      }),
    ),
  ],
  'people.peopleListsUnique': [
    step((s) =>
      put(s, ['people', 'lists', 'followers', 'zx'], { entries: [{ id: 'p' }, { id: 'p' }], offset: 0 }),
    ),
  ],
  'people.folderCountsNeverNegative': [
    step((s) => put(s, ['people', 'folders'], { status: 'loaded', value: [{ id: 'f', count: -1 }] })),
  ],
  // The item table is sharded (domain/kernel/table.ts): the item lives in its key's shard.
  'social.socialCountsNeverNegative': [
    step((s) =>
      put(
        s,
        ['social', 'items', shardOf('1:zz'), '1:zz'],
        socialItem({ num_of_like: 1, num_of_collection: 0 }),
      ),
    ),
    // Named by a real type, so the incremental check looks at the item the event names.
    step(
      (s) =>
        put(
          s,
          ['social', 'items', shardOf('1:zz'), '1:zz'],
          socialItem({ num_of_like: -1, num_of_collection: 0 }),
        ),
      'social/likeStateReceived',
      { key: '1:zz' },
    ),
  ],
  'social.hiddenListGrowsOnce': [
    step((s) => update(s, ['social', 'hidden'], (h) => [...(h as string[]), 'zh', 'zh'])),
  ],
  'feed.feedItemsUnique': [
    step((s) => put(s, ['feed', 'tabs', 'post'], feedTab('zq', [cardOf('c', 1), cardOf('c', 1)], 0))),
  ],
  'feed.feedOffsetMonotonic': [
    step((s) => put(s, ['feed', 'tabs', 'model'], feedTab('zq2', [], 20))),
    step((s) => put(s, ['feed', 'tabs', 'model'], feedTab('zq2', [], 10))),
  ],
  'problemReports.reportsUnique': [
    step((s) => {
      const report = { id: 'rep_z', note: '', events: 1, bytes: 1, createdAt: 1, downloadPath: '/r' };
      return put(s, ['problemReports', 'reports'], [report, report]);
    }),
  ],
  'problemReports.chosenVisitKept': [step((s) => put(s, ['problemReports', 'chosen'], 'gone-visit'))],
};

export const BREAK = 'test/break';

/** The break steps as events of the log: `{ break: invariant, step: i }` in the payload. */
export const breakEvents = (invariant: string): UnstampedEvent[] =>
  (breakers[invariant] ?? []).map((s, i) => ({
    type: s.type ?? BREAK,
    payload: { ...s.payload, break: invariant, step: i },
  }));

/** The root reducer, except that break steps run in place of the reducer of their event. */
export const evolveWithBreaks = (state: RootState, event: DomainEvent): RootState => {
  const p = event.payload as { readonly break?: unknown; readonly step?: unknown } | null;
  if (p !== null && typeof p === 'object' && typeof p.break === 'string' && typeof p.step === 'number') {
    const s = breakers[p.break]?.[p.step];
    if (s !== undefined) return s.apply(state);
  }
  return evolve(state, event);
};
