/**
 * Issue 9 sign-in throttle, client side: a 20010 answer (decoded by the real envelope decoder)
 * reaches the login form through `selectLoginFailure` with its wait, without a toast; another
 * refusal is recorded too and still goes through the error map; a success clears it.
 */
import { asyncScheduler, of } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { session } from '../../../domain/index.js';
import { LoginResponse } from '../../../infrastructure/contract/account';
import { decodeEnvelope } from '../../../infrastructure/http/client';
import { login } from '../../../infrastructure/session/commands';
import { makeStore } from '../../../infrastructure/app/makeStore';
import { makeFakeDeps } from '../../support/fakeApi';

const answer = (json: unknown) => of(decodeEnvelope('/api/v1/account/login', json, LoginResponse));

const storeAnswering = (...answers: unknown[]) => {
  let i = 0;
  const { deps } = makeFakeDeps(asyncScheduler, { login: () => answer(answers[i++]) });
  return makeStore({ dependencies: deps });
};

describe('login throttle in the client (issue 9)', () => {
  it('keeps the wait of a 20010 refusal for the form, with no toast', () => {
    const store = storeAnswering({
      status: { code: 20010, msg: 'too many sign-in attempts; retry in 42 s' },
      data: { retry_after_s: 42 },
    });
    store.dispatch(login({ email: 'demo@atelier.test', password: 'x' }));
    expect(session.selectLoginFailure(store.getState().session)).toEqual({ code: 20010, retryAfterS: 42 });
    expect(store.recorder.events().map((e) => e.type)).toEqual(['session/loginRefused']);
  });

  it('records a wrong password without a wait, and a later success clears the refusal', () => {
    const user = {
      id: 'a1',
      account_id: 'a1',
      account_name: 'demo',
      name: 'Demo',
      email: 'demo@atelier.test',
      avatar: '',
      status: 1,
      role: 'user',
      create_at: 1,
    };
    const store = storeAnswering(
      { status: { code: 20003, msg: 'wrong password' }, data: null },
      { status: { code: 10000, msg: 'success' }, data: { token: 'tok-123456', user } },
    );
    store.dispatch(login({ email: 'demo@atelier.test', password: 'x' }));
    expect(session.selectLoginFailure(store.getState().session)).toEqual({ code: 20003, retryAfterS: null });
    store.dispatch(login({ email: 'demo@atelier.test', password: 'atelier-demo' }));
    expect(store.getState().session.status).toBe('signedIn');
    expect(session.selectLoginFailure(store.getState().session)).toBeNull();
  });
});
