import * as E from 'fp-ts/Either';
import type * as t from 'io-ts';
import { NEVER, defer, finalize, of, type Observable } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { characters, chat, replay, session } from '../../../domain/index.js';
import {
  CharacterListResponse,
  ChatHistoryResponse,
  ChatSessionOpenResponse,
  type ChatHistoryRequest,
} from '../../../infrastructure/contract/characters';
import {
  CHAT_EVENT,
  ChatMessageItem,
  type ChatSendRequest,
} from '../../../infrastructure/contract/streaming';
import { memoryTokenStore } from '../../../infrastructure/http/tokenStore';
import type { ApiResult } from '../../../infrastructure/http/client';
import { makeStore } from '../../../infrastructure/app/makeStore';
import { RECONNECT_BASE_MS, RECONNECT_MAX_MS, reconnectDelay } from '../../../infrastructure/chat/backoff';
import {
  CHAT_ACK_TIMEOUT_MS,
  CHAT_SEND_REFUSED,
  CHAT_SEND_TIMEOUT,
  chatEventToActions,
  resumeAckToActions,
} from '../../../infrastructure/chat/protocol';
import { loadCharacters } from '../../../infrastructure/characters/commands';
import {
  loadOlderChat,
  openChat,
  retryChatMessage,
  sendChatMessage,
} from '../../../infrastructure/chat/commands';
import type { ChatConnection, ChatSignal, ChatSocketEnd } from '../../../infrastructure/chat/deps';
import { makeFakeDeps } from '../../support/fakeApi';
import { conversationDeps, fakeStudioApi } from '../../support/fakes/streaming';

const newScheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

const decoded = <A>(codec: t.Type<A, unknown, unknown>, value: unknown): A => {
  const r = codec.decode(value);
  if (E.isLeft(r)) throw new Error(`test value does not decode as ${codec.name}`);
  return r.right;
};

const USER: session.UserInfo = {
  id: 'u1',
  accountName: 'u1',
  name: 'U',
  email: 'u@x',
  avatar: '',
  status: 1,
  role: 'user',
};
const SESSION = 's1';
const CHARACTER = 'chr_luna';
const closed: ChatSocketEnd = { kind: 'closed', reason: 'transport close' };

const item = (
  id: string,
  clientId: string | null,
  role: 'user' | 'assistant',
  content: string,
  at: number,
): ChatMessageItem =>
  decoded<ChatMessageItem>(ChatMessageItem, {
    id,
    client_id: clientId,
    session_id: SESSION,
    channel_id: CHARACTER,
    role,
    content,
    create_at: at,
    name: role === 'assistant' ? 'Luna' : null,
    is_official_agent: false,
    voice_url: null,
    attachments: [],
  });

const ok = (ack: { id: string; client_id: string; create_at: number }) => ({
  status: { code: 10000, msg: 'success' },
  data: ack,
});

interface Sent {
  readonly at: number;
  readonly attempt: number;
  readonly payload: ChatSendRequest;
}

/**
 * A scripted socket server: `script(attempt, connection)` is what the n-th connection does,
 * `ack(attempt, payload)` answers each `chat:send`. Records when each attempt was made and ended,
 * and every message sent.
 */
const socketHarness = (
  scheduler: TestScheduler,
  script: (attempt: number, connection: ChatConnection) => Observable<ChatSignal>,
  ack: (attempt: number, payload: ChatSendRequest) => Observable<unknown> = () => NEVER,
  /** Answers each `chat:resume`; by default: nothing is being written. */
  resumeAck: (attempt: number) => Observable<unknown> = () =>
    of({ status: { code: 10000, msg: 'ok' }, data: { replies: [] } }),
) => {
  const resumes: { at: number; attempt: number }[] = [];
  const attempts: number[] = [];
  const ends: number[] = [];
  const tokens: (string | null)[] = [];
  const sent: Sent[] = [];
  const connectChat = ({ token }: { token: string | null }): Observable<ChatSignal> =>
    defer(() => {
      const attempt = attempts.length;
      attempts.push(scheduler.now());
      tokens.push(token);
      const connection: ChatConnection = {
        send: (event, payload) => {
          if (event === CHAT_EVENT.resume) {
            resumes.push({ at: scheduler.now(), attempt });
            return resumeAck(attempt);
          }
          expect(event).toBe(CHAT_EVENT.send);
          sent.push({ at: scheduler.now(), attempt, payload: payload as ChatSendRequest });
          return ack(attempt, payload as ChatSendRequest);
        },
      };
      return script(attempt, connection).pipe(finalize(() => ends.push(scheduler.now())));
    });
  return { attempts, ends, tokens, sent, resumes, connectChat };
};

