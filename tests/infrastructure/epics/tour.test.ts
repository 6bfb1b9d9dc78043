/**
 * The new user's guided tour and the Help page's call (spec §3 status 3 / guide_status, §4 "Guided
 * tour: next, previous, close. Done on the last step", §7 "account guide status set"), over fakes.
 */
import * as E from 'fp-ts/Either';
import { EMPTY, of } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { session, tour } from '../../../domain/index.js';
import { makeStore } from '../../../infrastructure/app/makeStore';
import type { SupportApi } from '../../../infrastructure/support/api';
import { sendSupportMessage } from '../../../infrastructure/support/commands';
import { closeTour, nextTourStep, previousTourStep } from '../../../infrastructure/tour/commands';
import { makeFakeDeps } from '../../support/fakeApi';

const user = (status: number) => ({
  id: 'u1',
  accountName: 'ada',
  name: 'Ada',
  email: 'ada@example.test',
  avatar: '',
  status,
  role: 'user',
});

const setup = (guideStatus: 0 | 1) => {
  const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b));
  const calls: string[] = [];
  const api: SupportApi = {
    submit: (req) => {
      calls.push(`submit ${req.topic} ${req.resource_id ?? '-'}`);
      return of(E.right({ id: 'sup1', created_at: 1 }));
    },
    sendReport: () => EMPTY,
    listReports: () => EMPTY,
    deleteReport: () => EMPTY,
  };
  const { deps } = makeFakeDeps(scheduler, {});
  const social = {
    ...deps.social,
    api: {
      ...deps.social.api,
      guideStatus: () => {
        calls.push('guideStatus');
        return of(E.right({ guide_status: guideStatus }));
      },
      setGuideStatus: (req: { readonly guide_status: 0 | 1 }) => {
        calls.push(`set ${req.guide_status}`);
        return of(E.right({ guide_status: req.guide_status }));
      },
    },
  };
  const store = makeStore({ dependencies: { ...deps, social, support: { api } } });
  return { store, calls };
};

const T = tour.NEW_USER_TOUR_ID;

describe('the new user tour', () => {
  it('starts for a new user whose guide is not seen; next, previous, next to the end: done, and saved once', () => {
    const { store, calls } = setup(0);
    store.dispatch(session.userInfoSet({ user: user(3) }));
    expect(store.getState().tour).toMatchObject({ status: 'running', step: 0, totalSteps: 5 });
    store.dispatch(nextTourStep({ tourId: T }));
    store.dispatch(nextTourStep({ tourId: T }));
    store.dispatch(previousTourStep({ tourId: T }));
    expect(store.getState().tour).toMatchObject({ step: 1 });
    expect(calls).toEqual(['guideStatus']);
    for (let i = 0; i < 4; i++) store.dispatch(nextTourStep({ tourId: T }));
    expect(store.getState().tour).toEqual({ status: 'done', tourId: T });
    expect(calls).toEqual(['guideStatus', 'set 1']);
  });

  it('closing saves the guide status too', () => {
    const { store, calls } = setup(0);
    store.dispatch(session.userInfoSet({ user: user(3) }));
    store.dispatch(closeTour({ tourId: T }));
    expect(store.getState().tour).toMatchObject({ status: 'closed', atStep: 0 });
    expect(calls).toEqual(['guideStatus', 'set 1']);
  });

  it('is not offered again once seen, nor to an account that is not new', () => {
    const seen = setup(1);
    seen.store.dispatch(session.userInfoSet({ user: user(3) }));
    expect(seen.store.getState().tour.status).toBe('idle');
    const old = setup(0);
    old.store.dispatch(session.userInfoSet({ user: user(1) }));
    expect(old.store.getState().tour.status).toBe('idle');
    expect(old.calls).toEqual([]);
  });
});

describe('the Help page call (spec §1 support, §7 resource appeal)', () => {
  it('sends a valid form once and records sent; an invalid form is never sent', () => {
    const { store, calls } = setup(0);
    store.dispatch(sendSupportMessage({ topic: 'question', email: 'bad', message: 'A long enough message' }));
    expect(calls).toEqual([]);
    store.dispatch(
      sendSupportMessage({
        topic: 'appeal',
        email: 'a@b.test',
        message: 'Please review it again.',
        resourceId: 'art_1',
      }),
    );
    expect(calls).toEqual(['submit appeal art_1']);
    expect(store.getState().support).toEqual({ status: 'sent', id: 'sup1' });
  });
});
