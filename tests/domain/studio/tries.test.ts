/**
 * Try on a workflow card of the square (spec §2 "app, workflow, audio and design template: Try";
 * §5 "a guest gets the login dialog, then the action asked for"): the decision a Try makes, the
 * try a sign-in carries out, what a failed copy says, and the states the card's button shows.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { studio, type UnstampedEvent } from '../../../domain/index.js';
import { givenIn } from '../../support/context-spec';

const signedIn = { status: 'signedIn' } as const;
const guest = { status: 'guest' } as const;
const given = givenIn(studio.studioContext);

describe('what a Try on a workflow card does (spec §2 Try, §5 login first)', () => {
  it('a guest gets the login dialog; a person gets a copy; a second click while copying adds nothing', () => {
    expect(studio.decideWorkflowTry(guest, undefined)).toBe('loginDialog');
    expect(studio.decideWorkflowTry(guest, { status: 'awaitingLogin' })).toBe('loginDialog');
    expect(studio.decideWorkflowTry(signedIn, undefined)).toBe('copy');
    expect(studio.decideWorkflowTry(signedIn, { status: 'copying' })).toBe('wait');
    // Tried again after a copy or a failure: ask again (the server answers the copy the person has).
    expect(studio.decideWorkflowTry(signedIn, { status: 'copied', workflowId: 'w' })).toBe('copy');
    expect(studio.decideWorkflowTry(signedIn, { status: 'failed', code: 0 })).toBe('copy');
    expect(studio.decideWorkflowTry(signedIn, { status: 'awaitingLogin' })).toBe('copy');
  });

  it("a guest's try waits for the sign-in: the last card tried is the one carried out", () => {
    const { state } = given(
      studio.workflowTryDeferred({ itemId: 'wf-001' }),
      studio.workflowTryDeferred({ itemId: 'wf-002' }),
    );
    expect(studio.workflowTryToReplay(state, guest)).toBeNull();
    expect(studio.workflowTryToReplay(state, signedIn)).toBe('wf-002');
    expect(studio.selectWorkflowTry(state, 'wf-001')).toBe('idle');
    expect(studio.selectWorkflowTry(state, 'wf-002')).toBe('waitingForLogin');
  });

  it('the login dialog closed without a sign-in forgets the try; a copy under way is kept', () => {
    const out = given(
      studio.workflowCopyRequested({ itemId: 'wf-003' }),
      studio.workflowTryDeferred({ itemId: 'wf-001' }),
    ).when(studio.workflowTryDropped({}));
    expect(out.violation).toBeNull();
    expect(studio.workflowTryToReplay(out.state, signedIn)).toBeNull();
    expect(studio.selectWorkflowTry(out.state, 'wf-003')).toBe('copying');
  });

  it('the button is busy while the copy is on its way, then idle again (copied or failed)', () => {
    const copying = given(studio.workflowCopyRequested({ itemId: 'wf-001' }));
    expect(studio.selectWorkflowTry(copying.state, 'wf-001')).toBe('copying');
    const copied = copying.when(studio.workflowCopied({ itemId: 'wf-001', workflowId: 'wf-mine' }));
    expect(copied.state.tries['wf-001']).toEqual({ status: 'copied', workflowId: 'wf-mine' });
    expect(studio.selectWorkflowTry(copied.state, 'wf-001')).toBe('idle');
    const failed = copying.when(studio.workflowCopyFailed({ itemId: 'wf-001', code: 10404 }));
    expect(studio.selectWorkflowTry(failed.state, 'wf-001')).toBe('idle');
    expect(studio.selectWorkflowTry(failed.state, 'wf-404')).toBe('idle');
  });

  it('sign-out forgets every try', () => {
    const out = given(studio.workflowCopyRequested({ itemId: 'wf-001' })).when(studio.studioCleared({}));
    expect(out.state.tries).toEqual({});
  });
});

describe('what a failed copy tells the person (spec §8)', () => {
  it('20000-20004 are the session codes: the error map signs in; 10404 the card is gone; 10403 the limit', () => {
    for (const code of [20000, 20001, 20002, 20003, 20004])
      expect(studio.workflowTryFailure(code)).toEqual({ kind: 'signIn' });
    expect(studio.workflowTryFailure(10404)).toEqual({ kind: 'toast', messageKey: 'workflows.try.gone' });
    expect(studio.workflowTryFailure(10403)).toEqual({ kind: 'toast', messageKey: 'workflows.try.limit' });
    for (const code of [0, 500, 10400, 20005])
      expect(studio.workflowTryFailure(code)).toEqual({ kind: 'toast', messageKey: 'workflows.try.failed' });
  });
});

describe('property: tries in any order', () => {
  const ids = fc.constantFrom('wf-001', 'wf-002', 'wf-003');
  const event: fc.Arbitrary<UnstampedEvent> = fc.oneof(
    ids.map((itemId) => studio.workflowTryDeferred({ itemId })),
    fc.constant(studio.workflowTryDropped({})),
    ids.map((itemId) => studio.workflowCopyRequested({ itemId })),
    fc.tuple(ids, fc.string()).map(([itemId, workflowId]) => studio.workflowCopied({ itemId, workflowId })),
    fc.tuple(ids, fc.integer()).map(([itemId, code]) => studio.workflowCopyFailed({ itemId, code })),
  );

  it('at most one try waits for the sign-in, and it is the last one deferred since the last drop', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 40 }), (events) => {
        const out = given().when(...events);
        expect(out.violation).toBeNull();
        let expected: string | null = null;
        for (const e of events) {
          const { type, payload } = e as { type: string; payload: { itemId?: string } };
          if (type === studio.workflowTryDeferred.type) expected = payload.itemId!;
          else if (type === studio.workflowTryDropped.type) expected = null;
          else if (payload.itemId === expected) expected = null;
        }
        expect(studio.workflowTryToReplay(out.state, signedIn)).toBe(expected);
      }),
    );
  });
});