const storeWith = (
  scheduler: TestScheduler,
  connectChat: (a: { token: string | null }) => Observable<ChatSignal>,
  history?: (req: ChatHistoryRequest) => Observable<ApiResult<ChatHistoryResponse>>,
) => {
  const historyCalls: { at: number; req: ChatHistoryRequest }[] = [];
  const { deps } = makeFakeDeps(
    scheduler,
    {},
    {
      ...conversationDeps({
        connectChat,
        api: fakeStudioApi({
          chatHistory: (req) => {
            historyCalls.push({ at: scheduler.now(), req });
            return history ? history(req) : NEVER;
          },
        }),
      }),
    },
  );
  // The token comes from the adapter's holder (issue 9), not from the session state.
  const store = makeStore({ dependencies: { ...deps, token: memoryTokenStore('tok-1') } });
  return Object.assign(store, { historyCalls });
};

const signIn = (store: ReturnType<typeof makeStore>) => store.dispatch(session.userInfoSet({ user: USER }));
const openSession = (store: ReturnType<typeof makeStore>) =>
  store.dispatch(chat.sessionOpened({ sessionId: SESSION, channelId: CHARACTER }));
const types = (store: ReturnType<typeof makeStore>) => store.recorder.events().map((e) => e.type);

describe('reconnection backoff (the spec gives none: 1 s doubling, capped at 30 s, back to 1 s after a connection)', () => {
  it('the delays', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(reconnectDelay)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
    expect(RECONNECT_BASE_MS).toBe(1000);
    expect(RECONNECT_MAX_MS).toBe(30000);
  });

  it('retries a failing server after 1, 2, 4, 8, 16, 30, 30 ... s in virtual time, and stops at logout', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const h = socketHarness(scheduler, () => cold<ChatSignal>('#', undefined, closed));
      const store = storeWith(scheduler, h.connectChat);
      openSession(store);
      signIn(store);
      cold('125000ms x').subscribe(() => store.dispatch(session.loggedOut({})));
      flush();
      expect(h.attempts).toEqual([0, 1000, 3000, 7000, 15000, 31000, 61000, 91000, 121000]);
      expect(h.tokens.every((tk) => tk === 'tok-1')).toBe(true);
      // Offline once, not once per attempt.
      expect(types(store).filter((x) => x === 'chat/connectionLost')).toHaveLength(1);
    });
  });

  it('starts again at 1 s after a connection that then drops', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const h = socketHarness(scheduler, (attempt, connection) =>
        attempt === 0
          ? cold<ChatSignal>('-c 4999ms #', { c: { kind: 'connected', connection } }, closed)
          : attempt === 1
            ? cold<ChatSignal>('#', undefined, closed)
            : cold<ChatSignal>('-c', { c: { kind: 'connected', connection } }),
      );
      const store = storeWith(scheduler, h.connectChat);
      openSession(store);
      signIn(store);
      const online: boolean[] = [];
      cold('3000ms a 4000ms b 1999ms c').subscribe(() =>
        online.push(chat.selectIsChatOnline(store.getState().chat)),
      );
      cold('20000ms x').subscribe(() => store.dispatch(session.loggedOut({})));
      flush();
      // Dropped at 5001: retried at 6001 (1 s), which failed, then at 8001 (2 s), which held until logout.
      expect(h.attempts).toEqual([0, 6001, 8001]);
      expect(online).toEqual([true, false, true]);
      expect(h.ends).toEqual([5001, 6001, 20000]);
      expect(store.getState().chat.status).toBe('closed');
    });
  });

  it('a refused handshake (a guest, code 20000) is not retried and goes to the error map', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const h = socketHarness(scheduler, () =>
        cold<ChatSignal>('-#', undefined, { kind: 'refused', code: 20000, msg: 'please log in' }),
      );
      const store = storeWith(scheduler, h.connectChat);
      signIn(store);
      flush();
      expect(h.attempts).toEqual([0]);
      // Spec §8 20000: logged out (and sent home with the login dialog).
      expect(store.getState().session.status).toBe('guest');
    });
  });

  it('connects only while signed in: nothing before userInfoSet, one socket for refreshes of the same person, closed at logout', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const h = socketHarness(scheduler, (_n, connection) =>
        cold<ChatSignal>('-c', { c: { kind: 'connected', connection } }),
      );
      const store = storeWith(scheduler, h.connectChat);
      cold('100ms s 100ms s 100ms o').subscribe((v) =>
        v === 's' ? signIn(store) : store.dispatch(session.loggedOut({})),
      );
      flush();
      expect(h.attempts).toEqual([100]);
      expect(h.ends).toEqual([302]);
    });
  });
});

