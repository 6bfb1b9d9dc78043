import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { replayWith, stamp, type DomainEvent, type UnstampedEvent } from '../../../domain/index.js';
import * as chat from '../../../domain/chat/index.js';
import { givenIn } from '../../support/context-spec.js';

const given = givenIn(chat.chatContext);
const S = 's1';
const open = chat.sessionOpened({ sessionId: S, channelId: 'ch1' });
const incoming = (over: Partial<chat.IncomingChatMessage> = {}): chat.IncomingChatMessage => ({
  serverId: 'm1',
  clientId: null,
  role: 'assistant',
  content: 'hello',
  createAt: 100,
  name: 'Aiko',
  nameKey: null,
  isOfficialAgent: false,
  ...over,
});
const sent = (clientId: string, createAt: number, content = `text ${clientId}`) =>
  chat.messageSent({ sessionId: S, clientId, content, createAt });
const received = (over: Partial<chat.IncomingChatMessage> = {}) =>
  chat.messageReceived({ sessionId: S, message: incoming(over) });
const started = (clientId: string, createAt: number) =>
  chat.replyStarted({
    sessionId: S,
    clientId,
    createAt,
    name: null,
    nameKey: 'chat.assistant',
    isOfficialAgent: true,
  });
const token = (clientId: string, index: number, t: string) =>
  chat.tokenReceived({ sessionId: S, clientId, index, text: t });
const messagesOf = (s: chat.ChatState) => chat.selectChatMessages(s);
const idsOf = (s: chat.ChatState) => messagesOf(s).map((m) => m.clientId);

const evolve = chat.chatContext.evolve as unknown as (s: chat.ChatState, e: DomainEvent) => chat.ChatState;
const stampAll = (events: readonly UnstampedEvent[]) => events.map((e, i) => stamp(e, i + 1, 1000 * (i + 1)));
const foldAll = (events: readonly UnstampedEvent[]) =>
  stampAll(events).reduce(evolve, chat.chatContext.initialState);

describe('chat message validity (spec §5 "has content, is not loading, is not \'refuse to answer\', and has a non-numeric id")', () => {
  const ok = { id: 'a1b2', content: 'hi', loading: false };
  it('accepts a loaded message with content and a non-numeric id', () => {
    expect(chat.isValidChatMessage(ok)).toBe(true);
  });
  it('refuses empty or blank content', () => {
    expect(chat.isValidChatMessage({ ...ok, content: '' })).toBe(false);
    expect(chat.isValidChatMessage({ ...ok, content: '   ' })).toBe(false);
    expect(chat.isValidChatMessage({ ...ok, content: null })).toBe(false);
    expect(chat.isValidChatMessage({ ...ok, content: undefined })).toBe(false);
  });
  it('refuses a loading message', () => {
    expect(chat.isValidChatMessage({ ...ok, loading: true })).toBe(false);
  });
  it('refuses the refuse-to-answer marker, trimmed and in any case', () => {
    expect(chat.isValidChatMessage({ ...ok, content: chat.REFUSE_TO_ANSWER })).toBe(false);
    expect(chat.isValidChatMessage({ ...ok, content: '  Refuse To Answer ' })).toBe(false);
    expect(chat.isValidChatMessage({ ...ok, content: 'I refuse to answer that' })).toBe(true);
  });
  it('refuses numeric ids (numbers and numeric strings) and empty ids', () => {
    expect(chat.isValidChatMessage({ ...ok, id: 1717171717 })).toBe(false);
    expect(chat.isValidChatMessage({ ...ok, id: '1717171717' })).toBe(false);
    expect(chat.isValidChatMessage({ ...ok, id: ' 12.5 ' })).toBe(false);
    expect(chat.isValidChatMessage({ ...ok, id: '' })).toBe(false);
    expect(chat.isNumericId('abc123')).toBe(false);
  });
  it('property: a message with a numeric id is never valid', () => {
    fc.assert(
      fc.property(fc.integer(), fc.string(), fc.boolean(), (id, content, loading) => {
        expect(chat.isValidChatMessage({ id, content, loading })).toBe(false);
        expect(chat.isValidChatMessage({ id: String(id), content, loading })).toBe(false);
      }),
    );
  });
});

