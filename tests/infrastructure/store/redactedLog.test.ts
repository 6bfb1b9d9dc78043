/**
 * Issue 9: the exported event log and the auditors' state view hold no credential. A store with
 * the real session, billing and chat epics, the real HTTP client and contract over Node's fetch
 * and a real socket.io connection, signs in to the reference server, records the signed upload
 * URLs the server issued, chats with a character, and pays for a plan through the simulated
 * provider's checkout; then the REAL values (the issued token, the demo e-mail, the cookie value,
 * the URL signature, the card number) are looked for in `recorder.toJsonLines()` and in the
 * redacted state view `__ATELIER__.state()` serves.
 * Redaction is defence in depth: the token must not be in any event even BEFORE redaction (the
 * reducer's input is watched), nor in the state; it lives in the HTTP adapter's token holder.
 */
import { asyncScheduler, firstValueFrom } from 'rxjs';
import * as E from 'fp-ts/Either';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  billing,
  chat,
  evolve,
  payment,
  redact,
  session,
  uploads,
  type RootState,
} from '../../../domain/index.js';
import { refreshPayment } from '../../../infrastructure/billing/commands';
import {
  checkoutCompletePath,
  SUBSCRIPTION_URL_PATH,
  SubscriptionUrlResponse,
} from '../../../infrastructure/contract/commerce';
import { makeApi } from '../../../infrastructure/app/api';
import { makeHttpClient } from '../../../infrastructure/http/client';
import { memoryTokenStore } from '../../../infrastructure/http/tokenStore';
import { login } from '../../../infrastructure/session/commands';
import { makeStore } from '../../../infrastructure/app/makeStore';
import { makeStudioApi, conversationDeps } from '../../support/fakes/streaming';
import { openChat, sendChatMessage } from '../../../infrastructure/chat/commands';
import { makeFetchStream } from '../../../infrastructure/streaming/fetchStream';
import { socketIoChatConnector, type SocketFactory } from '../../../infrastructure/chat/browser';
import { makeUploadsApi } from '../../../infrastructure/uploads/api';
import { makeFakeDeps } from '../../support/fakeApi';
import { untilState } from '../../support/storeWait';
import { eventually, startTestServer, type TestServer } from '../../support/server';
import { silentAudioOutput } from '../../support/fakes/streaming';

const DEMO_EMAIL = 'demo@atelier.test';
/** What the checkout page's card field holds (server/payment/checkoutPage.ts). */
const CARD = '4242 4242 4242 4242';
const CHAT_TEXT = 'Hello Luna, a redaction check';

let s: TestServer;
const sockets: Socket[] = [];
beforeAll(async () => {
  s = await startTestServer({}, false);
});
afterAll(async () => {
  for (const so of sockets) so.close();
  await s.stop();
});