describe('sending over the socket (no message shown twice or lost across a reconnect)', () => {
  it('resends an unacknowledged message after the reconnect with the same client id, merges the reloaded history, and shows each message once', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const h = socketHarness(
        scheduler,
        (attempt, connection) =>
          attempt === 0
            ? cold<ChatSignal>('-c 49ms #', { c: { kind: 'connected', connection } }, closed)
            : cold<ChatSignal>('-c', { c: { kind: 'connected', connection } }),
        // The first connection dies before answering; the second acknowledges after 5 ms.
        (attempt, p) =>
          attempt === 0
            ? NEVER
            : cold('5ms a|', { a: ok({ id: 'm-user', client_id: p.client_id, create_at: 10 }) }),
      );
      let clientId = '';
      const store = storeWith(scheduler, h.connectChat, () =>
        cold('10ms r|', {
          r: E.right(
            decoded(ChatHistoryResponse, {
              items: [
                item('m-user', clientId, 'user', 'hello', 10),
                item('m-reply', null, 'assistant', 'hi there', 20),
              ],
              has_more: false,
              offset_to: null,
              page_size: 100,
            }),
          ),
        }),
      );
      openSession(store);
      signIn(store);
      cold('10ms x').subscribe(() => {
        store.dispatch(sendChatMessage({ content: 'hello' }));
        clientId = chat.selectChatMessages(store.getState().chat)[0]!.clientId;
      });
      flush();
      expect(h.attempts).toEqual([0, 1051]);
      expect(h.sent.map((s) => [s.at, s.attempt, s.payload])).toEqual([
        [10, 0, { client_id: clientId, session_id: SESSION, character_id: CHARACTER, content: 'hello' }],
        [1052, 1, { client_id: clientId, session_id: SESSION, character_id: CHARACTER, content: 'hello' }],
      ]);
      expect(store.historyCalls.map((c) => [c.at, c.req])).toEqual([
        [1052, { session_id: SESSION, page_size: 100 }],
      ]);
      const messages = chat.selectChatMessages(store.getState().chat);
      expect(messages.map((m) => [m.role, m.serverId, m.content, m.phase.status])).toEqual([
        ['user', 'm-user', 'hello', 'delivered'],
        ['assistant', 'm-reply', 'hi there', 'delivered'],
      ]);
      expect(types(store)).toEqual([
        'chat/sessionOpened',
        'session/userInfoSet',
        // The account's hot-popup marker read from the device (issue 21 item 6).
        'popups/hotSeenRestored',
        'decorations/accountCleared',
        'chat/messageSent',
        'chat/connectionLost',
        'chat/connectionRestored',
        'chat/messageAcknowledged',
        'chat/historyLoaded',
      ]);
      expect(replay(store.recorder.events()).violation).toBeNull();
    });
  });

  it('a message sent while offline waits as `sending` and goes out on the next connection', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const h = socketHarness(
        scheduler,
        (attempt, connection) =>
          attempt === 0
            ? cold<ChatSignal>('#', undefined, closed)
            : cold<ChatSignal>('-c', { c: { kind: 'connected', connection } }),
        (_n, p) => cold('1ms a|', { a: ok({ id: 'm1', client_id: p.client_id, create_at: 5 }) }),
      );
      const store = storeWith(scheduler, h.connectChat);
      openSession(store);
      signIn(store);
      cold('5ms x').subscribe(() => store.dispatch(sendChatMessage({ content: 'offline hello' })));
      cold('500ms x').subscribe(() =>
        expect(chat.selectMessagesToResend(store.getState().chat)).toHaveLength(1),
      );
      flush();
      expect(h.sent.map((s) => s.at)).toEqual([1001]);
      expect(chat.selectMessagesToResend(store.getState().chat)).toEqual([]);
    });
  });

  it('dedupes by client id: a streamed reply, its resent tokens and a resent `chat:done` show one message with the final text', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const ev = (event: string, payload: unknown): ChatSignal => ({ kind: 'event', event, payload });
      const base = { session_id: SESSION, reply_id: 'm-r' };
      const done = {
        ...base,
        reply_to: 'c_id1',
        content: 'Hi, friend!',
        create_at: 30,
        name: 'Luna',
        is_official_agent: false,
      };
      const h = socketHarness(
        scheduler,
        (_n, connection) =>
          cold<ChatSignal>('-c 20ms s-0-1-1-2-d-d-m-o', {
            c: { kind: 'connected', connection },
            s: ev(CHAT_EVENT.start, {
              ...base,
              reply_to: 'c_id1',
              create_at: 30,
              name: 'Luna',
              is_official_agent: false,
            }),
            0: ev(CHAT_EVENT.token, { ...base, index: 0, token: 'Hi,' }),
            1: ev(CHAT_EVENT.token, { ...base, index: 1, token: ' friend' }),
            2: ev(CHAT_EVENT.token, { ...base, index: 2, token: '!' }),
            d: ev(CHAT_EVENT.done, done),
            m: ev(CHAT_EVENT.message, { message: item('m-u', 'c_id1', 'user', 'hello', 10) }),
            o: ev(CHAT_EVENT.token, { ...base, session_id: 'another-session', index: 0, token: 'x' }),
          }),
        (_n, p) => cold('1ms a|', { a: ok({ id: 'm-u', client_id: p.client_id, create_at: 10 }) }),
      );
      const store = storeWith(scheduler, h.connectChat);
      openSession(store);
      signIn(store);
      cold('5ms x').subscribe(() => store.dispatch(sendChatMessage({ content: 'hello' })));
      const seen: string[] = [];
      cold('29ms a').subscribe(() =>
        seen.push(chat.selectStreamingReply(store.getState().chat)?.content ?? ''),
      );
      flush();
      expect(seen).toEqual(['Hi, friend']);
      const view = chat.selectChatView(store.getState().chat);
      expect(view.map((m) => [m.id, m.role, m.content, m.loading])).toEqual([
        ['m-u', 'user', 'hello', false],
        ['m-r', 'assistant', 'Hi, friend!', false],
      ]);
      expect(chat.selectValidChatMessages(store.getState().chat)).toHaveLength(2);
    });
  });

  it('a reply finished while this client was away arrives whole (chat:done without its start)', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const done = {
        session_id: SESSION,
        reply_id: 'm-late',
        reply_to: 'c_other',
        content: 'Welcome back.',
        create_at: 50,
        name: 'Luna',
        is_official_agent: true,
      };
      const h = socketHarness(scheduler, (_n, connection) =>
        cold<ChatSignal>('-c-t-d', {
          c: { kind: 'connected', connection },
          t: {
            kind: 'event',
            event: CHAT_EVENT.token,
            payload: { session_id: SESSION, reply_id: 'm-late', index: 4, token: 'back.' },
          },
          d: { kind: 'event', event: CHAT_EVENT.done, payload: done },
        }),
      );
      const store = storeWith(scheduler, h.connectChat);
      openSession(store);
      signIn(store);
      flush();
      expect(chat.selectChatView(store.getState().chat)).toEqual([
        {
          id: 'm-late',
          content: 'Welcome back.',
          role: 'assistant',
          loading: false,
          name: 'Luna',
          nameKey: null,
          isOfficialAgent: true,
        },
      ]);
    });
  });

  it('no ack within 10 s marks the message failed; a retry sends it again with the same client id and it is delivered', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      let answered = false;
      const h = socketHarness(
        scheduler,
        (_n, connection) => cold<ChatSignal>('-c', { c: { kind: 'connected', connection } }),
        (_n, p) => {
          if (!answered) {
            answered = true;
            return NEVER;
          }
          return cold('3ms a|', { a: ok({ id: 'm1', client_id: p.client_id, create_at: 1 }) });
        },
      );
      const store = storeWith(scheduler, h.connectChat);
      openSession(store);
      signIn(store);
      cold('10ms x').subscribe(() => store.dispatch(sendChatMessage({ content: 'are you there?' })));
      const phase = () => chat.selectChatMessages(store.getState().chat)[0]?.phase;
      const phases: unknown[] = [];
      cold(`${9 + CHAT_ACK_TIMEOUT_MS}ms a 9ms b`).subscribe(() => phases.push(phase()));
      cold('15000ms r').subscribe(() =>
        store.dispatch(
          retryChatMessage({ clientId: chat.selectChatMessages(store.getState().chat)[0]!.clientId }),
        ),
      );
      cold('99000ms x').subscribe(() => store.dispatch(session.loggedOut({})));
      flush();
      expect(phases).toEqual([{ status: 'sending' }, { status: 'failed', reasonKey: CHAT_SEND_TIMEOUT }]);
      expect(h.sent.map((s) => s.at)).toEqual([10, 15000]);
      expect(h.sent[0]!.payload.client_id).toBe(h.sent[1]!.payload.client_id);
      expect(store.recorder.events().find((e) => e.type === 'chat/messageAcknowledged')?.meta.at).toBe(15003);
    });
  });

  it('an ack with an error code fails the message and reports the code to the error map', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const h = socketHarness(
        scheduler,
        (_n, connection) => cold<ChatSignal>('-c', { c: { kind: 'connected', connection } }),
        () => cold('1ms a|', { a: { status: { code: 10400, msg: 'malformed chat message' }, data: null } }),
      );
      const store = storeWith(scheduler, h.connectChat);
      openSession(store);
      signIn(store);
      cold('5ms x').subscribe(() => store.dispatch(sendChatMessage({ content: 'hello' })));
      cold('50ms x').subscribe(() => store.dispatch(session.loggedOut({})));
      flush();
      expect(store.recorder.events().find((e) => e.type === 'chat/messageFailed')?.payload).toMatchObject({
        reasonKey: CHAT_SEND_REFUSED,
      });
      expect(types(store)).toContain('notices/raised');
    });
  });

  it('empty or oversized content is not sent; nothing is sent without an open chat', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const h = socketHarness(scheduler, (_n, connection) =>
        cold<ChatSignal>('-c', { c: { kind: 'connected', connection } }),
      );
      const store = storeWith(scheduler, h.connectChat);
      signIn(store);
      cold('5ms a 5ms b').subscribe((v) => {
        if (v === 'b') openSession(store);
        store.dispatch(sendChatMessage({ content: v === 'a' ? 'no chat open' : '   ' }));
        store.dispatch(sendChatMessage({ content: 'x'.repeat(4001) }));
      });
      cold('50ms x').subscribe(() => store.dispatch(session.loggedOut({})));
      flush();
      expect(h.sent).toEqual([]);
      expect(types(store)).not.toContain('chat/messageSent');
    });
  });
});

