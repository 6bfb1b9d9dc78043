/**
 * The chat's extras in virtual time (issue 14): a deleted message is sent to the server only once
 * the undo window (chat.DELETE_UNDO_MS) has passed, never when undone; a refused delete shows the
 * message again; a reply being written when the page was reloaded is caught up by `chat:resume`
 * on the next connection and shown once with the tokens that follow; a finished reply of a
 * speaking character starts its voice stream.
 */
import * as E from 'fp-ts/Either';
import { NEVER, of, type Observable } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { chat, characters, replay, session } from '../../../domain/index.js';
import type { ChatMessageDeleteRequest } from '../../../infrastructure/contract/characters';
import { AUDIO_TTS_STREAM_PATH, CHAT_EVENT } from '../../../infrastructure/contract/streaming';
import type { ApiResult } from '../../../infrastructure/http/client';
import { memoryTokenStore } from '../../../infrastructure/http/tokenStore';
import { makeStore } from '../../../infrastructure/app/makeStore';
import { deleteChatMessage, undoDeleteChatMessage } from '../../../infrastructure/chat/commands';
import type { ChatConnection, ChatSignal } from '../../../infrastructure/chat/deps';
import type { StreamRequest } from '../../../infrastructure/streaming/deps';
import { makeFakeDeps } from '../../support/fakeApi';
import { conversationDeps, fakeStudioApi } from '../../support/fakes/streaming';
import { makeFakePlatform } from '../../support/fakes/platform';
import { appStarted } from '../../../infrastructure/store/commands';
import { CHAT_PENDING_DELETES_KEY } from '../../../infrastructure/chat/pendingDeletes';

const newScheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
const S = 'ses_1';
const USER: session.UserInfo = {
  id: 'u1',
  accountName: 'u1',
  name: 'U',
  email: 'u@x',
  avatar: '',
  status: 1,
  role: 'user',
};
const message = (serverId: string, createAt: number): chat.IncomingChatMessage => ({
  serverId,
  clientId: null,
  role: 'assistant',
  content: `reply ${serverId}`,
  createAt,
  name: 'Luna',
  nameKey: null,
  isOfficialAgent: false,
});

const storeWith = (scheduler: TestScheduler, streaming: Parameters<typeof conversationDeps>[0]) => {
  const { deps } = makeFakeDeps(scheduler, {}, conversationDeps(streaming));
  const store = makeStore({ dependencies: { ...deps, token: memoryTokenStore('tok-1') } });
  store.dispatch(chat.sessionOpened({ sessionId: S, channelId: 'chr_luna' }));
  store.dispatch(chat.historyLoaded({ sessionId: S, messages: [message('a', 10), message('b', 20)] }));
  return store;
};
const shown = (store: ReturnType<typeof makeStore>) =>
  chat.selectVisibleChatMessages(store.getState().chat).map((m) => m.serverId);