describe('the exported event log and the state view are redacted (issue 9)', () => {
  it('after signing in, uploading, chatting and paying: no token, e-mail, cookie value, signature nor card number', async () => {
    let cookie = '';
    const token = memoryTokenStore();
    // Node's fetch keeps no cookies: carry the session cookie T like a browser would.
    const browserFetch = async (input: string, init: RequestInit): Promise<Response> => {
      const r = await fetch(input, {
        ...init,
        headers: { ...(init.headers as Record<string, string>), ...(cookie ? { cookie } : {}) },
      });
      const set = r.headers.get('set-cookie');
      if (set) cookie = set.split(';')[0]!;
      return r;
    };
    const headers = () => ({ 'x-device-id': 'redaction-device-1' });
    const http = makeHttpClient({ baseUrl: s.baseUrl, fetch: browserFetch, headers, token });
    const api = makeApi(http);
    const factory: SocketFactory = (uri, options) => {
      const so = io(uri, options);
      sockets.push(so);
      return so;
    };
    const { deps } = makeFakeDeps(
      asyncScheduler,
      {
        login: api.login,
        accountInfo: api.accountInfo,
        paymentInfo: api.paymentInfo,
        createTask: api.createTask,
      },
      {
        // The chat epics' real adapters; the socket's `auth` token comes from the holder below.
        ...conversationDeps({
          api: makeStudioApi(http),
          audioOut: silentAudioOutput,
          fetchStream: makeFetchStream({ baseUrl: s.baseUrl, fetch: browserFetch, headers }),
          connectChat: socketIoChatConnector(factory, s.baseUrl),
        }),
      },
    );
    const store = makeStore({ dependencies: { ...deps, token } });
    // Everything the reducer receives, as it arrives: the events before any redaction.
    const raw: unknown[] = [];
    store.replaceReducer(((state: RootState | undefined, action: { readonly type: string }) => {
      raw.push(action);
      return evolve(state, action);
    }) as unknown as Parameters<typeof store.replaceReducer>[0]);

    store.dispatch(login({ email: DEMO_EMAIL, password: 'atelier-demo' }));
    await untilState(store, () => store.getState().session.status === 'signedIn');
    await untilState(store, () => store.getState().billing.status === 'known');
    const issued = token.get()!;
    expect(issued.length).toBeGreaterThan(20);
    expect(cookie).toBe(`T=${issued}`);
    // Not in any event before redaction, nor in the unredacted state: the holder alone has it.
    expect(raw.map((a) => (a as { type: string }).type)).toContain('session/userInfoSet');
    expect(JSON.stringify(raw)).not.toContain(issued);
    expect(JSON.stringify(store.recorder.events())).not.toContain(issued);
    expect(JSON.stringify(store.getState())).not.toContain(issued);

    // A signed upload: the URLs the server signed, recorded as the uploads epic records them.
    const signed = await firstValueFrom(
      makeUploadsApi(http).config({
        file_size: 10 as never,
        file_name: 'a.png' as never,
        content_type: 'image/png' as never,
      }),
    );
    if (E.isLeft(signed)) throw new Error(JSON.stringify(signed.left));
    const url = signed.right.pre_signs[0]!;
    const signature = new URL(url, s.baseUrl).searchParams.get('sig')!;
    expect(signature.length).toBeGreaterThan(20);
    store.dispatch(
      uploads.uploadSigned({
        id: 'u1',
        fileId: signed.right.file_id,
        preSigns: signed.right.pre_signs,
        chunkSize: signed.right.chunk_size,
      }),
    );

    // Chat: open a conversation and send over the socket; wait for this message's reply.
    const shown = () => chat.selectChatMessages(store.getState().chat);
    store.dispatch(openChat({ characterId: 'chr_luna' }));
    await untilState(store, () => store.getState().chat.status === 'open' && shown().length > 0);
    await eventually(async () => (sockets.some((so) => so.connected) ? true : undefined), 10_000, 20);
    // The socket authenticated with the real token from the holder.
    expect(sockets[0]!.auth).toEqual({ token: issued });
    const before = shown().length;
    store.dispatch(sendChatMessage({ content: CHAT_TEXT }));
    await untilState(
      store,
      () =>
        shown().length >= before + 2 &&
        shown()
          .slice(before)
          .some((m) => m.role === 'assistant') &&
        shown().every((m) => m.phase.status === 'delivered'),
    );
    expect(shown()[before]).toMatchObject({ role: 'user', content: CHAT_TEXT });

    // Pay: the server's checkout URL, then the POST its page's Pay button makes, with the card.
    const order = await firstValueFrom(
      http.post(
        SUBSCRIPTION_URL_PATH,
        { goods_id: 'basic_month', idempotency_key: 'redaction-order-1', payment_method_id: 9 },
        SubscriptionUrlResponse,
      ),
    );
    if (E.isLeft(order)) throw new Error(JSON.stringify(order.left));
    const { url: checkoutUrl, order_id: orderId } = order.right;
    // The URL is `/pay/checkout/<order id>`: no query, no signature (the page checks the session).
    expect(checkoutUrl).toBe(`/pay/checkout/${orderId}`);
    expect(new URL(checkoutUrl, s.baseUrl).search).toBe('');
    store.dispatch(payment.iframeOpened({ methodId: 9 }));
    store.dispatch(payment.submittingChanged({ submitting: true }));
    // The page posts same-origin with the cookie only (credentials: 'same-origin', no token header).
    const paid = await browserFetch(s.baseUrl + checkoutCompletePath(orderId), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ card_number: CARD }),
    });
    const paidBody = (await paid.json()) as {
      status: { code: number };
      data: { order: { status: string } };
    };
    expect(paidBody.status.code).toBe(10000);
    expect(paidBody.data.order.status).toBe('paid');
    store.dispatch(payment.paymentCompleted({ orderId }));
    store.dispatch(refreshPayment({}));
    await untilState(store, () => billing.selectPaymentInfo(store.getState().billing)?.productLevel === 1);
    expect(billing.selectPaymentInfo(store.getState().billing)?.isActive).toBe(true);

    const log = store.recorder.toJsonLines(0);
    expect(log).toContain('session/userInfoSet');
    expect(log).toContain('uploads/signed');
    expect(log).toContain(signed.right.file_id);
    expect(log).toContain(CHAT_TEXT);
    expect(log.split('\n').find((line) => line.includes('payment/completed'))).toContain(orderId);
    expect(log).toContain('billing/paymentInfoReceived');
    const card = CARD.replace(/ /g, '');
    const secrets = [issued, token.get()!, DEMO_EMAIL, signature, cookie, CARD, card];
    for (const secret of secrets) expect(log).not.toContain(secret);
    expect(JSON.stringify(raw)).not.toContain(issued);

    // What __ATELIER__.state() serves (src/main.tsx): the redacted state.
    const view = JSON.stringify(redact(store.getState()));
    expect(session.selectUser(store.getState().session)?.email).toBe(DEMO_EMAIL);
    for (const secret of secrets) expect(view).not.toContain(secret);
    expect(view).toContain('"status":"signedIn"');
    expect(view).toContain(CHAT_TEXT);

    store.dispatch(session.loggedOut({}));
    await eventually(async () => (sockets.every((so) => !so.connected) ? true : undefined), 10_000, 20);
  });
});
