/**
 * Issue 21 item 8 in virtual time: 'not interested' hides the card at once and offers Undo for
 * social.MUTE_UNDO_MS; an Undo inside the window shows it again, none closes the window; a report
 * sends the reason the person picked; a purchase ends with a success message.
 */
import * as E from 'fp-ts/Either';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { social } from '../../../domain/index.js';
import { muteCard, reportCard, undoMute } from '../../../infrastructure/feed/commands';
import { muteCardEpic, reportCardEpic } from '../../../infrastructure/feed/epics';
import type { Action } from '../../../infrastructure/epics/types';
import { makeFakeDeps } from '../../support/fakeApi';
import type { StateObservable } from 'redux-observable';
import type { RootState } from '../../../domain/index.js';

const run = (
  epic: typeof muteCardEpic,
  input: string,
  values: Record<string, Action>,
  expected: string,
  out: Record<string, Action>,
  over: Parameters<typeof makeFakeDeps>[1] = {},
) => {
  const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b));
  scheduler.run(({ hot, expectObservable }) => {
    const { deps } = makeFakeDeps(scheduler, over);
    const action$ = hot(input, values);
    const state$ = { value: {} } as unknown as StateObservable<RootState>;
    expectObservable(epic(action$ as never, state$, deps)).toBe(expected, out);
  });
};

describe('not interested: undo within 5 s (marble)', () => {
  const m = muteCard({ id: 'c1', reason: 'notInterested' });
  const hide = social.muted({ id: 'c1', reason: 'notInterested' });

  it('with no undo the window closes after exactly 5000 ms and the card stays hidden', () => {
    run(muteCardEpic, 'a', { a: m }, 'h 4999ms x', { h: hide, x: social.muteUndoExpired({ id: 'c1' }) });
  });

  it('an undo at 2 s shows the card again, and the window then never closes', () => {
    run(muteCardEpic, 'a 1999ms u 4000ms u', { a: m, u: undoMute({ id: 'c1' }) }, 'h 1999ms r', {
      h: hide,
      r: social.muteUndone({ id: 'c1' }),
    });
  });

  it('an undo of another card, or after the window, changes nothing', () => {
    run(
      muteCardEpic,
      'a 999ms o 4999ms u',
      { a: m, o: undoMute({ id: 'c2' }), u: undoMute({ id: 'c1' }) },
      'h 4999ms x',
      { h: hide, x: social.muteUndoExpired({ id: 'c1' }) },
    );
  });

  it('a report is hidden for good: no undo window', () => {
    run(
      muteCardEpic,
      'a 10s u',
      { a: muteCard({ id: 'c1', reason: 'report' }), u: undoMute({ id: 'c1' }) },
      'h',
      { h: social.muted({ id: 'c1', reason: 'report' }) },
    );
  });
});

describe('report: the reason picked goes to the server', () => {
  it('sends id, obj_type and the reason, then the ReportSuccess message', () => {
    const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b));
    scheduler.run(({ hot, cold, expectObservable, flush }) => {
      const { deps, calls } = makeFakeDeps(scheduler, {
        reportItem: () => cold('-r|', { r: E.right({ id: 'r-1' }) }),
      });
      const action$ = hot('a', { a: reportCard({ id: 'c5', objType: 1, reason: 'copyright' }) });
      const state$ = { value: {} } as unknown as StateObservable<RootState>;
      const out: Action[] = [];
      reportCardEpic(action$ as never, state$, deps).subscribe((a) => out.push(a));
      expectObservable(action$).toBe('a', { a: reportCard({ id: 'c5', objType: 1, reason: 'copyright' }) });
      flush();
      expect(calls.filter((c) => c.name === 'reportItem').map((c) => c.body)).toEqual([
        { id: 'c5', obj_type: 1, reason: 'copyright' },
      ]);
      expect(out[0]).toEqual(social.muted({ id: 'c5', reason: 'report' }));
      expect(out[1]).toMatchObject({ type: 'notices/raised', payload: { messageKey: 'ReportSuccess' } });
    });
  });
});
