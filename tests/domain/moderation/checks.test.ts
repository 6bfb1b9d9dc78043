import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { replay, stamp, type DomainEvent } from '../../../domain/index.js';
import * as mod from '../../../domain/moderation/index.js';

const run = (events: readonly { type: string; payload: unknown }[]) =>
  replay(events.map((e, i) => stamp(e as never, i + 1, i) as DomainEvent)).state.moderation;

const s = 'task:t1';

describe('moderation: the publish check of a form (spec §5: blocked, the dialog stays open with its text)', () => {
  it('checking, then blocked naming the fields; the form reads the phase', () => {
    const state = run([
      mod.checkStarted({ subject: s }),
      mod.publishBlocked({ subject: s, categories: ['title'], fields: 'Title' }),
    ]);
    expect(mod.selectPublishCheck(state, s)).toEqual({
      status: 'blocked',
      categories: ['title'],
      fields: 'Title',
    });
    expect(mod.selectPublishCheck(state, 'task:other')).toEqual({ status: 'idle' });
  });

  it('a failed check call is its own outcome', () => {
    const state = run([mod.checkStarted({ subject: s }), mod.checkFailed({ subject: s })]);
    expect(mod.selectPublishCheck(state, s)).toEqual({ status: 'failed' });
  });

  it('a new check starts over: the last refusal is no longer shown while it runs', () => {
    const state = run([
      mod.checkStarted({ subject: s }),
      mod.checkFailed({ subject: s }),
      mod.checkStarted({ subject: s }),
    ]);
    expect(mod.selectIsChecking(state, s)).toBe(true);
  });

  const outcome = fc.constantFrom(
    mod.checkPassed({ subject: s }),
    mod.checkFailed({ subject: s }),
    mod.publishBlocked({ subject: s, categories: ['title'], fields: 'Title' }),
  );
  const anyEvent = fc.oneof(
    outcome,
    fc.constant(mod.checkStarted({ subject: s })),
    fc.constant(mod.checkCleared({ subject: s })),
  );

  it('property: an outcome only settles a check under way (a late answer after the form closed is dropped)', () => {
    fc.assert(
      fc.property(fc.array(anyEvent, { maxLength: 12 }), outcome, (events, late) => {
        const closed = run([...events, mod.checkCleared({ subject: s }), late]);
        expect(mod.selectPublishCheck(closed, s)).toEqual({ status: 'idle' });
        const settled = run([...events, mod.checkStarted({ subject: s }), late]);
        expect(mod.selectPublishCheck(settled, s).status).not.toBe('checking');
        // A settled check is not changed by a second answer.
        const twice = run([
          ...events,
          mod.checkStarted({ subject: s }),
          late,
          mod.checkPassed({ subject: s }),
        ]);
        expect(mod.selectPublishCheck(twice, s)).toEqual(mod.selectPublishCheck(settled, s));
      }),
    );
  });
});
