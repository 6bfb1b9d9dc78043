/**
 * Issue 11 in the client's core, through the real store and epics over a fake API: settings are
 * optimistic (shown at once, the replaced values back with the error map's toast on a refusal), a
 * used reset link (20004) is answered in the page and never logs out, a refused sign-up is kept
 * for the form without a toast.
 */
import { asyncScheduler, of } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { session } from '../../../domain/index.js';
import { AccountSettings, EmptyResponse, LoginResponse } from '../../../infrastructure/contract/account';
import { decodeEnvelope } from '../../../infrastructure/http/client';
import {
  changeSettings,
  loadSettings,
  resetPassword,
  signUp,
} from '../../../infrastructure/session/commands';
import { makeStore } from '../../../infrastructure/app/makeStore';
import type { Api } from '../../../infrastructure/store/dependencies';
import { makeFakeDeps } from '../../support/fakeApi';

const SETTINGS = {
  lang_code: 'en',
  use_model_preset_meta_mode: 1,
  task_image_prompt_switch: false,
  task_flow_version: 'v1',
  is_auto_pub_community: false,
  show_sexy: false,
};
const USER = {
  id: 'a1',
  account_id: 'a1',
  account_name: 'ada',
  name: 'Ada',
  email: 'ada@example.test',
  avatar: '',
  status: 3,
  role: 'user',
  create_at: 1,
};
const ok = (data: unknown) => ({ status: { code: 10000, msg: 'success' }, data });
const refused = (code: number) => ({ status: { code, msg: 'refused' }, data: null });

const storeWith = (overrides: Partial<Api>) => {
  const { deps, calls } = makeFakeDeps(asyncScheduler, overrides);
  return { store: makeStore({ dependencies: deps }), calls };
};
const signedInWithSettings = (update: Partial<Api>) => {
  const { store, calls } = storeWith({
    register: () =>
      of(decodeEnvelope('/r', ok({ token: 'tok-1234567890abcdef', user: USER }), LoginResponse)),
    settings: () => of(decodeEnvelope('/s', ok(SETTINGS), AccountSettings)),
    ...update,
  });
  store.dispatch(signUp({ name: 'Ada', email: 'ada@example.test', password: 'long enough' }));
  store.dispatch(loadSettings({}));
  return { store, calls };
};

describe('settings: optimistic with rollback', () => {
  it('keeps a saved change and sends only the changed field', () => {
    const { store, calls } = signedInWithSettings({
      updateSettings: () =>
        of(decodeEnvelope('/u', ok({ ...SETTINGS, task_flow_version: 'v2' }), AccountSettings)),
    });
    store.dispatch(changeSettings({ changes: { taskFlowVersion: 'v2' } }));
    expect(session.selectSettings(store.getState().session)?.taskFlowVersion).toBe('v2');
    // Spec §7: "settings update (mode 1 with task_flow_version or use_model_preset_meta_mode)".
    expect(calls.find((c) => c.name === 'updateSettings')?.body).toEqual({
      mode: 1,
      task_flow_version: 'v2',
    });
    expect(store.recorder.events().map((e) => e.type)).not.toContain('session/settingsChangeRolledBack');
    expect(session.selectSettingsSaveStatus(store.getState().session)).toBe('saved');
  });

  it('sends no mode with a change of neither the flow nor the preset mode', () => {
    const { store, calls } = signedInWithSettings({
      updateSettings: () =>
        of(decodeEnvelope('/u', ok({ ...SETTINGS, is_auto_pub_community: true }), AccountSettings)),
    });
    store.dispatch(changeSettings({ changes: { autoPublish: true } }));
    expect(calls.find((c) => c.name === 'updateSettings')?.body).toEqual({ is_auto_pub_community: true });
  });

  it('puts the old value back and raises a toast when the save is refused', () => {
    const { store, calls } = signedInWithSettings({
      showSexy: () => of(decodeEnvelope('/x', refused(10400), AccountSettings)),
    });
    store.dispatch(changeSettings({ changes: { showNsfw: true } }));
    expect(session.selectSettings(store.getState().session)?.showNsfw).toBe(false);
    expect(calls.find((c) => c.name === 'showSexy')?.body).toEqual({ show_sexy: true });
    const types = store.recorder.events().map((e) => e.type);
    expect(types).toEqual(
      expect.arrayContaining([
        'session/settingsChanged',
        'session/settingsChangeRolledBack',
        'notices/raised',
      ]),
    );
    expect(types.indexOf('session/settingsChangeRolledBack')).toBeGreaterThan(
      types.indexOf('session/settingsChanged'),
    );
    expect(session.selectSettingsSaveStatus(store.getState().session)).toBe('error');
  });
});

describe('password reset and sign-up refusals', () => {
  it('answers a used link (20004) in the page: no logout, no toast', () => {
    const { store } = signedInWithSettings({
      resetPassword: () => of(decodeEnvelope('/p', refused(20004), EmptyResponse)),
    });
    store.dispatch(resetPassword({ token: 'used', password: 'new password' }));
    expect(store.getState().session.status).toBe('signedIn');
    expect(store.recorder.events().map((e) => e.type)).not.toContain('notices/raised');
  });

  it('signs the person out when a reset succeeds (every session of the account ended)', () => {
    const { store } = signedInWithSettings({
      resetPassword: () => of(decodeEnvelope('/p', ok(null), EmptyResponse)),
    });
    store.dispatch(resetPassword({ token: 'good', password: 'new password' }));
    expect(store.getState().session.status).toBe('guest');
    expect(session.selectRecovery(store.getState().session)).toEqual({ status: 'done' });
  });

  it('keeps a refused sign-up (20006) for the form, without a toast', () => {
    const { store } = storeWith({ register: () => of(decodeEnvelope('/r', refused(20006), LoginResponse)) });
    store.dispatch(signUp({ name: 'Ada', email: 'demo@atelier.test', password: 'long enough' }));
    expect(session.selectSignUpFailure(store.getState().session)).toBe(20006);
    expect(store.recorder.events().map((e) => e.type)).toEqual(['session/signUpRefused']);
  });
});