describe('opening a chat and its history pages (spec §7 chat history; §9 "history page size 80 (init_mem_num) or 100")', () => {
  const character = (initMem: number) => ({
    id: CHARACTER,
    name: 'Luna',
    intro: '',
    greeting: 'Hello!',
    character_type: 0,
    cover: { url: '/c.png', width: 192, height: 256 },
    init_mem_num: initMem,
    support_voice: true,
    is_official_agent: false,
    voice: 'female',
    gender: 'female',
    is_public: true,
    author: null,
    is_mine: false,
    create_at: 0,
    update_at: 0,
  });

  it.each([
    [80, 80, { init_mem_num: true }],
    [0, 100, {}],
  ])('a character with init_mem_num %i loads a first page of %i', (initMem, size, extra) => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const calls: ChatHistoryRequest[] = [];
      const page = (ids: string[], from: number) =>
        E.right(
          decoded(ChatHistoryResponse, {
            items: ids.map((id, i) => item(id, null, 'assistant', id, from + i)),
            has_more: true,
            offset_to: ids[0],
            page_size: size,
          }),
        );
      const { deps } = makeFakeDeps(
        scheduler,
        {},
        {
          ...conversationDeps({
            api: fakeStudioApi({
              openChatSession: () =>
                cold('2ms r|', {
                  r: E.right(
                    decoded(ChatSessionOpenResponse, {
                      session_id: SESSION,
                      channel_id: CHARACTER,
                      character: character(initMem),
                      created: false,
                      settings: { session_id: SESSION, on_line_search: false, instruction: null },
                    }),
                  ),
                }),
              chatHistory: (req) => {
                calls.push(req);
                return cold('3ms r|', {
                  r: calls.length === 1 ? page(['m3', 'm4'], 2) : page(['m1', 'm2'], 0),
                });
              },
            }),
          }),
        },
      );
      const store = makeStore({ dependencies: deps });
      store.dispatch(openChat({ characterId: CHARACTER }));
      cold('20ms x').subscribe(() => store.dispatch(loadOlderChat({})));
      flush();
      expect(calls).toEqual([
        { session_id: SESSION, page_size: size, support_voice: true, ...extra },
        { session_id: SESSION, page_size: 100, offset_to: 'm3' },
      ]);
      expect(chat.selectChatMessages(store.getState().chat).map((m) => m.serverId)).toEqual([
        'm1',
        'm2',
        'm3',
        'm4',
      ]);
      expect(store.recorder.events().map((e) => [e.type, e.meta.at])).toEqual([
        ['characters/received', 2],
        ['chat/sessionOpened', 2],
        ['chat/settingsChanged', 2],
        ['chat/historyLoaded', 5],
        ['chat/historyLoaded', 23],
      ]);
      // Older pages are offered while the server says it has more (has_more), not by counting.
      expect(chat.selectOffersOlderHistory(store.getState().chat)).toBe(true);
      // The chat screen names the character it opened by its address, without the directory.
      expect(characters.selectCharacter(store.getState().characters, CHARACTER)).toEqual({
        id: CHARACTER,
        name: 'Luna',
        intro: '',
        greeting: 'Hello!',
        kind: 'digital',
        coverUrl: '/c.png',
        isOfficialAgent: false,
        characterType: 0,
        initMemNum: initMem,
        supportVoice: true,
        voice: 'female',
        gender: 'female',
        isPublic: true,
        isMine: false,
        author: null,
      });
    });
  });
});

