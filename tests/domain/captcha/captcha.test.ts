/**
 * The guest verification (spec §4 captcha flow: required -> solving -> passed or failed), as the
 * captcha epic records it, and the message a refused solution (20012) shows.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as captcha from '../../../domain/captcha/index.js';
import * as errors from '../../../domain/errors/index.js';
import type { ErrorContext } from '../../../domain/errors/index.js';
import type { UnstampedEvent } from '../../../domain/index.js';
import { catalogueOf } from '../../support/messages';
import { givenIn } from '../../support/context-spec.js';

const given = givenIn(captcha.captchaContext);
const required = captcha.verificationRequired({});
const solving = captcha.solvingStarted({ difficulty: 18 });

describe('captcha: verifying (spec §4 "captcha required, solved, sent again")', () => {
  it('nothing to verify at first', () => {
    expect(captcha.selectVerification(given().state)).toEqual({ phase: 'none' });
    expect(captcha.selectIsVerifying(given().state)).toBe(false);
  });

  it('given a 20011, the guest is being verified; then solving; then done', () => {
    const g = given(required);
    expect(captcha.selectVerification(g.state)).toEqual({ phase: 'verifying', solving: false });
    const s = g.when(solving).state;
    expect(s).toEqual({ status: 'solving', difficulty: 18 });
    expect(captcha.selectVerification(s)).toEqual({ phase: 'verifying', solving: true });
    expect(captcha.selectIsVerifying(s)).toBe(true);
    const done = given(required, solving).when(captcha.verificationPassed({})).state;
    expect(captcha.selectVerification(done)).toEqual({ phase: 'done' });
    expect(captcha.selectIsVerifying(done)).toBe(false);
  });

  it('a refused solution or a failed challenge ends it as failed, with the code when there is one', () => {
    const refused = given(required, solving).when(captcha.verificationFailed({ code: 20012 })).state;
    expect(captcha.selectVerification(refused)).toEqual({ phase: 'failed', code: 20012 });
    const noChallenge = given(required).when(captcha.verificationFailed({ code: null })).state;
    expect(captcha.selectVerification(noChallenge)).toEqual({ phase: 'failed', code: null });
  });

  it('a new 20011 after an end starts over; phases out of order leave the state as it is', () => {
    expect(given(required, solving, captcha.verificationPassed({})).when(required).state).toEqual({
      status: 'required',
    });
    const idle = given();
    for (const e of [solving, captcha.verificationPassed({}), captcha.verificationFailed({ code: 1 })])
      expect(idle.when(e).state).toBe(idle.state);
    const passed = given(required, captcha.verificationPassed({}));
    expect(passed.when(captcha.verificationFailed({ code: 20012 })).state).toBe(passed.state);
    expect(passed.when(solving).state).toBe(passed.state);
  });

  it('property: whatever the sequence, solving is only ever entered from required, and the view is total', () => {
    const arbEvent: fc.Arbitrary<UnstampedEvent> = fc.oneof(
      fc.constant(required),
      fc.integer({ min: 1, max: 30 }).map((difficulty) => captcha.solvingStarted({ difficulty })),
      fc.constant(captcha.verificationPassed({})),
      fc.option(fc.constantFrom(20011, 20012)).map((code) => captcha.verificationFailed({ code })),
    );
    fc.assert(
      fc.property(fc.array(arbEvent, { maxLength: 12 }), (events) => {
        let s: captcha.VerificationState = captcha.initialVerificationState;
        for (const e of events) {
          const next = captcha.evolveVerification(s, e as captcha.CaptchaEvent);
          if (next.status === 'solving' && s.status !== 'solving') expect(s.status).toBe('required');
          expect(captcha.selectVerification(next).phase).toMatch(/^(none|verifying|done|failed)$/);
          s = next;
        }
      }),
    );
  });
});

describe('errors: 20012, a refused verification, shows its own translated sentence', () => {
  const ctx: ErrorContext = {
    isMember: false,
    isEnterprise: false,
    onToolPage: false,
    isListedTaskCall: false,
  };

  it('a warning toast of HttpErrorCode_20012, never the server text, in every language', () => {
    const effect = errors.mapError({
      kind: 'api',
      code: 20012,
      msg: 'captcha_invalid',
      path: '/api/v1/task/create',
      context: ctx,
    });
    expect(effect).toMatchObject({
      kind: 'toast',
      level: 'warning',
      messageKey: 'HttpErrorCode_20012',
      fallback: null,
      fallbackKey: 'accountError',
    });
    for (const catalogue of ['en', 'ja', 'zh-CN'].map(catalogueOf)) {
      expect(catalogue['HttpErrorCode_20012']).toMatch(/\S/);
      expect(catalogue['HttpErrorCode_20012']).not.toMatch(/20012/);
    }
  });
});