describe(`deleting a message waits out the undo window (${chat.DELETE_UNDO_MS} ms) before it is sent`, () => {
  const deleted =
    (calls: { at: number; req: ChatMessageDeleteRequest }[], scheduler: TestScheduler) =>
    (req: ChatMessageDeleteRequest): Observable<ApiResult<{ id: string; deleted: boolean }>> => {
      calls.push({ at: scheduler.now(), req });
      return of(E.right({ id: req.id, deleted: true }));
    };

  it('hides at once, sends at exactly 5000 ms, and then the message is gone', () => {
    const scheduler = newScheduler();
    scheduler.run(({ flush }) => {
      const calls: { at: number; req: ChatMessageDeleteRequest }[] = [];
      const store = storeWith(scheduler, {
        api: fakeStudioApi({ deleteChatMessage: deleted(calls, scheduler) }),
      });
      store.dispatch(deleteChatMessage({ clientId: 'srv:b' }));
      expect(shown(store)).toEqual(['a']);
      scheduler.schedule(() => expect(calls).toEqual([]), chat.DELETE_UNDO_MS - 1);
      flush();
      expect(calls).toEqual([{ at: chat.DELETE_UNDO_MS, req: { session_id: S, id: 'b' } }]);
      expect(chat.selectChatMessages(store.getState().chat).map((m) => m.serverId)).toEqual(['a']);
      expect(replay(store.recorder.events()).violation).toBeNull();
    });
  });

  it('an undo at 4999 ms brings it back and nothing is ever sent; a delete of each message has its own window', () => {
    const scheduler = newScheduler();
    scheduler.run(({ flush }) => {
      const calls: { at: number; req: ChatMessageDeleteRequest }[] = [];
      const store = storeWith(scheduler, {
        api: fakeStudioApi({ deleteChatMessage: deleted(calls, scheduler) }),
      });
      store.dispatch(deleteChatMessage({ clientId: 'srv:b' }));
      scheduler.schedule(() => store.dispatch(deleteChatMessage({ clientId: 'srv:a' })), 1000);
      scheduler.schedule(() => store.dispatch(undoDeleteChatMessage({ clientId: 'srv:b' })), 4999);
      flush();
      expect(calls).toEqual([{ at: 6000, req: { session_id: S, id: 'a' } }]);
      expect(shown(store)).toEqual(['b']);
    });
  });

  it('a page closed inside the window still deletes: the delete is kept locally and sent once at the next start', () => {
    const scheduler = newScheduler();
    scheduler.maxFrames = 1_000_000;
    scheduler.run(({ flush }) => {
      const calls: { at: number; req: ChatMessageDeleteRequest }[] = [];
      /** A signed-in page over the given local storage (with the session cookie), as a reload opens it. */
      const open = (storage: Readonly<Record<string, string>>) => {
        const platform = makeFakePlatform(scheduler, { storage, cookies: { T_present: '1' } });
        const { deps } = makeFakeDeps(
          scheduler,
          {},
          {
            platform: platform.deps,
            ...conversationDeps({
              api: fakeStudioApi({ deleteChatMessage: deleted(calls, scheduler) }),
            }),
          },
        );
        const store = makeStore({ dependencies: { ...deps, token: memoryTokenStore('tok-1') } });
        store.dispatch(appStarted({}));
        return { store, platform };
      };
      const first = open({});
      first.store.dispatch(session.userInfoSet({ user: USER }));
      first.store.dispatch(chat.sessionOpened({ sessionId: S, channelId: 'chr_luna' }));
      first.store.dispatch(
        chat.historyLoaded({ sessionId: S, messages: [message('a', 10), message('b', 20)] }),
      );
      first.store.dispatch(deleteChatMessage({ clientId: 'srv:b' }));
      // An undone one is not kept.
      first.store.dispatch(deleteChatMessage({ clientId: 'srv:a' }));
      first.store.dispatch(undoDeleteChatMessage({ clientId: 'srv:a' }));
      // The page closes 1 s into b's window: what it leaves behind is b's delete, for u1.
      const left = first.platform.storage.snapshot();
      expect(JSON.parse(left[CHAT_PENDING_DELETES_KEY] ?? 'null')).toEqual({
        accountId: 'u1',
        requests: [{ session_id: S, id: 'b' }],
      });
      const next = open(left);
      flush();
      // The reopened page sent it at once (at 0); the closed page's own timer is not part of this.
      expect(calls.filter((c) => c.at === 0)).toEqual([{ at: 0, req: { session_id: S, id: 'b' } }]);
      expect(next.platform.storage.get(CHAT_PENDING_DELETES_KEY)).toBeNull();
      // Another account's kept delete is dropped, never sent.
      const before = calls.length;
      const other = open({
        ...left,
        [CHAT_PENDING_DELETES_KEY]: JSON.stringify({
          accountId: 'u2',
          requests: [{ session_id: S, id: 'a' }],
        }),
      });
      flush();
      expect(calls.slice(before).filter((c) => c.req.id === 'a')).toEqual([]);
      expect(other.platform.storage.get(CHAT_PENDING_DELETES_KEY)).toBeNull();
    });
  });

  it('a refused delete shows the message again and goes through the error map', () => {
    const scheduler = newScheduler();
    scheduler.run(({ flush }) => {
      const store = storeWith(scheduler, {
        api: fakeStudioApi({
          deleteChatMessage: () => of(E.left({ kind: 'api' as const, path: '/x', code: 10404, msg: 'gone' })),
        }),
      });
      store.dispatch(deleteChatMessage({ clientId: 'srv:b' }));
      flush();
      expect(shown(store)).toEqual(['a', 'b']);
      expect(store.recorder.events().map((e) => e.type)).toContain('chat/messageDeleteUndone');
    });
  });
});

