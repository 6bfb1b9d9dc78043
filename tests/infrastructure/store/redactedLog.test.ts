/**
 * Issue 9: the exported event log and the auditors' state view hold no credential. A store with
 * the real session and billing epics, the real HTTP client and contract over Node's fetch, signs
 * in to the reference server, creates a task and records the signed upload URLs the server
 * issued; then the REAL values (the issued token, the demo e-mail, the URL signature) are looked
 * for in `recorder.toJsonLines()` and in the redacted state view `__ATELIER__.state()` serves.
 * Redaction is defence in depth: the token must not be in any event even BEFORE redaction (the
 * reducer's input is watched), nor in the state; it lives in the HTTP adapter's token holder.
 */
import { asyncScheduler, firstValueFrom } from 'rxjs';
import * as E from 'fp-ts/Either';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evolve, redact, session, uploads, type RootState } from '../../../domain/index.js';
import { makeApi } from '../../../infrastructure/http/api';
import { makeHttpClient } from '../../../infrastructure/http/client';
import { memoryTokenStore } from '../../../infrastructure/http/tokenStore';
import { login } from '../../../infrastructure/session/commands';
import { makeStore } from '../../../infrastructure/store/makeStore';
import { makeUploadsApi } from '../../../infrastructure/uploads/api';
import { makeFakeDeps } from '../../support/fakeApi';
import { untilState } from '../../support/storeWait';
import { startTestServer, type TestServer } from '../../support/server';

const DEMO_EMAIL = 'demo@atelier.test';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({}, false);
});
afterAll(() => s.stop());

describe('the exported event log and the state view are redacted (issue 9)', () => {
  it('holds neither the issued token, the e-mail, the session cookie value nor a URL signature', async () => {
    let cookie = '';
    const token = memoryTokenStore();
    const http = makeHttpClient({
      baseUrl: s.baseUrl,
      // Node's fetch keeps no cookies: carry the session cookie T like a browser would.
      fetch: async (input, init) => {
        const r = await fetch(input, {
          ...init,
          headers: { ...(init.headers as Record<string, string>), ...(cookie ? { cookie } : {}) },
        });
        const set = r.headers.get('set-cookie');
        if (set) cookie = set.split(';')[0]!;
        return r;
      },
      headers: () => ({ 'x-device-id': 'redaction-device-1' }),
      token,
    });
    const api = makeApi(http);
    const { deps } = makeFakeDeps(asyncScheduler, {
      login: api.login,
      accountInfo: api.accountInfo,
      paymentInfo: api.paymentInfo,
      createTask: api.createTask,
    });
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

    const log = store.recorder.toJsonLines(0);
    expect(log).toContain('session/userInfoSet');
    expect(log).toContain('uploads/signed');
    expect(log).toContain(signed.right.file_id);
    for (const secret of [issued, DEMO_EMAIL, signature, cookie]) expect(log).not.toContain(secret);

    // What __ATELIER__.state() serves (src/main.tsx): the redacted state.
    const view = JSON.stringify(redact(store.getState()));
    expect(session.selectUser(store.getState().session)?.email).toBe(DEMO_EMAIL);
    for (const secret of [issued, DEMO_EMAIL]) expect(view).not.toContain(secret);
    expect(view).toContain('"status":"signedIn"');
  });
});
