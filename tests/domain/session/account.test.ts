/** Issue 11 in the domain: the sign-up rules, password recovery and optimistic settings. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as session from '../../../domain/session/index.js';
import { givenIn } from '../../support/context-spec.js';

const given = givenIn(session.sessionContext);

const form = (over: Partial<session.SignUpForm> = {}): session.SignUpForm => ({
  name: 'Ada',
  email: 'ada@example.com',
  password: 'correct horse',
  confirm: 'correct horse',
  ...over,
});

describe('session.signUpProblems (sign-up validation)', () => {
  it('accepts a complete form', () => {
    expect(session.signUpProblems(form())).toEqual({});
    expect(session.isValidSignUp(form())).toBe(true);
  });

  it('names the field and the problem of each mistake', () => {
    expect(session.signUpProblems(form({ name: '   ' }))).toEqual({ name: 'nameEmpty' });
    expect(session.signUpProblems(form({ name: 'x'.repeat(41) }))).toEqual({ name: 'nameTooLong' });
    expect(session.signUpProblems(form({ email: 'ada@localhost' }))).toEqual({ email: 'emailInvalid' });
    expect(session.signUpProblems(form({ password: 'short12', confirm: 'short12' }))).toEqual({
      password: 'passwordTooShort',
    });
    expect(session.signUpProblems(form({ confirm: 'correct horsE' }))).toEqual({
      confirm: 'passwordMismatch',
    });
    expect(session.signUpProblems({ name: '', email: '', password: '', confirm: 'x' })).toEqual({
      name: 'nameEmpty',
      email: 'emailInvalid',
      password: 'passwordTooShort',
      confirm: 'passwordMismatch',
    });
  });

  it('counts characters, not UTF-16 units: 8 emoji are a long enough password, 7 are not', () => {
    expect(session.passwordProblem('🎨'.repeat(8))).toBeNull();
    expect(session.passwordProblem('🎨'.repeat(7))).toBe('passwordTooShort');
    expect(session.passwordProblem('p'.repeat(session.PASSWORD_MAX_LENGTH + 1))).toBe('passwordTooLong');
  });

  it('property: a form is valid exactly when the name is set, the email plausible, the password long enough and confirmed', () => {
    const anyForm = fc.record({
      name: fc.oneof(fc.constant(''), fc.constant('  '), fc.string({ maxLength: 50 })),
      email: fc.oneof(fc.emailAddress(), fc.string({ maxLength: 20 })),
      password: fc.string({ maxLength: 20 }),
      confirm: fc.string({ maxLength: 20 }),
    });
    const withConfirm = anyForm.chain((f) =>
      fc.oneof(fc.constant({ ...f, confirm: f.password }), fc.constant(f)),
    );
    fc.assert(
      fc.property(withConfirm, (f) => {
        const expected =
          f.name.trim() !== '' &&
          [...f.name.trim()].length <= session.NAME_MAX_LENGTH &&
          session.isPlausibleEmail(f.email) &&
          [...f.password].length >= session.PASSWORD_MIN_LENGTH &&
          f.confirm === f.password;
        expect(session.isValidSignUp(f)).toBe(expected);
      }),
    );
  });
});

describe('session: sign-up refusals and password recovery', () => {
  it('records a refused sign-up for the form; signing in clears it', () => {
    const refused = given().when(session.signUpRefused({ code: 20006 }));
    expect(session.selectSignUpFailure(refused.state)).toBe(20006);
    const user = {
      id: 'u',
      accountName: 'a',
      name: 'A',
      email: 'a@b.c',
      avatar: '',
      status: 3,
      role: 'user',
    };
    const after = given(session.signUpRefused({ code: 20006 })).when(session.userInfoSet({ user }));
    expect(session.selectSignUpFailure(after.state)).toBeNull();
    expect(session.selectIsNewUser(after.state)).toBe(true);
  });

  it('follows a recovery: mail sent, link refused (20004), then done', () => {
    expect(session.selectRecovery(given().when(session.passwordResetMailSent({})).state)).toEqual({
      status: 'mailSent',
    });
    const refused = given(session.passwordResetMailSent({})).when(
      session.passwordResetRefused({ code: 20004 }),
    );
    expect(session.selectRecovery(refused.state)).toEqual({ status: 'refused', code: 20004 });
    expect(session.selectRecovery(given().when(session.passwordResetCompleted({})).state)).toEqual({
      status: 'done',
    });
  });
});

describe('session: settings, optimistic with rollback', () => {
  const user = { id: 'u', accountName: 'a', name: 'A', email: 'a@b.c', avatar: '', status: 1, role: 'user' };
  const settings: session.AccountSettings = {
    langCode: 'en',
    showNsfw: false,
    taskFlowVersion: 'v1',
    modelPresetMode: 1,
    imagePromptSwitch: false,
    autoPublish: false,
  };

  it('a change shows at once and a rollback restores exactly the replaced values', () => {
    const g = given(session.userInfoSet({ user }), session.settingsLoaded({ settings }));
    const changed = g.when(
      session.settingsChanged({ changes: { taskFlowVersion: 'v2', autoPublish: true } }),
    );
    expect(session.selectSettings(changed.state)).toEqual({
      ...settings,
      taskFlowVersion: 'v2',
      autoPublish: true,
    });
    const rolledBack = given(
      session.userInfoSet({ user }),
      session.settingsLoaded({ settings }),
      session.settingsChanged({ changes: { taskFlowVersion: 'v2' } }),
      session.settingsChanged({ changes: { autoPublish: true } }),
    ).when(session.settingsChangeRolledBack({ restore: { taskFlowVersion: 'v1' } }));
    // The other, successful change stays.
    expect(session.selectSettings(rolledBack.state)).toEqual({ ...settings, autoPublish: true });
  });

  it('keeps the settings when the same person is refreshed, drops them at logout', () => {
    const g = given(session.userInfoSet({ user }), session.settingsLoaded({ settings }));
    expect(
      session.selectSettings(g.when(session.userInfoSet({ user: { ...user, name: 'B' } })).state),
    ).toEqual(settings);
    expect(session.selectSettings(g.when(session.loggedOut({})).state)).toBeNull();
  });

  it('ignores a change before the settings are loaded (nothing to roll back to)', () => {
    const g = given(session.userInfoSet({ user }));
    expect(
      session.selectSettings(g.when(session.settingsChanged({ changes: { showNsfw: true } })).state),
    ).toBeNull();
  });
});