describe('a reply being written when the page was reloaded is caught up (chat:resume), shown once', () => {
  it('resumes on connection: start and the tokens so far, then the live tokens and done make one reply', () => {
    const scheduler = newScheduler();
    scheduler.run(({ cold, flush }) => {
      const asked: unknown[] = [];
      const connection: ChatConnection = {
        send: (event, payload) => {
          if (event !== CHAT_EVENT.resume) return NEVER;
          asked.push(payload);
          return cold('3ms a|', {
            a: {
              status: { code: 10000, msg: 'ok' },
              data: {
                replies: [
                  {
                    session_id: S,
                    reply_id: 'r1',
                    reply_to: 'c1',
                    create_at: 30,
                    name: 'Luna',
                    is_official_agent: false,
                    tokens: ['Hello', ' there'],
                  },
                ],
              },
            },
          });
        },
      };
      const live = (event: string, payload: unknown): ChatSignal => ({ kind: 'event', event, payload });
      const store = storeWith(scheduler, {
        connectChat: () =>
          cold<ChatSignal>('c 1ms t 4ms u 1ms v 1ms d', {
            c: { kind: 'connected', connection },
            // Sent before the resume's answer arrives: already in it, so taken once.
            t: live(CHAT_EVENT.token, { session_id: S, reply_id: 'r1', index: 1, token: ' there' }),
            u: live(CHAT_EVENT.token, { session_id: S, reply_id: 'r1', index: 2, token: ',' }),
            v: live(CHAT_EVENT.token, { session_id: S, reply_id: 'r1', index: 2, token: ',' }),
            d: live(CHAT_EVENT.done, {
              session_id: S,
              reply_id: 'r1',
              reply_to: 'c1',
              content: 'Hello there, friend.',
              create_at: 30,
              name: 'Luna',
              is_official_agent: false,
            }),
          }),
      });
      const seen: string[] = [];
      scheduler.schedule(() => {
        const r = chat.selectChatMessages(store.getState().chat).find((m) => m.clientId === 'srv:r1');
        seen.push(`${r?.phase.status}:${r?.content}`);
      }, 5);
      store.dispatch(session.userInfoSet({ user: USER }));
      flush();
      expect(asked).toEqual([{ session_id: S }]);
      expect(seen).toEqual(['streaming:Hello there']);
      const replies = chat.selectChatMessages(store.getState().chat).filter((m) => m.role === 'assistant');
      expect(replies.map((m) => [m.serverId, m.content, m.phase.status])).toEqual([
        ['a', 'reply a', 'delivered'],
        ['b', 'reply b', 'delivered'],
        ['r1', 'Hello there, friend.', 'delivered'],
      ]);
      expect(replay(store.recorder.events()).violation).toBeNull();
    });
  });
});

describe('a speaking character’s finished reply starts its voice (spec §7 SSE audio stream)', () => {
  it('asks for the TTS stream of the reply in the character voice, and not when voice replies are off', () => {
    const scheduler = newScheduler();
    scheduler.run(({ flush }) => {
      const streams: StreamRequest[] = [];
      const store = storeWith(scheduler, {
        fetchStream: (req) => {
          streams.push(req);
          return NEVER;
        },
      });
      store.dispatch(
        characters.characterReceived({
          character: {
            id: 'chr_luna',
            name: 'Luna',
            intro: '',
            greeting: '',
            kind: 'digital',
            coverUrl: null,
            isOfficialAgent: false,
            supportVoice: true,
            voice: 'male',
          },
        }),
      );
      const reply = (id: string) => [
        chat.replyStarted({
          sessionId: S,
          clientId: id,
          createAt: 40,
          name: 'Luna',
          nameKey: null,
          isOfficialAgent: false,
        }),
        chat.replyFinished({
          sessionId: S,
          clientId: id,
          serverId: id.slice(4),
          content: 'The stars are out.',
        }),
      ];
      for (const e of reply('srv:r1')) store.dispatch(e);
      store.dispatch(chat.voiceRepliesChosen({ sessionId: S, enabled: false }));
      for (const e of reply('srv:r2')) store.dispatch(e);
      flush();
      expect(
        streams.map((r) => [
          r.path,
          (r.body as { text: string; voice: string }).text,
          (r.body as { voice: string }).voice,
        ]),
      ).toEqual([[AUDIO_TTS_STREAM_PATH, 'The stars are out.', 'male']]);
      expect(chat.selectSpeaking(store.getState().chat)).toBe('srv:r1');
    });
  });
});