describe('chat file types (spec §5 "png, jpg, jpeg, txt, pdf, word, json, markdown, excel")', () => {
  it.each([
    ['a.png', 'image/png', 'png'],
    ['a.JPG', 'image/jpeg', 'jpeg'],
    ['a.jpeg', '', 'jpeg'],
    ['notes.txt', 'text/plain; charset=utf-8', 'txt'],
    ['paper.pdf', 'application/pdf', 'pdf'],
    ['cv.doc', 'application/msword', 'word'],
    ['cv.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'word'],
    ['data.json', 'application/json', 'json'],
    ['README.md', '', 'markdown'],
    ['README.md', 'text/markdown', 'markdown'],
    ['sheet.xls', 'application/vnd.ms-excel', 'excel'],
    ['sheet.xlsx', 'application/octet-stream', 'excel'],
  ] as const)('accepts %s (%s) as %s', (name, mime, kind) => {
    expect(chat.chatFileKind(name, mime)).toBe(kind);
    expect(chat.isAllowedChatFile(name, mime)).toBe(true);
  });
  it('refuses other extensions, names without one, and a mime that contradicts the extension', () => {
    expect(chat.isAllowedChatFile('clip.mp4', 'video/mp4')).toBe(false);
    expect(chat.isAllowedChatFile('Makefile', '')).toBe(false);
    expect(chat.isAllowedChatFile('a.gif', 'image/gif')).toBe(false);
    expect(chat.isAllowedChatFile('evil.png', 'application/x-msdownload')).toBe(false);
  });
});

describe('chat constants (spec §9 "history page size 80 (init_mem_num) or 100 (messages)", §3 character types, §6 official agents)', () => {
  it('uses 80 for initial memory and 100 for messages', () => {
    expect(chat.historyPageSize('initMemory')).toBe(80);
    expect(chat.historyPageSize('messages')).toBe(100);
  });
  it('classifies character types 0 and 2 digital, 1 tool, 3 agent', () => {
    expect([0, 1, 2, 3, 7].map(chat.characterKind)).toEqual([
      'digital',
      'tool',
      'digital',
      'agent',
      'unknown',
    ]);
  });
  it('identifies official agents by is_official_agent (true or 1)', () => {
    const cs = [
      { id: 'a', isOfficialAgent: true },
      { id: 'b', isOfficialAgent: 1 },
      { id: 'c', isOfficialAgent: 0 },
      { id: 'd' },
    ];
    expect(chat.selectOfficialAgents(cs).map((c) => c.id)).toEqual(['a', 'b']);
  });
});

describe('chat session: messages (spec §3 chat message, DESIGN "none shown twice or lost across a reconnect")', () => {
  it('given an open session, when the user sends, then the message shows at once as sending', () => {
    const { state, violation } = given(open).when(sent('c1', 10, 'hi'));
    expect(violation).toBeNull();
    expect(messagesOf(state)).toEqual([
      expect.objectContaining({
        clientId: 'c1',
        serverId: null,
        role: 'user',
        content: 'hi',
        phase: { status: 'sending' },
      }),
    ]);
    expect(chat.selectMessagesToResend(state).map((m) => m.clientId)).toEqual(['c1']);
  });

  it('when the server acknowledges, then the message carries the server id and the view shows it', () => {
    const { state } = given(open, sent('c1', 10, 'hi')).when(
      chat.messageAcknowledged({ sessionId: S, clientId: 'c1', serverId: 'm9' }),
    );
    expect(chat.selectChatView(state)).toEqual([
      {
        id: 'm9',
        content: 'hi',
        role: 'user',
        loading: false,
        name: null,
        nameKey: null,
        isOfficialAgent: false,
      },
    ]);
    expect(chat.selectMessagesToResend(state)).toEqual([]);
  });

  it('across a reconnect: the socket echo and a reloaded history page do not duplicate a sent message', () => {
    const { state, violation } = given(open, sent('c1', 10, 'hi'), chat.connectionLost({})).when(
      chat.connectionRestored({}),
      chat.historyLoaded({
        sessionId: S,
        messages: [
          incoming({ serverId: 'm1', clientId: 'c1', role: 'user', content: 'hi', createAt: 11 }),
          incoming({ serverId: 'm2', clientId: null, content: 'welcome back', createAt: 12 }),
        ],
      }),
      received({ serverId: 'm1', clientId: 'c1', role: 'user', content: 'hi', createAt: 11 }),
    );
    expect(violation).toBeNull();
    expect(chat.selectChatView(state).map((m) => [m.id, m.content])).toEqual([
      ['m1', 'hi'],
      ['m2', 'welcome back'],
    ]);
    expect(chat.selectIsChatOnline(state)).toBe(true);
  });

  it('while offline, an unacknowledged message is kept for resending and a failure marks it failed', () => {
    const g = given(open, sent('c1', 10), chat.connectionLost({}));
    expect(chat.selectIsChatOnline(g.state)).toBe(false);
    expect(chat.selectMessagesToResend(g.state)).toHaveLength(1);
    const { state } = g.when(
      chat.messageFailed({ sessionId: S, clientId: 'c1', reasonKey: 'chat.sendFailed' }),
    );
    expect(messagesOf(state)[0]?.phase).toEqual({ status: 'failed', reasonKey: 'chat.sendFailed' });
    const late = given(
      open,
      sent('c1', 10),
      chat.messageFailed({ sessionId: S, clientId: 'c1', reasonKey: 'x' }),
    ).when(chat.messageAcknowledged({ sessionId: S, clientId: 'c1', serverId: 'm1' }));
    expect(messagesOf(late.state)[0]?.phase).toEqual({ status: 'delivered' });
  });

  it('ignores events of another session and events when no session is open', () => {
    const g = given(open);
    expect(
      g.when(chat.messageSent({ sessionId: 'other', clientId: 'c1', content: 'x', createAt: 1 })).state,
    ).toBe(g.state);
    const closed = given();
    expect(
      closed.when(sent('c1', 1), chat.connectionLost({}), chat.connectionRestored({}), chat.sessionClosed({}))
        .state,
    ).toBe(closed.state);
  });

  it('opening the same session again keeps it; opening another starts empty; closing clears', () => {
    const g = given(open, sent('c1', 1));
    expect(g.when(open).state).toBe(g.state);
    expect(messagesOf(g.when(chat.sessionOpened({ sessionId: 's2', channelId: 'ch1' })).state)).toEqual([]);
    expect(g.when(chat.sessionClosed({})).state).toEqual({ status: 'closed' });
  });

  it('keeps messages in time order, ties in arrival order', () => {
    const { state } = given(open).when(
      sent('c2', 20),
      sent('c1', 10),
      sent('c3', 20),
      received({ serverId: 'm1', createAt: 15 }),
    );
    expect(idsOf(state)).toEqual(['c1', 'srv:m1', 'c2', 'c3']);
  });

  it('a device clock ahead of the server never puts a reply above its question: live, caught up whole, or in a history page', () => {
    // The device is 10 s ahead: its question says 10_000, the server answers at 1_000.
    const asked = given(
      open,
      sent('c1', 10_000),
      chat.messageAcknowledged({ sessionId: S, clientId: 'c1', serverId: 'u1' }),
    );
    const reply = { sessionId: S, clientId: 'srv:r1', createAt: 1_000, name: null, nameKey: null };
    const linked = chat.replyStarted({ ...reply, isOfficialAgent: false, follows: 'c1' });
    const live = asked.when(linked);
    expect(live.violation).toBeNull();
    expect(idsOf(live.state)).toEqual(['c1', 'srv:r1']);
    expect(messagesOf(live.state)[1]!.createAt).toBe(10_000);
    // Without the link the server's time alone would place it first.
    expect(idsOf(asked.when(chat.replyStarted({ ...reply, isOfficialAgent: false })).state)).toEqual([
      'srv:r1',
      'c1',
    ]);
    expect(idsOf(asked.when(received({ serverId: 'r1', createAt: 1_000, follows: 'c1' })).state)).toEqual([
      'c1',
      'srv:r1',
    ]);
    const page = chat.historyLoaded({
      sessionId: S,
      messages: [
        incoming({ serverId: 'u1', clientId: 'c1', role: 'user', content: 'text c1', createAt: 900 }),
        incoming({ serverId: 'r1', createAt: 1_000 }),
      ],
    });
    expect(idsOf(asked.when(page).state)).toEqual(['c1', 'srv:r1']);
    // A later question still comes after the reply.
    expect(idsOf(asked.when(linked, sent('c2', 12_000)).state)).toEqual(['c1', 'srv:r1', 'c2']);
  });

  it('property: whatever the device clock says, each reply is shown after its question', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -60_000, max: 60_000 }),
        fc.array(fc.tuple(fc.integer({ min: 1, max: 5_000 }), fc.integer({ min: 0, max: 3_000 })), {
          minLength: 1,
          maxLength: 8,
        }),
        (skew, steps) => {
          const events: UnstampedEvent[] = [open];
          let server = 100_000;
          steps.forEach(([gap, latency], i) => {
            server += gap;
            events.push(sent(`c${i}`, server + skew));
            events.push(
              chat.replyStarted({
                sessionId: S,
                clientId: `srv:r${i}`,
                createAt: server + latency,
                name: null,
                nameKey: null,
                isOfficialAgent: false,
                follows: `c${i}`,
              }),
            );
            server += latency;
          });
          const ids = idsOf(foldAll(events));
          steps.forEach((_, i) => expect(ids.indexOf(`srv:r${i}`)).toBeGreaterThan(ids.indexOf(`c${i}`)));
        },
      ),
    );
  });

  it('refuses ids that point at two different messages instead of dropping one', () => {
    const g = given(open, sent('c1', 1), received({ serverId: 'm1', createAt: 2 }));
    expect(g.when(received({ serverId: 'm1', clientId: 'c1' })).state).toBe(g.state);
    expect(g.when(chat.messageAcknowledged({ sessionId: S, clientId: 'c1', serverId: 'm1' })).state).toBe(
      g.state,
    );
    const acked = given(
      open,
      sent('c1', 1),
      chat.messageAcknowledged({ sessionId: S, clientId: 'c1', serverId: 'm5' }),
    );
    expect(acked.when(chat.messageAcknowledged({ sessionId: S, clientId: 'c1', serverId: 'm6' })).state).toBe(
      acked.state,
    );
    expect(acked.when(received({ serverId: 'm6', clientId: 'c1' })).state).toBe(acked.state);
    expect(g.when(chat.messageAcknowledged({ sessionId: S, clientId: 'nope', serverId: 'm7' })).state).toBe(
      g.state,
    );
  });
});