describe('the character directory (spec §7 character list)', () => {
  const row = (id: string, type: number, official: boolean) => ({
    id,
    name: id.toUpperCase(),
    intro: `about ${id}`,
    greeting: '',
    character_type: type,
    cover: { url: '', width: 0, height: 0 },
    init_mem_num: 0,
    support_voice: false,
    is_official_agent: official,
    voice: 'female',
    gender: 'female',
    is_public: true,
    author: null,
    is_mine: false,
    create_at: 0,
    update_at: 0,
  });

  it('asks once for a page of every character, ignores a second ask while loading, and lists them in order', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const asked: unknown[] = [];
      const { deps } = makeFakeDeps(
        scheduler,
        {},
        {
          ...conversationDeps({
            api: fakeStudioApi({
              listCharacters: (req) => {
                asked.push(req);
                return cold('5ms r|', {
                  r: E.right(
                    decoded(CharacterListResponse, {
                      items: [row('a1', 3, true), row('d1', 0, false), row('t1', 1, false)],
                      offset: 3,
                      has_more: false,
                    }),
                  ),
                });
              },
            }),
          }),
        },
      );
      const store = makeStore({ dependencies: deps });
      store.dispatch(loadCharacters({}));
      cold('2ms x').subscribe(() => store.dispatch(loadCharacters({})));
      cold('1ms x').subscribe(() =>
        expect(characters.selectCharacterListStatus(store.getState().characters)).toBe('loading'),
      );
      flush();
      expect(asked).toEqual([{ scope: 'all', limit: 50 }]);
      const list = characters.selectCharacterList(store.getState().characters);
      expect(list.map((c) => [c.id, c.kind, c.isOfficialAgent, c.coverUrl])).toEqual([
        ['a1', 'agent', true, null],
        ['d1', 'digital', false, null],
        ['t1', 'tool', false, null],
      ]);
      expect(characters.selectCharacterListStatus(store.getState().characters)).toBe('loaded');
    });
  });

  it('a failed load keeps the status "error" and goes through the error map (a toast)', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const { deps } = makeFakeDeps(
        scheduler,
        {},
        {
          ...conversationDeps({
            api: fakeStudioApi({
              listCharacters: () =>
                cold('3ms r|', {
                  r: E.left({ kind: 'api', path: '/api/v1/character/list', code: 50000, msg: 'boom' }),
                }),
            }),
          }),
        },
      );
      const store = makeStore({ dependencies: deps });
      store.dispatch(loadCharacters({}));
      flush();
      expect(characters.selectCharacterListStatus(store.getState().characters)).toBe('error');
      expect(store.recorder.events().map((e) => e.type)).toEqual([
        'characters/listRequested',
        'characters/listFailed',
        'notices/raised',
        // The toast leaves after its 5 s (virtual time runs to the end).
        'notices/dismissed',
      ]);
    });
  });
});

