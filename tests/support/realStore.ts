/**
 * A signed-in store whose API calls and audio streams go to `base` (a server, or a fault proxy in
 * front of it) with the real HttpClient, the real typed API and the real fetch stream over Node's
 * fetch, on real time; the rest is faked (no socket, silent audio).
 */
import { NEVER, asyncScheduler } from 'rxjs';
import { session } from '../../domain/index.js';
import { makeApi } from '../../infrastructure/app/api';
import { makeHttpClient } from '../../infrastructure/http/client';
import { memoryTokenStore } from '../../infrastructure/http/tokenStore';
import { makeStore, type AppStore } from '../../infrastructure/app/makeStore';
import { makeStudioApi, conversationDeps } from './fakes/streaming';
import { makeFetchStream } from '../../infrastructure/streaming/fetchStream';
import { makeFakeDeps } from './fakeApi';
import { silentAudioOutput } from './fakes/streaming';

/** The seeded demo account as the session knows it. */
export const DEMO_USER: session.UserInfo = {
  id: 'demo',
  accountName: 'demo',
  name: 'Demo Creator',
  email: 'demo@atelier.test',
  avatar: '',
  status: 1,
  role: 'user',
};

export interface RealStoreOptions {
  /** The session token of `user`. */
  readonly token: string;
  /** Spec §7 headers every call sends (a device id at least). */
  readonly device: Readonly<Record<string, string>>;
  readonly user?: session.UserInfo;
}

const nodeFetch = (input: string, init: RequestInit) => fetch(input, init);

export const realStore = (base: string, { token, device, user = DEMO_USER }: RealStoreOptions): AppStore => {
  const headers = () => ({ ...device, token });
  const http = makeHttpClient({ baseUrl: base, fetch: nodeFetch, headers });
  const { deps } = makeFakeDeps(
    asyncScheduler,
    {},
    {
      ...conversationDeps({
        api: makeStudioApi(http),
        audioOut: silentAudioOutput,
        fetchStream: makeFetchStream({ baseUrl: base, fetch: nodeFetch, headers: () => device }),
        connectChat: () => NEVER,
      }),
    },
  );
  const store = makeStore({
    dependencies: {
      ...deps,
      api: makeApi(http),
      scheduler: asyncScheduler,
      clock: { now: Date.now },
      // The audio streams read the token from the adapter's holder (issue 9).
      token: memoryTokenStore(token),
    },
  });
  store.dispatch(session.userInfoSet({ user }));
  return store;
};