describe('chat session: streaming reply (spec §7 streaming, brief "assembled token by token")', () => {
  it('assembles tokens in order, shows loading while streaming, then settles with the server id', () => {
    const g = given(open, sent('c1', 10), started('r1', 11), token('r1', 0, 'Hel'), token('r1', 1, 'lo'));
    expect(chat.selectStreamingReply(g.state)?.content).toBe('Hello');
    expect(chat.selectChatView(g.state)[1]).toMatchObject({
      id: 'r1',
      loading: true,
      nameKey: 'chat.assistant',
      isOfficialAgent: true,
    });
    const { state } = g.when(
      chat.replyFinished({ sessionId: S, clientId: 'r1', serverId: 'm2', content: null }),
    );
    expect(chat.selectChatView(state)[1]).toMatchObject({ id: 'm2', content: 'Hello', loading: false });
    expect(chat.selectStreamingReply(state)).toBeNull();
  });

  it('ignores a resent token and a token past a gap; the final text fills the gap', () => {
    const g = given(open, started('r1', 1), token('r1', 0, 'a'));
    expect(g.when(token('r1', 0, 'a')).state).toBe(g.state);
    expect(g.when(token('r1', 2, 'c')).state).toBe(g.state);
    const { state } = g.when(
      token('r1', 2, 'c'),
      chat.replyFinished({ sessionId: S, clientId: 'r1', serverId: 'm1', content: 'abc' }),
    );
    expect(messagesOf(state)[0]?.content).toBe('abc');
  });

  it('a failed reply stops loading and keeps what was assembled; later tokens are ignored', () => {
    const { state } = given(open, started('r1', 1), token('r1', 0, 'par')).when(
      chat.replyFailed({ sessionId: S, clientId: 'r1', reasonKey: 'chat.replyFailed' }),
      token('r1', 1, 'tial'),
      chat.replyFailed({ sessionId: S, clientId: 'r1', reasonKey: 'other' }),
    );
    expect(messagesOf(state)[0]).toMatchObject({
      content: 'par',
      phase: { status: 'failed', reasonKey: 'chat.replyFailed' },
    });
    expect(chat.selectValidChatMessages(state)).toHaveLength(1);
  });

  it('a reply started twice is one reply; a finish for an unknown reply changes nothing', () => {
    const g = given(open, started('r1', 1));
    expect(g.when(started('r1', 1)).state).toBe(g.state);
    expect(
      g.when(chat.replyFinished({ sessionId: S, clientId: 'zz', serverId: 'm1', content: 'x' })).state,
    ).toBe(g.state);
    const withOther = given(open, started('r1', 1), received({ serverId: 'm1', createAt: 0 }));
    expect(
      withOther.when(chat.replyFinished({ sessionId: S, clientId: 'r1', serverId: 'm1', content: 'x' }))
        .state,
    ).toBe(withOther.state);
    const finished = given(
      open,
      started('r1', 1),
      chat.replyFinished({ sessionId: S, clientId: 'r1', serverId: 'm2', content: 'x' }),
    );
    expect(
      finished.when(chat.replyFinished({ sessionId: S, clientId: 'r1', serverId: 'm3', content: 'y' })).state,
    ).toBe(finished.state);
  });

  it('an acknowledgement of a streaming reply records its server id and keeps it streaming', () => {
    const { state } = given(open, started('r1', 1)).when(
      chat.messageAcknowledged({ sessionId: S, clientId: 'r1', serverId: 'm1' }),
    );
    expect(messagesOf(state)[0]).toMatchObject({
      serverId: 'm1',
      phase: { status: 'streaming', nextToken: 0 },
    });
  });

  it('the refuse-to-answer reply is shown but is not a valid message', () => {
    const { state } = given(open).when(
      received({ content: 'refuse to answer' }),
      received({ serverId: 'm2', content: 'fine', createAt: 101 }),
    );
    expect(chat.selectChatView(state)).toHaveLength(2);
    expect(chat.selectValidChatMessages(state).map((m) => m.id)).toEqual(['m2']);
  });
});

