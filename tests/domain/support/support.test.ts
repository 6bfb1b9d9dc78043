import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { support } from '../../../domain/index.js';

const ok = { topic: 'question', email: 'ada@example.test', message: 'How do I remix a work?' };

describe('support form (spec §1 "a customer-support widget exists"; §7 "resource appeal (remark)")', () => {
  it('a plausible e-mail and a message of 10 to 2000 characters may be sent', () => {
    expect(support.supportFormProblems(ok)).toEqual({});
    expect(support.isSupportFormValid({ ...ok, message: 'x'.repeat(10) })).toBe(true);
    expect(support.isSupportFormValid({ ...ok, message: 'x'.repeat(2000) })).toBe(true);
  });

  it('names each field that is wrong', () => {
    expect(support.supportFormProblems({ topic: 'nope', email: 'ada@', message: 'too short' })).toEqual({
      topic: 'topicUnknown',
      email: 'emailInvalid',
      message: 'messageTooShort',
    });
    expect(support.supportFormProblems({ ...ok, message: 'x'.repeat(2001) })).toEqual({
      message: 'messageTooLong',
    });
    expect(support.supportFormProblems({ ...ok, message: '   padded   ' })).toEqual({
      message: 'messageTooShort',
    });
  });

  it('counts characters as a person does (an emoji is one)', () => {
    expect(support.supportMessageProblem('🎨'.repeat(10))).toBeNull();
    expect(support.supportMessageProblem('🎨'.repeat(9))).toBe('messageTooShort');
  });

  it('an appeal needs the id of the work it is about; other topics ignore it', () => {
    expect(support.supportFormProblems({ ...ok, topic: 'appeal' })).toEqual({
      resourceId: 'resourceMissing',
    });
    expect(support.supportFormProblems({ ...ok, topic: 'appeal', resourceId: 'a b' })).toEqual({
      resourceId: 'resourceInvalid',
    });
    expect(support.supportFormProblems({ ...ok, topic: 'appeal', resourceId: 'art_12-3' })).toEqual({});
    expect(support.supportFormProblems({ ...ok, resourceId: '<x>' })).toEqual({});
  });

  it('property: the message rule is exactly the length window', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 2100 }), (message) => {
        const n = Array.from(message.trim()).length;
        const valid = support.supportMessageProblem(message) === null;
        return valid === (n >= support.SUPPORT_MESSAGE_MIN && n <= support.SUPPORT_MESSAGE_MAX);
      }),
    );
  });
});

describe('support: why a message was not sent', () => {
  it('no answer reads as a network failure; a refusal names the server code; anything else is no failure', () => {
    const s = support.supportContext.evolve;
    const sending = s(support.initialSupportState, support.supportSending({ requestId: 'r' }, 1) as never);
    const failed = (code: number | null) =>
      s(sending, support.supportFailed({ requestId: 'r', code }, 2) as never);
    expect(support.selectSupportFailure(failed(null))).toEqual({
      messageKey: 'support.failedNetwork',
      values: {},
    });
    expect(support.selectSupportFailure(failed(40001))).toEqual({
      messageKey: 'support.failedCode',
      values: { code: 40001 },
    });
    expect(support.selectSupportFailure(sending)).toBeNull();
  });
});
