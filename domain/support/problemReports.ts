/**
 * "Report a problem" (issue 24): the person sees what their event log holds before it is sent,
 * agrees, and sends it; their sent reports are listed, and each can be deleted. A context of its
 * own beside the Help form's (`support`), in the same area.
 */
import { assertNever, defineEvent, type DomainEvent } from '../kernel/event.js';
import type { BoundedContext } from '../kernel/context.js';
import type { Invariant } from '../kernel/invariant.js';

/** The longest note a report carries (the server refuses a longer one). */
export const PROBLEM_NOTE_MAX = 2000;

/** What the log that would be sent holds: counts only, never its contents. */
export interface LogPreview {
  readonly events: number;
  readonly bytes: number;
  /** When the first and the last event happened (epoch ms), or null for an empty log. */
  readonly firstAt: number | null;
  readonly lastAt: number | null;
  /** Events per area of the product (the event type's prefix), the largest first. */
  readonly areas: readonly { readonly area: string; readonly events: number }[];
}

export interface ReportSummary {
  readonly id: string;
  readonly note: string;
  readonly events: number;
  readonly bytes: number;
  readonly createdAt: number;
  /** Where its log is downloaded from (its owner's session authorises it). */
  readonly downloadPath: string;
}

export type ReportSend =
  | { readonly status: 'idle' }
  | { readonly status: 'sending'; readonly requestId: string }
  | { readonly status: 'sent'; readonly id: string }
  | { readonly status: 'failed'; readonly code: number | null };

/**
 * An earlier visit whose log the device kept (the page was reloaded, or the tab closed or crashed):
 * the person may send it instead of this visit's.
 */
export interface EarlierVisit {
  readonly id: string;
  /** When its last event happened (epoch ms). */
  readonly lastAt: number;
}

export interface ProblemReportsState {
  readonly preview: LogPreview | null;
  /** The earlier visits kept on this device, the newest first. */
  readonly earlier: readonly EarlierVisit[];
  /** Whose log the preview shows and Send sends: null for this visit, else an earlier visit's id. */
  readonly chosen: string | null;
  readonly send: ReportSend;
  /** The person's sent reports, newest first; null until listed. */
  readonly reports: readonly ReportSummary[] | null;
}

export const initialProblemReportsState: ProblemReportsState = {
  preview: null,
  earlier: [],
  chosen: null,
  send: { status: 'idle' },
  reports: null,
};

export const reportPreviewed = defineEvent<{ readonly preview: LogPreview }>()('problemReports/previewed');
export const reportSending = defineEvent<{ readonly requestId: string }>()('problemReports/sending');
export const reportSent = defineEvent<{ readonly requestId: string; readonly report: ReportSummary }>()(
  'problemReports/sent',
);
export const reportFailed = defineEvent<{ readonly requestId: string; readonly code: number | null }>()(
  'problemReports/failed',
);
export const reportsListed = defineEvent<{ readonly reports: readonly ReportSummary[] }>()(
  'problemReports/listed',
);
export const reportDeleted = defineEvent<{ readonly id: string }>()('problemReports/deleted');
export const earlierVisitsListed = defineEvent<{ readonly visits: readonly EarlierVisit[] }>()(
  'problemReports/earlierListed',
);
/** The person chose whose log to send (null: this visit); its preview follows. */
export const visitChosen = defineEvent<{ readonly visitId: string | null }>()('problemReports/visitChosen');

export type ProblemReportsEvent =
  | DomainEvent<typeof reportPreviewed.type, { readonly preview: LogPreview }>
  | DomainEvent<typeof reportSending.type, { readonly requestId: string }>
  | DomainEvent<typeof reportSent.type, { readonly requestId: string; readonly report: ReportSummary }>
  | DomainEvent<typeof reportFailed.type, { readonly requestId: string; readonly code: number | null }>
  | DomainEvent<typeof reportsListed.type, { readonly reports: readonly ReportSummary[] }>
  | DomainEvent<typeof reportDeleted.type, { readonly id: string }>
  | DomainEvent<typeof earlierVisitsListed.type, { readonly visits: readonly EarlierVisit[] }>
  | DomainEvent<typeof visitChosen.type, { readonly visitId: string | null }>;

export const problemReportsEventTypes = [
  reportPreviewed.type,
  reportSending.type,
  reportSent.type,
  reportFailed.type,
  reportsListed.type,
  reportDeleted.type,
  earlierVisitsListed.type,
  visitChosen.type,
] as const;

const newestFirst = (reports: readonly ReportSummary[]): readonly ReportSummary[] =>
  [...reports].sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

/** The visit chosen once the person asks for `visitId`: it, when it is this visit or one kept; else no change. */
export const chosenAfter = (state: ProblemReportsState, visitId: string | null): string | null =>
  visitId === null || state.earlier.some((v) => v.id === visitId) ? visitId : state.chosen;