describe('chat regressions found by fast-check', () => {
  it('a history page naming one message twice reloads to the same state (seed 266245490)', () => {
    const page = chat.historyLoaded({
      sessionId: S,
      messages: [
        incoming({ serverId: 'm4', clientId: null, role: 'user', content: '', createAt: 0, name: null }),
        incoming({
          serverId: 'm4',
          clientId: 'c1',
          role: 'user',
          content: '',
          createAt: 0,
          name: null,
          isOfficialAgent: true,
        }),
        incoming({ serverId: 'm1', clientId: 'c1', role: 'user', content: '', createAt: 0, name: null }),
      ],
    });
    const once = given(open).when(page).state;
    expect(given(open).when(page, page).state).toEqual(once);
    expect(messagesOf(once).map((m) => [m.clientId, m.serverId])).toEqual([
      ['srv:m4', 'm4'],
      ['c1', 'm1'],
    ]);
  });
});

describe('chat invariants catch a corrupted state', () => {
  const m = (
    clientId: string,
    serverId: string | null,
    createAt: number,
    content = '',
  ): chat.ChatMessage => ({
    clientId,
    serverId,
    role: 'user',
    content,
    createAt,
    name: null,
    nameKey: null,
    isOfficialAgent: false,
    attachments: [],
    phase: { status: 'delivered' },
  });
  const st = (...messages: chat.ChatMessage[]): chat.ChatState => ({
    status: 'open',
    sessionId: S,
    channelId: 'c',
    connection: 'online',
    messages,
    hasOlder: false,
    pendingDeletes: [],
    deleted: [],
    settings: chat.DEFAULT_CHAT_SETTINGS,
    voiceReplies: true,
    speaking: null,
  });
  const e = stamp(open, 1, 1);
  it('names duplicates, disorder, a lost message and a rewritten stream', () => {
    expect(chat.messagesUnique.check(st(), st(m('a', null, 1), m('a', null, 2)), e)).toBe(
      'message a is listed twice',
    );
    expect(chat.messagesUnique.check(st(), st(m('a', 'x', 1), m('b', 'x', 2)), e)).toBe(
      'server message x is listed twice',
    );
    expect(chat.messagesOrdered.check(st(), st(m('a', null, 2), m('b', null, 1)), e)).toBe(
      'message b is shown before the earlier a',
    );
    expect(chat.noMessageLost.check(st(m('a', null, 1)), st(), e)).toBe('message a disappeared');
    const streaming = (content: string) => ({
      ...m('r', null, 1, content),
      phase: { status: 'streaming' as const, nextToken: 1 },
    });
    expect(chat.streamingOnlyAppends.check(st(streaming('ab')), st(streaming('xy')), e)).toBe(
      'streaming reply r was rewritten',
    );
    for (const inv of chat.chatInvariants)
      expect(inv.check({ status: 'closed' }, { status: 'closed' }, e)).toBeNull();
  });
});