describe('a reply names the question it follows (a device clock ahead of the server must not put it above)', () => {
  it('chat:start, a chat:done never started here and a chat:resume reply each carry reply_to as follows', () => {
    const state = replay([
      { ...chat.sessionOpened({ sessionId: 's1', channelId: 'ch1' }), meta: { seq: 1, at: 0 } },
    ]).state.chat;
    const reply = { session_id: 's1', reply_id: 'r1', reply_to: 'c1', create_at: 5, name: 'Luna' };
    const follows = (actions: readonly { readonly payload?: unknown }[]) =>
      actions.map((a) => {
        const p = a.payload as { follows?: string; message?: { follows?: string } };
        return p.follows ?? p.message?.follows;
      });
    expect(
      follows(chatEventToActions(state, CHAT_EVENT.start, { ...reply, is_official_agent: false })),
    ).toEqual(['c1']);
    expect(
      follows(
        chatEventToActions(state, CHAT_EVENT.done, { ...reply, content: 'Hello.', is_official_agent: false }),
      ),
    ).toEqual(['c1']);
    const ack = {
      status: { code: 10000, msg: 'ok' },
      data: { replies: [{ ...reply, is_official_agent: false, tokens: ['He'] }] },
    };
    expect(follows(resumeAckToActions('s1', ack))).toEqual(['c1', undefined]);
  });
});