export const evolveProblemReports = (
  state: ProblemReportsState,
  event: ProblemReportsEvent,
): ProblemReportsState => {
  switch (event.type) {
    case 'problemReports/previewed':
      return { ...state, preview: event.payload.preview };
    case 'problemReports/sending':
      return state.send.status === 'sending'
        ? state
        : { ...state, send: { status: 'sending', requestId: event.payload.requestId } };
    case 'problemReports/sent': {
      if (state.send.status !== 'sending' || state.send.requestId !== event.payload.requestId) return state;
      const { report } = event.payload;
      const others = (state.reports ?? []).filter((r) => r.id !== report.id);
      return { ...state, send: { status: 'sent', id: report.id }, reports: newestFirst([report, ...others]) };
    }
    case 'problemReports/failed':
      return state.send.status === 'sending' && state.send.requestId === event.payload.requestId
        ? { ...state, send: { status: 'failed', code: event.payload.code } }
        : state;
    case 'problemReports/listed':
      return { ...state, reports: newestFirst(event.payload.reports) };
    case 'problemReports/deleted':
      return state.reports === null
        ? state
        : { ...state, reports: state.reports.filter((r) => r.id !== event.payload.id) };
    case 'problemReports/earlierListed': {
      const visits = [...event.payload.visits].sort((a, b) => b.lastAt - a.lastAt);
      // A chosen visit no longer kept falls back to this visit.
      const chosen = visits.some((v) => v.id === state.chosen) ? state.chosen : null;
      return { ...state, earlier: visits, chosen, preview: chosen === state.chosen ? state.preview : null };
    }
    case 'problemReports/visitChosen': {
      const visitId = chosenAfter(state, event.payload.visitId);
      if (visitId === state.chosen) return state;
      // The preview shown was the other log's: it is read again for this one.
      return { ...state, chosen: visitId, preview: null, send: { status: 'idle' } };
    }
    default:
      return assertNever(event);
  }
};

/** Counts the log's events by area and its time span: what the consent screen shows. */
export const previewOf = (
  events: readonly { readonly type: string; readonly meta: { readonly at: number } }[],
  bytes: number,
): LogPreview => {
  const byArea = new Map<string, number>();
  let firstAt: number | null = null;
  let lastAt: number | null = null;
  for (const e of events) {
    const area = e.type.split('/')[0] ?? e.type;
    byArea.set(area, (byArea.get(area) ?? 0) + 1);
    firstAt = firstAt === null ? e.meta.at : Math.min(firstAt, e.meta.at);
    lastAt = lastAt === null ? e.meta.at : Math.max(lastAt, e.meta.at);
  }
  const areas = [...byArea.entries()]
    .map(([area, n]) => ({ area, events: n }))
    .sort((a, b) => b.events - a.events || (a.area < b.area ? -1 : 1));
  return { events: events.length, bytes, firstAt, lastAt, areas };
};

/**
 * The message naming an area of the preview: an area is the prefix of its events' type, which is
 * the name of the domain context they belong to; each has its name in every language.
 */
export const areaMessageKey = (area: string): string => `report.area.${area}`;

/** The send button works once the person agreed, with a log to send, and nothing is on its way. */
export const canSendReport = (state: ProblemReportsState, consented: boolean, note: string): boolean =>
  consented &&
  state.preview !== null &&
  state.preview.events > 0 &&
  note.length <= PROBLEM_NOTE_MAX &&
  state.send.status !== 'sending';

/** A size as the page says it: whole kB below 1 MB, else MB with one decimal. */
export const sizeOf = (bytes: number): { readonly value: number; readonly unit: 'kB' | 'MB' } =>
  bytes < 1024 * 1024
    ? { value: Math.max(1, Math.ceil(bytes / 1024)), unit: 'kB' }
    : { value: Math.round((bytes / (1024 * 1024)) * 10) / 10, unit: 'MB' };

/** Why a report was not sent, as the page says it. */
export const reportFailure = (
  send: ReportSend,
):
  | { readonly messageKey: 'report.failedNetwork'; readonly values: Record<string, never> }
  | { readonly messageKey: 'report.failedCode'; readonly values: { readonly code: number } }
  | null =>
  send.status !== 'failed'
    ? null
    : send.code === null
      ? { messageKey: 'report.failedNetwork', values: {} }
      : { messageKey: 'report.failedCode', values: { code: send.code } };

/** The visit chosen is this one or one of the earlier visits kept. */
const chosenIsKept: Invariant<ProblemReportsState> = {
  name: 'chosenVisitKept',
  check: (_before, after) =>
    after.chosen === null || after.earlier.some((v) => v.id === after.chosen)
      ? null
      : `the chosen visit ${after.chosen} is not kept`,
};

/** A listed report appears once: ids are unique (a sent report is not listed twice). */
const reportsUnique: Invariant<ProblemReportsState> = {
  name: 'reportsUnique',
  check: (_before, after) => {
    if (after.reports === null) return null;
    const ids = new Set(after.reports.map((r) => r.id));
    return ids.size === after.reports.length ? null : 'a report is listed twice';
  },
};

export const problemReportsContext: BoundedContext<ProblemReportsState, ProblemReportsEvent> = {
  name: 'problemReports',
  initialState: initialProblemReportsState,
  evolve: evolveProblemReports,
  eventTypes: problemReportsEventTypes,
  invariants: [reportsUnique, chosenIsKept],
};