// ---- properties ----------------------------------------------------------------------------

const sessionArb = fc.constantFrom('s1', 's1', 's1', 's2');
const clientArb = fc.constantFrom('c1', 'c2', 'c3', 'r1', 'r2', 'srv:m1');
const serverArb = fc.constantFrom('m1', 'm2', 'm3', 'm4');
const timeArb = fc.integer({ min: 0, max: 6 });
const incomingArb: fc.Arbitrary<chat.IncomingChatMessage> = fc.record({
  serverId: serverArb,
  clientId: fc.option(clientArb, { nil: null }),
  role: fc.constantFrom<chat.ChatRole>('user', 'assistant', 'system'),
  content: fc.constantFrom('', 'hi', 'refuse to answer', 'ok'),
  createAt: timeArb,
  name: fc.option(fc.constantFrom('Aiko'), { nil: null }),
  nameKey: fc.option(fc.constantFrom('chat.assistant'), { nil: null }),
  isOfficialAgent: fc.boolean(),
});
const chatEventArb: fc.Arbitrary<UnstampedEvent> = fc.oneof(
  fc.record({ sessionId: sessionArb, channelId: fc.constant('ch') }).map(chat.sessionOpened),
  fc.constant(chat.sessionClosed({})),
  fc.constant(chat.connectionLost({})),
  fc.constant(chat.connectionRestored({})),
  fc
    .record({ sessionId: sessionArb, messages: fc.array(incomingArb, { maxLength: 4 }) })
    .map(chat.historyLoaded),
  fc
    .record({
      sessionId: sessionArb,
      clientId: clientArb,
      content: fc.constantFrom('hi', 'yo'),
      createAt: timeArb,
    })
    .map(chat.messageSent),
  fc
    .record({ sessionId: sessionArb, clientId: clientArb, serverId: serverArb })
    .map(chat.messageAcknowledged),
  fc.record({ sessionId: sessionArb, message: incomingArb }).map(chat.messageReceived),
  fc
    .record({ sessionId: sessionArb, clientId: clientArb, reasonKey: fc.constant('chat.sendFailed') })
    .map(chat.messageFailed),
  fc
    .record({
      sessionId: sessionArb,
      clientId: clientArb,
      createAt: timeArb,
      name: fc.constant(null),
      nameKey: fc.constant('k'),
      isOfficialAgent: fc.boolean(),
    })
    .map(chat.replyStarted),
  fc
    .record({
      sessionId: sessionArb,
      clientId: clientArb,
      index: fc.integer({ min: 0, max: 3 }),
      text: fc.constantFrom('a', 'b', 'c'),
    })
    .map(chat.tokenReceived),
  fc
    .record({
      sessionId: sessionArb,
      clientId: clientArb,
      serverId: serverArb,
      content: fc.option(fc.constantFrom('done'), { nil: null }),
    })
    .map(chat.replyFinished),
  fc
    .record({ sessionId: sessionArb, clientId: clientArb, reasonKey: fc.constant('chat.replyFailed') })
    .map(chat.replyFailed),
);
const withOpen = (events: readonly UnstampedEvent[]) => [open, ...events];

