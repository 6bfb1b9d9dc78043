/**
 * Issue 24 "Report a problem" with the log kept on the device: the consent screen lists the earlier
 * visits the IndexedDB ring kept (over a Map here), previews and sends this visit's log by default,
 * and, once the person chooses an earlier visit, previews, sends and downloads that visit's log
 * instead. A visit gone from the device falls back to this one. The reducer's rules for the choice
 * are tested on the domain directly.
 */
import * as E from 'fp-ts/Either';
import { asyncScheduler, NEVER, of } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { parseEventLog, stamp, support } from '../../../domain/index.js';
import type { ProblemReportItem } from '../../../infrastructure/contract/support';
import { exportEventLog } from '../../../infrastructure/preferences/commands';
import { openLogRing, type RingStorage } from '../../../infrastructure/store/logRing';
import { memoryRingStorage } from '../../support/fakes/ringStorage';
import { makeStore } from '../../../infrastructure/app/makeStore';
import { makeRecorder } from '../../../infrastructure/store/recorder';
import type { SupportApi } from '../../../infrastructure/support/api';
import {
  chooseReportVisit,
  previewProblemReport,
  sendProblemReport,
} from '../../../infrastructure/support/commands';
import { makeFakeDeps } from '../../support/fakeApi';
import { makeFakePlatform } from '../../support/fakes/platform';
import { untilState } from '../../support/storeWait';

const EARLIER_AT = Date.UTC(2026, 10, 28, 9, 30);

/** An earlier visit of seven messages events, written to the ring and closed. */
const keepEarlierVisit = async (storage: RingStorage): Promise<void> => {
  const ring = openLogRing(storage, { visitId: 'earlier', now: () => EARLIER_AT, later: () => undefined });
  const recorder = makeRecorder({ now: () => EARLIER_AT, segment: 100, sink: ring.sink });
  const dispatch = recorder.middleware({ getState: () => ({}), dispatch: (a: unknown) => a } as never)(
    (a: unknown) => a,
  );
  for (let i = 0; i < 7; i++)
    dispatch({
      type: 'messages/unreadCountsReceived',
      payload: { counts: { likeCol: i, com: 0, fol: 0, sys: 0 } },
    });
  await ring.flush();
};

const reportStore = async () => {
  const storage = memoryRingStorage();
  await keepEarlierVisit(storage);
  const ring = openLogRing(storage, { visitId: 'now', now: () => Date.now(), later: () => undefined });
  const sent: string[] = [];
  const api: SupportApi = {
    submit: () => NEVER,
    sendReport: (req) => {
      sent.push(req.log);
      const item: ProblemReportItem = {
        id: `rep_${sent.length}`,
        note: req.note,
        events: 1,
        bytes: 1,
        created_at: 1,
      };
      return of(E.right(item));
    },
    listReports: () => of(E.right({ items: [] })),
    deleteReport: (req) => of(E.right({ deleted: req.id })),
  };
  const platform = makeFakePlatform(asyncScheduler);
  const { deps } = makeFakeDeps(asyncScheduler, {}, { platform: platform.deps });
  const store = makeStore({
    dependencies: { ...deps, support: { api }, keptLogs: { earlier: ring.earlier, read: ring.read } },
    log: { sink: ring.sink },
  });
  return { store, sent, platform };
};

describe('Report a problem: the log of an earlier visit kept on the device', () => {
  it('lists the earlier visit, previews this visit by default, then the earlier one once chosen, and sends that one', async () => {
    const { store, sent } = await reportStore();
    // This visit records a few events of its own.
    for (let i = 0; i < 3; i++) store.dispatch(support.reportsListed({ reports: [] }));
    store.dispatch(previewProblemReport({}));
    await untilState(store, () => store.getState().problemReports.preview !== null, 5_000, 'a preview');
    const state = () => store.getState().problemReports;
    expect(state().earlier).toEqual([{ id: 'earlier', lastAt: EARLIER_AT }]);
    expect(state().chosen).toBeNull();
    const thisVisit = state().preview!.events;
    expect(thisVisit).toBeGreaterThanOrEqual(3);

    store.dispatch(chooseReportVisit({ visitId: 'earlier' }));
    expect(state().chosen).toBe('earlier');
    await untilState(store, () => state().preview !== null, 5_000, 'the earlier visit’s preview');
    expect(state().preview).toMatchObject({
      events: 7,
      firstAt: EARLIER_AT,
      lastAt: EARLIER_AT,
      areas: [{ area: 'messages', events: 7 }],
    });

    store.dispatch(sendProblemReport({ note: 'it broke before I reloaded' }));
    await untilState(store, () => state().send.status === 'sent', 5_000, 'sent');
    expect(sent).toHaveLength(1);
    const log = parseEventLog(sent[0]!);
    expect(E.isRight(log) && log.right.events.map((e) => e.type)).toEqual(
      Array(7).fill('messages/unreadCountsReceived'),
    );

    // Back to this visit: its own log is previewed and sent.
    store.dispatch(chooseReportVisit({ visitId: null }));
    await untilState(store, () => state().preview !== null, 5_000, 'this visit’s preview again');
    expect(state().preview!.events).toBeGreaterThanOrEqual(thisVisit);
    store.dispatch(sendProblemReport({ note: '' }));
    await untilState(store, () => sent.length === 2 && state().send.status === 'sent', 5_000, 'sent again');
    const own = parseEventLog(sent[1]!);
    expect(E.isRight(own) && own.right.events.some((e) => e.type === 'problemReports/listed')).toBe(true);
  });

  it('downloads the chosen visit’s log instead of sending it', async () => {
    const { store, platform } = await reportStore();
    store.dispatch(exportEventLog({ visitId: 'earlier' }));
    await new Promise<void>((resolve) => {
      const poll = () => (platform.saved.length === 1 ? resolve() : setTimeout(poll, 5));
      poll();
    });
    const text = new TextDecoder().decode(platform.saved[0]!.bytes);
    const log = parseEventLog(text);
    expect(E.isRight(log) && log.right.events).toHaveLength(7);
  });
});

describe('the choice of visit (domain)', () => {
  const at = (i: number) => Date.UTC(2026, 10, 28) + i;
  const fold = (events: Parameters<typeof support.evolveProblemReports>[1][]) =>
    events.reduce(support.evolveProblemReports, support.initialProblemReportsState);
  const listed = (ids: readonly string[], seq: number) =>
    stamp(support.earlierVisitsListed({ visits: ids.map((id, i) => ({ id, lastAt: at(i) })) }), seq, at(seq));

  it('lists earlier visits newest first; a visit not kept cannot be chosen', () => {
    const s = fold([listed(['a', 'b'], 1), stamp(support.visitChosen({ visitId: 'zz' }), 2, at(2))] as never);
    expect(s.earlier.map((v) => v.id)).toEqual(['b', 'a']);
    expect(s.chosen).toBeNull();
  });

  it('choosing drops the other log’s preview (read again) and a failed send; a chosen visit no longer kept falls back to this visit', () => {
    const preview = support.previewOf([], 0);
    const s = fold([
      stamp(support.reportPreviewed({ preview }), 1, at(1)),
      listed(['a'], 2),
      stamp(support.visitChosen({ visitId: 'a' }), 3, at(3)),
    ] as never);
    expect(s.chosen).toBe('a');
    expect(s.preview).toBeNull();
    const later = support.evolveProblemReports(s, listed(['b'], 4) as never);
    expect(later.chosen).toBeNull();
    expect(later.preview).toBeNull();
  });
});
