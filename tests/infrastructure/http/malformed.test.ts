/**
 * Issue 25 figure 4, "a malformed success never overwrites good state": every response codec of the
 * contract is fed arbitrary JSON, success envelopes around arbitrary data, `{}` and truncated
 * bodies: decoding never throws, and what it accepts is a value of the codec's type. Through the
 * real HTTP client and store, a chat whose history is loaded is answered `200 {}` and a success
 * envelope around `{}` on its next history call (SillyTavern #5941: such an answer after a network
 * blip replaced a person's whole chat): the messages stay as they were, and the failure is reported.
 */
import fc from 'fast-check';
import * as E from 'fp-ts/Either';
import * as t from 'io-ts';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { asyncScheduler } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { chat } from '../../../domain/index.js';
import { decodeEnvelope, makeHttpClient } from '../../../infrastructure/http/client';
import { makeStore } from '../../../infrastructure/app/makeStore';
import { makeStudioApi } from '../../support/fakes/streaming';
import { loadOlderChat } from '../../../infrastructure/chat/commands';
import { makeFakeDeps } from '../../support/fakeApi';
import { conversationDeps } from '../../support/fakes/streaming';
import { untilState } from '../../support/storeWait';

const CONTRACT = path.resolve(__dirname, '../../../infrastructure/contract');

/** Every `…Response` codec the contract exports, by module and name. */
const responseCodecs = async (): Promise<[string, t.Mixed][]> => {
  const found: [string, t.Mixed][] = [];
  for (const file of readdirSync(CONTRACT).filter((f) => f.endsWith('.ts'))) {
    const mod = (await import(path.join(CONTRACT, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(mod))
      if (name.endsWith('Response') && value instanceof t.Type)
        found.push([`${file}:${name}`, value as t.Mixed]);
  }
  return found;
};

const success = (data: unknown) => ({ status: { code: 10000, msg: 'success' }, data });

describe('malformed responses (issue 25, figure 4)', () => {
  it('property: no codec throws on arbitrary JSON, success envelopes of arbitrary data or {}; what is accepted is of its type', async () => {
    const codecs = await responseCodecs();
    expect(codecs.length).toBeGreaterThan(60);
    let bodies = 0;
    let accepted = 0;
    const body = fc.oneof(
      fc.jsonValue(),
      fc.jsonValue().map(success),
      fc.constantFrom(
        {},
        success({}),
        success(null),
        success([]),
        { status: {} },
        { status: { code: '10000' } },
      ),
    );
    for (const [name, codec] of codecs)
      fc.assert(
        fc.property(body, (json) => {
          bodies += 1;
          const r = decodeEnvelope(name, json, codec);
          if (E.isRight(r)) {
            accepted += 1;
            expect(E.isRight(codec.decode(codec.encode(r.right))), name).toBe(true);
          } else expect(['api', 'decode']).toContain(r.left.kind);
        }),
        { numRuns: 60 },
      );
    // An empty object is data only where the contract says "nothing": no list, page or record is
    // ever read from `{}` (the SillyTavern case).
    const emptyAccepted = codecs.filter(([name, codec]) =>
      E.isRight(decodeEnvelope(name, success({}), codec)),
    );
    expect(emptyAccepted.map(([name]) => name)).toEqual(['account.ts:EmptyResponse']);
    console.log(
      `malformed responses: ${codecs.length} response codecs, ${bodies} bodies, 0 throws, ${accepted} accepted (each of its type)`,
    );
  });

  it('a truncated or empty body is a decode failure, never a success or a throw', async () => {
    const whole = JSON.stringify(success({ items: [{ id: 'm1' }], has_more: false }));
    const cuts = [0, 1, 10, Math.floor(whole.length / 2), whole.length - 1];
    for (const cut of cuts) {
      const http = makeHttpClient({
        baseUrl: '',
        fetch: () => Promise.resolve(new Response(whole.slice(0, cut), { status: 200 })),
        headers: () => ({}),
      });
      const result = await new Promise<unknown>((resolve) =>
        http.post('/api/v1/x', {}, t.type({ has_more: t.boolean })).subscribe(resolve),
      );
      expect(result).toMatchObject({ _tag: 'Left', left: { kind: 'decode' } });
    }
  });

  it('a chat’s next history page answered 200 {} or an empty success keeps every message and reports the failure', async () => {
    for (const answer of [{}, success({})]) {
      const http = makeHttpClient({
        baseUrl: '',
        fetch: () => Promise.resolve(new Response(JSON.stringify(answer), { status: 200 })),
        headers: () => ({}),
      });
      const { deps } = makeFakeDeps(asyncScheduler, {}, conversationDeps({ api: makeStudioApi(http) }));
      const store = makeStore({ dependencies: deps });
      store.dispatch(chat.sessionOpened({ sessionId: 'sess-1', channelId: 'char-1' }));
      const message = (id: string, at: number): chat.IncomingChatMessage => ({
        serverId: id,
        clientId: null,
        role: 'assistant',
        content: `message ${id}`,
        createAt: at,
        name: null,
        nameKey: null,
        isOfficialAgent: false,
      });
      store.dispatch(
        chat.historyLoaded({
          sessionId: 'sess-1',
          messages: [message('m3', 3), message('m4', 4)],
          older: { hasMore: true },
        }),
      );
      const before = chat.selectChatMessages(store.getState().chat);
      expect(before).toHaveLength(2);
      const seen = store.recorder.events().length;
      store.dispatch(loadOlderChat({}));
      await untilState(
        store,
        () =>
          store.recorder
            .events()
            .slice(seen)
            .some((e) => e.type.startsWith('notices/')),
        5_000,
        'the failure reported',
      );
      expect(chat.selectChatMessages(store.getState().chat)).toEqual(before);
      expect(
        store.recorder
          .events()
          .slice(seen)
          .some((e) => e.type === 'chat/historyLoaded'),
      ).toBe(false);
    }
  });
});