describe('chat session: laws', () => {
  it('property: applying the same message event twice equals applying it once', () => {
    fc.assert(
      fc.property(fc.array(chatEventArb, { maxLength: 30 }), (events) => {
        let state = chat.chatContext.initialState;
        for (const e of stampAll(withOpen(events))) {
          const once = evolve(state, e);
          expect(evolve(once, e)).toEqual(once);
          state = once;
        }
      }),
      { numRuns: 300 },
    );
  });

  it('property: delivering every event twice (at-least-once delivery) gives the state of delivering it once', () => {
    fc.assert(
      fc.property(fc.array(chatEventArb, { maxLength: 25 }), (events) => {
        const once = withOpen(events);
        expect(foldAll(once.flatMap((e) => [e, e]))).toEqual(foldAll(once));
      }),
    );
  });

  it('property: order kept — messages sent with rising times show in sending order, whatever echoes arrive', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 1000 }), { minLength: 1, maxLength: 8 }),
        fc.array(fc.nat(), { maxLength: 10 }),
        (times, echoPicks) => {
          const sorted = [...times].sort((a, b) => a - b);
          const sends = sorted.map((t, i) => sent(`c${i}`, t));
          const echoes = echoPicks.map((p) => {
            const i = p % sorted.length;
            return received({
              serverId: `m${i}`,
              clientId: `c${i}`,
              role: 'user',
              content: `text c${i}`,
              createAt: 5000 - i,
            });
          });
          const state = foldAll([
            open,
            ...sends,
            chat.connectionLost({}),
            chat.connectionRestored({}),
            ...echoes,
          ]);
          expect(idsOf(state)).toEqual(sorted.map((_t, i) => `c${i}`));
        },
      ),
    );
  });

  it('property: across any interleaving of echoes and history reloads, each message is shown exactly once', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.array(fc.tuple(fc.nat(), fc.boolean()), { maxLength: 15 }),
        (n, deliveries) => {
          const sends = Array.from({ length: n }, (_x, i) => sent(`c${i}`, i));
          const echoes = deliveries.map(([p, asHistory]) => {
            const i = p % (n + 2); // n user messages plus two server-only messages
            const msg = incoming({ serverId: `m${i}`, clientId: i < n ? `c${i}` : null, createAt: i });
            return asHistory
              ? chat.historyLoaded({ sessionId: S, messages: [msg] })
              : chat.messageReceived({ sessionId: S, message: msg });
          });
          const state = foldAll([open, ...sends, ...echoes]);
          const serverOnly = new Set(deliveries.map(([p]) => p % (n + 2)).filter((i) => i >= n));
          expect(messagesOf(state)).toHaveLength(n + serverOnly.size);
        },
      ),
    );
  });

  it('property: folding a random event sequence from scratch equals applying it step by step', () => {
    fc.assert(
      fc.property(fc.array(chatEventArb, { maxLength: 30 }), (events) => {
        const stamped = stampAll(withOpen(events));
        let stepwise = chat.chatContext.initialState;
        for (const e of stamped) stepwise = evolve(stepwise, e);
        const folded = replayWith(evolve, [], chat.chatContext.initialState, stamped).state;
        expect(folded).toEqual(stepwise);
      }),
    );
  });

  it('property: invariants hold after every event of a random sequence', () => {
    fc.assert(
      fc.property(fc.array(chatEventArb, { maxLength: 40 }), (events) => {
        const result = replayWith(
          evolve,
          chat.chatInvariants,
          chat.chatContext.initialState,
          stampAll(withOpen(events)),
        );
        expect(result.violation).toBeNull();
      }),
      { numRuns: 300 },
    );
  });
});
